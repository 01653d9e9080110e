import {
  BANK_MESSAGES,
  BANK_PRESET_COLUMNS,
  BANK_PRESETS,
  GENERIC_FAILURE_MESSAGE,
  type BankAccount,
  type BankColumns,
  type BankImportResult,
  type BankPreset,
} from '@makazi/domain';
import { Alert, Button, Card, FileInput, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { NoWorkAccount } from '../../components/no-work-account';
import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { useWorkContext } from '../../lib/session';
import { bankAccountsQuery, bankDepositsQuery, bankKey, importBankStatement, saveBankAccount } from './api/bank';

const COLUMN_FIELDS = ['date', 'amount', 'reference', 'depositorReference', 'narrative'] as const;

/** Bank accounts rent is paid into: add one with its bank's layout, import its statement, see the receipts and the unmatched. */
export function BankPage() {
  const { t } = useT();
  const { managingAgentId } = useWorkContext();
  if (!managingAgentId) return <NoWorkAccount />;
  return (
    <Stack gap="md">
      <Title order={2}>{t('bankScreens.title')}</Title>
      <Text c="dimmed">{t('bankScreens.intro')}</Text>
      <BankAccounts managingAgentId={managingAgentId} />
    </Stack>
  );
}

function BankAccounts({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const accounts = useQuery(bankAccountsQuery(managingAgentId));
  const [chosen, setChosen] = useState<number | null>(null);
  if (accounts.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('mpesa.failed')}
      </Alert>
    );
  if (!accounts.data) return <Text c="dimmed">{t('mpesa.loading')}</Text>;
  const account = accounts.data.find((a) => a.BankAccountId === chosen) ?? accounts.data[0] ?? null;
  return (
    <Stack gap="md">
      <AddAccount managingAgentId={managingAgentId} onAdded={setChosen} />
      {account ? (
        <>
          <Select
            label={t('bankScreens.account')}
            data={accounts.data.map((a) => ({ value: String(a.BankAccountId), label: a.Name }))}
            value={String(account.BankAccountId)}
            onChange={(v) => v && setChosen(Number(v))}
            allowDeselect={false}
          />
          <ImportStatement key={account.BankAccountId} managingAgentId={managingAgentId} account={account} />
          <Columns key={`columns-${account.BankAccountId}-${JSON.stringify(account.Columns)}`} managingAgentId={managingAgentId} account={account} />
          <Deposits managingAgentId={managingAgentId} bankAccountId={account.BankAccountId} />
        </>
      ) : (
        <Text c="dimmed">{t('bankScreens.none')}</Text>
      )}
    </Stack>
  );
}

function usePresetOptions() {
  const { t } = useT();
  return BANK_PRESETS.map((p) => ({ value: p, label: t(`bankScreens.presets.${p}`) }));
}

function AddAccount({ managingAgentId, onAdded }: { managingAgentId: number; onAdded: (id: number) => void }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<BankPreset>('equity');
  const [error, setError] = useState<string | null>(null);
  const options = usePresetOptions();

  async function add() {
    if (name.trim() === '') return setError(tm(BANK_MESSAGES.nameRequired));
    setError(null);
    try {
      const saved = await saveBankAccount({ managingAgentId, name, preset });
      notifications.show({ color: 'teal', message: tm(BANK_MESSAGES.saved) });
      setName('');
      await client.invalidateQueries({ queryKey: bankKey(managingAgentId) });
      onAdded(saved.BankAccountId);
    } catch (e) {
      setError(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('bankScreens.add')}>
      <Title order={3} mb="sm">
        {t('bankScreens.add')}
      </Title>
      <Group align="flex-end">
        <TextInput label={t('bankScreens.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} />
        <Select
          label={t('bankScreens.bank')}
          data={options}
          value={preset}
          onChange={(v) => v && setPreset(v as BankPreset)}
          allowDeselect={false}
        />
        <Button onClick={add}>{t('bankScreens.save')}</Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
    </Card>
  );
}

function Columns({ managingAgentId, account }: { managingAgentId: number; account: BankAccount }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const [preset, setPreset] = useState<BankPreset>(account.Preset);
  const [columns, setColumns] = useState<BankColumns>(account.Columns);
  const [error, setError] = useState<string | null>(null);
  const options = usePresetOptions();

  async function save() {
    setError(null);
    try {
      await saveBankAccount({ managingAgentId, bankAccountId: account.BankAccountId, name: account.Name, preset, columns });
      notifications.show({ color: 'teal', message: tm(BANK_MESSAGES.saved) });
      await client.invalidateQueries({ queryKey: bankKey(managingAgentId) });
    } catch (e) {
      setError(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('bankScreens.columns')}>
      <Title order={3} mb="xs">
        {t('bankScreens.columns')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('bankScreens.columnsHelp')}
      </Text>
      <Stack gap="xs">
        <Select
          label={t('bankScreens.bank')}
          data={options}
          value={preset}
          onChange={(v) => {
            if (!v) return;
            setPreset(v as BankPreset);
            setColumns(BANK_PRESET_COLUMNS[v as BankPreset]);
          }}
          allowDeselect={false}
        />
        {COLUMN_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`bankScreens.column.${field}`)}
            value={columns[field]}
            maxLength={80}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setColumns((c) => ({ ...c, [field]: value }));
            }}
          />
        ))}
        <Group>
          <Button variant="light" onClick={save}>
            {t('bankScreens.saveColumns')}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

function ImportStatement({ managingAgentId, account }: { managingAgentId: number; account: BankAccount }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    if (!file) return setError(tm(BANK_MESSAGES.fileRequired));
    setError(null);
    setResult(null);
    setBusy(true);
    try {
      setResult(await importBankStatement(managingAgentId, account.BankAccountId, file));
      await Promise.all([
        client.invalidateQueries({ queryKey: bankKey(managingAgentId) }),
        client.invalidateQueries({ queryKey: queryKeys.tenancies(managingAgentId) }),
        client.invalidateQueries({ queryKey: queryKeys.ledgers(managingAgentId) }),
      ]);
    } catch (e) {
      setError(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('bankScreens.import')}>
      <Stack gap="sm">
        <FileInput
          label={t('bankScreens.file')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': t('mpesaScreens.clearFile') }}
        />
        <Group>
          <Button onClick={run} disabled={!file} loading={busy}>
            {t('bankScreens.import')}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {result && result.Imported ? (
          <Alert color="teal" variant="light" role="status">
            {t('bankScreens.result', {
              receipts: result.Receipts,
              receiptsAmount: kshOf(result.ReceiptsAmount),
              unmatched: result.Unmatched,
              unmatchedAmount: kshOf(result.UnmatchedAmount),
              already: result.AlreadyImported,
              skipped: result.Skipped,
            })}
          </Alert>
        ) : null}
        {result && !result.Imported ? (
          <Alert color="red" variant="light" role="alert" title={t('bankScreens.problemsTitle')}>
            {result.Problems.map((p) => (
              <Text key={p.line} size="sm">
                {t('bankScreens.problem', { line: p.line, reference: p.reference, reason: tm(p.reason) })}
              </Text>
            ))}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

function Deposits({ managingAgentId, bankAccountId }: { managingAgentId: number; bankAccountId: number }) {
  const { t } = useT();
  const deposits = useQuery(bankDepositsQuery(managingAgentId, bankAccountId));
  if (!deposits.data) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('bankScreens.deposits')}>
      <Title order={3} mb="sm">
        {t('bankScreens.deposits')}
      </Title>
      {deposits.data.length === 0 ? (
        <Text c="dimmed">{t('bankScreens.noDeposits')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bankScreens.columnsTable.day')}</Table.Th>
                <Table.Th>{t('bankScreens.columnsTable.reference')}</Table.Th>
                <Table.Th>{t('bankScreens.columnsTable.accountReference')}</Table.Th>
                <Table.Th ta="right">{t('bankScreens.columnsTable.amount')}</Table.Th>
                <Table.Th>{t('bankScreens.columnsTable.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deposits.data.map((d) => (
                <Table.Tr key={d.Reference}>
                  <Table.Td>{d.Day}</Table.Td>
                  <Table.Td>{d.Reference}</Table.Td>
                  <Table.Td>{d.AccountReference}</Table.Td>
                  <Table.Td ta="right">{kshOf(d.Amount)}</Table.Td>
                  <Table.Td>{d.ReceiptNo
                      ? t('bankScreens.receipt', { receiptNo: d.ReceiptNo })
                      : d.Status === 'not_rent'
                        ? t('bankScreens.notRent')
                        : t('bankScreens.unmatched')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
