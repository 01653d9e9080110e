import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_ACCOUNT_KINDS, ClientAccountRequest, type ClientAccount } from '@makazi/domain';
import { Badge, Button, Group, Select, SimpleGrid, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { useT } from '../../lib/i18n';
import { MoneySection } from '../../components/landlord/money-section';
import { MutationOutcome } from '../../components/landlord/mutation-outcome';
import { addClientAccount, clientAccountsQuery, clientMoneyKey, updateClientAccount } from './api/client-money';

const AccountForm = ClientAccountRequest.pick({ Name: true, Kind: true, Number: true });
type AccountInput = z.input<typeof AccountForm>;
type AccountOutput = z.output<typeof AccountForm>;

/** The agency's client accounts: added, edited, switched off (never the last one in use). */
export function ClientAccounts({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const accounts = useQuery(clientAccountsQuery(managingAgentId));
  const [editing, setEditing] = useState<ClientAccount | 'new' | null>(null);
  const [active, setActive] = useState(true);
  const form = useForm<AccountInput, unknown, AccountOutput>({ resolver: zodResolver(AccountForm), defaultValues: { Name: '', Kind: 'bank', Number: '' } });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: AccountOutput) =>
      editing && editing !== 'new'
        ? updateClientAccount({ managingAgentId, AccountId: editing.AccountId, ...values, Active: active })
        : addClientAccount({ managingAgentId, ...values }),
    onSuccess: async () => {
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: clientMoneyKey(managingAgentId) });
    },
  });
  const open = (account: ClientAccount | 'new') => {
    save.reset();
    setEditing(account);
    setActive(account === 'new' ? true : account.Active);
    form.reset(account === 'new' ? { Name: '', Kind: 'bank', Number: '' } : { Name: account.Name, Kind: account.Kind, Number: account.Number });
  };

  return (
    <MoneySection title={t('clientMoney.accounts.title')} intro={t('clientMoney.accounts.intro')}>
      {accounts.data && accounts.data.length === 0 ? <Text c="dimmed" mb="sm">{t('clientMoney.accounts.none')}</Text> : null}
      {accounts.data && accounts.data.length > 0 ? (
        <Table.ScrollContainer minWidth={520} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('clientMoney.accounts.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clientMoney.accounts.name')}</Table.Th>
                <Table.Th>{t('clientMoney.accounts.kind')}</Table.Th>
                <Table.Th>{t('clientMoney.accounts.number')}</Table.Th>
                <Table.Th>{t('clientMoney.accounts.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data.map((a) => (
                <Table.Tr key={a.AccountId}>
                  <Table.Td>{a.Name}</Table.Td>
                  <Table.Td>{t(`clientMoney.accounts.kinds.${a.Kind}`)}</Table.Td>
                  <Table.Td>{a.Number}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={a.Active ? 'teal' : 'gray'}>
                      {a.Active ? t('clientMoney.accounts.inUse') : t('clientMoney.accounts.notInUse')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => open(a)} aria-label={`${t('clientMoney.accounts.edit')}: ${a.Name}`}>
                      {t('clientMoney.accounts.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {editing === null ? (
        <Button variant="light" mt="sm" onClick={() => open('new')}>
          {t('clientMoney.accounts.add')}
        </Button>
      ) : (
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate aria-label={t('clientMoney.accounts.add')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm" mb="sm">
            <TextInput label={t('clientMoney.accounts.name')} error={tm(errors.Name?.message)} {...form.register('Name')} />
            <Controller
              control={form.control}
              name="Kind"
              render={({ field, fieldState }) => (
                <Select
                  label={t('clientMoney.accounts.kind')}
                  data={CLIENT_ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`clientMoney.accounts.kinds.${k}`) }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'bank')}
                  allowDeselect={false}
                  error={tm(fieldState.error?.message)}
                />
              )}
            />
            <TextInput label={t('clientMoney.accounts.number')} error={tm(errors.Number?.message)} {...form.register('Number')} />
          </SimpleGrid>
          {editing !== 'new' ? (
            <Switch mb="sm" label={t('clientMoney.accounts.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {t('clientMoney.accounts.save')}
            </Button>
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('clientMoney.accounts.close')}
            </Button>
          </Group>
        </form>
      )}
      <MutationOutcome mutation={save} />
    </MoneySection>
  );
}
