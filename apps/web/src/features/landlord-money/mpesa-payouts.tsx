import { API } from '@makazi/domain';
import { Badge, Button, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { kshOf } from '../../lib/amount';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { mpesaPayoutsQuery } from './api/landlord-money';

const COLOURS = { queued: 'gray', sending: 'yellow', pending: 'yellow', paid: 'teal', failed: 'red' } as const;

/**
 * The payouts sent through M-Pesa: each pending until Safaricom answers, then
 * paid with its M-Pesa transaction id (and its remittance advice) or not paid
 * with Safaricom's reason in the reader's words. Nothing shows for an agency
 * that pays by hand.
 */
export function MpesaPayouts({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const payouts = useQuery(mpesaPayoutsQuery(managingAgentId));
  if (!payouts.data || payouts.data.length === 0) return null;
  return (
    <section aria-label={t('landlordMoney.mpesaPayout.title')}>
      <Title order={4} mt="lg" mb="xs">
        {t('landlordMoney.mpesaPayout.title')}
      </Title>
      <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table aria-label={t('landlordMoney.mpesaPayout.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('landlordMoney.remittance.landlord')}</Table.Th>
              <Table.Th>{t('landlordMoney.remittance.paidBy')}</Table.Th>
              <Table.Th ta="right">{t('landlordMoney.remittance.amount')}</Table.Th>
              <Table.Th>{t('landlordMoney.remittance.reference')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payouts.data.map((p) => (
              <Table.Tr key={p.RequestId}>
                <Table.Td>{p.Landlord_name}</Table.Td>
                <Table.Td>
                  {p.Command === 'BusinessPayBill' ? `${t('landlordView.agreement.bank')} ${p.PartyB} ${p.AccountReference}` : `${t('landlordView.agreement.mpesa')} ${p.PartyB}`}
                </Table.Td>
                <Table.Td ta="right">{kshOf(p.Amount)}</Table.Td>
                <Table.Td>
                  <Badge color={COLOURS[p.Status]} variant="light" mr="xs">
                    {t(`landlordMoney.mpesaPayout.states.${p.Status}`)}
                  </Badge>
                  {p.TransactionId ?? ''}
                  <Text size="xs" c="dimmed">
                    {p.message}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {p.PayoutId !== null ? (
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={t('landlordMoney.remittance.advice', { name: p.Landlord_name })}
                      onClick={() =>
                        void downloadFile(API.landlordMoney.payoutAdvice, { managingAgentId, PayoutId: p.PayoutId }, 'application/pdf', `remittance-advice-${p.PayoutId}.pdf`)
                      }
                    >
                      {t('landlordMoney.remittance.adviceShort')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
