import { API, REMITTANCE_RULES, type RemittanceRule } from '@makazi/domain';
import { Alert, Button, Group, Select, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { kshOf } from '../../lib/amount';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { landlordMoneyKey, saveRemittanceRule, taxPackQuery } from './api/landlord-money';

/**
 * The month's rental-tax pack (decision 055): each landlord's tenants with
 * their KRA PINs, rent, tax and withholding, a NIL line for a landlord with no
 * rent, its CSV and PDF for eRITS and iTax, the deadline rule, and what
 * lateness costs under KRA's penalty.
 */
export function TaxPackView({ managingAgentId, month }: { managingAgentId: number; month: string }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const valid = /^\d{4}-\d{2}$/.test(month);
  const pack = useQuery({ ...taxPackQuery(managingAgentId, month), enabled: valid });
  const rule = useMutation({
    mutationFn: (RemittanceRule: RemittanceRule) => saveRemittanceRule({ managingAgentId, RemittanceRule }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) }),
  });
  const query = { managingAgentId, month };
  const data = pack.data;

  return (
    <>
      <Title order={4} mt="lg" mb="xs">
        {t('landlordView.taxPack.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('landlordView.taxPack.intro')}
      </Text>
      <Group align="end" mb="md">
        <Select
          label={t('landlordView.taxPack.rule')}
          data={REMITTANCE_RULES.map((value) => ({ value, label: t(`landlordView.taxPack.rules.${value}`) }))}
          value={data?.RemittanceRule ?? null}
          allowDeselect={false}
          onChange={(v) => {
            const chosen = REMITTANCE_RULES.find((r) => r === v);
            if (chosen) rule.mutate(chosen);
          }}
        />
        <Button variant="default" disabled={!valid} onClick={() => void downloadFile(API.landlordMoney.mriPackCsv, query, 'text/csv', `rental-tax-pack-${month}.csv`)}>
          {t('landlordView.taxPack.csv')}
        </Button>
        <Button variant="default" disabled={!valid} onClick={() => void downloadFile(API.landlordMoney.mriPackPdf, query, 'application/pdf', `rental-tax-pack-${month}.pdf`)}>
          {t('landlordView.taxPack.pdf')}
        </Button>
      </Group>
      {rule.isError ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {rule.error.message}
        </Alert>
      ) : null}
      {data && data.LateCount > 0 ? (
        <Alert color="red" variant="light" role="status" mb="sm">
          {t('landlordView.taxPack.late', { count: data.LateCount, penalty: kshOf(data.PenaltyTotal) })}
        </Alert>
      ) : null}
      {data && data.Lines.length > 0 ? (
        <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('landlordView.taxPack.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordView.taxPack.landlord')}</Table.Th>
                <Table.Th>{t('landlordView.taxPack.property')}</Table.Th>
                <Table.Th>{t('landlordView.taxPack.tenant')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.taxPack.gross')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.taxPack.tax')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.taxPack.withheld')}</Table.Th>
                <Table.Th>{t('landlordView.taxPack.dueBy')}</Table.Th>
                <Table.Th>{t('landlordView.taxPack.paid')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Lines.map((l) => (
                <Table.Tr key={`${l.LandlordNo}-${l.PropId ?? 'nil'}-${l.TenancyId ?? 'none'}`}>
                  <Table.Td>
                    {l.Landlord_name}
                    <Text size="xs">{l.Landlord_pin ?? t('landlordView.taxPack.noPin')}</Text>
                    {l.Withheld > 0 && !l.Appointment_ref ? (
                      <Text size="xs" c="red">
                        {t('landlordView.taxPack.noAppointment')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {l.Property_name ?? ''}
                    {l.Lr_number || l.Erits_ref ? <Text size="xs">{[l.Lr_number, l.Erits_ref].filter(Boolean).join(' · ')}</Text> : null}
                  </Table.Td>
                  <Table.Td>
                    {l.Nil ? t('landlordView.taxPack.nil') : (l.Tenant_name ?? '')}
                    {l.Nil ? null : <Text size="xs">{l.Tenant_pin ?? t('landlordView.taxPack.noPin')}</Text>}
                    {l.Commercial ? <Text size="xs">{t('landlordView.taxPack.commercial')}</Text> : null}
                  </Table.Td>
                  <Table.Td ta="right">{kshOf(l.GrossRent)}</Table.Td>
                  <Table.Td ta="right">{kshOf(l.Tax)}</Table.Td>
                  <Table.Td ta="right">
                    {kshOf(l.Withheld)}
                    {l.WithheldOn ? <Text size="xs">{l.WithheldOn}</Text> : null}
                  </Table.Td>
                  <Table.Td>
                    {l.DueBy ?? ''}
                    {l.DaysLate > 0 ? (
                      <Text size="xs" c="red">
                        {t('landlordView.taxPack.daysLate', { days: l.DaysLate, penalty: kshOf(l.Penalty) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {l.PaidOn ?? ''}
                    {l.Prn ? <Text size="xs">{t('landlordView.taxPack.prnValue', { prn: l.Prn })}</Text> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
