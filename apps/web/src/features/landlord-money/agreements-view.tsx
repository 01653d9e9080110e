import { COMMISSION_KINDS, type CommissionKind } from '@makazi/domain';
import { Button, Checkbox, Group, Radio, Select, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { agencyPropertiesQuery, agreementsQuery, landlordMoneyKey, saveAgreement } from './api/landlord-money';
import { MoneySection } from './money-section';
import { MutationOutcome } from './mutation-outcome';

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

/** A property's management agreement from a date on, and the agreements it has had. */
export function AgreementsView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const properties = useQuery(agencyPropertiesQuery(managingAgentId));
  const [propId, setPropId] = useState<string | null>(null);
  const chosen = propId ?? (properties.data?.[0] ? String(properties.data[0].PropId) : null);
  const history = useQuery({ ...agreementsQuery(managingAgentId, Number(chosen)), enabled: chosen !== null });
  const [form, setForm] = useState({
    EffectiveFrom: nairobiDay(),
    CommissionPercent: '10.00',
    CommissionKinds: ['rent'] as CommissionKind[],
    FixedFee: '',
    WithholdTax: false,
    PropertyUse: 'residential' as 'residential' | 'commercial',
    PayoutMethod: 'mpesa' as 'bank' | 'mpesa',
    PayoutBank: '',
    PayoutAccount: '',
    PayoutPhone: '',
    RemittanceDay: '5',
    ApprovalThreshold: '',
  });
  const set = (field: keyof typeof form) => (value: string | boolean | string[]) => setForm((f) => ({ ...f, [field]: value }));
  const save = useMutation({
    mutationFn: () =>
      saveAgreement({
        managingAgentId,
        PropId: Number(chosen),
        EffectiveFrom: form.EffectiveFrom,
        CommissionPercent: form.CommissionPercent,
        CommissionKinds: form.CommissionKinds,
        ...(form.FixedFee ? { FixedFee: form.FixedFee } : {}),
        WithholdTax: form.WithholdTax,
        PropertyUse: form.PropertyUse,
        PayoutMethod: form.PayoutMethod,
        PayoutBank: form.PayoutBank,
        PayoutAccount: form.PayoutAccount,
        PayoutPhone: form.PayoutPhone,
        RemittanceDay: form.RemittanceDay,
        ...(form.ApprovalThreshold ? { ApprovalThreshold: form.ApprovalThreshold } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) }),
  });

  return (
    <MoneySection title={t('landlordView.agreement.title')} intro={t('landlordView.agreement.intro')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          <Select
            label={t('landlordView.agreement.property')}
            data={(properties.data ?? []).map((p) => ({ value: String(p.PropId), label: p.Property_name }))}
            value={chosen}
            onChange={setPropId}
            allowDeselect={false}
          />
          <TextInput type="date" label={t('landlordView.agreement.from')} value={form.EffectiveFrom} onChange={(e) => set('EffectiveFrom')(e.currentTarget.value)} />
          <TextInput label={t('landlordView.agreement.commission')} inputMode="decimal" value={form.CommissionPercent} onChange={(e) => set('CommissionPercent')(e.currentTarget.value)} />
          <TextInput label={t('landlordView.agreement.fixedFee')} inputMode="decimal" value={form.FixedFee} onChange={(e) => set('FixedFee')(e.currentTarget.value)} />
          <TextInput label={t('landlordView.agreement.remittanceDay')} inputMode="numeric" value={form.RemittanceDay} onChange={(e) => set('RemittanceDay')(e.currentTarget.value)} />
          <TextInput label={t('landlordView.agreement.threshold')} inputMode="decimal" value={form.ApprovalThreshold} onChange={(e) => set('ApprovalThreshold')(e.currentTarget.value)} />
        </SimpleGrid>
        <Group mb="sm" gap="xl" wrap="wrap">
          <Radio.Group label={t('landlordView.agreement.use')} value={form.PropertyUse} onChange={set('PropertyUse')}>
            <Group mt={4}>
              <Radio value="residential" label={t('landlordView.agreement.residential')} />
              <Radio value="commercial" label={t('landlordView.agreement.commercial')} />
            </Group>
          </Radio.Group>
          <Radio.Group label={t('landlordView.agreement.payoutMethod')} value={form.PayoutMethod} onChange={set('PayoutMethod')}>
            <Group mt={4}>
              <Radio value="mpesa" label={t('landlordView.agreement.mpesa')} />
              <Radio value="bank" label={t('landlordView.agreement.bank')} />
            </Group>
          </Radio.Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          {form.PayoutMethod === 'mpesa' ? (
            <TextInput label={t('landlordView.agreement.payoutPhone')} inputMode="tel" value={form.PayoutPhone} onChange={(e) => set('PayoutPhone')(e.currentTarget.value)} />
          ) : (
            <>
              <TextInput label={t('landlordView.agreement.payoutBank')} value={form.PayoutBank} onChange={(e) => set('PayoutBank')(e.currentTarget.value)} />
              <TextInput label={t('landlordView.agreement.payoutAccount')} value={form.PayoutAccount} onChange={(e) => set('PayoutAccount')(e.currentTarget.value)} />
            </>
          )}
        </SimpleGrid>
        <Checkbox.Group
          mb="sm"
          label={t('landlordView.agreement.kinds')}
          description={t('landlordView.agreement.kindsHint')}
          value={form.CommissionKinds}
          onChange={set('CommissionKinds')}
        >
          <Group mt={4}>
            {COMMISSION_KINDS.map((k) => (
              <Checkbox key={k} value={k} label={t(`landlordView.agreement.kind.${k}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox mb="md" label={t('landlordView.agreement.withhold')} checked={form.WithholdTax} onChange={(e) => set('WithholdTax')(e.currentTarget.checked)} />
        <Button type="submit" disabled={!chosen} loading={save.isPending}>
          {t('landlordView.agreement.save')}
        </Button>
      </form>
      <MutationOutcome mutation={save} />
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
                  <Table.Td>{a.CommissionPercent}%</Table.Td>
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
