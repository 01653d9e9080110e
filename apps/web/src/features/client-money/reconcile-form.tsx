import {
  RECONCILING_ITEM_KINDS,
  RECONCILING_ITEM_SIGN,
  amountToCents,
  parseMoney,
  stripMoneyInput,
  type ReconcilingItemKind,
} from '@makazi/domain';
import { ActionIcon, Alert, Button, Group, Select, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';

import { MoneyInput } from '../../components/money-input';
import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { randomUuid } from '../../lib/random-uuid';
import { MoneySection } from '../../components/landlord/money-section';
import { MutationOutcome } from '../../components/landlord/mutation-outcome';
import { booksQuery, clientAccountsQuery, clientMoneyKey, recordReconciliation } from './api/client-money';

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const BOOK_LINES = [
  ['owedToLandlords', 'OwedToLandlords'],
  ['depositsHeld', 'DepositsHeld'],
  ['tenantCredits', 'TenantCredits'],
  ['passThrough', 'PassThroughPayable'],
  ['taxPayable', 'TaxPayable'],
  ['commission', 'CommissionNotTaken'],
] as const;

interface FormValues {
  Day: string;
  Balances: { AccountId: number; Name: string; Balance: string }[];
  Items: { Kind: ReconcilingItemKind; AccountId: string; Amount: string; Note: string }[];
}

const cents = (text: string) => parseMoney(stripMoneyInput(text)) ?? 0;

/**
 * A day's reconciliation: every client account's statement balance beside
 * what the books say (the trust screen as of the end of the day), the
 * reconciling items, and what is left unexplained — worked out as it is typed;
 * the server works it out again and keeps it.
 */
export function ReconcileForm({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const accounts = useQuery(clientAccountsQuery(managingAgentId));
  const inUse = (accounts.data ?? []).filter((a) => a.Active);
  const [key, setKey] = useState(() => `recon-${randomUuid()}`);
  const form = useForm<FormValues>({ defaultValues: { Day: nairobiDay(), Balances: [], Items: [] } });
  const items = useFieldArray({ control: form.control, name: 'Items' });
  const day = useWatch({ control: form.control, name: 'Day' });
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(day ?? '');
  const books = useQuery({ ...booksQuery(managingAgentId, day), enabled: validDay });
  const balances = useWatch({ control: form.control, name: 'Balances' });
  const typedItems = useWatch({ control: form.control, name: 'Items' });
  // One balance field per account in use, kept in step with the accounts list.
  const accountIds = inUse.map((a) => `${a.AccountId}:${a.Name}`).join();
  useEffect(() => {
    const typed = form.getValues('Balances');
    form.setValue(
      'Balances',
      inUse.map((a) => ({ AccountId: a.AccountId, Name: a.Name, Balance: typed.find((b) => b.AccountId === a.AccountId)?.Balance ?? '' })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the accounts in use, by their ids and names
  }, [accountIds]);
  const record = useMutation({
    mutationFn: (values: FormValues) =>
      recordReconciliation({
        managingAgentId,
        Day: values.Day,
        Balances: values.Balances.map((b) => ({ AccountId: b.AccountId, Balance: stripMoneyInput(b.Balance) })),
        Items: values.Items.map((i) => ({ Kind: i.Kind, AccountId: i.AccountId ? Number(i.AccountId) : null, Amount: stripMoneyInput(i.Amount), Note: i.Note })),
        idempotencyKey: key,
      }),
    onSuccess: async () => {
      setKey(`recon-${randomUuid()}`);
      await queryClient.invalidateQueries({ queryKey: clientMoneyKey(managingAgentId) });
    },
  });

  const held = books.data ? amountToCents(books.data.Books.Held) : null;
  const statement = balances.reduce((s, b) => s + cents(b.Balance), 0);
  const itemsTotal = typedItems.reduce((s, i) => s + RECONCILING_ITEM_SIGN[i.Kind] * cents(i.Amount), 0);
  const unexplained = held === null ? null : held - statement - itemsTotal;

  return (
    <MoneySection title={t('clientMoney.reconcile.title')} intro={t('clientMoney.intro')}>
      <form onSubmit={form.handleSubmit((values) => record.mutate(values))} noValidate aria-label={t('clientMoney.reconcile.title')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          <TextInput type="date" label={t('clientMoney.reconcile.day')} {...form.register('Day')} />
          {balances.map((b, i) => (
            <MoneyInput
              key={b.AccountId}
              label={t('clientMoney.reconcile.balanceOf', { name: b.Name })}
              value={b.Balance}
              onChange={(v) => form.setValue(`Balances.${i}.Balance`, v)}
            />
          ))}
        </SimpleGrid>

        {books.data ? (
          <Table aria-label={t('clientMoney.books.title', { date: day })} mb="sm" maw={520}>
            <Table.Tbody>
              {BOOK_LINES.map(([label, figure]) => (
                <Table.Tr key={label}>
                  <Table.Td>{t(`clientMoney.books.${label}`)}</Table.Td>
                  <Table.Td ta="right">{kshOf(books.data.Books[figure])}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th>{t('clientMoney.books.held')}</Table.Th>
                <Table.Th ta="right">{kshOf(books.data.Books.Held)}</Table.Th>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}

        <Title order={4} mb="xs">
          {t('clientMoney.reconcile.items')}
        </Title>
        {items.fields.map((field, i) => (
          <Group key={field.id} align="flex-end" mb="xs" wrap="wrap" gap="xs">
            <Select
              label={t('clientMoney.reconcile.itemKind')}
              data={RECONCILING_ITEM_KINDS.map((k) => ({ value: k, label: t(`clientMoney.items.${k}`) }))}
              value={typedItems[i]?.Kind ?? 'uncleared_deposit'}
              onChange={(v) => form.setValue(`Items.${i}.Kind`, (v ?? 'uncleared_deposit') as ReconcilingItemKind)}
              allowDeselect={false}
              w={220}
            />
            <Select
              label={t('clientMoney.reconcile.itemAccount')}
              data={[{ value: '', label: t('clientMoney.reconcile.anyAccount') }, ...inUse.map((a) => ({ value: String(a.AccountId), label: a.Name }))]}
              value={typedItems[i]?.AccountId ?? ''}
              onChange={(v) => form.setValue(`Items.${i}.AccountId`, v ?? '')}
              allowDeselect={false}
              w={180}
            />
            <MoneyInput
              label={t('clientMoney.reconcile.itemAmount')}
              value={typedItems[i]?.Amount ?? ''}
              onChange={(v) => form.setValue(`Items.${i}.Amount`, v)}
              w={160}
            />
            <TextInput label={t('clientMoney.reconcile.itemNote')} {...form.register(`Items.${i}.Note`)} w={220} />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`${t('clientMoney.reconcile.remove')} ${i + 1}`} onClick={() => items.remove(i)}>
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" size="xs" mb="md" onClick={() => items.append({ Kind: 'uncleared_deposit', AccountId: '', Amount: '', Note: '' })}>
          {t('clientMoney.reconcile.addItem')}
        </Button>

        <Text>
          {t('clientMoney.reconcile.statement')}: <strong>{kshOf(statement / 100)}</strong>
        </Text>
        <Text>
          {t('clientMoney.reconcile.itemsTotal')}: <strong>{kshOf(itemsTotal / 100)}</strong>
        </Text>
        {unexplained !== null ? (
          <Alert color={unexplained === 0 ? 'teal' : 'orange'} variant="light" mt="xs" mb="sm" role="status">
            {unexplained === 0 ? t('clientMoney.reconcile.explained') : `${t('clientMoney.reconcile.unexplained')}: ${kshOf(unexplained / 100)}`}
          </Alert>
        ) : null}
        <Button type="submit" loading={record.isPending} disabled={inUse.length === 0}>
          {t('clientMoney.reconcile.submit')}
        </Button>
      </form>
      <MutationOutcome mutation={record} />
    </MoneySection>
  );
}
