import { NOTICE_MESSAGES } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';

describe('the receipt outbox screen', () => {
  let app: FastifyInstance;
  let agency: Agency;
  let other: Agency;
  let tenancyId: number;

  beforeAll(async () => {
    app = await createTestApp();
    agency = await agencyWithOwner(app);
    other = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant('Zawadi'));
  });
  afterAll(() => app.close());

  const list = (who: Agency, agentId = who.agentId) =>
    app.inject({ method: 'GET', url: `/api/notices/outbox?managingAgentId=${agentId}`, headers: who.auth });
  const resend = (who: Agency, noticeId: number, agentId = who.agentId) =>
    app.inject({ method: 'POST', url: '/api/notices/outbox/resend', headers: who.auth, payload: { managingAgentId: agentId, noticeId } });

  it('lists what waits and what failed for good, with the reason, and resends a failed one', async () => {
    const receipt = (await pay(app, agency, tenancyId, '2,500', 'outbox-screen-1')).json();
    let notices = (await list(agency)).json().notices;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ state: 'waiting', channel: 'email', receiptNo: receipt.receiptNo, amountCents: 250_000, attempts: 0 });

    const id = notices[0].noticeId as number;
    await app.database.db.execute(
      sql`UPDATE receipt_notices SET failed_at = now(), last_error = 'The provider refused it for good: 550 no such user' WHERE notice_id = ${id}`,
    );
    notices = (await list(agency)).json().notices;
    expect(notices[0]).toMatchObject({ state: 'failed', nextAttemptAt: null, lastError: expect.stringMatching(/550/) });

    const res = await resend(agency, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(NOTICE_MESSAGES.resent);
    expect((await list(agency)).json().notices[0]).toMatchObject({ state: 'waiting' });

    await app.notices.drain();
    expect((await list(agency)).json().notices).toEqual([]);
    const again = await resend(agency, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOTICE_MESSAGES.alreadySent);
  });

  it("another agency neither sees nor resends this agency's notices", async () => {
    await pay(app, agency, tenancyId, '100', 'outbox-screen-2');
    const [notice] = (await list(agency)).json().notices;
    expect((await list(other)).json().notices).toEqual([]);
    expect((await list(other, agency.agentId)).statusCode).toBe(404);
    expect((await resend(other, notice.noticeId)).statusCode).toBe(404);
    expect((await list(agency)).json().notices[0]).toMatchObject({ noticeId: notice.noticeId, state: 'waiting' });
  });
});
