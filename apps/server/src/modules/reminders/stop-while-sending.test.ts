import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, type Agency } from '../../test/estate';
import { fakeBulkSmsServer } from '../../test/fake-bulk-sms';
import { africasTalkingBulk } from './bulk-sms';
import { HANDED_OVER_UNANSWERED, reminderService } from './service';

const clock = manualClock(new Date('2027-03-03T06:00:00Z'));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let app: FastifyInstance;
let at: Awaited<ReturnType<typeof fakeBulkSmsServer>>;
beforeAll(async () => {
  at = await fakeBulkSmsServer();
  app = await createTestApp({}, { clock });
});
afterAll(async () => {
  await app.close();
  await at.close();
});

/** A server process of its own on the same database: its reminder sender, talking to the fake Africa's Talking. */
const serverProcess = () =>
  reminderService({
    db: app.database.db,
    clock,
    sms: africasTalkingBulk({ baseUrl: at.baseUrl, username: 'makazi', apiKey: 'at-key', senderId: 'MAKAZI' }),
    log: quiet,
  });

/** Three tenants owing 10,000 each, reminded today: three reminders queued. */
async function queued(): Promise<Agency> {
  const agency = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { houses: 3, rent: '10,000', deposit: '0' });
  for (const [i, houseId] of houseIds.entries()) await bookOk(app, agency, houseId, await tenant(`Stop${i}x`));
  const saved = await app.inject({
    method: 'POST',
    url: '/api/charges/reminders/settings',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, Active: true, Days: [3], MinBalance: '5,000' },
  });
  expect(saved.statusCode).toBe(200);
  expect((await serverProcess().queueToday(agency.agentId)).queued).toBe(3);
  return agency;
}

const statuses = async (agency: Agency) =>
  rowsOf<{ status: string; failure_reason: string | null }>(
    await app.database.db.execute(
      sql`SELECT status, failure_reason FROM sms_reminders WHERE agent_id = ${agency.agentId} ORDER BY reminder_id`,
    ),
  );

describe('a server stopping while Africa’s Talking is slow (issue 34)', () => {
  it('waits for the reminder the provider has, hands over no other, and the next start sends each once', async () => {
    const agency = await queued();
    at.received.length = 0;
    at.slow(600);
    const first = serverProcess();
    const asked = at.nextRequest();
    const draining = first.drain();
    await asked;
    // SIGTERM: the app's close stops the sender before the database closes.
    await first.stop();
    expect(await draining).toBe(1);
    expect(at.received).toHaveLength(1);
    expect((await statuses(agency)).map((r) => r.status)).toEqual(['sent', 'queued', 'queued']);

    at.slow(0);
    expect(await serverProcess().drain()).toBe(2);
    expect(at.received).toHaveLength(3);
    expect(new Set(at.received.map((r) => r.body.message)).size).toBe(3);
    expect((await statuses(agency)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('records a reminder still unanswered when the wait is over, and the next start does not send it again', async () => {
    const agency = await queued();
    at.received.length = 0;
    at.slow(3_000);
    const first = serverProcess();
    const asked = at.nextRequest();
    void first.drain();
    await asked;
    await first.stop(200);
    expect(await statuses(agency)).toEqual([
      { status: 'failed', failure_reason: HANDED_OVER_UNANSWERED },
      { status: 'queued', failure_reason: null },
      { status: 'queued', failure_reason: null },
    ]);

    at.slow(0);
    expect(await serverProcess().drain()).toBe(2);
    // The one handed over went once; the other two once each.
    expect(at.received).toHaveLength(3);
    expect(new Set(at.received.map((r) => r.body.message)).size).toBe(3);
    expect((await statuses(agency)).map((r) => r.status)).toEqual(['failed', 'sent', 'sent']);
  });
});
