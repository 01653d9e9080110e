import type { Cents } from '../money/money';

/**
 * Which charges a receipt pays (docs/decisions/013-charges-and-allocation.md).
 * A tenant owes on sub-accounts: `rent`, `deposit`, `penalty` and one
 * `charge:<id>` per recurring charge. Within a sub-account payments settle
 * its charges first in, first out, so what is still open of each charge
 * follows from the sub-account's balance alone.
 */
export interface ChargeOwed {
  txnId: number;
  sub: string;
  /** The month charged ('YYYY-MM-01'): the order a receipt pays in, whatever the kind. */
  month: string;
  amount: Cents;
}

export interface OpenCharge extends ChargeOwed {
  open: Cents;
}

/** Oldest first: by the month charged, then by when it was posted. */
export function byAge(a: ChargeOwed, b: ChargeOwed): number {
  if (a.month !== b.month) return a.month < b.month ? -1 : 1;
  return a.txnId - b.txnId;
}

/**
 * What is still open of each charge: per sub-account, its balance is spread
 * over its newest charges (the older ones were paid first). A sub-account in
 * credit leaves nothing open. Reversed charges are left out by the caller:
 * the reversal and the charge cancel in the balance.
 */
export function openCharges(
  charges: readonly ChargeOwed[],
  balances: ReadonlyMap<string, Cents>,
): OpenCharge[] {
  const left = new Map(balances);
  const open: OpenCharge[] = [];
  for (const c of [...charges].sort(byAge).reverse()) {
    const remaining = Math.max(left.get(c.sub) ?? 0, 0);
    const o = Math.min(remaining, c.amount);
    left.set(c.sub, remaining - o);
    if (o > 0) open.push({ ...c, open: o });
  }
  return open.sort(byAge);
}

export interface Allocation {
  /** Each charge paid and how much of it. */
  paid: { txnId: number; sub: string; amount: Cents }[];
  /** Beyond what is owed: held for the tenant on the rent sub-account, used by later charges. */
  credit: Cents;
}

/**
 * A receipt of `amount` over the open charges: the one the clerk pointed at
 * first (when it is open), then the rest oldest first, whatever their kind.
 */
export function allocate(open: readonly OpenCharge[], amount: Cents, pointedAt?: number | null): Allocation {
  const order = [...open].sort(byAge);
  const pointed = order.findIndex((c) => c.txnId === pointedAt);
  if (pointed > 0) order.unshift(...order.splice(pointed, 1));
  let left = amount;
  const paid: Allocation['paid'] = [];
  for (const c of order) {
    if (left <= 0) break;
    const a = Math.min(left, c.open);
    paid.push({ txnId: c.txnId, sub: c.sub, amount: a });
    left -= a;
  }
  return { paid, credit: left };
}

/** A receipt's credit lines on the tenant account: one per sub-account it pays, the credit on rent. */
export function creditsBySubAccount(a: Allocation): { sub: string; amount: Cents }[] {
  const sums = new Map<string, Cents>();
  for (const p of a.paid) sums.set(p.sub, (sums.get(p.sub) ?? 0) + p.amount);
  if (a.credit > 0) sums.set('rent', (sums.get('rent') ?? 0) + a.credit);
  return [...sums].map(([sub, amount]) => ({ sub, amount }));
}

export interface CreditLevelling {
  /** Per sub-account, signed: positive the tenant owes more on it (a debit), negative less (a credit). They add up to 0. */
  moves: { sub: string; amount: Cents }[];
  /** The charges the credit paid, oldest first. */
  paid: { txnId: number; sub: string; amount: Cents }[];
}

/**
 * Credit pays every kind (docs/decisions/034-credit-pays-every-kind.md).
 * Money a tenant holds beyond a sub-account's charges (a credit on rent, a
 * waived penalty already paid) pays the open charges of every kind oldest
 * first, as a receipt would, and what is left waits on rent. The other way
 * round, a sub-account owing more than was ever charged on it (a receipt
 * whose credit paid other kinds was reversed) takes back what the newest paid
 * charges were paid. What a tenant owes in all never moves: only where.
 * Nothing moves when every sub-account lies between nothing owed and all of
 * its charges (a receipt pointed at a newer charge leaves the older one open).
 */
export function levelCredit(charges: readonly ChargeOwed[], balances: ReadonlyMap<string, Cents>): CreditLevelling {
  const charged = new Map<string, Cents>();
  for (const c of charges) charged.set(c.sub, (charged.get(c.sub) ?? 0) + c.amount);
  const subs = new Set([...balances.keys(), ...charged.keys(), 'rent']);
  subs.delete('deposit');
  const target = new Map<string, Cents>();
  let loose = 0;
  for (const sub of subs) {
    const balance = balances.get(sub) ?? 0;
    const within = Math.min(Math.max(balance, 0), charged.get(sub) ?? 0);
    target.set(sub, within);
    loose += balance - within;
  }
  const own = charges.filter((c) => c.sub !== 'deposit');
  const open = openCharges(own, target);
  let paid: CreditLevelling['paid'] = [];
  if (loose < 0) {
    const allocation = allocate(open, -loose);
    paid = allocation.paid;
    for (const p of paid) target.set(p.sub, target.get(p.sub)! - p.amount);
    target.set('rent', target.get('rent')! - allocation.credit);
  } else if (loose > 0) {
    const openOf = new Map(open.map((c) => [c.txnId, c.open]));
    let left = loose;
    for (const c of [...own].sort(byAge).reverse()) {
      if (left <= 0) break;
      const back = Math.min(left, c.amount - (openOf.get(c.txnId) ?? 0));
      if (back <= 0) continue;
      target.set(c.sub, target.get(c.sub)! + back);
      left -= back;
    }
    target.set('rent', target.get('rent')! + left);
  }
  const moves = [...target]
    .map(([sub, t]) => ({ sub, amount: t - (balances.get(sub) ?? 0) }))
    .filter((m) => m.amount !== 0)
    .sort((a, b) => (a.sub < b.sub ? -1 : a.sub > b.sub ? 1 : 0));
  return { moves, paid };
}

/**
 * A late-payment penalty on one month's unpaid rent: a percentage (basis
 * points, rounded half up to the cent) or a fixed amount; nothing when the
 * month's rent is paid. The deposit never counts: only rent is the base.
 */
export function penaltyAmount(
  unpaidRent: Cents,
  rule: { percentBp: number | null; fixedCents: Cents | null },
): Cents {
  if (unpaidRent <= 0) return 0;
  if (rule.percentBp !== null) return Math.floor((unpaidRent * rule.percentBp + 5000) / 10000);
  return rule.fixedCents ?? 0;
}

/** The first Nairobi day a month's penalty is due: the day after `afterDay`. */
export function penaltyDue(month: string, afterDay: number, today: string): boolean {
  const due = `${month.slice(0, 8)}${String(afterDay + 1).padStart(2, '0')}`;
  return today >= due;
}
