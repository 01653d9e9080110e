import type { OwnerStatement } from '@makazi/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { setWideScreen } from '../../testing/screen-width';
import { OwnerStatementLines } from './owner-statement-lines';

const april = {
  Expenses: [{ ExpenseId: 3, Date: '2026-04-04', Property_name: 'Baraka Court', House_number: 'A1', Category: 'repairs', Payee: 'Juma Plumbing and Sanitary Works Limited', Amount: 4500 }],
  Payouts: [{ PayoutId: 9, Date: '2026-04-05', Method: 'bank', Reference: 'FT2604051234567890', Amount: 28875 }],
  LateItems: [{ Date: '2026-03-31', Concerns: '2026-03', Kind: 'collection', Details: 'Rent collected', Amount: 12375 }],
  PaidOnward: [{ PaymentId: 4, Date: '2026-04-06', Property_name: 'Baraka Court', Charge_name: 'Garbage', Payee: 'Kileleshwa Waste Ltd', Amount: 300 }],
  PassedOn: 300,
  PaidOnwardTotal: 300,
  OwedOnward: 0,
} as unknown as OwnerStatement;

afterEach(() => setWideScreen(false));

/** Issue 32 point 8: at 390 px the owner statement's lower tables keep their amounts on the screen. */
describe('an owner statement’s lines below its houses', () => {
  it('on a phone, stacks each line with its amount on a labelled line of its own, in no table wider than the screen', () => {
    setWideScreen(false);
    renderWithProviders(<OwnerStatementLines statement={april} />);
    expect(screen.queryAllByRole('table')).toEqual([]);
    const money = screen.getByRole('list', { name: 'Expenses and payouts' });
    const [expense, payout] = within(money).getAllByRole('listitem');
    expect(within(expense!).getByText('Amount').nextSibling).toHaveTextContent('Ksh 4,500.00');
    expect(payout).toHaveTextContent('Ksh 28,875.00');
    const late = within(screen.getByRole('list', { name: 'Late entries for closed months' })).getByRole('listitem');
    expect(late).toHaveTextContent('March 2026');
    expect(within(late).getByText('Amount').nextSibling).toHaveTextContent('Ksh 12,375.00');
    const onward = within(screen.getByRole('list', { name: /paid onward/ })).getByRole('listitem');
    expect(within(onward).getByText('Amount').nextSibling).toHaveTextContent('Ksh 300.00');
    expect(screen.getByTestId('statement-paid-onward')).toHaveTextContent('Ksh 300.00');
  });

  it('on a wide screen, shows them as tables with the amounts right-aligned', () => {
    setWideScreen(true);
    renderWithProviders(<OwnerStatementLines statement={april} />);
    const money = screen.getByRole('table', { name: 'Expenses and payouts' });
    expect(within(money).getByRole('row', { name: /Juma Plumbing/ })).toHaveTextContent('Repairs: Juma Plumbing and Sanitary Works Limited');
    expect(within(screen.getByRole('table', { name: 'Late entries for closed months' })).getByRole('row', { name: /31/ })).toHaveTextContent('Ksh 12,375.00');
  });
});
