import { accountingDate, amountToCents, centsToAmount, nextMonth, receiptNumber, reviewedRent, type CommissionKind } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { manualClock } from '../clock';
import { signInAgain } from './accounts';
import { chargesApi } from './charges';
import { book, pay, reverse, runInvoices, statementOf, tenancyList, terminate, type Agency } from './estate';
import { reverseFeeTransfer, transferFees } from './fee-transfers';
import { expense, landlordBalances, payOnward, payout, reverseOnward, setAgreement, trustOf } from './landlord';
import { MRI_BP, type LedgerModel, type ModelPayment, type ModelTenancy } from './ledger-model';
import { oracle } from './ledger-oracle';
import { assign, reconciliation, statement, unmatched } from './mpesa';
import { statementCsv } from './statement-csv';

/** What the commands act on: one agency of the running app, its houses and a tenant. */
export interface LedgerReal {
  app: FastifyInstance;
  clock: ReturnType<typeof manualClock>;
  agency: Agency;
  houseIds: number[];
  /** The houses' property, managed under an agreement the commands change. */
  propId: number;
  /** The property's landlord, whom payouts pay. */
  landlordNo: number;
  rent: number;
  deposit: number;
  tenant: number;
  /** Keeps keys apart between runs of the property. */
  round: number;
}

type Cmd = fc.AsyncCommand<LedgerModel, LedgerReal>;
const pick = <T>(list: T[], i: number) => list[i % list.length]!;
const ksh = (cents: number) => (cents / 100).toFixed(2);

export class Book implements Cmd {
  constructor(readonly house: number) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const res = await book(r.app, r.agency, r.houseIds[this.house]!, r.tenant);
    if (m.houseFree(this.house)) {
      expect(res.statusCode).toBe(201);
      m.book(res.json().TenancyId, this.house, r.rent, r.deposit);
    } else expect(res.statusCode).toBe(409);
    await compare(m, r);
  }
  toString = () => `book(${this.house})`;
}

export class Receive implements Cmd {
  /** `point`: the clerk points the money at one of the open charges (by its place among them). */
  constructor(
    readonly tenancy: number,
    readonly cents: number,
    readonly ledger: 'Rent' | 'Deposit',
    readonly key: number,
    readonly point: number | null = null,
  ) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const t = pick(m.tenancies, this.tenancy);
    const key = `round-${r.round}-key-${this.key}`;
    const open = this.ledger === 'Rent' && this.point !== null && !m.receipts.has(key) ? m.openCharges(t) : [];
    const pointed = open.length ? pick(open, this.point!).line : undefined;
    const outcome = m.receive(key, t, this.cents, this.ledger, pointed);
    const res = await pay(r.app, r.agency, t.id, ksh(this.cents), key, this.ledger, pointed ? { ChargeTransactionId: pointed.txnId } : {});
    if (outcome === 'conflict') expect(res.statusCode).toBe(409);
    else if (outcome === 'invalid') expect(res.statusCode).toBe(400);
    else {
      expect(res.statusCode).toBe(200);
      if (outcome === 'posted') {
        expect(res.json().receiptNo).toBe(receiptNumber(m.receiptCount));
        m.receipts.set(key, { key, tenancyId: t.id, amount: this.cents, ledger: this.ledger, txnId: res.json().TransactionId, receiptNo: res.json().receiptNo });
      } else expect(res.json().TransactionId).toBe(m.receipts.get(key)!.txnId);
    }
    await compare(m, r);
  }
  toString = () => `receive(${this.tenancy}, ${this.cents}, ${this.ledger}, key ${this.key}${this.point === null ? '' : `, point ${this.point}`})`;
}

/** The same form sent again: a double click or a retry must post nothing new. */
class RepeatKey implements Cmd {
  constructor(readonly which: number) {}
  check = (m: Readonly<LedgerModel>) => m.receipts.size > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const earlier = pick([...m.receipts.values()], this.which);
    const res = await pay(r.app, r.agency, earlier.tenancyId, ksh(earlier.amount), earlier.key, earlier.ledger);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ TransactionId: earlier.txnId, receiptNo: earlier.receiptNo });
    await compare(m, r);
  }
  toString = () => `repeatKey(${this.which})`;
}

export class NextMonth implements Cmd {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    m.month = nextMonth(m.month);
    m.day = 10;
    const [y, mo] = m.month.split('-').map(Number);
    r.clock.set(new Date(Date.UTC(y!, mo! - 1, 10, 9)));
    // In place: the estate helpers hold on to the same object.
    Object.assign(r.agency, await signInAgain(r.app, r.agency));
  }
  toString = () => 'nextMonth';
}

export class Run implements Cmd {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const outcome = m.run();
    const res = await runInvoices(r.app, r.agency);
    if (outcome === 'conflict') expect(res.statusCode).toBe(409);
    else expect(res.json()).toMatchObject({ charged: outcome.charged, amount: outcome.amount / 100 });
    await compare(m, r);
  }
  toString = () => 'run';
}

export class Terminate implements Cmd {
  constructor(readonly tenancy: number, readonly applyDeposit: boolean, readonly refundShare: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const t = pick(m.tenancies, this.tenancy);
    const wasEnded = t.ended;
    const outcome = m.terminate(t, this.applyDeposit, this.refundShare);
    const refund = outcome === 'conflict' ? 0 : outcome.refunded;
    const settlement = { applyDeposit: this.applyDeposit, ...(refund ? { refundAmount: ksh(refund), refundDetails: 'Cash' } : {}) };
    const res = await terminate(r.app, r.agency, t.id, settlement);
    if (wasEnded) expect(res.statusCode).toBe(409);
    else {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Applied: (outcome as { applied: number }).applied / 100, Refunded: refund / 100 });
    }
    await compare(m, r);
  }
  toString = () => `terminate(${this.tenancy}, apply ${this.applyDeposit}, refund ${this.refundShare}%)`;
}

export class Reverse implements Cmd {
  /** `receipts`: a correction of money received, the usual one (its landlord entries go back with it). */
  constructor(readonly tenancy: number, readonly line: number, readonly receipts = false) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.some((t) => !this.receipts || t.lines.some((l) => l.kind === 'receipt'));
  async run(m: LedgerModel, r: LedgerReal) {
    const candidates = this.receipts ? m.tenancies.filter((t) => t.lines.some((l) => l.kind === 'receipt')) : m.tenancies;
    const t = pick(candidates, this.tenancy);
    const line = pick(this.receipts ? t.lines.filter((l) => l.kind === 'receipt') : t.lines, this.line);
    const name = line.receiptNo ?? `transaction ${line.txnId}`;
    const outcome = m.reverse(t, line, name, 'Wrong entry');
    const res = await reverse(r.app, r.agency, line.txnId!, 'Wrong entry');
    expect(res.statusCode).toBe(outcome === 'posted' ? 200 : outcome === 'conflict' ? 409 : 400);
    await compare(m, r);
  }
  toString = () => `reverse(${this.tenancy}, ${this.receipts ? 'receipt' : 'line'} ${this.line})`;
}

/**
 * A paybill payment naming a tenancy by its id, come in on the agency's
 * statement import (dated now): posted to the tenancy, or queued when it
 * names an ended tenancy that owes nothing.
 */
export class MpesaPay implements Cmd {
  constructor(readonly tenancy: number, readonly cents: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const t = pick(m.tenancies, this.tenancy);
    const transId = `MP${String(r.round).padStart(3, '0')}${String(m.payments.size + 1).padStart(5, '0')}`;
    const outcome = m.mpesaPay(t, transId, this.cents);
    const csv = statementCsv([{ receiptNo: transId, at: r.clock.now(), paidIn: ksh(this.cents), account: String(t.id) }]);
    const res = await statement(r.app, r.agency, 'import', csv);
    expect(res.statusCode, res.body).toBe(200);
    if (outcome === 'queued') await findQueued(r, m.payments.get(transId)!);
    await compare(m, r);
  }
  toString = () => `mpesaPay(${this.tenancy}, ${this.cents})`;
}

/** A correction of an M-Pesa receipt: reversed like any receipt, its payment goes back to the queue. */
export class MpesaReverse implements Cmd {
  constructor(readonly which: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.some((t) => t.lines.some((l) => l.mpesa));
  async run(m: LedgerModel, r: LedgerReal) {
    const posted = m.tenancies.flatMap((t) => t.lines.filter((l) => l.mpesa).map((line) => ({ t, line })));
    const { t, line } = pick(posted, this.which);
    const outcome = m.reverse(t, line, line.receiptNo!, 'Wrong tenant');
    const res = await reverse(r.app, r.agency, line.txnId!, 'Wrong tenant');
    expect(res.statusCode, res.body).toBe(outcome === 'posted' ? 200 : outcome === 'conflict' ? 409 : 400);
    await compare(m, r);
  }
  toString = () => `mpesaReverse(${this.which})`;
}

/** A queued payment (one that named no tenancy, or whose receipt was reversed) assigned by a clerk: posted again under a new receipt. */
export class MpesaAssign implements Cmd {
  constructor(readonly which: number, readonly tenancy: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0 && [...m.payments.values()].some((p) => p.queued);
  async run(m: LedgerModel, r: LedgerReal) {
    const payment = pick([...m.payments.values()].filter((p) => p.queued), this.which);
    const t = pick(m.tenancies, this.tenancy);
    const paymentId = await findQueued(r, payment);
    m.assign(payment, t);
    const res = await assign(r.app, r.agency, paymentId, t.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receiptNo).toBe(receiptNumber(m.receiptCount));
    await compare(m, r);
  }
  toString = () => `mpesaAssign(${this.which}, ${this.tenancy})`;
}

/** The queue shows the payment: its id there, which assigning it names. */
async function findQueued(r: LedgerReal, payment: ModelPayment): Promise<number> {
  const queued = (await unmatched(r.app, r.agency)).json() as { PaymentId: number; TransID: string }[];
  const entry = queued.find((q) => q.TransID === payment.transId);
  expect(entry, `${payment.transId} is in the queue`).toBeDefined();
  payment.paymentId = entry!.PaymentId;
  return payment.paymentId;
}

/** A new management agreement from today: money collected today and from now on splits at its terms (decisions 040, 041). */
export class SetAgreement implements Cmd {
  constructor(
    readonly commissionBp: number,
    readonly withholds: boolean,
    readonly kinds: CommissionKind[] = ['rent'],
  ) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const res = await setAgreement(r.app, r.agency, r.propId, {
      CommissionPercent: (this.commissionBp / 100).toFixed(2),
      WithholdTax: this.withholds,
      CommissionKinds: this.kinds,
      // 0% is a recorded choice, never a default (decision 048).
      NoCommission: this.commissionBp === 0,
    });
    const outcome = m.setAgreement({ commissionBp: this.commissionBp, taxBp: this.withholds ? MRI_BP : 0 }, this.kinds);
    expect(res.statusCode, res.body).toBe(outcome === 'saved' ? 200 : 400);
    await compare(m, r);
  }
  toString = () => `agreement(${this.commissionBp}bp on ${this.kinds.join('+')}, withholding ${this.withholds})`;
}

/**
 * A payout or an expense of a share of the landlord's balance; a share over
 * 100% asks for more than the balance and must be refused.
 */
export class PayOut implements Cmd {
  constructor(readonly kind: 'payout' | 'expense', readonly percent: number, readonly key: number) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const amount = Math.max(1, Math.floor((Math.max(m.landlord.balance, 0) * this.percent) / 100));
    const outcome = m.payOut(this.kind, amount);
    const res =
      this.kind === 'payout'
        ? await payout(r.app, r.agency, r.landlordNo, ksh(amount), `round-${r.round}-payout-${this.key}-${m.landlord.payouts}-${amount}`)
        : await expense(r.app, r.agency, r.propId, ksh(amount));
    expect(res.statusCode, res.body).toBe(outcome === 'paid' ? 200 : 400);
    if (this.kind === 'expense' && outcome === 'paid') m.landlord.paidExpenses.push({ id: res.json().ExpenseId, amount, reversed: false });
    await compare(m, r);
  }
  toString = () => `${this.kind}(${this.percent}% of the balance)`;
}

class ReverseExpense implements Cmd {
  constructor(readonly which: number) {}
  check = (m: Readonly<LedgerModel>) => m.landlord.paidExpenses.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const e = pick(m.landlord.paidExpenses, this.which);
    const outcome = m.reverseExpense(e);
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/landlord-money/expense/reverse',
      headers: r.agency.auth,
      payload: { managingAgentId: r.agency.agentId, ExpenseId: e.id, reason: 'Entered twice' },
    });
    expect(res.statusCode).toBe(outcome === 'posted' ? 200 : 409);
    await compare(m, r);
  }
  toString = () => `reverseExpense(${this.which})`;
}

/**
 * The property's pass-through charge paid onward to its third party: a share
 * of what is owed onward (over 100% must be refused, as must anything where
 * the charge is the landlord's); `twice` sends the same form again, which
 * must answer the first payment and pay nothing more.
 */
export class PayOnward implements Cmd {
  constructor(readonly percent: number, readonly twice: boolean) {}
  check = (m: Readonly<LedgerModel>) => m.charges !== undefined;
  async run(m: LedgerModel, r: LedgerReal) {
    const amount = Math.max(1, Math.floor((Math.max(m.owedOnward(), 0) * this.percent) / 100));
    const key = `round-${r.round}-onward-${m.landlord.onwardPayments.length}-${m.landlord.paidOnward}-${amount}`;
    const outcome = m.payOnward(amount);
    const send = () => payOnward(r.app, r.agency, r.propId, m.charges!.service.sub, ksh(amount), key);
    const res = await send();
    expect(res.statusCode, res.body).toBe(outcome === 'paid' ? 200 : 400);
    if (outcome === 'paid') {
      m.landlord.onwardPayments.push({ id: res.json().PaymentId, key, amount, reversed: false });
      if (this.twice) {
        const again = await send();
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().PaymentId).toBe(res.json().PaymentId);
      }
    }
    await compare(m, r);
  }
  toString = () => `payOnward(${this.percent}% of what is owed onward${this.twice ? ', sent twice' : ''})`;
}

export class ReverseOnward implements Cmd {
  constructor(readonly which: number) {}
  check = (m: Readonly<LedgerModel>) => m.landlord.onwardPayments.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const p = pick(m.landlord.onwardPayments, this.which);
    const outcome = m.reverseOnward(p);
    const res = await reverseOnward(r.app, r.agency, p.id);
    expect(res.statusCode, res.body).toBe(outcome === 'posted' ? 200 : 409);
    await compare(m, r);
  }
  toString = () => `reverseOnward(${this.which})`;
}

/**
 * The agency's earned fees moved to its office account: a share of what was
 * earned and not yet taken (over 100% must be refused); `twice` sends the
 * same form again, which must answer the first transfer and move nothing more.
 */
export class TransferFees implements Cmd {
  constructor(readonly percent: number, readonly twice: boolean) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const amount = Math.max(1, Math.floor((Math.max(m.commissionNotTaken(), 0) * this.percent) / 100));
    const key = `round-${r.round}-fees-${m.landlord.feeTransfers.length}-${m.landlord.feesTransferred}-${amount}`;
    const outcome = m.transferFees(amount);
    const send = () => transferFees(r.app, r.agency, ksh(amount), key);
    const res = await send();
    expect(res.statusCode, res.body).toBe(outcome === 'transferred' ? 200 : 400);
    if (outcome === 'transferred') {
      m.landlord.feeTransfers.push({ id: res.json().TransferId, amount, reversed: false });
      if (this.twice) {
        const again = await send();
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().TransferId).toBe(res.json().TransferId);
      }
    }
    await compare(m, r);
  }
  toString = () => `transferFees(${this.percent}% of what was earned and not taken${this.twice ? ', sent twice' : ''})`;
}

export class ReverseFeeTransfer implements Cmd {
  constructor(readonly which: number) {}
  check = (m: Readonly<LedgerModel>) => m.landlord.feeTransfers.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const f = pick(m.landlord.feeTransfers, this.which);
    const outcome = m.reverseFeeTransfer(f);
    const res = await reverseFeeTransfer(r.app, r.agency, f.id);
    expect(res.statusCode, res.body).toBe(outcome === 'posted' ? 200 : 409);
    await compare(m, r);
  }
  toString = () => `reverseFeeTransfer(${this.which})`;
}

/** '2026-07-01' → '2026-06-01'. */
const previousMonth = (month: string) => {
  const [y, mo] = month.split('-').map(Number);
  return mo === 1 ? `${y! - 1}-12-01` : `${y}-${String(mo! - 1).padStart(2, '0')}-01`;
};

const landlordPost = (r: LedgerReal, path: string, payload: object) =>
  r.app.inject({ method: 'POST', url: `/api/landlord-money/${path}`, headers: r.agency.auth, payload: { managingAgentId: r.agency.agentId, LandlordNo: r.landlordNo, ...payload } });

/** The month before the current one closed by hand (decision 036): only a month that has ended, once. */
export class CloseByHand implements Cmd {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const month = previousMonth(m.month);
    const outcome = m.closeByHand(month);
    const res = await landlordPost(r, 'month/close', { month: month.slice(0, 7) });
    expect(res.statusCode, res.body).toBe(outcome === 'closed' ? 200 : outcome === 'conflict' ? 409 : 400);
    await compare(m, r);
  }
  toString = () => 'closeByHand(last month)';
}

/** The current month's MRI paid to KRA today: the month closes with it, so what comes later today is late. */
export class PayMri implements Cmd {
  constructor(readonly key: number) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const month = m.month;
    const outcome = m.payMri();
    const res = await landlordPost(r, 'mri/payment', { month: month.slice(0, 7), PaidOn: m.date(), Reference: `PRN-${r.round}-${this.key}` });
    expect(res.statusCode, res.body).toBe(outcome.outcome === 'paid' ? 200 : outcome.outcome === 'conflict' ? 409 : 400);
    await compare(m, r);
  }
  toString = () => 'payMri(this month)';
}

/** A remittance run remitting this month's statement: the landlord's whole balance paid out today, the month closed. */
export class Remit implements Cmd {
  constructor(readonly key: number) {}
  check = (m: Readonly<LedgerModel>) => m.landlord.balance > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const month = m.month;
    const amount = m.remit();
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/landlord-money/remittance',
      headers: r.agency.auth,
      payload: {
        managingAgentId: r.agency.agentId,
        PayoutDate: m.date(),
        Month: month.slice(0, 7),
        idempotencyKey: `round-${r.round}-remit-${this.key}-${m.landlord.payouts}`,
        Payouts: [{ LandlordNo: r.landlordNo, Amount: ksh(amount) }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ Status: 'paid' })]);
    await compare(m, r);
  }
  toString = () => 'remit(this month)';
}

/** A closed month's amendment paid to KRA: refused when nothing is owed on it (nothing late, or overpaid). */
export class PayAmendment implements Cmd {
  constructor(readonly back: number, readonly key: number) {}
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    let month = m.month;
    for (let i = 0; i < this.back; i++) month = previousMonth(month);
    const outcome = m.payAmendment(month);
    const res = await landlordPost(r, 'mri/amendment/payment', { month: month.slice(0, 7), PaidOn: m.date(), Reference: `PRN-A-${r.round}-${this.key}` });
    expect(res.statusCode, res.body).toBe(outcome.outcome === 'paid' ? 200 : 400);
    await compare(m, r);
  }
  toString = () => `payAmendment(${this.back} months back)`;
}

/** A few days on in the same month: a penalty's day may pass, a second penalty run the same month must not charge again. */
export class LaterDays implements Cmd {
  constructor(readonly days: number) {}
  check = (m: Readonly<LedgerModel>) => m.day + this.days <= 28;
  async run(m: LedgerModel, r: LedgerReal) {
    m.day += this.days;
    const [y, mo] = m.month.split('-').map(Number);
    r.clock.set(new Date(Date.UTC(y!, mo! - 1, m.day, 9)));
    Object.assign(r.agency, await signInAgain(r.app, r.agency));
  }
  toString = () => `laterDays(${this.days})`;
}

class Penalties implements Cmd {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    const outcome = m.penalties();
    const res = await chargesApi(r.app).runPenalties(r.agency);
    if (outcome === 'conflict') expect(res.statusCode).toBe(409);
    else expect(res.json()).toMatchObject({ charged: outcome.charged, amount: outcome.amount / 100 });
    await compare(m, r);
  }
  toString = () => 'penalties';
}

class Waive implements Cmd {
  constructor(readonly tenancy: number, readonly line: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const t = pick(m.tenancies, this.tenancy);
    // Mostly a penalty, when there is one: waiving anything else is refused.
    const penalties = t.lines.filter((l) => l.kind === 'penalty');
    const line = penalties.length && this.line % 3 ? pick(penalties, this.line) : pick(t.lines, this.line);
    const outcome = m.waive(t, line, 'Paid late by bank');
    const res = await chargesApi(r.app).waive(r.agency, { TransactionId: line.txnId!, reason: 'Paid late by bank' });
    expect(res.statusCode).toBe(outcome === 'posted' ? 200 : outcome === 'conflict' ? 409 : 400);
    await compare(m, r);
  }
  toString = () => `waive(${this.tenancy}, line ${this.line})`;
}

/** A rent review from next month (dated its 1st): a percentage or an amount on the rent in force now. */
class ReviewRent implements Cmd {
  constructor(readonly tenancy: number, readonly percentBp: number | null, readonly increase: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const t = pick(m.tenancies, this.tenancy);
    const from = nextMonth(m.month);
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/tenancy/rentreviews/schedule',
      headers: r.agency.auth,
      payload: {
        managingAgentId: r.agency.agentId,
        TenancyId: t.id,
        Date: from,
        ...(this.percentBp === null ? { Amount: ksh(this.increase) } : { Percent: this.percentBp / 100 }),
      },
    });
    if (t.ended || t.reviews.has(from)) expect(res.statusCode).toBe(409);
    else {
      expect(res.statusCode).toBe(200);
      const before = m.rentFor(t, m.month);
      t.reviews.set(from, reviewedRent(before, this.percentBp === null ? { percentBp: null, increaseCents: this.increase } : { percentBp: this.percentBp, increaseCents: null }));
    }
    await compare(m, r);
  }
  toString = () => `reviewRent(${this.tenancy}, ${this.percentBp === null ? `+${this.increase}` : `${this.percentBp}bp`})`;
}

export const ledgerCommands = [
  // The landlord's month closes (decision 036) by hand, by its MRI paid, by a remittance run; a closed month's amendment paid.
  fc.oneof(
    fc.constant(new CloseByHand()),
    fc.nat(5).map((k): Cmd => new PayMri(k)),
    fc.nat(5).map((k): Cmd => new Remit(k)),
    fc.tuple(fc.nat(2), fc.nat(5)).map(([b, k]): Cmd => new PayAmendment(b, k)),
  ),
  fc.oneof(
    fc.constant(new CloseByHand()),
    fc.nat(5).map((k): Cmd => new PayMri(k)),
    fc.tuple(fc.nat(2), fc.nat(5)).map(([b, k]): Cmd => new PayAmendment(b, k)),
  ),
  // Money out of the landlord's account shares one slot, so the tenant side keeps its share of the commands.
  fc.oneof(
    fc.tuple(fc.constantFrom('payout' as const, 'expense' as const), fc.constantFrom(30, 100, 101), fc.nat(5)).map(([k, p, key]): Cmd => new PayOut(k, p, key)),
    fc.nat(5).map((i): Cmd => new ReverseExpense(i)),
  ),
  // Pass-through money out to its third party, and back: its own slot, as it leaves the landlord's account alone.
  fc.oneof(
    fc.tuple(fc.constantFrom(40, 100, 101), fc.boolean()).map(([p, twice]): Cmd => new PayOnward(p, twice)),
    fc.nat(5).map((i): Cmd => new ReverseOnward(i)),
  ),
  // The agency's fees out of the client account, and back: its own slot, as it leaves the landlord's account alone.
  fc.oneof(
    fc.tuple(fc.constantFrom(40, 100, 101), fc.boolean()).map(([p, twice]): Cmd => new TransferFees(p, twice)),
    fc.nat(5).map((i): Cmd => new ReverseFeeTransfer(i)),
  ),
  fc
    .tuple(fc.constantFrom(0, 1000, 1250, 333), fc.boolean(), fc.subarray(['service', 'penalty'] as CommissionKind[]))
    .map(([bp, w, k]) => new SetAgreement(bp, w, ['rent', ...k])),
  fc.nat(2).map((h) => new Book(h)),
  // Twice: a review shows only once a later run charges its month.
  fc.tuple(fc.nat(5), fc.constantFrom(null, 500, 750, 333), fc.integer({ min: 1, max: 250_000 })).map(([t, bp, c]) => new ReviewRent(t, bp, c)),
  fc.tuple(fc.nat(5), fc.constantFrom(null, 500, 750, 333), fc.integer({ min: 1, max: 250_000 })).map(([t, bp, c]) => new ReviewRent(t, bp, c)),
  fc
    .tuple(fc.nat(5), fc.integer({ min: 1, max: 3_000_000 }), fc.constantFrom('Rent' as const, 'Deposit' as const), fc.nat(6))
    .map(([t, c, l, k]) => new Receive(t, c, l, k)),
  fc.tuple(fc.nat(5), fc.integer({ min: 1, max: 1_500_000 }), fc.nat(6), fc.nat(4)).map(([t, c, k, p]) => new Receive(t, c, 'Rent', k, p)),
  // Part of a month: which charges a part-payment pays shows in each kind's balance.
  fc.tuple(fc.nat(5), fc.integer({ min: 1, max: 700_000 }), fc.nat(6)).map(([t, c, k]) => new Receive(t, c, 'Rent', k)),
  fc.tuple(fc.nat(5), fc.integer({ min: 1, max: 700_000 }), fc.nat(6)).map(([t, c, k]) => new Receive(t, c, 'Rent', k)),
  fc.integer({ min: 1, max: 9 }).map((d) => new LaterDays(d)),
  fc.constant(new Penalties()),
  fc.constant(new Penalties()),
  fc.tuple(fc.nat(5), fc.nat(12)).map(([t, l]) => new Waive(t, l)),
  fc.nat(10).map((i) => new RepeatKey(i)),
  fc.nat(10).map((i) => new RepeatKey(i)),
  fc.constant(new NextMonth()),
  fc.constant(new NextMonth()),
  fc.constant(new Run()),
  fc.constant(new Run()),
  fc.constant(new Run()),
  fc.tuple(fc.nat(5), fc.boolean(), fc.constantFrom(0, 50, 100)).map(([t, a, s]) => new Terminate(t, a, s)),
  fc.tuple(fc.nat(5), fc.nat(12)).map(([t, l]) => new Reverse(t, l)),
  fc.tuple(fc.nat(5), fc.nat(12)).map(([t, l]) => new Reverse(t, l, true)),
  // M-Pesa: a payment posted to a tenancy, reversed, and posted again from the queue (issue 19, point 4).
  fc.tuple(fc.nat(5), fc.integer({ min: 100, max: 1_500_000 })).map(([t, c]) => new MpesaPay(t, c)),
  fc.tuple(fc.nat(5), fc.integer({ min: 100, max: 1_500_000 })).map(([t, c]) => new MpesaPay(t, c)),
  fc.nat(5).map((i) => new MpesaReverse(i)),
  fc.nat(5).map((i) => new MpesaReverse(i)),
  fc.tuple(fc.nat(5), fc.nat(5)).map(([i, t]) => new MpesaAssign(i, t)),
  fc.tuple(fc.nat(5), fc.nat(5)).map(([i, t]) => new MpesaAssign(i, t)),
];

/**
 * After each command: the API's balances, MonthLapse, deposits, lists and
 * statements equal the model's; so do the landlord's balance, the commission
 * and the tax payable, and the trust identity holds to the cent.
 */
export async function compare(m: LedgerModel, r: LedgerReal) {
  await compareLandlord(m, r);
  await compareMpesa(m, r);
  const active = new Map((await tenancyList(r.app, r.agency, 'all')).map((t) => [t.TenancyId, t]));
  const ended = new Map((await tenancyList(r.app, r.agency, 'ended-with-balances')).map((t) => [t.TenancyId, t]));
  for (const t of m.tenancies) {
    const listed = t.ended ? ended.get(t.id) : active.get(t.id);
    // The oracle, which knows no sub-accounts, must agree with what the API shows.
    const plain = oracle(t.events);
    if (t.ended && !m.unsettled(t)) {
      expect(listed, `tenancy ${t.id} is settled`).toBeUndefined();
      expect(plain, `tenancy ${t.id}: the oracle says nothing is owed or held`).toMatchObject({ owes: 0, held: 0 });
      continue;
    }
    expect(listed, `tenancy ${t.id}: the oracle`).toMatchObject({ RentBalance: plain.owes / 100, DepositHeld: plain.held / 100 });
    expect(listed, `tenancy ${t.id} is listed`).toMatchObject(m.expected(t));
    await compareKinds(r, t);
    await compareStatement(m, r, t);
  }
}

/** Each sub-account's balance: which charges the receipts paid shows here, not in the totals. */
async function compareKinds(r: LedgerReal, t: ModelTenancy) {
  const kinds: { Kind: string; Balance: number }[] = (await chargesApi(r.app).tenancy(r.agency, t.id)).json().Kinds;
  const owed = (entries: [string, number][]) => Object.fromEntries(entries.filter(([, cents]) => cents !== 0).sort());
  expect(owed(kinds.map((k) => [k.Kind, amountToCents(k.Balance)])), `tenancy ${t.id} by kind`).toEqual(owed([...t.subs]));
}

async function compareStatement(m: LedgerModel, r: LedgerReal, t: ModelTenancy) {
  const lines: { TransactionId: number; ReceiptNo: string | null; TransactionDetails: string; Debit: number; Credit: number; Balance: number }[] = (
    await statementOf(r.app, r.agency, t.id)
  ).json();
  expect(lines.map((l) => [l.TransactionDetails, amountToCents(l.Debit), amountToCents(l.Credit)])).toEqual(
    t.lines.map((l) => [l.details, l.debit, l.credit]),
  );
  expect(amountToCents(lines.at(-1)?.Balance ?? 0)).toBe(m.money(t).balance);
  lines.forEach((l, i) => {
    t.lines[i]!.txnId = l.TransactionId;
    t.lines[i]!.receiptNo = l.ReceiptNo;
  });
}

/**
 * The paybill's reconciliation: what came in against what the journal holds
 * for it. A reversed payment shows as a difference until it is posted again.
 */
async function compareMpesa(m: LedgerModel, r: LedgerReal) {
  if (m.payments.size === 0) return;
  const { received, posted, queued } = m.mpesaTotals();
  const res = await reconciliation(r.app, r.agency, FIRST_DAY, accountingDate(r.clock.now()));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json(), 'the M-Pesa reconciliation').toMatchObject({
    Received: centsToAmount(received),
    Posted: centsToAmount(posted),
    Difference: centsToAmount(received - posted),
  });
  expect((res.json().Differences as unknown[]).length, 'payments not posted').toBe(queued);
}

const dropCents = (figures: object) =>
  Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, typeof v === 'number' ? centsToAmount(v) : (v as unknown)]));

/**
 * The independent month oracle (month-oracle.ts) against the product: every
 * month's owner statement from the walk's first to the first open one (a
 * closed month's as it was when it closed), every month's MRI line and its
 * amendment, and the trust screen's landlord-side parts.
 */
async function compareMonths(m: LedgerModel, r: LedgerReal) {
  const oracle = m.months();
  const get = async (path: string) => {
    const res = await r.app.inject({ method: 'GET', url: `/api/landlord-money/${path}&managingAgentId=${r.agency.agentId}`, headers: r.agency.auth });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  };
  const current = m.month.slice(0, 7);
  const last = oracle.closedThrough !== null && oracle.closedThrough >= current ? nextMonth(`${oracle.closedThrough}-01`).slice(0, 7) : current;
  for (let month = m.startMonth.slice(0, 7); month <= last; month = nextMonth(`${month}-01`).slice(0, 7)) {
    const statement = await get(`owner-statement?LandlordNo=${r.landlordNo}&month=${month}`);
    expect(statement, `the month oracle: owner statement ${month}`).toMatchObject(dropCents(oracle.statement(month)));
    if (month > current) continue;
    const mri = ((await get(`mri?month=${month}`)) as { LandlordNo: number }[]).find((x) => x.LandlordNo === r.landlordNo);
    const expected = oracle.mri(month);
    if (mri === undefined) expect(expected, `the month oracle: no MRI line for ${month}`).toEqual({ GrossRent: 0, Withheld: 0, PaidToKra: 0, AmendmentGross: 0, AmendmentDue: 0 });
    else expect(mri, `the month oracle: MRI ${month}`).toMatchObject(dropCents(expected));
  }
  expect(await trustOf(r.app, r.agency), 'the month oracle: trust').toMatchObject(dropCents(oracle.trust));
}

/** Before the property test's first day (ledger-model.test.ts starts its clock in June 2026). */
const FIRST_DAY = '2026-06-01';

async function compareLandlord(m: LedgerModel, r: LedgerReal) {
  const l = m.landlord;
  const balances = await landlordBalances(r.app, r.agency);
  if (!l.posted) expect(balances).toEqual([]);
  else {
    expect(balances).toEqual([
      expect.objectContaining({
        Collected: centsToAmount(l.collected),
        Commission: centsToAmount(l.commission),
        TaxWithheld: centsToAmount(l.tax),
        PassedOn: centsToAmount(l.passedOn),
        PaidOnward: centsToAmount(l.paidOnward),
        Expenses: centsToAmount(l.expenses),
        Payouts: centsToAmount(l.payouts),
        Balance: centsToAmount(l.balance),
      }),
    ]);
  }
  // The oracle, which knows no kinds: what charges used of the money, and what is held beyond them, over every tenancy.
  const plain = m.tenancies.map((t) => oracle(t.events));
  if (l.posted) expect(amountToCents(balances[0]!.Collected), 'the oracle: collected, every kind').toBe(plain.reduce((s, p) => s + p.collected, 0));
  expect(amountToCents((await trustOf(r.app, r.agency)).TenantCredits), 'the oracle: tenant credits').toBe(plain.reduce((s, p) => s + p.credits, 0));
  await compareMonths(m, r);
  const { depositsHeld, tenantCredits } = m.trustParts();
  expect(await trustOf(r.app, r.agency)).toMatchObject({
    OwedToLandlords: centsToAmount(l.balance),
    TaxPayable: centsToAmount(l.tax - m.taxPaid),
    CommissionNotTaken: centsToAmount(m.commissionNotTaken()),
    FeesTransferred: centsToAmount(l.feesTransferred),
    PassThroughPayable: centsToAmount(m.owedOnward()),
    DepositsHeld: centsToAmount(depositsHeld),
    TenantCredits: centsToAmount(tenantCredits),
    Difference: 0,
  });
}
