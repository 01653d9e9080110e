/**
 * A second, independent account of a tenancy's money, for the property test:
 * it knows nothing of sub-accounts, deposits billed or holding accounts, only
 * a plain list of what happened, and answers what the tenant owes (negative:
 * is owed) and what deposit money is held for them. Amounts are cents.
 *
 * Its rules, in the product's words: while a tenancy runs the tenant owes
 * every charge (rent and deposit) less every payment; deposit payments are
 * held. Once it has ended no deposit is owed, so the tenant owes the rent
 * charged less rent paid and less deposit applied to it; a refund comes out of
 * the held deposit first and beyond it gives back money paid ahead.
 *
 * Money that never came (a payment reversed, even after settlement) is owed
 * again: a deposit applied to arrears that bounced reopens those arrears
 * (`unapplied`); a deposit paid back that bounced is owed as deposit, held
 * below nothing until paid.
 *
 * Beside that, two sums the landlord side must show, whatever the kinds:
 * `collected` — money the tenant paid (or the deposit paid for them) that
 * charges used, never more than was charged nor less than nothing — and
 * `credits`, money paid beyond everything charged (below nothing when more
 * was paid back than ever came). Credit held while a charge
 * of any kind is open would make these differ from the API's.
 */
export type OracleEvent =
  | { kind: 'charge'; id: string; amount: number; deposit: boolean }
  | { kind: 'payment'; id: string; amount: number; deposit: boolean }
  | { kind: 'reversal'; of: string }
  | { kind: 'end' }
  | { kind: 'applied'; amount: number }
  | { kind: 'refund'; amount: number }
  | { kind: 'unapplied'; amount: number };

export function oracle(events: readonly OracleEvent[]): { owes: number; held: number; collected: number; credits: number } {
  const byId = new Map<string, OracleEvent>();
  let rent = 0;
  let charged = 0;
  let depositCharged = 0;
  let depositPaid = 0;
  let heldOut = 0;
  let ended = false;
  const apply = (e: OracleEvent, sign: 1 | -1) => {
    if (e.kind === 'charge') {
      if (e.deposit) depositCharged += sign * e.amount;
      else {
        rent += sign * e.amount;
        charged += sign * e.amount;
      }
    } else if (e.kind === 'payment') {
      if (e.deposit) depositPaid += sign * e.amount;
      else rent -= sign * e.amount;
    }
  };
  for (const e of events) {
    if (e.kind === 'charge' || e.kind === 'payment') {
      byId.set(e.id, e);
      apply(e, 1);
    } else if (e.kind === 'reversal') apply(byId.get(e.of)!, -1);
    else if (e.kind === 'end') ended = true;
    else if (e.kind === 'applied') {
      heldOut += e.amount;
      rent -= e.amount;
    } else if (e.kind === 'unapplied') {
      heldOut -= e.amount;
      rent += e.amount;
    } else {
      const fromDeposit = Math.min(e.amount, Math.max(depositPaid - heldOut, 0));
      heldOut += fromDeposit;
      rent += e.amount - fromDeposit;
    }
  }
  const held = depositPaid - heldOut;
  const collected = Math.min(Math.max(charged - rent, 0), charged);
  // Paid beyond what was charged; below nothing only by money paid back that never came (decision 050).
  const credits = Math.max(-rent, Math.min(charged - rent, 0));
  // Ended, the deposit is owed only as far as money paid back never came.
  return { owes: ended ? rent + Math.max(-held, 0) : rent + depositCharged - depositPaid, held, collected, credits };
}
