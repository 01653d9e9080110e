import { COMMISSION_KINDS, type CommissionKind } from '@makazi/domain';
import { Select, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { AgreementForm } from '../../components/landlord/agreement-form';
import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { agencyPropertiesQuery, agreementsQuery } from './api/landlord-money';
import { MoneySection } from './money-section';

/** A property's management agreement from a date on, and the agreements it has had. */
export function AgreementsView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const properties = useQuery(agencyPropertiesQuery(managingAgentId));
  const [propId, setPropId] = useState<string | null>(null);
  const chosen = propId ?? (properties.data?.[0] ? String(properties.data[0].PropId) : null);
  const history = useQuery({ ...agreementsQuery(managingAgentId, Number(chosen)), enabled: chosen !== null });
  return (
    <MoneySection title={t('landlordView.agreement.title')} intro={t('landlordView.agreement.intro')}>
      <AgreementForm
        managingAgentId={managingAgentId}
        propId={chosen === null ? null : Number(chosen)}
        before={
          <Select
            label={t('landlordView.agreement.property')}
            data={(properties.data ?? []).map((p) => ({ value: String(p.PropId), label: p.Property_name }))}
            value={chosen}
            onChange={setPropId}
            allowDeselect={false}
          />
        }
      />
      <Title order={4} mt="lg" mb="xs">
        {t('landlordView.agreement.history')}
      </Title>
      {history.data && history.data.length === 0 ? <Text c="dimmed">{t('landlordView.agreement.none')}</Text> : null}
      {history.data && history.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('landlordView.agreement.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordView.agreement.from')}</Table.Th>
                <Table.Th>{t('landlordView.commission')}</Table.Th>
                <Table.Th>{t('landlordView.agreement.kinds')}</Table.Th>
                <Table.Th>{t('landlordView.agreement.fixedFee')}</Table.Th>
                <Table.Th>{t('landlordView.taxWithheld')}</Table.Th>
                <Table.Th>{t('landlordView.agreement.payoutMethod')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((a) => (
                <Table.Tr key={a.AgreementId}>
                  <Table.Td>{a.EffectiveFrom}</Table.Td>
                  <Table.Td>{a.NoCommission ? t('landlordView.agreement.noCommissionShort') : `${a.CommissionPercent}%`}</Table.Td>
                  <Table.Td>
                    {a.CommissionKinds.filter((k): k is CommissionKind => (COMMISSION_KINDS as readonly string[]).includes(k))
                      .map((k) => t(`landlordView.agreement.kind.${k}`))
                      .join(', ')}
                  </Table.Td>
                  <Table.Td>{kshOf(a.FixedFee)}</Table.Td>
                  <Table.Td>{a.WithholdTax ? '✓' : '—'}</Table.Td>
                  <Table.Td>
                    {a.PayoutMethod === 'mpesa' ? `${t('landlordView.agreement.mpesa')} ${a.PayoutPhone}` : `${a.PayoutBank} ${a.PayoutAccount}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </MoneySection>
  );
}
