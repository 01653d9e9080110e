import { Alert, Badge, Button, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { feeTransfersQuery, landlordMoneyKey, reverseFeeTransfer, trustQuery } from './api/landlord-money';
import { FeeTransferForm } from './fee-transfer-form';
import { MoneySection } from './money-section';
import { MutationOutcome } from './mutation-outcome';
import { ReverseWithReason, type Reversing } from './reverse-with-reason';

/**
 * The agency's fees out of the client account (docs/decisions/035-fee-transfers.md):
 * what was earned and not yet taken, Transfer fees, and the transfers made,
 * each reversible with a reason.
 */
export function FeeTransfersView({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const trust = useQuery(trustQuery(managingAgentId));
  const transfers = useQuery(feeTransfersQuery(managingAgentId));
  const [open, setOpen] = useState(false);
  const [recorded, setRecorded] = useState<string | null>(null);
  const [reversing, setReversing] = useState<Reversing>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) });
  const reverse = useMutation({
    mutationFn: (r: { id: number; reason: string }) => reverseFeeTransfer({ managingAgentId, TransferId: r.id, reason: r.reason }),
    onSuccess: async () => {
      setReversing(null);
      await refresh();
    },
  });
  const notTaken = trust.data?.CommissionNotTaken ?? 0;

  return (
    <MoneySection title={t('feeTransfers.title')} intro={t('feeTransfers.intro')}>
      <Text mb="sm">
        {t('feeTransfers.notTaken')}: <strong>{kshOf(notTaken)}</strong>
      </Text>
      {!open ? (
        <Button
          variant="light"
          disabled={!trust.data || notTaken <= 0}
          onClick={() => {
            setRecorded(null);
            setOpen(true);
          }}
        >
          {t('feeTransfers.transfer')}
        </Button>
      ) : (
        <FeeTransferForm
          managingAgentId={managingAgentId}
          notTaken={notTaken}
          onDone={async (message) => {
            setOpen(false);
            setRecorded(message);
            await refresh();
          }}
          onClose={() => setOpen(false)}
        />
      )}
      {recorded ? (
        <Alert color="teal" variant="light" role="status" mt="sm">
          {tm(recorded)}
        </Alert>
      ) : null}

      <Title order={4} mt="lg" mb="xs">
        {t('feeTransfers.list')}
      </Title>
      {transfers.data && transfers.data.length === 0 ? <Text c="dimmed">{t('feeTransfers.none')}</Text> : null}
      {transfers.data && transfers.data.length > 0 ? (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('feeTransfers.list')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('feeTransfers.date')}</Table.Th>
                <Table.Th ta="right">{t('feeTransfers.amount')}</Table.Th>
                <Table.Th>{t('feeTransfers.reference')}</Table.Th>
                <Table.Th>{t('feeTransfers.landlords')}</Table.Th>
                <Table.Th>{t('feeTransfers.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transfers.data.map((f) => (
                <Table.Tr key={f.TransferId}>
                  <Table.Td>{f.TransferredOn}</Table.Td>
                  <Table.Td ta="right">{kshOf(f.Amount)}</Table.Td>
                  <Table.Td>
                    {f.Reference}
                    {f.Note ? (
                      <Text size="xs" c="dimmed">
                        {f.Note}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {f.Landlords.map((l) => (
                      <Text size="xs" key={l.LandlordNo}>
                        {l.Landlord_name}: {kshOf(l.Amount)}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={f.Status === 'reversed' ? 'gray' : 'teal'} title={f.ReversalReason ?? undefined}>
                      {t(`feeTransfers.statuses.${f.Status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ReverseWithReason
                      id={f.TransferId}
                      canReverse={f.Status === 'transferred'}
                      reversing={reversing}
                      onReversing={setReversing}
                      pending={reverse.isPending}
                      onSubmit={(r) => reverse.mutate(r)}
                      labels={{
                        reverse: t('feeTransfers.reverse'),
                        reason: t('feeTransfers.reason'),
                        submit: t('feeTransfers.reverseSubmit'),
                        button: t('feeTransfers.reverseOf', { amount: kshOf(f.Amount), date: f.TransferredOn }),
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <MutationOutcome mutation={reverse} />
    </MoneySection>
  );
}
