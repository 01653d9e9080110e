import { zodResolver } from '@hookform/resolvers/zod';
import { LandlordOpening, TenancyOpening, amountToCents, formatKsh, monthLabel, stripMoneyInput } from '@makazi/domain';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

import { MoneyInput } from '../../components/money-input';
import { useT } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { enterLandlords, enterTenancies, openingBalancesQuery, reverseLandlord, reverseTenancy, setGoLive } from './api';
import { Outcome as MutationOutcome, ReverseWithReason, type Reversing } from './outcome';

// The API's own row schemas; the money fields are typed as text ('15,000.50') and stripped of separators when sent.
const TenancyForm = TenancyOpening.omit({ ChargeArrears: true });
type TenancyInput = z.input<typeof TenancyForm>;
type TenancyOutput = z.output<typeof TenancyForm>;
type LandlordInput = z.input<typeof LandlordOpening>;
type LandlordOutput = z.output<typeof LandlordOpening>;
const TENANCY_MONEY = ['RentArrears', 'WaterArrears', 'OtherArrears', 'DepositHeld', 'CreditHeld'] as const;
const MONEY_LABEL = { RentArrears: 'rent', WaterArrears: 'water', OtherArrears: 'other', DepositHeld: 'deposit', CreditHeld: 'credit' } as const;

function Money<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: Path<T>; label: string }) {
  const { tm } = useT();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyInput label={label} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} error={tm(fieldState.error?.message)} />
      )}
    />
  );
}

/**
 * Admin → Moving in (docs/decisions/042-go-live-and-opening-balances.md): the
 * go-live month, a tenancy's or a landlord's opening balances typed by hand,
 * and those entered, each reversible with a reason. The spreadsheet import
 * sends the same rows in bulk.
 */
export function OpeningBalancesTab({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm, ledgerText } = useT();
  const client = useQueryClient();
  const list = useQuery(openingBalancesQuery(managingAgentId));
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.invoicing(managingAgentId) });
  const [month, setMonth] = useState('');
  const [reversing, setReversing] = useState<Reversing>(null);

  const goLive = useMutation({
    mutationFn: (GoLiveMonth: string | null) => setGoLive({ managingAgentId, GoLiveMonth }),
    onSuccess: refresh,
  });

  const tenancyForm = useForm<TenancyInput, unknown, TenancyOutput>({
    resolver: zodResolver(TenancyForm),
    defaultValues: { TenancyId: '' as unknown as number, RentArrears: '', WaterArrears: '', OtherArrears: '', DepositHeld: '', CreditHeld: '' },
  });
  const tenancy = useMutation({
    mutationFn: (values: TenancyOutput) =>
      enterTenancies({
        managingAgentId,
        Tenancies: [
          {
            TenancyId: values.TenancyId,
            ...(Object.fromEntries(TENANCY_MONEY.map((k) => [k, stripMoneyInput(String(tenancyForm.getValues(k) ?? '')) || '0'])) as Record<
              (typeof TENANCY_MONEY)[number],
              string
            >),
          },
        ],
      }),
    onSuccess: async () => {
      tenancyForm.reset();
      await refresh();
    },
  });

  const landlordForm = useForm<LandlordInput, unknown, LandlordOutput>({
    resolver: zodResolver(LandlordOpening),
    defaultValues: { LandlordNo: '' as unknown as number, Amount: '' },
  });
  const landlord = useMutation({
    mutationFn: (values: LandlordOutput) =>
      enterLandlords({ managingAgentId, Landlords: [{ LandlordNo: values.LandlordNo, Amount: stripMoneyInput(String(landlordForm.getValues('Amount'))) }] }),
    onSuccess: async () => {
      landlordForm.reset();
      await refresh();
    },
  });

  const reverse = useMutation({
    mutationFn: (r: { kind: 'tenancy' | 'landlord'; id: number; reason: string }) =>
      r.kind === 'tenancy'
        ? reverseTenancy({ managingAgentId, TenancyId: r.id, reason: r.reason })
        : reverseLandlord({ managingAgentId, LandlordNo: r.id, reason: r.reason }),
    onSuccess: async () => {
      setReversing(null);
      await refresh();
    },
  });
  const labels = { reverse: t('openingBalances.list.reverse'), reason: t('openingBalances.list.reason'), submit: t('openingBalances.list.submit') };
  const current = list.data?.GoLiveMonth ?? null;

  return (
    <Stack gap="md">
      <Title order={2}>{t('openingBalances.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('openingBalances.intro')}
      </Text>

      <Card withBorder radius="md" padding="md" component="section" aria-label={t('openingBalances.goLive.title')}>
        <Title order={4} mb={4}>
          {t('openingBalances.goLive.title')}
        </Title>
        <Text size="sm" mb="sm">
          {current ? t('openingBalances.goLive.current', { month: monthLabel(current) }) : t('openingBalances.goLive.none')}
        </Text>
        <Group align="end" gap="sm">
          <TextInput type="month" label={t('openingBalances.goLive.month')} value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
          <Button disabled={!month} loading={goLive.isPending} onClick={() => goLive.mutate(month)}>
            {t('openingBalances.goLive.save')}
          </Button>
          {current ? (
            <Button variant="default" loading={goLive.isPending} onClick={() => goLive.mutate(null)}>
              {t('openingBalances.goLive.clear')}
            </Button>
          ) : null}
        </Group>
        <MutationOutcome mutation={goLive} />
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label={t('openingBalances.tenancy.title')}>
        <Title order={4} mb="sm">
          {t('openingBalances.tenancy.title')}
        </Title>
        <form onSubmit={tenancyForm.handleSubmit((v) => tenancy.mutate(v))} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
            <TextInput
              label={t('openingBalances.tenancy.tenancyId')}
              inputMode="numeric"
              error={tm(tenancyForm.formState.errors.TenancyId?.message)}
              {...tenancyForm.register('TenancyId')}
            />
            {TENANCY_MONEY.map((k) => (
              <Money key={k} control={tenancyForm.control} name={k} label={t(`openingBalances.tenancy.${MONEY_LABEL[k]}`)} />
            ))}
          </SimpleGrid>
          <Button type="submit" loading={tenancy.isPending}>
            {t('openingBalances.tenancy.submit')}
          </Button>
        </form>
        <MutationOutcome mutation={tenancy} />
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label={t('openingBalances.landlord.title')}>
        <Title order={4} mb="sm">
          {t('openingBalances.landlord.title')}
        </Title>
        <form onSubmit={landlordForm.handleSubmit((v) => landlord.mutate(v))} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
            <TextInput
              label={t('openingBalances.landlord.landlordNo')}
              inputMode="numeric"
              error={tm(landlordForm.formState.errors.LandlordNo?.message)}
              {...landlordForm.register('LandlordNo')}
            />
            <Money control={landlordForm.control} name="Amount" label={t('openingBalances.landlord.amount')} />
          </SimpleGrid>
          <Button type="submit" loading={landlord.isPending}>
            {t('openingBalances.landlord.submit')}
          </Button>
        </form>
        <MutationOutcome mutation={landlord} />
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label={t('openingBalances.list.title')}>
        <Title order={4} mb="sm">
          {t('openingBalances.list.title')}
        </Title>
        {list.data && list.data.Tenancies.length + list.data.Landlords.length === 0 ? <Text size="sm">{t('openingBalances.list.none')}</Text> : null}
        {list.data && list.data.Tenancies.length + list.data.Landlords.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('openingBalances.list.tenancy')}</Table.Th>
                  <Table.Th>{t('openingBalances.list.entry')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('openingBalances.list.amount')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.Tenancies.map((row) => (
                  <Table.Tr key={`t${row.TenancyId}`}>
                    <Table.Td>
                      {row.TenancyId} · {row.Tenant_name} · {row.Property_name} {row.House_number}
                    </Table.Td>
                    <Table.Td>
                      {row.Entries.map((e) => (
                        <div key={e.TransactionId}>{ledgerText(e.Details)}</div>
                      ))}
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      {row.Entries.map((e) => (
                        <div key={e.TransactionId}>{formatKsh(amountToCents(e.Amount))}</div>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      <ReverseWithReason
                        id={`tenancy-${row.TenancyId}`}
                        reversing={reversing}
                        onReversing={setReversing}
                        pending={reverse.isPending}
                        onSubmit={(reason) => reverse.mutate({ kind: 'tenancy', id: row.TenancyId, reason })}
                        labels={labels}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
                {list.data.Landlords.map((row) => (
                  <Table.Tr key={`l${row.LandlordNo}`}>
                    <Table.Td>
                      {t('openingBalances.list.landlord')} {row.LandlordNo} · {row.Landlord_name}
                    </Table.Td>
                    <Table.Td>{ledgerText('Balance brought forward')}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatKsh(amountToCents(row.Amount))}</Table.Td>
                    <Table.Td>
                      <ReverseWithReason
                        id={`landlord-${row.LandlordNo}`}
                        reversing={reversing}
                        onReversing={setReversing}
                        pending={reverse.isPending}
                        onSubmit={(reason) => reverse.mutate({ kind: 'landlord', id: row.LandlordNo, reason })}
                        labels={labels}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <MutationOutcome mutation={reverse} />
      </Card>
    </Stack>
  );
}
