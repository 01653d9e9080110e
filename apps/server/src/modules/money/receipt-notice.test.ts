import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay } from '../../test/estate';

// Sent in the background as a running server sends them (tests elsewhere drain by hand).
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ deliverNotices: true });
});
afterAll(() => app.close());

describe('the tenant’s receipt for cash received', () => {
  it('goes out as soon as the payment commits, not at the next retry round a minute later', async () => {
    const agency = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    const tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant('Wanjiku'));
    const receipt = (await pay(app, agency, tenancyId, '4,000', 'prompt-notice-key-1')).json();
    // The drain the payment starts runs on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await app.notices.idle();
    const mails = rowsOf<{ body: string }>(await app.database.db.execute(sql`SELECT body FROM mail_outbox WHERE body LIKE ${`%${receipt.receiptNo}%`}`));
    expect(mails.map((m) => m.body)).toEqual([expect.stringContaining(`receipt ${receipt.receiptNo} for Ksh 4,000.00 received. Balance now Ksh 6,000.00.`)]);
  });
});
