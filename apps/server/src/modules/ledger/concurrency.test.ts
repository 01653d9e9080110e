import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { journalTransactions, tenancies } from '../../db/schema';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, book, bookOk, estate, pay, runInvoices } from '../../test/estate';

/** Simultaneous requests: real parallel transactions on PostgreSQL, queued ones on PGlite. */
const clock = manualClock(new Date('2026-09-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

describe('at the same moment', () => {
  it('ten invoice runs for one agency charge each tenancy once', async () => {
    let agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 5, deposit: '0' });
    const ids: number[] = [];
    for (const houseId of houseIds) ids.push(await bookOk(app, agency, houseId, await tenant()));
    clock.advance(30 * 86_400_000);
    agency = await signInAgain(app, agency);

    const results = await Promise.all(Array.from({ length: 10 }, () => runInvoices(app, agency)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json().charged).toBe(5);
    for (const id of ids) {
      const [row] = await app.database.db
        .select({ n: count() })
        .from(journalTransactions)
        .where(and(eq(journalTransactions.tenancyId, id), eq(journalTransactions.kind, 'rent_charge'), eq(journalTransactions.chargeMonth, '2026-10-01')));
      expect(row!.n).toBe(1);
    }
  });

  it('two bookings of one house make one tenancy', async () => {
    const agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    const [a, b] = [await tenant(), await tenant()];
    const results = await Promise.all([book(app, agency, houseIds[0]!, a), book(app, agency, houseIds[0]!, b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [row] = await app.database.db
      .select({ n: count() })
      .from(tenancies)
      .where(and(eq(tenancies.houseId, houseIds[0]!), isNull(tenancies.endedAt)));
    expect(row!.n).toBe(1);
  });

  it('two receipts with one key post once', async () => {
    const agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    const results = await Promise.all([pay(app, agency, tenancyId, '4,000', 'same-key-12345'), pay(app, agency, tenancyId, '4,000', 'same-key-12345')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0]!.json().TransactionId).toBe(results[1]!.json().TransactionId);
    const [row] = await app.database.db
      .select({ n: count() })
      .from(journalTransactions)
      .where(and(eq(journalTransactions.tenancyId, tenancyId), eq(journalTransactions.kind, 'receipt')));
    expect(row!.n).toBe(1);
  });
});
