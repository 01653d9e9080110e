import { API, GENERIC_FAILURE_MESSAGE, amountToCents, centsToAmount } from '@makazi/domain';
import { Alert, Button, Card, Checkbox, Group, List, Modal, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { randomUuid } from '../../lib/random-uuid';
import { landlordMoneyKey, remittanceQuery, runRemittance } from './api/landlord-money';
import { MpesaPayouts } from './mpesa-payouts';

const nairobiDay = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/**
 * Every landlord owed money, ticked by default: the admin unticks some, types
 * each payout's M-Pesa or bank reference, and confirms the count and total
 * before anything is recorded. The run's key is made when the list opens, so
 * sending it twice pays nobody twice. The outcome names each landlord and
 * offers the remittance advice of each payout.
 */
export function RemittanceRun({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const due = useQuery(remittanceQuery(managingAgentId));
  const [unticked, setUnticked] = useState<Set<number>>(new Set());
  const [references, setReferences] = useState<Record<number, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [runKey, setRunKey] = useState(() => `remittance-${randomUuid()}`);
  const chosen = (due.data ?? []).filter((l) => !unticked.has(l.LandlordNo));
  const total = chosen.reduce((sum, l) => sum + amountToCents(l.Amount), 0);
  const run = useMutation({
    mutationFn: () =>
      runRemittance({
        managingAgentId,
        PayoutDate: nairobiDay(new Date()),
        idempotencyKey: runKey,
        // What the admin confirmed: the server refuses a run that would pay another count or total.
        ConfirmCount: chosen.length,
        ConfirmTotal: total,
        Payouts: chosen.map((l) => ({ LandlordNo: l.LandlordNo, Amount: l.Amount, Reference: references[l.LandlordNo] ?? '' })),
      }),
    onSettled: () => setConfirming(false),
    onSuccess: async () => {
      setRunKey(`remittance-${randomUuid()}`);
      setUnticked(new Set());
      setReferences({});
      await queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) });
    },
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordMoney.remittance.title')}>
      <Title order={3} mb="sm">
        {t('landlordMoney.remittance.title')}
      </Title>
      {due.data && due.data.length === 0 ? <Text c="dimmed">{t('landlordMoney.remittance.none')}</Text> : null}
      {due.data && due.data.length > 0 ? (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('landlordMoney.remittance.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordMoney.remittance.pay')}</Table.Th>
                <Table.Th>{t('landlordMoney.remittance.landlord')}</Table.Th>
                <Table.Th>{t('landlordMoney.remittance.paidBy')}</Table.Th>
                <Table.Th>{t('landlordMoney.remittance.day')}</Table.Th>
                <Table.Th ta="right">{t('landlordMoney.remittance.amount')}</Table.Th>
                <Table.Th>{t('landlordMoney.remittance.reference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {due.data.map((l) => (
                <Table.Tr key={l.LandlordNo}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('landlordMoney.remittance.payLandlord', { name: l.Landlord_name })}
                      checked={!unticked.has(l.LandlordNo)}
                      onChange={(e) => {
                        const next = new Set(unticked);
                        if (e.currentTarget.checked) next.delete(l.LandlordNo);
                        else next.add(l.LandlordNo);
                        setUnticked(next);
                      }}
                    />
                  </Table.Td>
                  <Table.Td>{l.Landlord_name}</Table.Td>
                  <Table.Td>{l.PayoutMethod ? `${t(l.PayoutMethod === 'mpesa' ? 'landlordView.agreement.mpesa' : 'landlordView.agreement.bank')} ${l.PayoutDetails}` : '—'}</Table.Td>
                  <Table.Td>{l.RemittanceDay ?? '—'}</Table.Td>
                  <Table.Td ta="right">{kshOf(l.Amount)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      maxLength={100}
                      aria-label={t('landlordMoney.remittance.referenceFor', { name: l.Landlord_name })}
                      placeholder={t('landlordMoney.remittance.referenceHint')}
                      value={references[l.LandlordNo] ?? ''}
                      onChange={(e) => setReferences({ ...references, [l.LandlordNo]: e.currentTarget.value })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {run.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {tm(apiErrorMessage(run.error, GENERIC_FAILURE_MESSAGE))}
        </Alert>
      ) : null}
      {run.data ? (
        <Alert color="teal" variant="light" role="status" mt="sm">
          <List size="sm" spacing={4}>
            {run.data.map((r) => {
              const status = t(
                `landlordMoney.remittance.statuses.${r.Status === 'already paid' ? 'alreadyPaid' : r.Status === 'not recorded' ? 'notRecorded' : r.Status}`,
              );
              return (
                <List.Item key={r.LandlordNo}>
                  <Group gap="xs" wrap="wrap">
                    <span>
                      {r.Status === 'refused' || r.Status === 'not recorded' || r.Status === 'pending'
                        ? t('landlordMoney.remittance.refused', { status, name: r.Landlord_name, message: tm(r.message) })
                        : t('landlordMoney.remittance.outcome', { status, name: r.Landlord_name })}
                    </span>
                    {r.PayoutId !== null ? (
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={t('landlordMoney.remittance.advice', { name: r.Landlord_name })}
                        onClick={() =>
                          void downloadFile(API.landlordMoney.payoutAdvice, { managingAgentId, PayoutId: r.PayoutId }, 'application/pdf', `remittance-advice-${r.PayoutId}.pdf`)
                        }
                      >
                        {t('landlordMoney.remittance.adviceShort')}
                      </Button>
                    ) : null}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </Alert>
      ) : null}
      <Button mt="md" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
        {t('landlordMoney.remittance.submit', { count: chosen.length, amount: kshOf(centsToAmount(total)) })}
      </Button>
      <MpesaPayouts managingAgentId={managingAgentId} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('landlordMoney.remittance.confirmTitle')} centered>
        <Text mb="md">{t('landlordMoney.remittance.confirm', { count: chosen.length, amount: kshOf(centsToAmount(total)) })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('landlordMoney.remittance.cancel')}
          </Button>
          <Button loading={run.isPending} onClick={() => run.mutate()}>
            {t('landlordMoney.remittance.confirmButton', { count: chosen.length, amount: kshOf(centsToAmount(total)) })}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
