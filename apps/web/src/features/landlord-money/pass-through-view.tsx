import type { PassThroughOwed } from '@makazi/domain';
import { Alert, Badge, Button, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { landlordMoneyKey, onwardPaymentsQuery, owedOnwardQuery, reverseOnwardPayment } from './api/landlord-money';
import { MoneySection } from './money-section';
import { MutationOutcome } from './mutation-outcome';
import { PayOnwardForm } from './pay-onward-form';
import { ReverseWithReason, type Reversing } from './reverse-with-reason';

/**
 * Pass-through money: per property and charge what tenants paid that is owed
 * to a third party, what the agency paid onward, and what it still owes; pay
 * it onward, or reverse a payment with a reason.
 */
export function PassThroughView({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const owed = useQuery(owedOnwardQuery(managingAgentId));
  const payments = useQuery(onwardPaymentsQuery(managingAgentId));
  const [paying, setPaying] = useState<PassThroughOwed | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const [reversing, setReversing] = useState<Reversing>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) });
  const reverse = useMutation({
    mutationFn: (r: { id: number; reason: string }) => reverseOnwardPayment({ managingAgentId, PaymentId: r.id, reason: r.reason }),
    onSuccess: async () => {
      setReversing(null);
      await refresh();
    },
  });
  const chargeOf = (l: { Charge_name: string | null }) => l.Charge_name ?? t('passThrough.water');
  const open = paying && owed.data?.find((l) => l.PropId === paying.PropId && l.Charge === paying.Charge);

  return (
    <MoneySection title={t('passThrough.title')} intro={t('passThrough.intro')}>
      {owed.data && owed.data.length === 0 ? <Text c="dimmed">{t('passThrough.none')}</Text> : null}
      {owed.data && owed.data.length > 0 ? (
        <Table.ScrollContainer minWidth={620} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('passThrough.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('passThrough.chargeAt')}</Table.Th>
                <Table.Th ta="right">{t('passThrough.owed')}</Table.Th>
                <Table.Th />
                <Table.Th ta="right">{t('passThrough.collected')}</Table.Th>
                <Table.Th ta="right">{t('passThrough.paidOnward')}</Table.Th>
                <Table.Th>{t('passThrough.landlord')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {owed.data.map((l) => (
                <Table.Tr key={`${l.PropId}-${l.Charge}`}>
                  {/* What to pay comes first: on a phone the rest of the line scrolls. */}
                  <Table.Td>
                    {chargeOf(l)}
                    <Text size="xs" c="dimmed">
                      {l.Property_name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={600} c={l.Owed < 0 ? 'red' : undefined}>
                    {kshOf(l.Owed)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      disabled={l.Owed <= 0}
                      onClick={() => {
                        setRecorded(null);
                        setPaying(l);
                      }}
                      aria-label={t('passThrough.payCharge', { charge: chargeOf(l), property: l.Property_name })}
                    >
                      {t('passThrough.pay')}
                    </Button>
                  </Table.Td>
                  <Table.Td ta="right">{kshOf(l.Collected)}</Table.Td>
                  <Table.Td ta="right">{kshOf(l.PaidOnward)}</Table.Td>
                  <Table.Td>{l.Landlord_name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {open ? (
        <PayOnwardForm
          key={`${open.PropId}-${open.Charge}`}
          managingAgentId={managingAgentId}
          line={open}
          chargeName={chargeOf(open)}
          onDone={async (message) => {
            setPaying(null);
            setRecorded(message);
            await refresh();
          }}
          onClose={() => setPaying(null)}
        />
      ) : null}
      {recorded ? (
        <Alert color="teal" variant="light" role="status" mt="sm">
          {tm(recorded)}
        </Alert>
      ) : null}

      <Title order={4} mt="lg" mb="xs">
        {t('passThrough.payments')}
      </Title>
      {payments.data && payments.data.length === 0 ? <Text c="dimmed">{t('passThrough.noPayments')}</Text> : null}
      {payments.data && payments.data.length > 0 ? (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('passThrough.payments')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('passThrough.date')}</Table.Th>
                <Table.Th>{t('passThrough.property')}</Table.Th>
                <Table.Th>{t('passThrough.charge')}</Table.Th>
                <Table.Th>{t('passThrough.payee')}</Table.Th>
                <Table.Th ta="right">{t('passThrough.amount')}</Table.Th>
                <Table.Th>{t('passThrough.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.data.map((p) => (
                <Table.Tr key={p.PaymentId}>
                  <Table.Td>{p.PaidOn}</Table.Td>
                  <Table.Td>{p.Property_name}</Table.Td>
                  <Table.Td>{chargeOf(p)}</Table.Td>
                  <Table.Td>
                    {p.Payee}
                    {p.Reference ? ` · ${p.Reference}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{kshOf(p.Amount)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.Status === 'reversed' ? 'gray' : 'teal'} title={p.ReversalReason ?? undefined}>
                      {t(`passThrough.statuses.${p.Status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ReverseWithReason
                      id={p.PaymentId}
                      canReverse={p.Status === 'paid'}
                      reversing={reversing}
                      onReversing={setReversing}
                      pending={reverse.isPending}
                      onSubmit={(r) => reverse.mutate(r)}
                      labels={{
                        reverse: t('passThrough.reverse'),
                        reason: t('passThrough.reason'),
                        submit: t('passThrough.reverseSubmit'),
                        button: t('passThrough.reverseOf', { payee: p.Payee, amount: kshOf(p.Amount) }),
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
