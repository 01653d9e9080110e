import {
  DEPOSIT_ADJUSTMENT_DETAILS,
  DEPOSIT_SHORTFALL_DETAILS,
  depositRefundDetails,
  depositSettlement,
  depositTrueUp,
  formatKsh,
  monthLabel,
  monthLapse,
  monthsFrom,
  chargeCollected,
  commissionKindOf,
  splitCollection,
  type CollectionTerms,
  type CommissionKind,
} from '@makazi/domain';
import type { OracleEvent } from './ledger-oracle';
import { monthOracle, type MonthEvent } from './month-oracle';

/**
 * A small pure model of what the ledger must hold: per tenancy its
 * sub-accounts (rent, deposit, each recurring charge, penalties), the deposit
 * held and the statement lines, per agency the runs made. The property test
 * applies each command to it and to the API, then compares. Amounts are
 * cents. Which charges a receipt pays is worked out here on its own — not
 * with the domain's allocation — so a bug there shows as a difference.
 */
export type ModelKind = 'deposit_charge' | 'rent_charge' | 'receipt' | 'reversal' | 'deposit_applied' | 'deposit_adjustment' | 'recurring_charge' | 'penalty' | 'credit_refund' | 'deposit_refund' | 'credit_applied';

export interface ModelLine {
  kind: ModelKind;
  details: string;
  debit: number;
  credit: number;
  /** Filled from the API's statement once compared: lets a later command reverse this line. */
  txnId?: number;
  receiptNo?: string | null;
  /** What the line moves on each sub-account (debit positive); reversing it moves the opposite. */
  effects: [string, number][];
  held: number;
  /** For charges: the month charged. */
  month?: string;
  /** The money date (the month and day on the server's clock): the statement lists lines by it, then in posting order. */
  at?: string;
  reversed?: boolean;
  /** The landlord entry this transaction made (per sub-account: passed on, share, commission and tax), which its reversal takes back. */
  landlord?: LandlordShare[];
  /** For charges and receipts: its event in the oracle's list. */
  eventId?: string;
  /** For an M-Pesa receipt: the payment it posted, which its reversal puts back in the queue. */
  mpesa?: ModelPayment;
}

/** An M-Pesa payment into the agency's paybill: posted to a tenancy, or waiting in the queue for a clerk. */
export interface ModelPayment {
  transId: string;
  amount: number;
  queued: boolean;
  /** When the money came: a receipt posted later, after a reversal, still carries this date. */
  at: string;
  /** Its entry in the queue, once the API showed it there. */
  paymentId?: number;
}

export interface ModelTenancy {
  id: number;
  house: number;
  /** The rent it started at; `reviews` hold each later rent by the month it is first charged for. */
  rent: number;
  reviews: Map<string, number>;
  deposit: number;
  firstMonth: string;
  ended: boolean;
  /** Its deposit was applied or refunded: its entries can no longer be reversed. */
  settled?: boolean;
  subs: Map<string, number>;
  held: number;
  charged: Set<string>;
  chargedRecurring: Set<string>;
  penalised: Set<string>;
  lines: ModelLine[];
  /** What happened, as plainly as the independent oracle (ledger-oracle.ts) reads it. */
  events: OracleEvent[];
  /** Per sub-account but the deposit: charged, net of reversed charges, and what the landlord journal counts as collected. */
  chargedBy: Map<string, number>;
  recognized: Map<string, number>;
  /** What its deposit paid towards arrears at settlement, less what a bounced deposit reopened since. */
  depositApplied?: number;
}

/** One sub-account's part of a landlord entry: `passedOn` is owed onward, the rest split. */
export type LandlordShare = ReturnType<typeof splitCollection> & { sub: string; passedOn: number };

/** A management agreement of the property, from a money date on (until the next). */
export interface ModelAgreement {
  from: string;
  terms: CollectionTerms;
  /** The charge kinds it takes commission on. */
  kinds: readonly CommissionKind[];
}

/** One sub-account's part of a landlord entry, with the entry's money date: the months' tax and the re-splits read these. */
export interface LandlordEntry {
  at: string;
  sub: string;
  gross: number;
  passedOn: number;
  commission: number;
  tax: number;
}

/** MRI in force over the test's months (the dated rate of migration 0025): a re-split brings the month to it. */
export const MRI_BP = 750;

/** The one landlord's account in the agency's books (DESIGN.md §4b), in cents. */
export interface ModelLandlord {
  posted: boolean;
  collected: number;
  commission: number;
  tax: number;
  /** Collected on a pass-through charge: owed onward, not the landlord's. */
  passedOn: number;
  balance: number;
  expenses: number;
  payouts: number;
  /** Expenses paid, in order, and whether each was reversed since. */
  paidExpenses: { id: number; amount: number; reversed: boolean }[];
  /** Of `passedOn`, paid to the third party it is owed to (net of reversed payments). */
  paidOnward: number;
  /** Payments onward, in order, each with its form key and whether it was reversed since. */
  onwardPayments: { id: number; key: string; amount: number; reversed: boolean }[];
  /** Of `commission`, moved to the agency's office account (net of reversed transfers; decision 035). */
  feesTransferred: number;
  feeTransfers: { id: number; amount: number; reversed: boolean }[];
}

export interface Receipt {
  key: string;
  tenancyId: number;
  amount: number;
  ledger: 'Rent' | 'Deposit';
  txnId: number;
  receiptNo: string;
}

/** The property's recurring charge and penalty rule, when the test set them up. */
export interface ModelCharges {
  service: { sub: string; name: string; amount: number; fromMonth: string; passThrough: boolean };
  penalty: { afterDay: number; percent: number; fromMonth: string };
}

const PAYABLE: readonly ModelKind[] = ['rent_charge', 'recurring_charge', 'penalty'];

export class LedgerModel {
  tenancies: ModelTenancy[] = [];
  runs = new Set<string>();
  penaltyDays = new Set<string>();
  receipts = new Map<string, Receipt>();
  receiptCount = 0;
  landlord: ModelLandlord = {
    posted: false,
    collected: 0,
    commission: 0,
    tax: 0,
    passedOn: 0,
    balance: 0,
    expenses: 0,
    payouts: 0,
    paidExpenses: [],
    paidOnward: 0,
    onwardPayments: [],
    feesTransferred: 0,
    feeTransfers: [],
  };
  /** The property's agreements by their first day, oldest first: money splits at the one in force on its day (decision 040). */
  agreements: ModelAgreement[];
  /** Every landlord entry's parts, in posting order, each with its money date. */
  entries: LandlordEntry[] = [];
  /** What happened on the landlord's side, as plainly as the independent month oracle (month-oracle.ts) reads it. */
  monthEvents: MonthEvent[] = [];
  /** The newest closed month of the landlord (YYYY-MM), or null (decision 036). */
  closedThrough: string | null = null;
  /** Months with a payment to KRA (the month's own or an amendment), and the days with a payout: an agreement re-splitting them is refused (decision 041). */
  kraMonths = new Set<string>();
  payoutDays = new Set<string>();
  /** Tax paid to KRA, the month's own and amendments. */
  taxPaid = 0;
  /** The first month of the walk: the months compared run from it. */
  readonly startMonth: string;
  /** Day of the month (Nairobi) on the server's clock. */
  day = 10;
  constructor(
    public month: string,
    public charges?: ModelCharges,
    /** The agreement set up before the commands: it covers every day they reach until the next. */
    terms: CollectionTerms = { commissionBp: 0, taxBp: 0 },
  ) {
    this.agreements = [{ from: '', terms, kinds: ['rent'] }];
    this.startMonth = month;
  }

  /** The server's day as a calendar date (YYYY-MM-DD). */
  date(at = this.today()) {
    return `${at.slice(0, 7)}-${at.split(':')[1]}`;
  }

  /** The month oracle over everything so far. */
  months() {
    return monthOracle(this.monthEvents);
  }

  /** Closes `month` (and every month before it) unless it is already closed: what the product does on each way of closing. */
  private close(month: string) {
    this.monthEvents.push({ kind: 'close', month: month.slice(0, 7) });
    if (this.closedThrough === null || month > this.closedThrough) this.closedThrough = month;
  }

  /** Closing a month (YYYY-MM-01) by hand: only one that has ended, 'conflict' once closed. */
  closeByHand(month: string): 'closed' | 'conflict' | 'invalid' {
    if (month >= this.month) return 'invalid';
    if (this.closedThrough !== null && month <= this.closedThrough) return 'conflict';
    this.close(month);
    return 'closed';
  }

  /** The current month's MRI paid to KRA: once, only when the month withheld something; the month closes with it. */
  payMri(): { outcome: 'paid'; amount: number } | { outcome: 'conflict' | 'invalid' } {
    if (this.kraPaidOwn.has(this.month)) return { outcome: 'conflict' };
    const amount = this.months().mri(this.month.slice(0, 7)).Withheld;
    if (amount <= 0) return { outcome: 'invalid' };
    this.kraPaidOwn.add(this.month);
    this.kraMonths.add(this.month);
    this.taxPaid += amount;
    this.monthEvents.push({ kind: 'mri', month: this.month.slice(0, 7), amount });
    this.close(this.month);
    return { outcome: 'paid', amount };
  }
  private kraPaidOwn = new Set<string>();

  /** A closed month's amendment paid: refused unless the month is closed and its amendment owes something. */
  payAmendment(month: string): { outcome: 'paid'; amount: number } | { outcome: 'invalid' } {
    if (this.closedThrough === null || month > this.closedThrough) return { outcome: 'invalid' };
    const amount = this.months().mri(month.slice(0, 7)).AmendmentDue;
    if (amount <= 0) return { outcome: 'invalid' };
    this.kraMonths.add(month);
    this.taxPaid += amount;
    this.monthEvents.push({ kind: 'amendment', month: month.slice(0, 7), amount });
    return { outcome: 'paid', amount };
  }

  /** A remittance run that remits the current month's statement: the whole balance paid out, the month closed. */
  remit(): number {
    const amount = this.landlord.balance;
    this.payOut('payout', amount);
    this.close(this.month);
    return amount;
  }

  /** The agreement in force on money date `at`. */
  agreementOn(at: string): ModelAgreement {
    return this.agreements.filter((a) => a.from <= at).at(-1)!;
  }

  houseFree(house: number) {
    return !this.tenancies.some((t) => t.house === house && !t.ended);
  }

  book(id: number, house: number, rent: number, deposit: number) {
    const t: ModelTenancy = {
      id,
      house,
      rent,
      reviews: new Map(),
      deposit,
      firstMonth: this.month,
      ended: false,
      subs: new Map(),
      held: 0,
      charged: new Set(),
      chargedRecurring: new Set(),
      penalised: new Set(),
      lines: [],
      events: [],
      chargedBy: new Map(),
      recognized: new Map(),
    };
    this.tenancies.push(t);
    if (deposit > 0) this.post(t, { kind: 'deposit_charge', details: 'Deposit', debit: deposit, credit: 0, effects: [['deposit', deposit]], held: 0 });
    this.chargeRent(t, this.month);
  }

  /** The rent charged for `month`: the latest review by then, else the starting rent. */
  rentFor(t: ModelTenancy, month: string) {
    const by = [...t.reviews.keys()].filter((m) => m <= month).sort().at(-1);
    return by === undefined ? t.rent : t.reviews.get(by)!;
  }

  private chargeRent(t: ModelTenancy, month: string) {
    const rent = this.rentFor(t, month);
    t.charged.add(month);
    this.post(t, { kind: 'rent_charge', details: `Rent for ${monthLabel(month)}`, debit: rent, credit: 0, effects: [['rent', rent]], held: 0, month });
    return rent;
  }

  private post(t: ModelTenancy, line: ModelLine) {
    for (const [sub, net] of line.effects) t.subs.set(sub, (t.subs.get(sub) ?? 0) + net);
    if (PAYABLE.includes(line.kind)) {
      const [sub, net] = line.effects[0]!;
      t.chargedBy.set(sub, (t.chargedBy.get(sub) ?? 0) + net);
    }
    t.held += line.held;
    if (line.kind === 'receipt' || (PAYABLE.includes(line.kind) || line.kind === 'deposit_charge')) {
      line.eventId = `${t.id}-${t.lines.length}`;
      t.events.push(
        line.kind === 'receipt'
          ? { kind: 'payment', id: line.eventId, amount: line.credit, deposit: line.held > 0 }
          : { kind: 'charge', id: line.eventId, amount: line.debit, deposit: line.kind === 'deposit_charge' },
      );
    }
    line.at ??= this.today();
    // A line dated earlier than the last ones (a payment posted again after its reversal) takes its place by date.
    let at = t.lines.length;
    while (at > 0 && t.lines[at - 1]!.at! > line.at) at -= 1;
    t.lines.splice(at, 0, line);
  }

  /** The server's day as a sortable money date. */
  today() {
    return `${this.month}:${String(this.day).padStart(2, '0')}`;
  }

  /** An ended tenancy owes no deposit: the deposit owed is set to what is held. */
  private trueUp(t: ModelTenancy) {
    const { release, absorb, toRent } = depositTrueUp(this.money(t));
    const adjustment = { kind: 'deposit_adjustment', details: DEPOSIT_ADJUSTMENT_DETAILS, held: 0 } as const;
    if (release > 0) this.post(t, { ...adjustment, debit: 0, credit: release, effects: [['deposit', -release]] });
    if (absorb > 0) this.post(t, { ...adjustment, debit: absorb, credit: 0, effects: [['deposit', absorb]] });
    if (toRent > 0) {
      this.post(t, { ...adjustment, debit: toRent, credit: 0, effects: [['deposit', toRent]] });
      this.post(t, { ...adjustment, debit: 0, credit: toRent, effects: [['rent', -toRent]] });
    }
  }

  /** Each standing charge's unpaid part: a sub-account's balance covers its newest charges, the older were paid first. */
  openCharges(t: ModelTenancy, subs: ReadonlyMap<string, number> = t.subs): { line: ModelLine; open: number; order: number }[] {
    const left = new Map(subs);
    const open: { line: ModelLine; open: number; order: number }[] = [];
    const charges = t.lines.map((line, order) => ({ line, order })).filter(({ line }) => PAYABLE.includes(line.kind) && !line.reversed);
    for (let i = charges.length - 1; i >= 0; i--) {
      const { line, order } = charges[i]!;
      const sub = line.effects[0]![0];
      const remaining = Math.max(left.get(sub) ?? 0, 0);
      const o = Math.min(remaining, line.debit);
      left.set(sub, remaining - o);
      if (o > 0) open.push({ line, open: o, order });
    }
    // Oldest first by the month charged, then by when it was posted.
    return open.sort((a, b) => (a.line.month! < b.line.month! ? -1 : a.line.month! > b.line.month! ? 1 : a.order - b.order));
  }

  /** A receipt: 'posted' for a new one, 'repeat' for a retry of the same key, 'conflict' for a key reused with other details. */
  receive(key: string, t: ModelTenancy, amount: number, ledger: 'Rent' | 'Deposit', pointed?: ModelLine): 'posted' | 'repeat' | 'conflict' | 'invalid' {
    const earlier = this.receipts.get(key);
    if (earlier) return earlier.tenancyId === t.id && earlier.amount === amount ? 'repeat' : 'conflict';
    if (ledger === 'Deposit' && t.ended) return 'invalid';
    const effects: [string, number][] = ledger === 'Deposit' ? [['deposit', -amount]] : this.paying(t, amount, pointed);
    this.postReceipt(t, { kind: 'receipt', details: 'Cash at office', debit: 0, credit: amount, effects, held: ledger === 'Deposit' ? amount : 0 });
    return 'posted';
  }

  /** What money towards rent pays on each sub-account: the charge pointed at, then the oldest open charges, the rest ahead. */
  private paying(t: ModelTenancy, amount: number, pointed?: ModelLine): [string, number][] {
    const effects: [string, number][] = [];
    const open = this.openCharges(t);
    const first = open.findIndex((o) => o.line === pointed);
    if (first > 0) open.unshift(...open.splice(first, 1));
    let left = amount;
    for (const o of open) {
      const a = Math.min(left, o.open);
      if (a > 0) effects.push([o.line.effects[0]![0], -a]);
      left -= a;
    }
    if (left > 0) effects.push(['rent', -left]);
    return effects;
  }

  private postReceipt(t: ModelTenancy, line: ModelLine) {
    this.post(t, line);
    this.receiptCount += 1;
    this.collect(t, line);
  }

  /** M-Pesa payments into the paybill, by TransID. */
  payments = new Map<string, ModelPayment>();

  /**
   * A paybill payment naming tenancy `t` by its id: posted to it while it runs
   * or owes money once ended (decision 007's first match), otherwise queued.
   */
  mpesaPay(t: ModelTenancy, transId: string, amount: number): 'posted' | 'queued' {
    const payment: ModelPayment = { transId, amount, queued: true, at: this.today() };
    this.payments.set(transId, payment);
    if (t.ended && this.money(t).balance <= 0) return 'queued';
    this.postMpesa(t, payment);
    return 'posted';
  }

  /** A queued payment assigned to a tenancy by a clerk: a payment back from a reversal is posted again. */
  assign(payment: ModelPayment, t: ModelTenancy) {
    this.postMpesa(t, payment);
  }

  private postMpesa(t: ModelTenancy, payment: ModelPayment) {
    payment.queued = false;
    const effects = this.paying(t, payment.amount);
    this.postReceipt(t, { kind: 'receipt', details: `M-Pesa ${payment.transId}`, debit: 0, credit: payment.amount, effects, held: 0, mpesa: payment, at: payment.at });
  }

  /** The paybill's money against what the journal holds for it (the reconciliation's totals). */
  mpesaTotals() {
    const all = [...this.payments.values()];
    const received = all.reduce((sum, p) => sum + p.amount, 0);
    const posted = all.filter((p) => !p.queued).reduce((sum, p) => sum + p.amount, 0);
    return { received, posted, queued: all.filter((p) => p.queued).length };
  }

  /** The monthly run: 'conflict' when the month's run exists; otherwise every due month of every active tenancy. */
  run(): 'conflict' | { charged: number; amount: number } {
    if (this.runs.has(this.month)) return 'conflict';
    this.runs.add(this.month);
    let amount = 0;
    const charged = new Set<number>();
    const active = this.tenancies.filter((x) => !x.ended);
    // The API posts the rent first, then the recurring charges: each statement shows them in that order.
    for (const t of active) {
      for (const m of monthsFrom(t.firstMonth, this.month)) {
        if (t.charged.has(m)) continue;
        amount += this.chargeRent(t, m);
        charged.add(t.id);
      }
      this.collect(t);
    }
    for (const t of active) {
      const posted = this.chargeRecurring(t);
      amount += posted;
      if (posted > 0) charged.add(t.id);
    }
    for (const t of active) {
      this.level(t);
      this.collect(t);
    }
    return { charged: charged.size, amount };
  }

  /** The service charge of every month due from its first month; answers the amount posted. */
  private chargeRecurring(t: ModelTenancy): number {
    const service = this.charges?.service;
    if (!service) return 0;
    let amount = 0;
    const from = t.firstMonth > service.fromMonth ? t.firstMonth : service.fromMonth;
    for (const m of monthsFrom(from, this.month)) {
      if (t.chargedRecurring.has(m)) continue;
      t.chargedRecurring.add(m);
      const details = `${service.name} for ${monthLabel(m)}`;
      this.post(t, { kind: 'recurring_charge', details, debit: service.amount, credit: 0, effects: [[service.sub, service.amount]], held: 0, month: m });
      amount += service.amount;
    }
    return amount;
  }

  /** The day's penalty run: 'conflict' on a second run the same day; otherwise every unpaid month past its day. */
  penalties(): 'conflict' | { charged: number; amount: number } {
    const today = `${this.month}:${this.day}`;
    if (this.penaltyDays.has(today)) return 'conflict';
    this.penaltyDays.add(today);
    const rule = this.charges?.penalty;
    let amount = 0;
    const charged = new Set<number>();
    if (!rule) return { charged: 0, amount: 0 };
    for (const t of this.tenancies.filter((x) => !x.ended)) {
      const unpaid = new Map(this.openCharges(t).filter((o) => o.line.kind === 'rent_charge').map((o) => [o.line.month!, o.open]));
      const months = t.lines.filter((l) => l.kind === 'rent_charge' && !l.reversed).map((l) => l.month!);
      for (const m of [...months].sort()) {
        if (m < rule.fromMonth || t.penalised.has(m)) continue;
        if (m === this.month && this.day <= rule.afterDay) continue;
        const penalty = Math.round(((unpaid.get(m) ?? 0) * rule.percent) / 100);
        if (penalty <= 0) continue;
        t.penalised.add(m);
        this.post(t, { kind: 'penalty', details: `Late-payment penalty for ${monthLabel(m)}`, debit: penalty, credit: 0, effects: [['penalty', penalty]], held: 0, month: m });
        amount += penalty;
        charged.add(t.id);
      }
    }
    return { charged: charged.size, amount };
  }

  terminate(t: ModelTenancy, applyDeposit: boolean, refundShare: number): 'conflict' | { applied: number; refunded: number } {
    if (t.ended) return 'conflict';
    t.ended = true;
    // Ending charges every month due first: the rent, then the recurring charges.
    for (const m of monthsFrom(t.firstMonth, this.month)) if (!t.charged.has(m)) this.chargeRent(t, m);
    this.chargeRecurring(t);
    this.level(t);
    this.collect(t);
    t.events.push({ kind: 'end' });
    this.trueUp(t);
    let applied = 0;
    if (applyDeposit) {
      applied = depositSettlement(this.money(t)).apply;
      if (applied > 0) {
        this.post(t, { kind: 'deposit_applied', details: 'Deposit applied to arrears', debit: 0, credit: applied, effects: [['rent', -applied]], held: -applied });
        t.events.push({ kind: 'applied', amount: applied });
        t.depositApplied = (t.depositApplied ?? 0) + applied;
      }
    }
    this.level(t);
    // A share of all that can be paid back: the held deposit, then money paid ahead.
    const held = Math.max(t.held, 0);
    const refunded = Math.floor(((held + Math.max(-this.money(t).balance, 0)) * refundShare) / 100);
    const fromDeposit = Math.min(refunded, held);
    t.held -= fromDeposit;
    if (fromDeposit > 0)
      this.post(t, { kind: 'deposit_refund', details: depositRefundDetails('Deposit refund: Cash', formatKsh(fromDeposit)), debit: 0, credit: 0, effects: [], held: 0 });
    const fromCredit = refunded - fromDeposit;
    if (fromCredit > 0) this.post(t, { kind: 'credit_refund', details: 'Credit refund: Cash', debit: fromCredit, credit: 0, effects: [['rent', fromCredit]], held: 0 });
    if (refunded > 0) t.events.push({ kind: 'refund', amount: refunded });
    this.collect(t);
    t.settled = applied > 0 || refunded > 0;
    return { applied, refunded };
  }

  /** Reversing a line: 'conflict' once reversed or when its held deposit is gone; otherwise the mirror entry. */
  reverse(t: ModelTenancy, line: ModelLine, name: string, reason: string, details = `Reversal of ${name}: ${reason}`): 'conflict' | 'invalid' | 'posted' {
    if (!['receipt', 'rent_charge', 'deposit_charge', 'recurring_charge', 'penalty'].includes(line.kind)) return 'invalid';
    if (line.reversed) return 'conflict';
    // Money that never came is taken back after settlement too (decision 034); a settled tenancy's charges stay.
    if (t.settled && line.kind !== 'receipt') return 'conflict';
    if (t.ended && line.kind === 'deposit_charge') return 'conflict';
    if (!t.settled && line.held > 0 && t.held < line.held) return 'conflict';
    line.reversed = true;
    const effects = line.effects.map(([sub, net]): [string, number] => [sub, -net]);
    this.post(t, { kind: 'reversal', details, debit: line.credit, credit: line.debit, effects, held: -line.held });
    t.events.push({ kind: 'reversal', of: line.eventId! });
    if (PAYABLE.includes(line.kind)) {
      const [sub, net] = line.effects[0]!;
      t.chargedBy.set(sub, (t.chargedBy.get(sub) ?? 0) - net);
    }
    for (const back of line.landlord ?? []) {
      // A reversal concerns the month of what it takes back (decision 036).
      this.bookLandlord(t, { sub: back.sub, gross: -back.gross, passedOn: -back.passedOn, commission: -back.commission, tax: -back.tax, landlord: -back.landlord }, this.today(), line.at!.slice(0, 7));
    }
    if (t.ended) {
      // A deposit applied to arrears that never came: the arrears are owed again, held goes back up by as much.
      const reopen = Math.min(Math.max(-t.held, 0), t.depositApplied ?? 0);
      if (reopen > 0) {
        this.post(t, { kind: 'deposit_adjustment', details: DEPOSIT_SHORTFALL_DETAILS, debit: reopen, credit: 0, effects: [['rent', reopen]], held: reopen });
        t.depositApplied = (t.depositApplied ?? 0) - reopen;
        t.events.push({ kind: 'unapplied', amount: reopen });
      }
      this.trueUp(t);
    }
    this.level(t);
    this.collect(t);
    // The money came all the same: the payment waits in the queue to be posted again (decision 007).
    if (line.mpesa) line.mpesa.queued = true;
    return 'posted';
  }

  /**
   * Credit pays every kind, worked out here on its own: money held beyond a
   * sub-account's charges pays the open charges of every kind oldest first
   * (the rest waits on rent); a sub-account owing more than was charged on it
   * takes back what the newest paid charges were paid. One entry, shown as
   * its debit and its credit line.
   */
  private level(t: ModelTenancy) {
    const subs = new Set([...t.subs.keys(), ...t.chargedBy.keys(), 'rent']);
    subs.delete('deposit');
    const target = new Map<string, number>();
    let loose = 0;
    for (const sub of subs) {
      const balance = t.subs.get(sub) ?? 0;
      const within = Math.min(Math.max(balance, 0), Math.max(t.chargedBy.get(sub) ?? 0, 0));
      target.set(sub, within);
      loose += balance - within;
    }
    const open = this.openCharges(t, target);
    if (loose < 0) {
      let left = -loose;
      for (const o of open) {
        const a = Math.min(left, o.open);
        if (a <= 0) break;
        const sub = o.line.effects[0]![0];
        target.set(sub, target.get(sub)! - a);
        left -= a;
      }
      target.set('rent', target.get('rent')! - left);
    } else if (loose > 0) {
      const openOf = new Map(open.map((o) => [o.line, o.open]));
      const standing = t.lines
        .map((line, order) => ({ line, order }))
        .filter(({ line }) => PAYABLE.includes(line.kind) && !line.reversed)
        .sort((a, b) => (a.line.month! < b.line.month! ? 1 : a.line.month! > b.line.month! ? -1 : b.order - a.order));
      let left = loose;
      for (const { line } of standing) {
        const back = Math.min(left, line.debit - (openOf.get(line) ?? 0));
        if (back <= 0) continue;
        const sub = line.effects[0]![0];
        target.set(sub, target.get(sub)! + back);
        left -= back;
      }
      target.set('rent', target.get('rent')! + left);
    }
    const moves = [...target]
      .map(([sub, v]): [string, number] => [sub, v - (t.subs.get(sub) ?? 0)])
      .filter(([, m]) => m !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (moves.length === 0) return;
    const entry = { kind: 'credit_applied', details: 'Credit applied to charges', held: 0 } as const;
    const debit = moves.filter(([, m]) => m > 0);
    const credit = moves.filter(([, m]) => m < 0);
    const debitLine = { ...entry, debit: debit.reduce((s, [, m]) => s + m, 0), credit: 0, effects: debit };
    const creditLine = { ...entry, debit: 0, credit: -credit.reduce((s, [, m]) => s + m, 0), effects: credit };
    for (const line of moves[0]![1] > 0 ? [debitLine, creditLine] : [creditLine, debitLine]) this.post(t, line);
  }

  /**
   * The landlord side after a posting: on each sub-account, what counts as
   * collected follows what the tenant paid against what was charged; a
   * pass-through charge's money is owed onward, the rest split at the terms
   * in force, commission only on the kinds they name, MRI on rent alone.
   * `by`: the receipt that made the entry (its reversal takes it back).
   */
  private collect(t: ModelTenancy, by?: ModelLine) {
    // A receipt's entry is dated by the money's day (an M-Pesa payment posted again keeps its own); the rest by today.
    const at = by?.at ?? this.today();
    const agreement = this.agreementOn(at);
    const shares: LandlordShare[] = [];
    for (const sub of new Set([...t.chargedBy.keys(), ...t.recognized.keys()])) {
      const gross = chargeCollected(sub, t.chargedBy.get(sub) ?? 0, t.subs.get(sub) ?? 0) - (t.recognized.get(sub) ?? 0);
      if (gross === 0) continue;
      const passes = sub === this.charges?.service.sub && this.charges.service.passThrough;
      const kind = commissionKindOf(sub);
      const terms = {
        commissionBp: kind && agreement.kinds.includes(kind) && !passes ? agreement.terms.commissionBp : 0,
        taxBp: sub === 'rent' ? agreement.terms.taxBp : 0,
      };
      const split = passes ? 0 : gross;
      // Tax rounded on the landlord's month (decision 040): the tax on the month's gross so far, this included, less what it withheld.
      const month = this.monthTax(at);
      const tax = terms.taxBp === 0 ? 0 : rateOf(month.gross + split, terms.taxBp) - month.withheld;
      const share = { sub, ...splitCollection(split, terms, tax), gross, passedOn: passes ? gross : 0 };
      this.bookLandlord(t, share, at);
      shares.push(share);
    }
    if (by && shares.length) by.landlord = shares;
  }

  private bookLandlord(t: ModelTenancy, s: LandlordShare, at = this.today(), concerns = at.slice(0, 7)) {
    t.recognized.set(s.sub, (t.recognized.get(s.sub) ?? 0) + s.gross);
    this.entries.push({ at, sub: s.sub, gross: s.gross, passedOn: s.passedOn, commission: s.commission, tax: s.tax });
    this.monthEvents.push({ kind: 'collection', at: this.date(at), concerns, rent: s.sub === 'rent', collected: s.gross, passedOn: s.passedOn, commission: s.commission, tax: s.tax });
    this.landlord.posted = true;
    this.landlord.collected += s.gross;
    this.landlord.passedOn += s.passedOn;
    this.landlord.commission += s.commission;
    this.landlord.tax += s.tax;
    this.landlord.balance += s.landlord;
  }

  /**
   * The landlord's month of money date `at` so far (decision 040): its rent
   * collected on days an agreement withholding tax was in force, and the tax
   * it withheld, whatever the day's agreement.
   */
  monthTax(at: string) {
    const month = at.slice(0, 7);
    let gross = 0;
    let withheld = 0;
    for (const e of this.entries) {
      if (e.at.slice(0, 7) !== month || e.sub !== 'rent') continue;
      if (this.agreementOn(e.at).terms.taxBp > 0) gross += e.gross - e.passedOn;
      withheld += e.tax;
    }
    return { gross, withheld };
  }

  /**
   * A new agreement from today (decision 041): money from today on splits at
   * its terms, and what the property collected since today is re-split by one
   * entry — per sub-account, the new commission on its net since today less
   * what was booked on it since; on rent, the month brought to the MRI rate
   * on its withheld-on gross (taken back as far as withholding stopped). The
   * receipts' own entries stay; the entry counts as booked, so a second save
   * moves only the difference.
   */
  setAgreement(terms: CollectionTerms, kinds: readonly CommissionKind[]): 'saved' | 'refused' {
    const from = this.today();
    const before = this.agreements;
    this.agreements = [...this.agreements.filter((a) => a.from < from), { from, terms, kinds }];
    const since = new Map<string, { net: number; commission: number }>();
    for (const e of this.entries.filter((x) => x.at >= from)) {
      const was = since.get(e.sub) ?? { net: 0, commission: 0 };
      since.set(e.sub, { net: was.net + e.gross - e.passedOn, commission: was.commission + e.commission });
    }
    const moves: LandlordEntry[] = [];
    for (const [sub, { net, commission }] of since) {
      const kind = commissionKindOf(sub);
      const move = rateOf(net, kind && kinds.includes(kind) ? terms.commissionBp : 0) - commission;
      if (move !== 0) moves.push({ at: from, sub, gross: 0, passedOn: 0, commission: move, tax: 0 });
    }
    const month = this.monthTax(from);
    const tax = rateOf(month.gross, MRI_BP) - month.withheld;
    if (tax !== 0) moves.push({ at: from, sub: 'rent', gross: 0, passedOn: 0, commission: 0, tax });
    // Paid out or paid to KRA since today: taken only if it moves nothing (decision 041).
    const settled = this.payoutDays.has(from) || [...this.kraMonths].some((m) => m >= this.month);
    if (settled && moves.length > 0) {
      this.agreements = before;
      return 'refused';
    }
    for (const e of moves) {
      this.entries.push(e);
      this.monthEvents.push({ kind: 'collection', at: this.date(from), concerns: from.slice(0, 7), rent: e.sub === 'rent', collected: 0, passedOn: 0, commission: e.commission, tax: e.tax });
      this.landlord.posted = true;
      this.landlord.commission += e.commission;
      this.landlord.tax += e.tax;
      this.landlord.balance -= e.commission + e.tax;
    }
    return 'saved';
  }

  /** Money out of the landlord's account (a payout or an expense): 'refused' over the balance. */
  payOut(kind: 'payout' | 'expense', amount: number): 'refused' | 'paid' {
    if (amount > this.landlord.balance) return 'refused';
    this.landlord.posted = true;
    this.landlord.balance -= amount;
    if (kind === 'payout') {
      this.landlord.payouts += amount;
      this.payoutDays.add(this.today());
    } else this.landlord.expenses += amount;
    this.monthEvents.push({ kind, at: this.date(), amount });
    return 'paid';
  }

  /** An expense's contra entry: 'conflict' once reversed. */
  reverseExpense(e: { amount: number; reversed: boolean }): 'conflict' | 'posted' {
    if (e.reversed) return 'conflict';
    e.reversed = true;
    this.landlord.balance += e.amount;
    this.landlord.expenses -= e.amount;
    this.monthEvents.push({ kind: 'expense', at: this.date(), amount: -e.amount });
    return 'posted';
  }

  /** What the property owes onward on its one pass-through charge: collected on it less paid onward. */
  owedOnward() {
    return this.landlord.passedOn - this.landlord.paidOnward;
  }

  /** Pass-through money paid to its third party: 'refused' above what is owed onward (nothing is, where the charge is the landlord's). */
  payOnward(amount: number): 'refused' | 'paid' {
    if (amount > this.owedOnward()) return 'refused';
    this.landlord.paidOnward += amount;
    return 'paid';
  }

  /** A payment onward's contra entry: the money is owed onward again; 'conflict' once reversed. */
  reverseOnward(p: { amount: number; reversed: boolean }): 'conflict' | 'posted' {
    if (p.reversed) return 'conflict';
    p.reversed = true;
    this.landlord.paidOnward -= p.amount;
    return 'posted';
  }

  /** Commission and fees earned and not yet moved to the agency's office account. */
  commissionNotTaken() {
    return this.landlord.commission - this.landlord.feesTransferred;
  }

  /** The agency's fees out of the client account: 'refused' above what was earned and not yet taken. */
  transferFees(amount: number): 'refused' | 'transferred' {
    if (amount > Math.max(0, this.commissionNotTaken())) return 'refused';
    this.landlord.feesTransferred += amount;
    this.monthEvents.push({ kind: 'fees', at: this.date(), amount });
    return 'transferred';
  }

  /** A transfer's contra entry: the fees are in the client account again; 'conflict' once reversed. */
  reverseFeeTransfer(f: { amount: number; reversed: boolean }): 'conflict' | 'posted' {
    if (f.reversed) return 'conflict';
    f.reversed = true;
    this.landlord.feesTransferred -= f.amount;
    this.monthEvents.push({ kind: 'fees', at: this.date(), amount: -f.amount });
    return 'posted';
  }

  /**
   * The trust identity's parts the tenants' side holds: deposits held, and
   * the rent sub-account's credit (decision 050): paid ahead, or below nothing
   * by what was paid back beyond what ever came; never its arrears.
   */
  trustParts() {
    const credit = (t: ModelTenancy) => {
      const owed = t.subs.get('rent') ?? 0;
      const moved = (t.chargedBy.get('rent') ?? 0) - owed;
      return Math.max(-owed, Math.min(moved, 0));
    };
    return {
      depositsHeld: this.tenancies.reduce((sum, t) => sum + t.held, 0),
      tenantCredits: this.tenancies.reduce((sum, t) => sum + credit(t), 0),
    };
  }

  /** Waiving a penalty: its reversal, with the waiver's wording. */
  waive(t: ModelTenancy, line: ModelLine, reason: string): 'conflict' | 'invalid' | 'posted' {
    if (line.kind !== 'penalty') return 'invalid';
    return this.reverse(t, line, '', reason, `Penalty waived: ${reason}`);
  }

  money(t: ModelTenancy) {
    const balance = [...t.subs.values()].reduce((a, b) => a + b, 0);
    return { balance, depositDue: t.subs.get('deposit') ?? 0, depositHeld: t.held };
  }

  /** What the API must show for the tenancy: MonthLapse from the rent sub-account alone. */
  expected(t: ModelTenancy) {
    const m = this.money(t);
    return {
      RentBalance: m.balance / 100,
      MonthLapse: monthLapse(t.subs.get('rent') ?? 0, this.rentFor(t, [...t.charged].sort().at(-1) ?? t.firstMonth)),
      DepositDue: m.depositDue / 100,
      DepositHeld: m.depositHeld / 100,
    };
  }

  /** Listed among ended tenancies with balances: ended with money owed either way. */
  unsettled(t: ModelTenancy) {
    return t.ended && (this.money(t).balance !== 0 || t.held !== 0);
  }
}

/** `bp` basis points of `cents`, to the cent, a half cent away from zero: a negative amount mirrors a positive one. */
function rateOf(cents: number, bp: number) {
  const share = Math.floor((Math.abs(cents) * bp + 5_000) / 10_000);
  return cents < 0 ? -share : share;
}
