import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, type Agency } from '../../test/estate';
import { fakeBulkSmsServer } from '../../test/fake-bulk-sms';

const clock = manualClock(new Date('2027-03-03T06:00:00Z'));
const TOKEN = 'delivery-token-0123456789';
let app: FastifyInstance;
let at: Awaited<ReturnType<typeof fakeBulkSmsServer>>;
beforeAll(async () => {
  at = await fakeBulkSmsServer();
  app = await createTestApp(
    {
      sms: {
        baseUrl: at.baseUrl,
        username: 'makazi',
        apiKey: 'at-key',
        senderId: 'MAKAZI',
        deliveryToken: TOKEN,
      },
    },
    { clock },
  );
});
afterAll(async () => {
  await app.close();
  await at.close();
});

const call = (agency: Agency, method: 'GET' | 'POST', url: string, payload: object = {}) =>
  method === 'GET'
    ? app.inject({
        method,
        url: `/api/charges/reminders/${url}?managingAgentId=${agency.agentId}`,
        headers: agency.auth,
      })
    : app.inject({
        method,
        url: `/api/charges/reminders/${url}`,
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, ...payload },
      });
const report = (token: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/api/sms/delivery/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/** Three tenants owing 10,000 each (one in Kiswahili, one opted out) and one owing 2,000, booked on 3 March 2027. */
async function setting() {
  clock.set(new Date('2027-03-03T06:00:00Z'));
  const agency = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { houses: 4, rent: '10,000', deposit: '0' });
  const ids: number[] = [];
  for (const [i, houseId] of houseIds.slice(0, 3).entries())
    ids.push(await bookOk(app, agency, houseId, await tenant(`Rem${i}x`)));
  const small = await estate(app, agency, { houses: 1, rent: '2,000', deposit: '0' });
  ids.push(await bookOk(app, agency, small.houseIds[0]!, await small.tenant('Remsmall')));
  await app.database.db.execute(
    sql`UPDATE clients SET preferred_language = 'sw' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${ids[1]!})`,
  );
  expect((await call(agency, 'POST', 'optout', { TenancyId: ids[2], OptOut: true })).json().message).toBe(
    'The tenant will get no arrears reminders',
  );
  // The tenancy's screen shows the switch's state from its money by kind.
  const shown = async (tenancyId: number) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/charges/tenancy?managingAgentId=${agency.agentId}&tenancyId=${tenancyId}`,
        headers: agency.auth,
      })
    ).json().RemindersOptOut;
  expect([await shown(ids[2]!), await shown(ids[0]!)]).toEqual([true, false]);
  return { agency, ids };
}

describe('arrears reminders by SMS', () => {
  it('previews, queues once per tenancy and day, sends through the bulk API in the tenant’s language, and takes delivery reports', async () => {
    let { agency } = await setting();
    const saved = await call(agency, 'POST', 'settings', {
      Active: false,
      Days: [14, 3, 7],
      MinBalance: '5,000',
    });
    expect([saved.statusCode, saved.json().message]).toEqual([200, 'Arrears reminders switched off']);
    expect((await call(agency, 'GET', 'settings')).json()).toMatchObject({
      Active: false,
      Days: [3, 7, 14],
      MinBalance: 5000,
      SmsReady: true,
    });

    const preview = (await call(agency, 'GET', 'preview')).json();
    expect(preview).toMatchObject({
      Today: '2027-03-03',
      ReminderDay: true,
      Count: 2,
      Messages: 2,
      EstimatedCost: 1.6,
    });
    expect(preview.Sample).toMatch(
      /^Rem0x, your balance with .* is Ksh 10,000\.00\. Please pay to paybill -, account \d+\. Thank you\.$/,
    );
    const off = await call(agency, 'POST', 'run');
    expect([off.statusCode, off.json().message]).toEqual([400, 'Arrears reminders are switched off']);
    expect(at.received).toHaveLength(0);

    await call(agency, 'POST', 'settings', { Active: true, Days: [3, 7, 14], MinBalance: '5,000' });
    // Two at once (two processes, or a double click): one tenancy is reminded once a day.
    const [one, two] = await Promise.all([call(agency, 'POST', 'run'), call(agency, 'POST', 'run')]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().queued + two.json().queued).toBe(2);
    expect((await call(agency, 'POST', 'run')).json()).toEqual({
      message: 'No tenant is due a reminder today',
      queued: 0,
    });
    await app.services.reminders.drain();

    expect(at.received).toHaveLength(2);
    expect(
      at.received.every(
        (r) => r.path === '/version1/messaging/bulk' && r.apiKey === 'at-key' && r.body.username === 'makazi',
      ),
    ).toBe(true);
    expect(at.received.map((r) => r.body.phoneNumbers)).toEqual([['+254711222333'], ['+254711222333']]);
    expect(at.received[1]!.body.message).toMatch(/^Rem1x, deni lako kwa .* ni Ksh 10,000\.00\. Tafadhali lipa kupitia Paybill/);
    expect(at.received[0]!.body).toMatchObject({ senderId: 'MAKAZI', enqueue: true });

    expect((await report('wrong-token-0123456789', { id: 'ATXid_1', status: 'Success' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await report(TOKEN, {
          id: 'ATXid_1',
          status: 'Success',
          phoneNumber: '+254711222333',
          networkCode: '63902',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await report(TOKEN, {
          id: 'ATXid_2',
          status: 'Failed',
          phoneNumber: '+254711222333',
          failureReason: 'DeliveryFailure',
        })
      ).statusCode,
    ).toBe(200);
    expect((await report(TOKEN, { id: 'ATXid_unknown', status: 'Success' })).statusCode).toBe(200);
    agency = await signInAgain(app, agency);
    const log = (await call(agency, 'GET', 'log')).json() as {
      Status: string;
      FailureReason: string | null;
      Cost: string | null;
    }[];
    expect(log.map((r) => [r.Status, r.FailureReason, r.Cost]).sort()).toEqual([
      ['delivered', null, 'KES 0.8000'],
      ['failed', 'DeliveryFailure', 'KES 0.8000'],
    ]);
    const kept = await app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM sms_delivery_reports WHERE matched`,
    );
    expect(rowsOf<{ n: number }>(kept)[0]!.n).toBe(2);

    // The 4th is not a reminder day.
    clock.set(new Date('2027-03-04T06:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await call(agency, 'POST', 'run')).json().message).toBe('Today is not one of the reminder days');
  });

  it('keeps what a provider that is down did not take, and sends each once when it comes back', async () => {
    let { agency } = await setting();
    await call(agency, 'POST', 'settings', {
      Active: true,
      Days: [3],
      Template: 'Hello {{name}}: Ksh {{balance}} due, account {{account}}.',
    });
    at.answer([503]);
    const before = at.received.length;
    expect((await call(agency, 'POST', 'run')).json().queued).toBe(3);
    expect(await app.services.reminders.drain()).toBe(0);
    expect(at.received.length - before).toBe(3);
    const queued = await app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM sms_reminders WHERE agent_id = ${agency.agentId} AND status = 'queued'`,
    );
    expect(rowsOf<{ n: number }>(queued)[0]!.n).toBe(3);

    at.answer(['ok']);
    expect(await app.services.reminders.drain()).toBe(0); // not yet: each waits a minute before its next try
    clock.set(new Date('2027-03-03T06:02:00Z'));
    expect(await app.services.reminders.drain()).toBe(3);
    expect(await app.services.reminders.drain()).toBe(0);
    expect(at.received.length - before).toBe(6);
    expect(at.received.at(-1)!.body.message).toMatch(/^Hello Rem\w+: Ksh [\d,.]+ due, account \d+\.$/);
    agency = await signInAgain(app, agency);
    expect(((await call(agency, 'GET', 'log')).json() as { Status: string }[]).map((r) => r.Status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
  });

  it('refuses bad settings, employees and another agency’s tenancy', async () => {
    const { agency, ids } = await setting();
    expect((await call(agency, 'GET', 'preview')).json().message).toBe('Set up arrears reminders first');
    expect((await call(agency, 'POST', 'settings', { Active: true, Days: [] })).statusCode).toBe(400);
    expect((await call(agency, 'POST', 'settings', { Active: true, Days: [30] })).statusCode).toBe(400);
    expect((await call(agency, 'POST', 'settings', { Active: true, Days: [3], SmsPrice: '5,000' })).json().message).toBe('Price per SMS is at most Ksh 1,000.00');
    const unknown = await call(agency, 'POST', 'settings', {
      Active: true,
      Days: [3],
      Template: 'Pay {{amount}}',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      'The message may use only name, balance, paybill, account and agency, each in double braces',
    ]);
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    const employee: Agency = { ...worker, agentId: agency.agentId };
    expect((await call(employee, 'POST', 'settings', { Active: true, Days: [3] })).statusCode).toBe(403);
    expect((await call(employee, 'POST', 'run')).statusCode).toBe(403);
    const stranger = await agencyWithOwner(app);
    expect((await call(stranger, 'POST', 'optout', { TenancyId: ids[0], OptOut: true })).statusCode).toBe(
      404,
    );
  });
});
