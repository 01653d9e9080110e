import { EXPENSE_CATEGORIES, type OwnerStatement } from '@makazi/domain';
import { Title } from '@mantine/core';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { MoneyRows } from './money-rows';
import { PaidOnwardPart } from './paid-onward-part';

type Category = (typeof EXPENSE_CATEGORIES)[number];
const isCategory = (c: string): c is Category => (EXPENSE_CATEGORIES as readonly string[]).includes(c);

interface Line {
  key: string;
  date: string;
  details: string;
  amount: number;
  concerns?: string;
}

/**
 * An owner statement's lines below its houses: the month's expenses and
 * payouts, late entries for closed months, and pass-through money paid
 * onward. One set of tables for every screen that shows the statement, laid
 * out by MoneyRows so that on a phone every amount stays on the screen.
 */
export function OwnerStatementLines({ statement: s }: { statement: OwnerStatement }) {
  const { t, month: monthName, ledgerText } = useT();
  const columns = [
    { key: 'date', label: t('landlordMoney.statement.date'), cell: (l: Line) => l.date },
    { key: 'details', label: t('landlordMoney.statement.details'), cell: (l: Line) => l.details },
    { key: 'amount', label: t('landlordMoney.statement.amount'), cell: (l: Line) => kshOf(l.amount), amount: true },
  ];
  const moneyLines: Line[] = [
    ...s.Expenses.map((e) => ({
      key: `e-${e.ExpenseId}-${e.Amount}`,
      date: e.Date,
      details: `${isCategory(e.Category) ? t(`landlordView.expenseForm.categories.${e.Category}`) : e.Category}: ${e.Payee}`,
      amount: e.Amount,
    })),
    ...s.Payouts.map((p) => ({
      key: `p-${p.PayoutId}`,
      date: p.Date,
      details: t('landlordMoney.statement.payout', { method: p.Method, reference: p.Reference }),
      amount: p.Amount,
    })),
  ];
  const lateLines = s.LateItems.map((x, i) => ({
    key: `late-${i}`,
    date: x.Date,
    concerns: monthName(`${x.Concerns}-01`),
    details: ledgerText(x.Details),
    amount: x.Amount,
  }));
  return (
    <>
      <Title order={4} mt="md" mb="xs">
        {t('landlordMoney.statement.expensesAndPayouts')}
      </Title>
      <MoneyRows<Line> label={t('landlordMoney.statement.expensesAndPayouts')} rows={moneyLines} rowKey={(l) => l.key} columns={columns} />
      {lateLines.length > 0 ? (
        <>
          <Title order={4} mt="md" mb="xs">
            {t('landlordMoney.statement.lateTitle')}
          </Title>
          <MoneyRows<Line>
            label={t('landlordMoney.statement.lateTitle')}
            rows={lateLines}
            rowKey={(l) => l.key}
            columns={[columns[0]!, { key: 'concerns', label: t('landlordMoney.statement.concerns'), cell: (l: Line) => l.concerns }, ...columns.slice(1)]}
          />
        </>
      ) : null}
      <PaidOnwardPart statement={s} />
    </>
  );
}
