import { API } from '@makazi/domain';
import { Button, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { landlordMoneyKey, mriQuery, recordKraAmendmentPayment, recordKraPayment } from './api/landlord-money';
import { MoneySection } from './money-section';
import { MutationOutcome } from './mutation-outcome';
import { TaxPackView } from './tax-pack-view';

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

/** The month's MRI per landlord, its CSVs and certificates, and the payment to KRA that clears what was withheld. */
export function MriView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(nairobiDay().slice(0, 7));
  const valid = /^\d{4}-\d{2}$/.test(month);
  const lines = useQuery({ ...mriQuery(managingAgentId, month), enabled: valid });
  const [payment, setPayment] = useState({ LandlordNo: null as string | null, PaidOn: nairobiDay(), Reference: '', Prn: '', what: 'month' as 'month' | 'amendment' });
  const pay = useMutation({
    mutationFn: () =>
      (payment.what === 'amendment' ? recordKraAmendmentPayment : recordKraPayment)({
        managingAgentId,
        LandlordNo: Number(payment.LandlordNo),
        month,
        PaidOn: payment.PaidOn,
        Reference: payment.Reference,
        Prn: payment.Prn,
      }),
    onSuccess: async () => {
      setPayment((p) => ({ ...p, Reference: '', Prn: '' }));
      await queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) });
    },
  });
  const query = { managingAgentId, month };

  return (
    <MoneySection title={t('landlordView.mri.title')} intro={t('landlordView.mri.intro')}>
      <Group align="end" mb="md">
        <TextInput type="month" label={t('landlordView.mri.month')} value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
        <Button variant="default" disabled={!valid} onClick={() => void downloadFile(API.landlordMoney.mriCsv, query, 'text/csv', `mri-${month}.csv`)}>
          {t('landlordView.mri.csv')}
        </Button>
        <Button variant="default" disabled={!valid} onClick={() => void downloadFile(API.landlordMoney.mriFilingCsv, query, 'text/csv', `mri-filing-${month}.csv`)}>
          {t('landlordView.mri.filingCsv')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('landlordView.mri.threshold')}
      </Text>
      {lines.data && lines.data.length === 0 ? <Text c="dimmed">{t('landlordView.mri.none')}</Text> : null}
      {lines.data && lines.data.length > 0 ? (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('landlordView.mri.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordView.mri.landlord')}</Table.Th>
                <Table.Th>{t('landlordView.mri.pin')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.mri.gross')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.mri.tax')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.mri.withheld')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.mri.paid')}</Table.Th>
                <Table.Th>{t('landlordView.mri.dueBy')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.data.map((l) => (
                <Table.Tr key={l.LandlordNo}>
                  <Table.Td>{l.Landlord_name}</Table.Td>
                  <Table.Td>{l.KraPin ?? '—'}</Table.Td>
                  <Table.Td ta="right">{kshOf(l.GrossRent)}</Table.Td>
                  <Table.Td ta="right">
                    {kshOf(l.Tax)} ({l.RatePercent}%)
                  </Table.Td>
                  <Table.Td ta="right">{kshOf(l.Withheld)}</Table.Td>
                  <Table.Td ta="right">
                    {kshOf(l.PaidToKra)}
                    {l.AmendmentDue > 0 ? <Text size="xs">{t('landlordView.mri.amendmentDue', { amount: kshOf(l.AmendmentDue) })}</Text> : null}
                    {l.AmendmentDue < 0 ? <Text size="xs">{t('landlordView.mri.overpaid', { amount: kshOf(-l.AmendmentDue) })}</Text> : null}
                  </Table.Td>
                  <Table.Td>{l.DueBy}</Table.Td>
                  <Table.Td>
                    {l.Withheld > 0 ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() =>
                          void downloadFile(API.landlordMoney.mriCertificate, { ...query, LandlordNo: l.LandlordNo }, 'application/pdf', `mri-certificate-${month}.pdf`)
                        }
                      >
                        {t('landlordView.mri.certificate')}
                      </Button>
                    ) : null}
                    {l.Amendments.map((a) => (
                      <Button
                        key={a.No}
                        size="compact-sm"
                        variant="subtle"
                        onClick={() =>
                          void downloadFile(
                            API.landlordMoney.mriCertificate,
                            { ...query, LandlordNo: l.LandlordNo, Amendment: a.No },
                            'application/pdf',
                            `mri-certificate-${month}-amendment-${a.No}.pdf`,
                          )
                        }
                      >
                        {t('landlordView.mri.amendmentCertificate', { no: a.No })}
                      </Button>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Title order={4} mt="lg" mb="xs">
        {t('landlordView.mri.payTitle')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          pay.mutate();
        }}
      >
        <Group align="end">
          <Select
            label={t('landlordView.mri.payWhat')}
            data={[
              { value: 'month', label: t('landlordView.mri.payMonth') },
              { value: 'amendment', label: t('landlordView.mri.payAmendment') },
            ]}
            value={payment.what}
            allowDeselect={false}
            onChange={(v) => setPayment((p) => ({ ...p, what: v === 'amendment' ? 'amendment' : 'month', LandlordNo: null }))}
          />
          <Select
            label={t('landlordView.mri.landlord')}
            data={(lines.data ?? [])
              .filter((l) => (payment.what === 'amendment' ? l.AmendmentDue > 0 : l.Withheld > 0 && l.PaidOn === null))
              .map((l) => ({ value: String(l.LandlordNo), label: l.Landlord_name }))}
            value={payment.LandlordNo}
            onChange={(v) => setPayment((p) => ({ ...p, LandlordNo: v }))}
          />
          <TextInput type="date" label={t('landlordView.mri.paidOn')} value={payment.PaidOn} onChange={(e) => setPayment({ ...payment, PaidOn: e.currentTarget.value })} />
          <TextInput label={t('landlordView.mri.reference')} value={payment.Reference} onChange={(e) => setPayment({ ...payment, Reference: e.currentTarget.value })} />
          <TextInput label={t('landlordView.mri.prn')} value={payment.Prn} onChange={(e) => setPayment({ ...payment, Prn: e.currentTarget.value })} />
          <Button type="submit" disabled={!payment.LandlordNo || !payment.Reference} loading={pay.isPending}>
            {t('landlordView.mri.record')}
          </Button>
        </Group>
      </form>
      <MutationOutcome mutation={pay} />
      {valid ? <TaxPackView managingAgentId={managingAgentId} month={month} /> : null}
    </MoneySection>
  );
}
