/**
 * An independent account of one landlord's closed month and what comes after
 * it (docs/decisions/036-closed-months.md), for the property test: a plain
 * list of what happened, in cents, at 10% commission and 7.5% MRI withheld
 * on rent, amounts chosen so both are exact. It knows nothing of the
 * journal, only the rules: what is dated in a closed month goes into the
 * first open month after it; a reversal is dated the day it happens; MRI
 * changes after the month closed are its amendment.
 */
export type ClosedMonthEvent =
  | { kind: 'receipt'; id: string; amount: number; late: boolean }
  | { kind: 'payout'; amount: number; late: boolean }
  | { kind: 'reversal'; of: string };

const share = (amount: number) => amount - amount / 10 - (amount * 3) / 40;

export function closedMonthOracle(events: readonly ClosedMonthEvent[]) {
  const receipts = new Map<string, { amount: number; late: boolean }>();
  const month = { collected: 0, payouts: 0 };
  const firstOpen = { collected: 0, payouts: 0 };
  let reversed = 0;
  for (const e of events) {
    if (e.kind === 'receipt') {
      receipts.set(e.id, e);
      (e.late ? firstOpen : month).collected += e.amount;
    } else if (e.kind === 'payout') (e.late ? firstOpen : month).payouts += e.amount;
    else reversed += receipts.get(e.of)!.amount;
  }
  const closing = share(month.collected) - month.payouts;
  const firstOpenClosing = closing + share(firstOpen.collected) - firstOpen.payouts;
  return {
    month: { collected: month.collected, tax: (month.collected * 3) / 40, closing },
    firstOpen: { opening: closing, collected: firstOpen.collected, payouts: firstOpen.payouts, closing: firstOpenClosing },
    /** The day's own month, where the reversals are booked. */
    reversalMonth: { opening: firstOpenClosing, collected: reversed === 0 ? 0 : -reversed, closing: firstOpenClosing - share(reversed) },
    amendment: { gross: firstOpen.collected - reversed, tax: ((firstOpen.collected - reversed) * 3) / 40 },
    balance: firstOpenClosing - share(reversed),
  };
}
