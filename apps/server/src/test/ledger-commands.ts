import { amountToCents, nextMonth, receiptNumber } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { manualClock } from '../clock';
import { signInAgain } from './accounts';
import { book, pay, reverse, runInvoices, statementOf, tenancyList, terminate, type Agency } from './estate';
import type { LedgerModel, ModelTenancy } from './ledger-model';

/** What the commands act on: one agency of the running app, its houses and a tenant. */
export interface LedgerReal {
  app: FastifyInstance;
  clock: ReturnType<typeof manualClock>;
  agency: Agency;
  houseIds: number[];
  rent: number;
  deposit: number;
  tenant: number;
  /** Keeps keys apart between runs of the property. */
  round: number;
}

type Cmd = fc.AsyncCommand<LedgerModel, LedgerReal>;
const pick = <T>(list: T[], i: number) => list[i % list.length]!;
const ksh = (cents: number) => (cents / 100).toFixed(2);

class Book implements Cmd {
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

class Receive implements Cmd {
  constructor(readonly tenancy: number, readonly cents: number, readonly ledger: 'Rent' | 'Deposit', readonly key: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const t = pick(m.tenancies, this.tenancy);
    const key = `round-${r.round}-key-${this.key}`;
    const outcome = m.receive(key, t, this.cents, this.ledger);
    const res = await pay(r.app, r.agency, t.id, ksh(this.cents), key, this.ledger);
    if (outcome === 'conflict') expect(res.statusCode).toBe(409);
    else {
      expect(res.statusCode).toBe(200);
      if (outcome === 'posted') {
        expect(res.json().receiptNo).toBe(receiptNumber(m.receiptCount));
        m.receipts.set(key, { key, tenancyId: t.id, amount: this.cents, ledger: this.ledger, txnId: res.json().TransactionId, receiptNo: res.json().receiptNo });
      } else expect(res.json().TransactionId).toBe(m.receipts.get(key)!.txnId);
    }
    await compare(m, r);
  }
  toString = () => `receive(${this.tenancy}, ${this.cents}, ${this.ledger}, key ${this.key})`;
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

class NextMonth implements Cmd {
  check = () => true;
  async run(m: LedgerModel, r: LedgerReal) {
    m.month = nextMonth(m.month);
    const [y, mo] = m.month.split('-').map(Number);
    r.clock.set(new Date(Date.UTC(y!, mo! - 1, 10, 9)));
    // In place: the estate helpers hold on to the same object.
    Object.assign(r.agency, await signInAgain(r.app, r.agency));
  }
  toString = () => 'nextMonth';
}

class Run implements Cmd {
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

class Terminate implements Cmd {
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

class Reverse implements Cmd {
  constructor(readonly tenancy: number, readonly line: number) {}
  check = (m: Readonly<LedgerModel>) => m.tenancies.length > 0;
  async run(m: LedgerModel, r: LedgerReal) {
    const t = pick(m.tenancies, this.tenancy);
    const line = pick(t.lines, this.line);
    const name = line.receiptNo ?? `transaction ${line.txnId}`;
    const outcome = m.reverse(t, line, name, 'Wrong entry');
    const res = await reverse(r.app, r.agency, line.txnId!, 'Wrong entry');
    expect(res.statusCode).toBe(outcome === 'posted' ? 200 : outcome === 'conflict' ? 409 : 400);
    await compare(m, r);
  }
  toString = () => `reverse(${this.tenancy}, line ${this.line})`;
}

export const ledgerCommands = [
  fc.nat(2).map((h) => new Book(h)),
  fc
    .tuple(fc.nat(5), fc.integer({ min: 1, max: 3_000_000 }), fc.constantFrom('Rent' as const, 'Deposit' as const), fc.nat(6))
    .map(([t, c, l, k]) => new Receive(t, c, l, k)),
  fc.nat(10).map((i) => new RepeatKey(i)),
  fc.nat(10).map((i) => new RepeatKey(i)),
  fc.constant(new NextMonth()),
  fc.constant(new NextMonth()),
  fc.constant(new Run()),
  fc.constant(new Run()),
  fc.constant(new Run()),
  fc.tuple(fc.nat(5), fc.boolean(), fc.constantFrom(0, 50, 100)).map(([t, a, s]) => new Terminate(t, a, s)),
  fc.tuple(fc.nat(5), fc.nat(12)).map(([t, l]) => new Reverse(t, l)),
];

/** After each command: the API's balances, MonthLapse, deposits, lists and statements equal the model's. */
export async function compare(m: LedgerModel, r: LedgerReal) {
  const active = new Map((await tenancyList(r.app, r.agency, 'all')).map((t) => [t.TenancyId, t]));
  const ended = new Map((await tenancyList(r.app, r.agency, 'ended-with-balances')).map((t) => [t.TenancyId, t]));
  for (const t of m.tenancies) {
    const listed = t.ended ? ended.get(t.id) : active.get(t.id);
    if (t.ended && !m.unsettled(t)) {
      expect(listed, `tenancy ${t.id} is settled`).toBeUndefined();
      continue;
    }
    expect(listed, `tenancy ${t.id} is listed`).toMatchObject(m.expected(t));
    await compareStatement(m, r, t);
  }
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
