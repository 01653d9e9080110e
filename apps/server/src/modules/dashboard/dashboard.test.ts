import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { rowsOf } from '../../db/database';
import { figuresFromJournal } from '../../test/dashboard-figures';
import { recordingPg } from '../../test/recording-pg';
import {
  agencyWithOwner,
  bookOk,
  estate,
  pay,
  reverse,
  runInvoices,
  statementOf,
  tenancyOf,
  terminate,
  type Agency,
} from '../../test/estate';
import { mostInArrears } from './repository';

/** A recorded statement with its (numeric) values written in, for EXPLAIN. */
const withValues = (text: string, values: unknown[]) => text.replace(/\$(\d+)/g, (_, i: string) => String(Number(values[Number(i) - 1])));

const clock = manualClock(new Date('2026-07-20T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `dashboard-key-${++seq}`;

const money = (who: { auth: { authorization: string } }, agentId: number | string) =>
  app.inject({ method: 'GET', url: `/api/dashboard/money?managingAgentId=${agentId}`, headers: who.auth });

async function ok(res: Promise<{ statusCode: number; body: string; json: () => unknown }>) {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as { TransactionId: number };
}

/** The rent charge of `month` on a tenancy's statement (its transaction id). */
async function chargeOf(who: Agency, tenancyId: number, label: string) {
  const lines = (await statementOf(app, who, tenancyId)).json() as {
    TransactionId: number;
    TransactionDetails: string;
  }[];
  return lines.find((l) => l.TransactionDetails.includes(label))!.TransactionId;
}

describe('the money figures of a ledger built through the services', () => {
  let agency: Agency;
  let rival: Agency;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    clock.set(new Date('2026-07-20T09:00:00Z'));
    agency = await agencyWithOwner(app);
    rival = await agencyWithOwner(app);
    const court = await estate(app, agency, {
      houses: 3,
      rent: '10,000',
      deposit: '20,000',
      name: 'Baraka Court',
    });
    const flats = await estate(app, agency, {
      houses: 2,
      rent: '7,500.25',
      deposit: '5,000',
      name: 'Upendo Flats',
    });
    const theirs = await estate(app, rival, { houses: 1, rent: '50,000', deposit: '1,000' });
    // Registered now: the estate's helper signs its requests with today's session.
    const later = { t3: await flats.tenant(), t4: await court.tenant() };

    // July 20: two tenancies start; T1 pays its deposit.
    ids.t1 = await bookOk(app, agency, court.houseIds[0]!, await court.tenant());
    ids.t2 = await bookOk(app, agency, court.houseIds[1]!, await court.tenant());
    await ok(pay(app, agency, ids.t1, '20,000', key(), 'Deposit'));
    const rivalTenancy = await bookOk(app, rival, theirs.houseIds[0]!, await theirs.tenant());
    await ok(pay(app, rival, rivalTenancy, '12,345', key()));

    // August 5: the run charges August; T1 pays 15,000 of its 20,000.
    clock.set(new Date('2026-08-05T09:00:00Z'));
    agency = await signInAgain(app, agency);
    await ok(runInvoices(app, agency));
    await ok(pay(app, agency, ids.t1, '15,000', key()));

    // September 10: September charged; T3 starts on the flats; its first receipt is reversed; T2 pays 10,000.
    clock.set(new Date('2026-09-10T09:00:00Z'));
    agency = await signInAgain(app, agency);
    await ok(runInvoices(app, agency));
    ids.t3 = await bookOk(app, agency, flats.houseIds[0]!, later.t3);
    const wrong = await ok(pay(app, agency, ids.t3, '3,000.10', key()));
    await ok(reverse(app, agency, wrong.TransactionId));
    await ok(pay(app, agency, ids.t2, '10,000', key()));

    // October 3 and November 12: both months charged.
    clock.set(new Date('2026-10-03T09:00:00Z'));
    agency = await signInAgain(app, agency);
    await ok(runInvoices(app, agency));
    clock.set(new Date('2026-11-12T09:00:00Z'));
    agency = await signInAgain(app, agency);
    rival = await signInAgain(app, rival);
    await ok(runInvoices(app, agency));
    await ok(runInvoices(app, rival));

    // November: T4 starts and its rent charge is reversed; T3 pays 8,000; T1 pays 4,000 and a
    // 1,000 receipt that is reversed; T2 ends owing; T1 ends with its deposit applied to arrears.
    ids.t4 = await bookOk(app, agency, court.houseIds[2]!, later.t4);
    await ok(reverse(app, agency, await chargeOf(agency, ids.t4, 'Rent for November 2026')));
    await ok(pay(app, agency, ids.t3, '8,000', key()));
    await ok(pay(app, agency, ids.t1, '4,000', key()));
    const mistake = await ok(pay(app, agency, ids.t1, '1,000', key()));
    await ok(reverse(app, agency, mistake.TransactionId));
    await ok(terminate(app, agency, ids.t2, {}));
    await ok(terminate(app, agency, ids.t1, { applyDeposit: true }));
  });

  it('answers the figures worked out by hand, in Ksh with cents', async () => {
    const res = await money(agency, agency.agentId);
    expect(res.statusCode).toBe(200);
    const figures = res.json();
    expect(figures.month).toBe('2026-11-01');
    expect(figures.asOf).toBe('2026-11-12');
    // November's standing charges T1, T2, T3 (T4's reversed). Receipts T3 8,000 and T1 4,000 both
    // pay arrears of earlier months (T3 owes September and October; T1 5,000 after its 15,000 and
    // the deposit applied), so none of November's rent is collected yet.
    expect(figures.collection).toEqual({ charged: 27500.25, collected: 0 });
    // T1: 50,000 charged, 39,000 credited (15,000 + 4,000 + deposit 20,000): 1,000 left of October, November.
    // T2: 10,000 paid settles July; August (103 days), September (72), October (42), November (11) unpaid.
    // T3: 8,000 settles September (7,500.25) and 499.75 of October: 7,000.50 of October, November unpaid.
    expect(figures.arrearsByAge).toEqual([
      { key: 'days0to30', amount: 27500.25, tenancies: 3 },
      { key: 'days31to60', amount: 18000.5, tenancies: 3 },
      { key: 'days61to90', amount: 10000, tenancies: 1 },
      { key: 'over90', amount: 10000, tenancies: 1 },
    ]);
    expect(figures.mostInArrears.map((t: { TenancyId: number }) => t.TenancyId)).toEqual([
      ids.t2,
      ids.t3,
      ids.t1,
    ]);
    expect(figures.mostInArrears[0]).toMatchObject({
      RentArrears: 40000,
      MonthLapse: 4,
      // Its deposit was never paid, and is not owed once the tenancy has ended.
      DepositDue: 0,
      Ended: true,
    });
    expect(figures.mostInArrears[1]).toMatchObject({
      RentArrears: 14500.75,
      MonthLapse: 2,
      DepositDue: 5000,
      Ended: false,
      Property_name: 'Upendo Flats',
    });
    expect(figures.mostInArrears[2]).toMatchObject({
      RentArrears: 11000,
      MonthLapse: 2,
      DepositDue: 0,
      Ended: true,
    });
    expect(figures.occupancy.map((p: object) => ({ ...p, PropId: undefined }))).toEqual([
      { Property_name: 'Baraka Court', occupied: 1, total: 3, PropId: undefined },
      { Property_name: 'Upendo Flats', occupied: 1, total: 2, PropId: undefined },
    ]);
  });

  it('agrees with a fold over the journal lines, and each tenancy with its statement', async () => {
    const figures = (await money(agency, agency.agentId)).json();
    expect(figures).toEqual(await figuresFromJournal(app.database.db, agency.agentId, clock.now()));
    for (const t of figures.mostInArrears) {
      const tenancy = await tenancyOf(app, agency, t.TenancyId);
      expect(Math.round((tenancy.RentBalance - tenancy.DepositDue) * 100)).toBe(
        Math.round(t.RentArrears * 100),
      );
    }
  });

  it('shows another agency only its own figures', async () => {
    const figures = (await money(rival, rival.agentId)).json();
    expect(figures).toEqual(await figuresFromJournal(app.database.db, rival.agentId, clock.now()));
    expect(figures.collection).toEqual({ charged: 50000, collected: 0 });
    expect(figures.mostInArrears).toHaveLength(1);
  });

  it("keeps each balance under its tenancy's agency, and reads the agency's balances through their own index", async () => {
    const strays = await app.database.db.execute(sql`
      SELECT count(*)::int AS n FROM tenancy_balances b JOIN tenancies t ON t.tenancy_id = b.tenancy_id
      WHERE b.agent_id IS DISTINCT FROM t.agent_id`);
    expect(rowsOf<{ n: number }>(strays)[0]!.n).toBe(0);
    // The statement as the dashboard sends it; its plan with scans of whole tables ruled out.
    const { db: recorder, sent } = recordingPg();
    await mostInArrears(recorder, agency.agentId);
    const plan = await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rowsOf<Record<string, string>>(await tx.execute(sql.raw(`EXPLAIN ${withValues(sent[0]!.text, sent[0]!.values)}`)));
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toMatch(/tenancy_balances_agent/);
  });

  it('ages arrears as the clock moves on, without new entries', async () => {
    clock.set(new Date('2027-02-15T09:00:00Z'));
    const who = await signInAgain(app, agency);
    const figures = (await money(who, who.agentId)).json();
    expect(figures.month).toBe('2027-02-01');
    expect(figures.collection).toEqual({ charged: 0, collected: 0 });
    expect(figures).toEqual(await figuresFromJournal(app.database.db, who.agentId, clock.now()));
    expect(figures.arrearsByAge.at(-1).amount).toBeGreaterThan(50000);
    clock.set(new Date('2026-11-12T09:00:00Z'));
  });
});

describe("this month's collection", () => {
  it("counts only what paid this month's rent: neither arrears nor rent paid in advance", async () => {
    clock.set(new Date('2026-10-02T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const court = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '1,000' });
    // Registered now: the estate's helper signs its requests with today's session.
    const second = await court.tenant();
    const late = await bookOk(app, agency, court.houseIds[0]!, await court.tenant());
    clock.set(new Date('2026-11-03T09:00:00Z'));
    agency = await signInAgain(app, agency);
    await ok(runInvoices(app, agency));
    const ahead = await bookOk(app, agency, court.houseIds[1]!, second);
    // October unpaid: 15,000 settles it and 5,000 of November. 12,000 pays November and 2,000 in advance.
    await ok(pay(app, agency, late, '15,000', key()));
    await ok(pay(app, agency, ahead, '12,000', key()));
    const figures = (await money(agency, agency.agentId)).json();
    expect(figures.collection).toEqual({ charged: 20000, collected: 15000 });
    expect(figures).toEqual(await figuresFromJournal(app.database.db, agency.agentId, clock.now()));
    clock.set(new Date('2026-11-12T09:00:00Z'));
  });
});

describe('the edges of the age bands', () => {
  it('a charge due 30 days ago is in 0–30 days, at 31 days in 31–60; a month starts at midnight in Nairobi', async () => {
    // Booked at 10:00 on October 2 in Nairobi: October's rent falls due that day.
    clock.set(new Date('2026-10-02T07:00:00Z'));
    let agency = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '1,000', deposit: '0' });
    await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
    const bands = async () =>
      ((await money(agency, agency.agentId)).json().arrearsByAge as { amount: number }[]).map(
        (b) => b.amount,
      );

    clock.set(new Date('2026-10-31T20:59:00Z')); // 23:59 on October 31 in Nairobi: 29 days
    agency = await signInAgain(app, agency);
    expect(await bands()).toEqual([1000, 0, 0, 0]);
    expect((await money(agency, agency.agentId)).json()).toMatchObject({
      month: '2026-10-01',
      collection: { charged: 1000 },
    });
    clock.set(new Date('2026-11-01T20:59:00Z')); // November 1 in Nairobi: 30 days, and a month not yet charged
    agency = await signInAgain(app, agency);
    expect(await bands()).toEqual([1000, 0, 0, 0]);
    expect((await money(agency, agency.agentId)).json()).toMatchObject({
      month: '2026-11-01',
      collection: { charged: 0 },
    });
    clock.set(new Date('2026-11-01T21:00:00Z')); // November 2 in Nairobi: 31 days
    agency = await signInAgain(app, agency);
    expect(await bands()).toEqual([0, 1000, 0, 0]);
    clock.set(new Date('2026-11-12T09:00:00Z'));
  });
});

describe('an agency without anything yet', () => {
  it('answers zeros and empty lists', async () => {
    const empty = await agencyWithOwner(app);
    const res = await money(empty, empty.agentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      collection: { charged: 0, collected: 0 },
      arrearsByAge: [
        { key: 'days0to30', amount: 0, tenancies: 0 },
        { key: 'days31to60', amount: 0, tenancies: 0 },
        { key: 'days61to90', amount: 0, tenancies: 0 },
        { key: 'over90', amount: 0, tenancies: 0 },
      ],
      mostInArrears: [],
      occupancy: [],
    });
  });

  it('shows a property without houses as 0 of 0', async () => {
    const bare = await agencyWithOwner(app);
    const plot = await estate(app, bare, { houses: 1, name: 'Plot Only' });
    await app.database.db.execute(sql`DELETE FROM houses WHERE house_id = ${plot.houseIds[0]!}`);
    expect((await money(bare, bare.agentId)).json().occupancy).toMatchObject([{ Property_name: 'Plot Only', occupied: 0, total: 0 }]);
  });
});

describe('who may read them', () => {
  it('a hired user reads them; a suspended one gets 403, another agency 404, no one signed in 401', async () => {
    const agency = await agencyWithOwner(app);
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await money(worker, agency.agentId)).statusCode).toBe(200);

    const suspended = await signedInUser(app);
    await contractUser(app, agency.agentId, suspended.userNo, { loginStatus: 0 });
    expect((await money(suspended, agency.agentId)).statusCode).toBe(403);

    const rival = await agencyWithOwner(app);
    expect((await money(rival, agency.agentId)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/dashboard/money?managingAgentId=${agency.agentId}` }))
        .statusCode,
    ).toBe(401);
    expect((await money(agency, 'abc')).statusCode).toBe(400);
  });
});
