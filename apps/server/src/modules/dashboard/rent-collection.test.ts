import { accountingMonth, centsToAmount } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { figuresFromJournal } from '../../test/dashboard-figures';
import {
  agencyWithOwner,
  bookOk,
  estate,
  pay,
  reverse,
  runInvoices,
  statementOf,
  terminate,
  type Agency,
} from '../../test/estate';
import { checkLedger } from '../ledger/invariants';
import { rentCollection } from './repository';

/**
 * Rent collection read from the month's own lines kept beside the journal
 * (migration 0047) and the tenancy's rent balance, held against a fold over
 * the whole journal at every month of a history where lines cross months: a
 * receipt reversed the month after it was taken, a charge reversed the month
 * after it was posted, a month charged late, rent paid months ahead, a
 * deposit applied at the end, and lines posted after the month asked about.
 */
const clock = manualClock(new Date('2026-07-20T09:00:00Z'));
let app: FastifyInstance;
let agency: Agency;
const ids: Record<string, number> = {};
let seq = 0;
const key = () => `rent-collection-${++seq}`;

async function ok(res: Promise<{ statusCode: number; body: string; json: () => unknown }>) {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as { TransactionId: number };
}

async function at(day: string) {
  clock.set(new Date(day));
  agency = await signInAgain(app, agency);
}

async function chargeOf(tenancyId: number, label: string) {
  const lines = (await statementOf(app, agency, tenancyId)).json() as {
    TransactionId: number;
    TransactionDetails: string;
  }[];
  return lines.find((l) => l.TransactionDetails.includes(label))!.TransactionId;
}

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  agency = await agencyWithOwner(app);
  const court = await estate(app, agency, { houses: 4, rent: '10,000', deposit: '8,000' });
  const tenants = [await court.tenant(), await court.tenant(), await court.tenant(), await court.tenant()];

  // July 20: three tenancies start; A pays its deposit; B pays three months ahead.
  ids.a = await bookOk(app, agency, court.houseIds[0]!, tenants[0]!);
  ids.b = await bookOk(app, agency, court.houseIds[1]!, tenants[1]!);
  ids.c = await bookOk(app, agency, court.houseIds[2]!, tenants[2]!);
  await ok(pay(app, agency, ids.a, '8,000', key(), 'Deposit'));
  await ok(pay(app, agency, ids.b, '30,000', key()));

  // August: no run (August is charged late, in September); A pays part; C's receipt of 23:30 on the 31st (Nairobi) is reversed in September;
  // A pays 500 an hour later, on September 1 in Nairobi.
  await at('2026-08-03T09:00:00Z');
  await ok(pay(app, agency, ids.a, '12,500', key()));
  await at('2026-08-31T20:30:00Z');
  const wrong = await ok(pay(app, agency, ids.c, '4,000', key()));
  await at('2026-08-31T21:30:00Z');
  await ok(pay(app, agency, ids.a, '500', key()));

  // September: the run on the 2nd charges August and September; C's August receipt reversed; D starts.
  await at('2026-09-02T06:00:00Z');
  await ok(reverse(app, agency, wrong.TransactionId));
  await ok(runInvoices(app, agency));
  await ok(pay(app, agency, ids.c, '15,000', key()));
  ids.d = await bookOk(app, agency, court.houseIds[3]!, tenants[3]!);
  await ok(pay(app, agency, ids.d, '6,000', key()));

  // October: charged; C's September charge reversed a month on; A pays more than it owes; B's advance runs out.
  await at('2026-10-01T21:30:00Z');
  await ok(runInvoices(app, agency));
  await ok(reverse(app, agency, await chargeOf(ids.c, 'Rent for September 2026')));
  await ok(pay(app, agency, ids.a, '25,000', key()));
  await ok(pay(app, agency, ids.b, '5,000', key()));

  // November: charged; D ends with its deposit applied to arrears; a receipt of A reversed the same day.
  await at('2026-11-05T09:00:00Z');
  await ok(runInvoices(app, agency));
  const slip = await ok(pay(app, agency, ids.a, '700', key()));
  await ok(reverse(app, agency, slip.TransactionId));
  await ok(terminate(app, agency, ids.d, { applyDeposit: true }));
  await ok(pay(app, agency, ids.c, '9,999.50', key()));
});
afterAll(() => app.close());

const instants = [
  '2026-07-20T12:00:00Z',
  '2026-07-31T20:59:59Z',
  '2026-08-15T09:00:00Z',
  // Between the two receipts: 23:45 on August 31, then 00:45 on September 1, Nairobi.
  '2026-08-31T20:45:00Z',
  '2026-08-31T21:45:00Z',
  '2026-09-20T09:00:00Z',
  '2026-10-15T09:00:00Z',
  '2026-11-20T09:00:00Z',
  '2026-12-10T09:00:00Z',
];

describe("the month's rent collection from the kept lines", () => {
  it('equals the fold over the journal at every month of the history, before and after later postings', async () => {
    for (const instant of instants) {
      const now = new Date(instant);
      const folded = await figuresFromJournal(app.database.db, agency.agentId, now);
      const read = await rentCollection(app.database.db, agency.agentId, accountingMonth(now));
      expect({
        instant,
        charged: centsToAmount(read.charged),
        collected: centsToAmount(read.collected),
      }).toEqual({ instant, ...folded.collection });
    }
  });

  it('answers the same through the dashboard, and the figures worked out by hand for October', async () => {
    await at('2026-10-15T09:00:00Z');
    const res = await app.inject({
      method: 'GET',
      url: `/api/dashboard/money?managingAgentId=${agency.agentId}`,
      headers: agency.auth,
    });
    // October charged the four tenancies 10,000 each.
    expect(res.json().collection).toEqual(
      (await figuresFromJournal(app.database.db, agency.agentId, clock.now())).collection,
    );
    expect(res.json().collection.charged).toBe(40000);
  });

  it('keeps exactly the standing rent lines, and the ledger check finds nothing', async () => {
    expect((await checkLedger(app.database.db)).problems).toEqual([]);
    const reversedAway = rowsOf<{ n: number }>(
      await app.database.db.execute(sql`
        SELECT count(*)::int AS n FROM tenancy_rent_lines k
        JOIN journal_transactions j ON j.txn_id = k.txn_id
        WHERE j.kind = 'reversal' OR EXISTS (SELECT 1 FROM journal_transactions r WHERE r.reverses_txn_id = j.txn_id)`),
    );
    expect(Number(reversedAway[0]!.n)).toBe(0);
    // A's receipt taken at 00:30 in Nairobi on September 1 belongs to September's activity.
    const since = rowsOf<{ since: string }>(
      await app.database.db.execute(sql`
        SELECT since::text AS since FROM tenancy_rent_lines WHERE tenancy_id = ${ids.a} AND kind = 'receipt' AND credit_cents = 50000`),
    );
    expect(since.map((r) => r.since)).toEqual(['2026-09-01']);
  });

  it('roll back with the posting that wrote them, and refuse a write that does not come from the journal', async () => {
    const count = async () =>
      Number(
        rowsOf<{ n: number }>(
          await app.database.db.execute(
            sql`SELECT count(*)::int AS n FROM tenancy_rent_lines WHERE tenancy_id = ${ids.a}`,
          ),
        )[0]!.n,
      );
    const before = await count();
    await expect(
      app.database.db.transaction(async (tx) => {
        const [txn] = rowsOf<{ txn_id: string | number }>(
          await tx.execute(sql`
            INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by)
            VALUES (${agency.agentId}, 'rent_charge', ${ids.a}, now(), 'Rent', '2027-03-01', ${agency.userNo})
            RETURNING txn_id`),
        );
        await tx.execute(sql`
          INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
          VALUES (${txn!.txn_id}, ${agency.agentId}, 'tenant', 'rent', ${ids.a}, 700000, 0),
                 (${txn!.txn_id}, ${agency.agentId}, 'rent_income', NULL, NULL, 0, 700000)`);
        expect(
          rowsOf(await tx.execute(sql`SELECT 1 FROM tenancy_rent_lines WHERE txn_id = ${txn!.txn_id}`)),
        ).toHaveLength(1);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await count()).toBe(before);
    const refused = (query: ReturnType<typeof sql>) =>
      app.database.db.execute(query).catch((error: { cause?: unknown }) => {
        throw error.cause ?? error;
      });
    await expect(
      refused(sql`UPDATE tenancy_rent_lines SET credit_cents = 0 WHERE tenancy_id = ${ids.a}`),
    ).rejects.toThrow(/tenancy_rent_lines is kept by the journal/);
    await expect(refused(sql`DELETE FROM tenancy_rent_lines WHERE false`)).rejects.toThrow(
      /kept by the journal/,
    );
  });
});
