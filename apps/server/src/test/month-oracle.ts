/**
 * An independent account of one landlord's months (DESIGN.md §4c,
 * docs/decisions/036-closed-months.md and 035-fee-transfers.md), for the
 * model-based ledger test. It reads a plain list of what happened — each
 * collection's figures as the model split them, payouts, expenses, the
 * agency's fee transfers, closings, payments to KRA — in cents, and works out
 * with nothing but sums:
 *
 * - the month each posting is booked into: its money date's month, or the
 *   month after the newest closed one when that is later;
 * - each month's owner statement (opening = everything booked before it),
 *   and a closed month's statement as it stood when it closed, never moving;
 * - each month's MRI: the tax on the rent that concerns it (a reversal
 *   concerns the month of what it reverses) posted while it was open; what
 *   was posted after it closed is its amendment, less the amendments paid;
 * - the trust screen's landlord-side parts.
 *
 * It never calls the product's code: it knows no journal, no SQL, no split.
 */
export type MonthEvent =
  | {
      kind: 'collection';
      /** Money date, YYYY-MM-DD. */
      at: string;
      /** The month it concerns, YYYY-MM: its own, or for a reversal its original's. */
      concerns: string;
      rent: boolean;
      collected: number;
      passedOn: number;
      commission: number;
      tax: number;
    }
  | { kind: 'payout' | 'expense' | 'fees'; at: string; amount: number }
  | { kind: 'close'; month: string }
  | { kind: 'mri'; month: string; amount: number }
  | { kind: 'amendment'; month: string; amount: number };

export interface OracleStatement {
  OpeningBalance: number;
  RentCollected: number;
  ChargesCollected: number;
  PassedOn: number;
  Commission: number;
  TaxWithheld: number;
  ExpensesTotal: number;
  PayoutsTotal: number;
  FeesTransferred: number;
  ClosingBalance: number;
}

const next = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y! + 1}-01` : `${y}-${String(m! + 1).padStart(2, '0')}`;
};

const empty: OracleStatement = {
  OpeningBalance: 0,
  RentCollected: 0,
  ChargesCollected: 0,
  PassedOn: 0,
  Commission: 0,
  TaxWithheld: 0,
  ExpensesTotal: 0,
  PayoutsTotal: 0,
  FeesTransferred: 0,
  ClosingBalance: 0,
};

export function monthOracle(events: readonly MonthEvent[]) {
  let closedThrough: string | null = null;
  const booked = new Map<string, Omit<OracleStatement, 'OpeningBalance' | 'ClosingBalance'> & { landlord: number }>();
  const mri = new Map<string, { gross: number; withheld: number; lateGross: number; lateTax: number; paid: number; amended: number; amendedGross: number }>();
  const frozen = new Map<string, OracleStatement>();
  let owed = 0;
  let tax = 0;
  let taxPaid = 0;
  let commission = 0;
  let fees = 0;

  const monthOf = (at: string) => at.slice(0, 7);
  const bookOf = (at: string) => (closedThrough !== null && monthOf(at) <= closedThrough ? next(closedThrough) : monthOf(at));
  const row = (month: string) => {
    let r = booked.get(month);
    if (!r) {
      r = { RentCollected: 0, ChargesCollected: 0, PassedOn: 0, Commission: 0, TaxWithheld: 0, ExpensesTotal: 0, PayoutsTotal: 0, FeesTransferred: 0, landlord: 0 };
      booked.set(month, r);
    }
    return r;
  };
  const mriOf = (month: string) => {
    let r = mri.get(month);
    if (!r) {
      r = { gross: 0, withheld: 0, lateGross: 0, lateTax: 0, paid: 0, amended: 0, amendedGross: 0 };
      mri.set(month, r);
    }
    return r;
  };
  const statement = (month: string): OracleStatement => {
    let opening = 0;
    for (const [m, r] of booked) if (m < month) opening += r.landlord;
    const r = row(month);
    const { landlord, ...figures } = r;
    return { OpeningBalance: opening, ...figures, ClosingBalance: opening + landlord };
  };

  for (const e of events) {
    if (e.kind === 'close') {
      // Closing a month closes every month before it; each keeps the figures it had.
      if (closedThrough !== null && e.month <= closedThrough) continue;
      const first = [...booked.keys(), ...mri.keys(), e.month].sort()[0]!;
      for (let m = first; m <= e.month; m = next(m)) if (!frozen.has(m)) frozen.set(m, statement(m));
      closedThrough = e.month;
    } else if (e.kind === 'mri' || e.kind === 'amendment') {
      const r = mriOf(e.month);
      if (e.kind === 'mri') r.paid += e.amount;
      else {
        // An amendment pays what was late so far: its gross is the late rent not yet in an amendment.
        r.amended += e.amount;
        r.amendedGross = r.lateGross;
      }
      taxPaid += e.amount;
    } else if (e.kind === 'collection') {
      const r = row(bookOf(e.at));
      if (e.rent) r.RentCollected += e.collected;
      else r.ChargesCollected += e.collected;
      r.PassedOn += e.passedOn;
      r.Commission += e.commission;
      r.TaxWithheld += e.tax;
      const landlord = e.collected - e.passedOn - e.commission - e.tax;
      r.landlord += landlord;
      owed += landlord;
      tax += e.tax;
      commission += e.commission;
      const m = mriOf(e.concerns);
      const rentGross = e.rent ? e.collected - e.passedOn : 0;
      if (closedThrough !== null && e.concerns <= closedThrough) {
        m.lateGross += rentGross;
        m.lateTax += e.tax;
      } else {
        m.gross += rentGross;
        m.withheld += e.tax;
      }
    } else {
      const r = row(bookOf(e.at));
      if (e.kind === 'fees') {
        r.FeesTransferred += e.amount;
        fees += e.amount;
      } else {
        if (e.kind === 'payout') r.PayoutsTotal += e.amount;
        else r.ExpensesTotal += e.amount;
        r.landlord -= e.amount;
        owed -= e.amount;
      }
    }
  }

  return {
    closedThrough,
    /** The month's owner statement: as it was when it closed, once closed. */
    statement: (month: string): OracleStatement & { Closed: boolean } => {
      if (frozen.has(month)) return { ...frozen.get(month)!, Closed: true };
      // Closed before anything was booked in or before it: an empty month, kept so.
      if (closedThrough !== null && month <= closedThrough) return { ...empty, Closed: true };
      return { ...statement(month), Closed: false };
    },
    /** The month's MRI line: its own figures, and what its amendments still owe (below zero: overpaid). */
    mri: (month: string) => {
      const r = mri.get(month) ?? { gross: 0, withheld: 0, lateGross: 0, lateTax: 0, paid: 0, amended: 0, amendedGross: 0 };
      return { GrossRent: r.gross, Withheld: r.withheld, PaidToKra: r.paid, AmendmentGross: r.lateGross - r.amendedGross, AmendmentDue: r.lateTax - r.amended };
    },
    trust: { OwedToLandlords: owed, TaxPayable: tax - taxPaid, CommissionNotTaken: commission - fees, FeesTransferred: fees },
  };
}
