import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { figuresFromJournal } from '../../test/dashboard-figures';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, statementOf, type Agency } from '../../test/estate';
import { checkLedger } from '../ledger/invariants';

/**
 * The standing rent charges the dashboard's arrears by age read instead of the
 * journal (migration 0043): written by the journal's own triggers, in the
 * statement that posts, so they commit and roll back with the lines.
 */
const clock = manualClock(new Date('2026-07-20T09:00:00Z'));
let app: FastifyInstance;
let agency: Agency;
let tenancyId: number;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
  for (const day of ['2026-08-03', '2026-09-03', '2026-10-03']) {
    clock.set(new Date(`${day}T09:00:00Z`));
    agency = await signInAgain(app, agency);
    const run = await runInvoices(app, agency);
    expect(run.statusCode).toBe(200);
  }
  // 15,000 paid, then a 2,000 receipt reversed, and September's charge reversed.
  expect((await pay(app, agency, tenancyId, '15,000', 'rent-charges-1')).statusCode).toBe(200);
  const mistake = (await pay(app, agency, tenancyId, '2,000', 'rent-charges-2')).json() as { TransactionId: number };
  expect((await reverse(app, agency, mistake.TransactionId)).statusCode).toBe(200);
  const lines = (await statementOf(app, agency, tenancyId)).json() as { TransactionId: number; TransactionDetails: string }[];
  const september = lines.find((l) => l.TransactionDetails.includes('September 2026'))!.TransactionId;
  expect((await reverse(app, agency, september)).statusCode).toBe(200);
});
afterAll(() => app.close());

/** A statement sent as is; its failure answered with the database's own error. */
const exec = (query: ReturnType<typeof sql>) =>
  app.database.db.execute(query).catch((error: { cause?: unknown }) => {
    throw error.cause ?? error;
  });

const kept = async () =>
  rowsOf<{ due: string; cents: string | number }>(
    await app.database.db.execute(sql`
      SELECT due::text AS due, cents FROM tenancy_rent_charges WHERE tenancy_id = ${tenancyId} ORDER BY due`),
  ).map((r) => ({ due: r.due, cents: Number(r.cents) }));

describe('the rent charges kept beside the journal', () => {
  it('hold each standing charge with the day it fell due; a reversed charge leaves them', async () => {
    // Booked on July 20 (Nairobi): July falls due that day; August and October on the first.
    expect(await kept()).toEqual([
      { due: '2026-07-20', cents: 1_000_000 },
      { due: '2026-08-01', cents: 1_000_000 },
      { due: '2026-10-01', cents: 1_000_000 },
    ]);
    expect((await checkLedger(app.database.db)).problems).toEqual([]);
  });

  it('age what is unpaid as the fold over the journal does: the oldest charges paid first', async () => {
    for (const day of ['2026-10-03', '2026-11-05', '2027-01-20']) {
      clock.set(new Date(`${day}T09:00:00Z`));
      const who = await signInAgain(app, agency);
      const res = await app.inject({ method: 'GET', url: `/api/dashboard/money?managingAgentId=${who.agentId}`, headers: who.auth });
      const folded = await figuresFromJournal(app.database.db, who.agentId, clock.now());
      expect(res.json().arrearsByAge).toEqual(folded.arrearsByAge);
    }
    // On January 20, 2027: July's 10,000 paid, August's 5,000 left (over 90 days), October's 10,000 (111 days).
    const res = await app.inject({ method: 'GET', url: `/api/dashboard/money?managingAgentId=${agency.agentId}`, headers: (await signInAgain(app, agency)).auth });
    expect(res.json().arrearsByAge.map((b: { amount: number }) => b.amount)).toEqual([0, 0, 0, 15000]);
  });

  it('roll back with the posting that wrote them', async () => {
    const before = await kept();
    await expect(
      app.database.db.transaction(async (tx) => {
        const [txn] = rowsOf<{ txn_id: string | number }>(
          await tx.execute(sql`
            INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by)
            VALUES (${agency.agentId}, 'rent_charge', ${tenancyId}, now(), 'Rent', '2027-03-01', ${agency.userNo})
            RETURNING txn_id`),
        );
        await tx.execute(sql`
          INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
          VALUES (${txn!.txn_id}, ${agency.agentId}, 'tenant', 'rent', ${tenancyId}, 700000, 0),
                 (${txn!.txn_id}, ${agency.agentId}, 'rent_income', NULL, NULL, 0, 700000)`);
        expect(await tx.execute(sql`SELECT 1 FROM tenancy_rent_charges WHERE txn_id = ${txn!.txn_id}`)).toSatisfy(
          (r: unknown) => rowsOf(r).length === 1,
        );
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await kept()).toEqual(before);
  });

  it('refuse a write that does not come from the journal', async () => {
    await expect(exec(sql`UPDATE tenancy_rent_charges SET cents = 1 WHERE tenancy_id = ${tenancyId}`)).rejects.toThrow(/kept by the journal/);
    await expect(exec(sql`DELETE FROM tenancy_rent_charges WHERE false`)).rejects.toThrow(/kept by the journal/);
    await expect(
      exec(sql`INSERT INTO tenancy_rent_charges (line_id, txn_id, tenancy_id, agent_id, due, cents) VALUES (-1, -1, ${tenancyId}, ${agency.agentId}, '2026-01-01', 1)`),
    ).rejects.toThrow(/kept by the journal/);
  });

  it("refuse to move a tenancy's start date, which placed its first charge", async () => {
    await expect(
      exec(sql`UPDATE tenancies SET start_date = start_date - interval '1 month' WHERE tenancy_id = ${tenancyId}`),
    ).rejects.toThrow(/start date is not changed/);
  });
});
