import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate } from '../../test/estate';
import { confirmation } from '../../test/fake-daraja';
import { setPaybill, statement } from '../../test/mpesa';
import { statementCsv } from '../../test/statement-csv';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A payment of the run: to the tenancy (matched) or to an account nobody has (unmatched). */
const Payment = fc.record({ matched: fc.boolean(), cents: fc.integer({ min: 1, max: 5_000_000 }) });
/** What arrives: a callback for payment i, an import of some payments, or a body Daraja garbled. */
const Arrival = fc.oneof(
  fc.record({ kind: fc.constant('callback' as const), i: fc.nat() }),
  fc.record({
    kind: fc.constant('import' as const),
    some: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('garbled' as const),
    body: fc.constantFrom('{"TransID":', '', 'null', '{"TransID":"X1"}'),
  }),
);

describe('whatever order and however often callbacks and imports arrive', () => {
  it('each TransID posts at most one receipt, and matched + unmatched + rejected is what arrived', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(Payment, { minLength: 1, maxLength: 5 }),
        fc.array(Arrival, { minLength: 1, maxLength: 10 }),
        async (payments, arrivals) => {
          run++;
          const agency = await agencyWithOwner(app);
          const place = await estate(app, agency, { houses: 1, deposit: '0' });
          const tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
          const { confirmationPath } = await setPaybill(app, agency);
          const transId = (i: number) => `PR${String(run).padStart(4, '0')}X${i}`;
          const account = (i: number) => (payments[i]!.matched ? String(tenancyId) : `NOBODY${i}`);
          const arrived = new Set<number>();
          let garbled = 0;
          for (const a of arrivals) {
            if (a.kind === 'callback') {
              const i = a.i % payments.length;
              const body = confirmation({
                TransID: transId(i),
                BusinessShortCode: '600984',
                BillRefNumber: account(i),
                TransAmount: (payments[i]!.cents / 100).toFixed(2),
              });
              const res = await app.inject({
                method: 'POST',
                url: confirmationPath,
                headers: { 'content-type': 'application/json' },
                payload: JSON.stringify(body),
              });
              expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
              arrived.add(i);
            } else if (a.kind === 'import') {
              const some = [...new Set(a.some.map((n) => n % payments.length))];
              const csv = statementCsv(
                some.map((i) => ({
                  receiptNo: transId(i),
                  at: new Date(),
                  paidIn: (payments[i]!.cents / 100).toFixed(2),
                  account: account(i),
                })),
              );
              expect((await statement(app, agency, 'import', csv)).statusCode).toBe(200);
              some.forEach((i) => arrived.add(i));
            } else {
              const res = await app.inject({
                method: 'POST',
                url: confirmationPath,
                headers: { 'content-type': 'application/json' },
                payload: a.body,
              });
              expect(res.statusCode).toBe(400);
              garbled++;
            }
          }
          const [counts] = rowsOf<{
            matched: number;
            unmatched: number;
            rejected: number;
            receipts: number;
            most: number;
            posted: string | null;
          }>(
            await app.database.db.execute(sql`
            SELECT (SELECT count(*) FROM mpesa_payments WHERE agent_id = ${agency.agentId} AND status = 'matched')::int AS matched,
                   (SELECT count(*) FROM mpesa_payments WHERE agent_id = ${agency.agentId} AND status = 'unmatched')::int AS unmatched,
                   (SELECT count(*) FROM mpesa_rejections WHERE agent_id = ${agency.agentId})::int AS rejected,
                   (SELECT count(*) FROM journal_transactions WHERE agent_id = ${agency.agentId} AND kind = 'receipt')::int AS receipts,
                   (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM journal_transactions WHERE agent_id = ${agency.agentId} AND kind = 'receipt' GROUP BY idempotency_key) k)::int AS most,
                   (SELECT sum(credit_cents) FROM journal_lines WHERE account = 'tenant' AND tenancy_id = ${tenancyId})::text AS posted`),
          );
          const matchedArrivals = [...arrived].filter((i) => payments[i]!.matched);
          expect(counts!.most).toBeLessThanOrEqual(1);
          expect(counts!.matched).toBe(matchedArrivals.length);
          expect(counts!.receipts).toBe(matchedArrivals.length);
          expect(counts!.matched + counts!.unmatched + counts!.rejected).toBe(arrived.size + garbled);
          expect(Number(counts!.posted ?? 0)).toBe(
            matchedArrivals.reduce((t, i) => t + payments[i]!.cents, 0),
          );
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
