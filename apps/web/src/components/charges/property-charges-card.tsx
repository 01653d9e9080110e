import { NewRecurringChargeRequest, type PropertyCharges, amountToCents, formatAmount } from '@makazi/domain';
import { Alert, Button, Card, Checkbox, Group, SegmentedControl, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { addCharge, propertyChargesQuery, savePenaltyRule, updateCharge } from '../../lib/api/charges';

const ksh = (amount: number) => `Ksh ${formatAmount(amountToCents(amount))}`;
const FAILED = 'Something Went wrong. Try Again Later';

/** A property's monthly charges and its late-payment penalty (docs/money.md#charges-beyond-rent); admins change them. */
export function PropertyChargesCard({ managingAgentId, propId, canEdit }: { managingAgentId: number; propId: number; canEdit: boolean }) {
  const charges = useQuery(propertyChargesQuery(managingAgentId, propId));
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('chargeSettings.title')}>
      <Title order={3} size="h4" mb="xs">
        {t('chargeSettings.title')}
      </Title>
      {charges.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(charges.error, FAILED)}
        </Alert>
      ) : !charges.data ? (
        <Text c="dimmed">{t('chargeSettings.loading')}</Text>
      ) : (
        <Stack gap="md">
          <ChargeTable data={charges.data} managingAgentId={managingAgentId} canEdit={canEdit} />
          {canEdit ? <NewChargeForm managingAgentId={managingAgentId} propId={propId} /> : null}
          <PenaltyForm data={charges.data} managingAgentId={managingAgentId} canEdit={canEdit} />
        </Stack>
      )}
    </Card>
  );
}

function useRefresh(managingAgentId: number, propId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: propertyChargesQuery(managingAgentId, propId).queryKey });
}

function ChargeTable({ data, managingAgentId, canEdit }: { data: PropertyCharges; managingAgentId: number; canEdit: boolean }) {
  const refresh = useRefresh(managingAgentId, data.PropId);
  const { t, month } = useT();
  const stop = useMutation({ mutationFn: (ChargeId: number) => updateCharge({ managingAgentId, ChargeId, Active: false }), onSettled: refresh });
  const active = data.Charges.filter((c) => c.Active);
  if (active.length === 0) return <Text c="dimmed" size="sm">{t('chargeSettings.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} aria-label={t('chargeSettings.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('chargeSettings.charge')}</Table.Th>
            <Table.Th ta="right">{t('chargeSettings.monthly')}</Table.Th>
            <Table.Th>{t('chargeSettings.moneyOf')}</Table.Th>
            {canEdit ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {active.map((c) => (
            <Table.Tr key={c.ChargeId}>
              <Table.Td>
                {c.Name}
                <Text size="xs" c="dimmed">
                  {t('chargeSettings.fromMonth', { month: month(c.FromMonth) })}
                </Text>
                {c.Houses.length ? (
                  <Text size="xs" c="dimmed">
                    {c.Houses.map((h) => `${h.House_number}: ${h.Amount === 0 ? t('chargeSettings.notCharged') : ksh(h.Amount)}`).join(' · ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{ksh(c.Amount)}</Table.Td>
              <Table.Td>{c.PassThrough ? t('chargeSettings.passedThrough') : t('chargeSettings.landlord')}</Table.Td>
              {canEdit ? (
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => stop.mutate(c.ChargeId)} loading={stop.isPending && stop.variables === c.ChargeId}>
                    {t('chargeSettings.stop')}
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NewChargeForm({ managingAgentId, propId }: { managingAgentId: number; propId: number }) {
  const refresh = useRefresh(managingAgentId, propId);
  const { t, tm } = useT();
  const [draft, setDraft] = useState({ Name: '', Amount: '', PassThrough: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: addCharge,
    onSuccess: () => setDraft({ Name: '', Amount: '', PassThrough: false }),
    onSettled: refresh,
  });
  const submit = () => {
    const request = { managingAgentId, PropId: propId, ...draft };
    const parsed = NewRecurringChargeRequest.safeParse(request);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), tm(i.message)])));
    setErrors({});
    add.mutate(request);
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('chargeSettings.name')} placeholder={t('chargeSettings.namePlaceholder')} value={draft.Name} error={errors.Name} onChange={(e) => setDraft({ ...draft, Name: e.currentTarget.value })} />
        <TextInput label={t('chargeSettings.amount')} inputMode="decimal" value={draft.Amount} error={errors.Amount} onChange={(e) => setDraft({ ...draft, Amount: e.currentTarget.value })} w={160} />
        <Checkbox label={t('chargeSettings.passThrough')} checked={draft.PassThrough} onChange={(e) => setDraft({ ...draft, PassThrough: e.currentTarget.checked })} mb={8} />
        <Button onClick={submit} loading={add.isPending}>
          {t('chargeSettings.add')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('chargeSettings.startsNextMonth')}
      </Text>
      {add.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(add.error, FAILED)}
        </Alert>
      ) : null}
    </Stack>
  );
}

function PenaltyForm({ data, managingAgentId, canEdit }: { data: PropertyCharges; managingAgentId: number; canEdit: boolean }) {
  const refresh = useRefresh(managingAgentId, data.PropId);
  const { t, tm } = useT();
  const saved = data.Penalty;
  const [active, setActive] = useState(saved?.Active ?? false);
  const [day, setDay] = useState(String(saved?.AfterDay ?? 5));
  const [basis, setBasis] = useState<'percent' | 'fixed'>(saved?.Amount != null ? 'fixed' : 'percent');
  const [value, setValue] = useState(saved ? String(saved.Amount ?? saved.Percent ?? '') : '10');
  const save = useMutation({ mutationFn: savePenaltyRule, onSettled: refresh });
  const submit = () =>
    save.mutate({
      managingAgentId,
      PropId: data.PropId,
      Active: active,
      AfterDay: Number(day),
      ...(basis === 'percent' ? { Percent: Number(value) } : { Amount: value }),
    });
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t('chargeSettings.penaltyTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {saved?.Active
          ? saved.Percent != null
            ? t('chargeSettings.penaltyPercent', { day: t('chargeSettings.day', { count: saved.AfterDay, ordinal: true }), percent: saved.Percent })
            : t('chargeSettings.penaltyFixed', { day: t('chargeSettings.day', { count: saved.AfterDay, ordinal: true }), amount: ksh(saved.Amount ?? 0) })
          : t('chargeSettings.penaltyOff')}
      </Text>
      {canEdit ? (
        <Group align="flex-end" wrap="wrap">
          <Switch label={t('chargeSettings.chargePenalty')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} mb={8} />
          <TextInput label={t('chargeSettings.afterDay')} inputMode="numeric" value={day} onChange={(e) => setDay(e.currentTarget.value)} w={90} />
          <SegmentedControl
            aria-label={t('chargeSettings.basis')}
            value={basis}
            onChange={(v) => setBasis(v as 'percent' | 'fixed')}
            data={[
              { value: 'percent', label: t('chargeSettings.percentOfRent') },
              { value: 'fixed', label: t('chargeSettings.fixedAmount') },
            ]}
          />
          <TextInput label={basis === 'percent' ? t('chargeSettings.percent') : t('chargeSettings.fixed')} inputMode="decimal" value={value} onChange={(e) => setValue(e.currentTarget.value)} w={120} />
          <Button onClick={submit} loading={save.isPending}>
            {t('chargeSettings.savePenalty')}
          </Button>
        </Group>
      ) : null}
      {save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(save.error, FAILED)}
        </Alert>
      ) : save.isSuccess ? (
        <Text c="teal.9" size="sm" role="status">
          {tm(save.data.message)}
        </Text>
      ) : null}
    </Stack>
  );
}
