import { GENERIC_FAILURE_MESSAGE, EXPENSE_CATEGORIES } from '@makazi/domain';
import { Alert, Button, FileInput, Select, SimpleGrid, Table, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { agencyPropertiesQuery, attachExpenseReceipt, expensesQuery, landlordMoneyKey, recordExpense, reverseExpense } from './api/landlord-money';
import { MoneySection } from './money-section';
import { MutationOutcome } from './mutation-outcome';
import { ReverseWithReason, type Reversing } from './reverse-with-reason';

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const EMPTY = { PropId: null as string | null, ExpenseDate: nairobiDay(), Category: 'repairs' as string | null, Payee: '', Amount: '', Reference: '', Note: '' };

/** Record an expense on a property (paid now, or waiting for the landlord's approval), list them, reverse one with a reason. */
export function ExpensesView({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const properties = useQuery(agencyPropertiesQuery(managingAgentId));
  const expenses = useQuery(expensesQuery(managingAgentId));
  const [form, setForm] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [reversing, setReversing] = useState<Reversing>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: landlordMoneyKey(managingAgentId) });
  const record = useMutation({
    mutationFn: async () => {
      const done = await recordExpense({
        managingAgentId,
        PropId: Number(form.PropId),
        ExpenseDate: form.ExpenseDate,
        Category: form.Category as (typeof EXPENSE_CATEGORIES)[number],
        Payee: form.Payee,
        Amount: form.Amount,
        Reference: form.Reference,
        Note: form.Note,
      });
      if (file) await attachExpenseReceipt(managingAgentId, done.ExpenseId, file);
      return done;
    },
    onSuccess: async () => {
      setForm({ ...EMPTY, PropId: form.PropId });
      setFile(null);
      await refresh();
    },
  });
  const reverse = useMutation({
    mutationFn: (r: { id: number; reason: string }) => reverseExpense({ managingAgentId, ExpenseId: r.id, reason: r.reason }),
    onSuccess: async () => {
      setReversing(null);
      await refresh();
    },
  });
  const set = (field: keyof typeof EMPTY) => (value: string | null) => setForm((f) => ({ ...f, [field]: value }));

  return (
    <MoneySection title={t('landlordView.expenseForm.title')} intro={t('landlordView.expenseForm.intro')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          record.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          <Select
            label={t('landlordView.expenseForm.property')}
            data={(properties.data ?? []).map((p) => ({ value: String(p.PropId), label: p.Property_name }))}
            value={form.PropId}
            onChange={set('PropId')}
          />
          <TextInput type="date" label={t('landlordView.expenseForm.date')} value={form.ExpenseDate} onChange={(e) => set('ExpenseDate')(e.currentTarget.value)} />
          <Select
            label={t('landlordView.expenseForm.category')}
            data={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`landlordView.expenseForm.categories.${c}`) }))}
            value={form.Category}
            onChange={set('Category')}
            allowDeselect={false}
          />
          <TextInput label={t('landlordView.expenseForm.payee')} value={form.Payee} onChange={(e) => set('Payee')(e.currentTarget.value)} />
          <TextInput label={t('landlordView.expenseForm.amount')} inputMode="decimal" value={form.Amount} onChange={(e) => set('Amount')(e.currentTarget.value)} />
          <TextInput label={t('landlordView.expenseForm.reference')} value={form.Reference} onChange={(e) => set('Reference')(e.currentTarget.value)} />
          <TextInput label={t('landlordView.expenseForm.note')} value={form.Note} onChange={(e) => set('Note')(e.currentTarget.value)} />
          <FileInput label={t('landlordView.expenseForm.receipt')} accept="image/jpeg,image/png,image/webp,application/pdf" value={file} onChange={setFile} clearable />
        </SimpleGrid>
        <Button type="submit" disabled={!form.PropId || !form.Payee || !form.Amount} loading={record.isPending}>
          {t('landlordView.expenseForm.save')}
        </Button>
      </form>
      <MutationOutcome mutation={record} />
      {expenses.data && expenses.data.length > 0 ? (
        <Table.ScrollContainer minWidth={640} mt="md" scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('landlordView.expenses')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordView.date')}</Table.Th>
                <Table.Th>{t('landlordView.property')}</Table.Th>
                <Table.Th>{t('landlordView.payee')}</Table.Th>
                <Table.Th>{t('landlordView.status')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.amount')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {expenses.data.map((e) => (
                <Table.Tr key={e.ExpenseId}>
                  <Table.Td>{e.ExpenseDate}</Table.Td>
                  <Table.Td>
                    {e.Property_name}
                    {e.House_number ? ` ${e.House_number}` : ''}
                  </Table.Td>
                  <Table.Td>{e.Payee}</Table.Td>
                  <Table.Td>{t(`landlordView.statuses.${e.Status as 'posted'}`, { defaultValue: e.Status })}</Table.Td>
                  <Table.Td ta="right">{kshOf(e.Amount)}</Table.Td>
                  <Table.Td>
                    <ReverseWithReason
                      id={e.ExpenseId}
                      canReverse={e.Status === 'posted'}
                      reversing={reversing}
                      onReversing={setReversing}
                      pending={reverse.isPending}
                      onSubmit={(r) => reverse.mutate(r)}
                      labels={{
                        reverse: t('landlordView.expenseForm.reverse'),
                        reason: t('landlordView.expenseForm.reason'),
                        submit: t('landlordView.expenseForm.reverse'),
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {reverse.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {tm(apiErrorMessage(reverse.error, GENERIC_FAILURE_MESSAGE))}
        </Alert>
      ) : null}
    </MoneySection>
  );
}
