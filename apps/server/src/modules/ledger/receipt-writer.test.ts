import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, tenancyOf, type Agency } from '../../test/estate';
import { formatTransTime } from '@makazi/domain';
import { confirmation, darajaSender } from '../../test/fake-daraja';
import { assign, reconciliation, setPaybill, statement, unmatched } from '../../test/mpesa';
import { statementCsv } from '../../test/statement-csv';

let app: FastifyInstance;
let agency: Agency;
let tenancies: number[];
let confirmationPath: string;
let daraja: ReturnType<typeof darajaSender>;
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 4, rent: '10,000', deposit: '0' });
  tenancies = [];
  for (const houseId of place.houseIds) tenancies.push(await bookOk(app, agency, houseId, await place.tenant()));
  confirmationPath = (await setPaybill(app, agency)).confirmationPath;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  daraja = darajaSender(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
afterAll(() => app.close());

const balance = async (tenancyId: number) => (await tenancyOf(app, agency, tenancyId)).RentBalance as number;

async function receiptsFor(transId: string) {
  return rowsOf<{ txn_id: string; posted_at: string | Date; receipt_no: string }>(
    await app.database.db.execute(sql`
      SELECT txn_id, posted_at, receipt_no FROM journal_transactions
      WHERE agent_id = ${agency.agentId} AND kind = 'receipt' AND details = ${`M-Pesa ${transId}`} ORDER BY txn_id`),
  );
}

describe('one receipt writer: client keys cannot collide with M-Pesa TransIDs', () => {
  it('a cash receipt keyed mpesa:<TransID> does not block the confirmation of that TransID', async () => {
    const id = tenancies[0]!;
    expect((await pay(app, agency, id, '1,000', 'mpesa:SKA0000001')).statusCode).toBe(200);
    const before = await balance(id);
    const answer = await daraja.confirm(
      confirmationPath,
      confirmation({ TransID: 'SKA0000001', BusinessShortCode: '600984', BillRefNumber: String(id), TransAmount: '2500.00' }),
    );
    expect(answer.status).toBe(200);
    expect(await balance(id)).toBe(before - 2500);
    expect(await receiptsFor('SKA0000001')).toHaveLength(1);
  });

  it('a statement import holding such a TransID posts it, and the cash receipt stays its own', async () => {
    const id = tenancies[1]!;
    expect((await pay(app, agency, id, '1,000', 'mpesa:SKB0000001')).statusCode).toBe(200);
    const before = await balance(id);
    const csv = statementCsv([{ receiptNo: 'SKB0000001', at: new Date('2025-01-10T07:00:00Z'), paidIn: '3,000.00', account: String(id) }]);
    const done = await statement(app, agency, 'import', csv);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ Posted: 1 });
    expect(await balance(id)).toBe(before - 3000);
    // The same client key again is still that cash receipt's retry.
    const retry = await pay(app, agency, id, '1,000', 'mpesa:SKB0000001');
    expect(retry.statusCode).toBe(200);
    expect(await balance(id)).toBe(before - 3000);
  });

  it('an imported payment is dated when it was paid, not on the import day', async () => {
    const paid = new Date('2025-11-30T21:12:00Z'); // 1 Dec 00:12 in Nairobi
    const csv = statementCsv([{ receiptNo: 'SKC0000001', at: paid, paidIn: '500.00', account: String(tenancies[2]) }]);
    expect((await statement(app, agency, 'import', csv)).json()).toMatchObject({ Posted: 1 });
    const [receipt] = await receiptsFor('SKC0000001');
    expect(new Date(receipt!.posted_at).toISOString()).toBe(paid.toISOString());
    // The landlord's side of the money is booked with the receipt, on the day it was paid.
    const collections = rowsOf<{ kind: string; money_date: string; collected: string }>(
      await app.database.db.execute(sql`
        SELECT t.kind, to_char(t.money_date, 'YYYY-MM-DD') AS money_date,
               (SELECT sum(l.debit_cents - l.credit_cents) FROM landlord_lines l WHERE l.txn_id = t.txn_id AND l.account = 'collected') AS collected
        FROM landlord_txns t WHERE t.journal_txn_id = ${receipt!.txn_id}`),
    );
    expect(collections.map((c) => [c.kind, c.money_date, Number(c.collected)])).toEqual([['collection', '2025-12-01', 50_000]]);
  });

  it('a confirmation is dated by its TransTime', async () => {
    await daraja.confirm(
      confirmationPath,
      confirmation({ TransID: 'SKD0000001', BusinessShortCode: '600984', BillRefNumber: String(tenancies[2]), TransTime: '20251201081200', TransAmount: '10.00' }),
    );
    const [receipt] = await receiptsFor('SKD0000001');
    expect(new Date(receipt!.posted_at).toISOString()).toBe('2025-12-01T05:12:00.000Z');
  });

  it('a confirmation whose TransTime is ahead of our clock is dated when we heard of it, never in the future', async () => {
    const heard = new Date();
    const ahead = new Date(heard.getTime() + 3 * 60 * 60 * 1000);
    await daraja.confirm(
      confirmationPath,
      confirmation({ TransID: 'SKF0000001', BusinessShortCode: '600984', BillRefNumber: String(tenancies[2]), TransTime: formatTransTime(ahead), TransAmount: '10.00' }),
    );
    const [receipt] = await receiptsFor('SKF0000001');
    const dated = new Date(receipt!.posted_at).getTime();
    expect(dated).toBeGreaterThanOrEqual(heard.getTime());
    expect(dated).toBeLessThanOrEqual(Date.now());
  });

  it('queues the tenant\'s receipt notice for each M-Pesa payment posted, by confirmation and by import', async () => {
    const id = tenancies[2]!;
    await daraja.confirm(
      confirmationPath,
      confirmation({ TransID: 'SKG0000001', BusinessShortCode: '600984', BillRefNumber: String(id), TransAmount: '700.00' }),
    );
    const csv = statementCsv([{ receiptNo: 'SKG0000002', at: new Date('2025-03-10T07:00:00Z'), paidIn: '800.00', account: String(id) }]);
    expect((await statement(app, agency, 'import', csv)).json()).toMatchObject({ Posted: 1 });
    for (const [transId, cents] of [['SKG0000001', 70_000], ['SKG0000002', 80_000]] as const) {
      const [receipt] = await receiptsFor(transId);
      const notices = rowsOf<{ channel: string; receipt_no: string; amount_cents: string }>(
        await app.database.db.execute(
          sql`SELECT channel, receipt_no, amount_cents FROM receipt_notices WHERE txn_id = ${receipt!.txn_id}`,
        ),
      );
      expect(notices.map((n) => [n.channel, Number(n.receipt_no), Number(n.amount_cents)])).toEqual([
        ['email', Number(receipt!.receipt_no), cents],
      ]);
    }
  });

  it('a reversed M-Pesa receipt goes back to the queue and can be posted again, closing the difference', async () => {
    const id = tenancies[3]!;
    const csv = statementCsv([{ receiptNo: 'SKE0000001', at: new Date('2025-02-03T07:00:00Z'), paidIn: '4,000.00', account: String(id) }]);
    expect((await statement(app, agency, 'import', csv)).json()).toMatchObject({ Posted: 1 });
    const before = await balance(id);
    const [first] = await receiptsFor('SKE0000001');
    expect((await reverse(app, agency, Number(first!.txn_id), 'Paid for the neighbour')).statusCode).toBe(200);
    expect(await balance(id)).toBe(before + 4000);
    const queued = (await unmatched(app, agency)).json() as { PaymentId: number; TransID: string }[];
    const payment = queued.find((p) => p.TransID === 'SKE0000001');
    expect(payment).toBeDefined();
    const posted = await assign(app, agency, payment!.PaymentId, tenancies[0]!);
    expect(posted.statusCode).toBe(200);
    expect(await receiptsFor('SKE0000001')).toHaveLength(2);
    const rec = (await reconciliation(app, agency, '2025-02-03', '2025-02-03')).json();
    expect(rec).toMatchObject({ Received: 4000, Posted: 4000, Difference: 0 });
    // Posted again, it is not in the queue a second time.
    expect(((await unmatched(app, agency)).json() as { TransID: string }[]).some((p) => p.TransID === 'SKE0000001')).toBe(false);
  });
});
