import { API, COMMISSION_KINDS, GENERIC_FAILURE_MESSAGE, type CommissionKind } from '@makazi/domain';
import { Alert, Button, Checkbox, Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';

import { apiErrorMessage } from '../../lib/api-error-message';
import { apiFetch } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { parseApiData } from '../../lib/parse-api-data';

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const Saved = z.object({ message: z.string(), AgreementId: z.number() });

/**
 * One property's management agreement from a day on, as Landlord money →
 * Agreements and the add-property flow both ask for it. "No commission" is a
 * choice the clerk ticks, never a percentage left at 0 (decision 048).
 */
export function AgreementForm({
  managingAgentId,
  propId,
  onSaved,
  before,
}: {
  managingAgentId: number;
  propId: number | null;
  onSaved?: () => void;
  before?: ReactNode;
}) {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    EffectiveFrom: nairobiDay(),
    NoCommission: false,
    CommissionPercent: '10.00',
    CommissionKinds: ['rent'] as CommissionKind[],
    FixedFee: '',
    WithholdTax: false,
    KraAppointedOn: '',
    KraAppointmentRef: '',
    PropertyUse: 'residential' as 'residential' | 'commercial',
    PayoutMethod: 'mpesa' as 'bank' | 'mpesa',
    PayoutBank: '',
    PayoutAccount: '',
    PayoutPhone: '',
    RemittanceDay: '5',
    ApprovalThreshold: '',
  });
  const set = (field: keyof typeof form) => (value: string | boolean | string[]) => setForm((f) => ({ ...f, [field]: value }));
  const free = form.NoCommission;
  const save = useMutation({
    mutationFn: async () =>
      parseApiData(
        Saved,
        await apiFetch<unknown>(API.landlordMoney.agreement, {
          method: 'POST',
          body: {
            managingAgentId,
            PropId: Number(propId),
            EffectiveFrom: form.EffectiveFrom,
            NoCommission: free,
            CommissionPercent: free ? '0.00' : form.CommissionPercent,
            CommissionKinds: free ? [] : form.CommissionKinds,
            ...(form.FixedFee && !free ? { FixedFee: form.FixedFee } : {}),
            WithholdTax: form.WithholdTax,
            ...(form.WithholdTax ? { KraAppointedOn: form.KraAppointedOn, KraAppointmentRef: form.KraAppointmentRef } : {}),
            PropertyUse: form.PropertyUse,
            PayoutMethod: form.PayoutMethod,
            PayoutBank: form.PayoutBank,
            PayoutAccount: form.PayoutAccount,
            PayoutPhone: form.PayoutPhone,
            RemittanceDay: form.RemittanceDay,
            ...(form.ApprovalThreshold ? { ApprovalThreshold: form.ApprovalThreshold } : {}),
          },
        }),
      ),
    onSuccess: async () => {
      // The agreements, the dashboard's setup checklist and the landlords' figures all read it.
      await queryClient.invalidateQueries({ queryKey: ['landlord-money', managingAgentId] });
      onSaved?.();
    },
  });

  return (
    <form
      aria-label={t('landlordView.agreement.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        {before}
        <TextInput type="date" label={t('landlordView.agreement.from')} value={form.EffectiveFrom} onChange={(e) => set('EffectiveFrom')(e.currentTarget.value)} />
        {free ? null : (
          <>
            <TextInput label={t('landlordView.agreement.commission')} inputMode="decimal" value={form.CommissionPercent} onChange={(e) => set('CommissionPercent')(e.currentTarget.value)} />
            <TextInput label={t('landlordView.agreement.fixedFee')} inputMode="decimal" value={form.FixedFee} onChange={(e) => set('FixedFee')(e.currentTarget.value)} />
          </>
        )}
        <TextInput label={t('landlordView.agreement.remittanceDay')} inputMode="numeric" value={form.RemittanceDay} onChange={(e) => set('RemittanceDay')(e.currentTarget.value)} />
        <TextInput label={t('landlordView.agreement.threshold')} inputMode="decimal" value={form.ApprovalThreshold} onChange={(e) => set('ApprovalThreshold')(e.currentTarget.value)} />
      </SimpleGrid>
      <Checkbox
        mb="sm"
        label={t('landlordView.agreement.noCommission')}
        description={t('landlordView.agreement.noCommissionHint')}
        checked={free}
        onChange={(e) => set('NoCommission')(e.currentTarget.checked)}
      />
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
      {free ? null : (
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
      )}
      <Checkbox mb="md" label={t('landlordView.agreement.withhold')} checked={form.WithholdTax} onChange={(e) => set('WithholdTax')(e.currentTarget.checked)} />
      {form.WithholdTax && (
        // KRA's written appointment makes the agency a withholding agent (decision 055): withholding is refused without it.
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
          <TextInput
            type="date"
            label={t('landlordView.agreement.kraAppointedOn')}
            value={form.KraAppointedOn}
            onChange={(e) => set('KraAppointedOn')(e.currentTarget.value)}
          />
          <TextInput
            label={t('landlordView.agreement.kraAppointmentRef')}
            value={form.KraAppointmentRef}
            onChange={(e) => set('KraAppointmentRef')(e.currentTarget.value)}
          />
        </SimpleGrid>
      )}
      <Button type="submit" disabled={propId === null} loading={save.isPending}>
        {t('landlordView.agreement.save')}
      </Button>
      {save.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {tm(apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE))}
        </Alert>
      ) : null}
      {save.data && !onSaved ? (
        <Alert color="teal" variant="light" role="status" mt="sm">
          {tm(save.data.message)}
        </Alert>
      ) : null}
    </form>
  );
}
