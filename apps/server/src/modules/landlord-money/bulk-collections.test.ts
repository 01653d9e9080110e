import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate } from '../../test/estate';
import { setAgreement } from '../../test/landlord';
import { setPaybill, statement } from '../../test/mpesa';
import { statementCsv } from '../../test/statement-csv';
import { statementsOf } from '../../test/statements-sent';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

describe('the landlord side of an M-Pesa statement import', () => {
  it('books each tenancy at the terms of its own last payment’s day, all tenancies in one state read and one posting', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 3, rent: '20,000', deposit: '0' });
    const [early, late, both] = [
      await bookOk(app, agency, houseIds[0]!, await tenant()),
      await bookOk(app, agency, houseIds[1]!, await tenant()),
      await bookOk(app, agency, houseIds[2]!, await tenant()),
    ];
    expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
    expect((await setAgreement(app, agency, propId, { EffectiveFrom: '2026-06-15', CommissionPercent: '12.50' })).statusCode).toBe(200);
    clock.set(new Date('2026-06-20T09:00:00Z'));
    Object.assign(agency, await signInAgain(app, agency));
    await setPaybill(app, agency);

    const before = new Date('2026-06-12T07:00:00Z');
    const after = new Date('2026-06-16T07:00:00Z');
    const csv = statementCsv([
      { receiptNo: 'SBK0000001', at: before, paidIn: '10,000.00', account: String(early) },
      { receiptNo: 'SBK0000002', at: after, paidIn: '10,000.00', account: String(late) },
      { receiptNo: 'SBK0000003', at: before, paidIn: '4,000.00', account: String(both) },
      { receiptNo: 'SBK0000004', at: after, paidIn: '6,000.00', account: String(both) },
    ]);
    const sent = await statementsOf(app, async () => {
      expect((await statement(app, agency, 'import', csv)).json()).toMatchObject({ Posted: 4 });
    });
    expect(sent.filter((text) => text.includes('FROM landlord_lines ll'))).toHaveLength(1);
    expect(sent.filter((text) => text.includes('INSERT INTO landlord_txns'))).toHaveLength(1);

    const booked = rowsOf<{ tenancy_id: number; money_date: string; commission: number; landlord: number }>(
      await app.database.db.execute(sql`
        SELECT t.tenancy_id::int, t.money_date::text,
          sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'commission')::int AS commission,
          sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'landlord')::int AS landlord
        FROM landlord_txns t JOIN landlord_lines l ON l.txn_id = t.txn_id
        WHERE t.agent_id = ${agency.agentId} AND t.kind = 'collection'
        GROUP BY t.txn_id ORDER BY t.tenancy_id`),
    );
    expect(booked).toEqual([
      { tenancy_id: early, money_date: '2026-06-12', commission: 100_000, landlord: 900_000 },
      { tenancy_id: late, money_date: '2026-06-16', commission: 125_000, landlord: 875_000 },
      // One entry for the tenancy, dated by its last payment: the terms of that day on the whole of it.
      { tenancy_id: both, money_date: '2026-06-16', commission: 125_000, landlord: 875_000 },
    ]);
  });
});
