import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, statementOf, terminate, type Agency } from '../../test/estate';
import { sendLink, tenantGet } from '../../test/tenant-side';

let app: FastifyInstance;
let agency: Agency;
let stranger: Agency;
let clerk: Agency;
let place: Awaited<ReturnType<typeof estate>>;
let tenancyId: number;
let tenantNo: number;
let token: string;
const clock = manualClock(new Date('2026-11-21T09:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  agency = await agencyWithOwner(app);
  stranger = await agencyWithOwner(app);
  place = await estate(app, agency, { houses: 3, rent: '10,000', deposit: '5,000' });
  tenantNo = await place.tenant('Wanjiru');
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, tenantNo);
  await bookOk(app, agency, place.houseIds[1]!, await place.tenant('Kamau'));
  token = await sendLink(app, agency, tenancyId);
  const worker = await signedInUser(app);
  await contractUser(app, agency.agentId, worker.userNo);
  clerk = { ...worker, agentId: agency.agentId };
});
afterAll(() => app.close());

const post = (who: Agency, path: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/data-protection/${path}`, headers: who.auth, payload: { managingAgentId: who.agentId, ...payload } });
const get = (who: Agency, path: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/data-protection/${path}?managingAgentId=${who.agentId}${query}`, headers: who.auth });
const ask = (payload: object, t = token) => app.inject({ method: 'POST', url: `/api/t/${t}/data-requests`, payload });
const count = async (table: string) =>
  Number(rowsOf<{ n: number }>(await app.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

describe('requests from the tenant link', () => {
  it('records an access request with a 7-day clock the office sees, portability with 30', async () => {
    const res = await ask({ kind: 'access', details: 'Please send me everything' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ dueAt: '2026-11-28T09:00:00.000Z', message: 'Your request is recorded. The office answers it by the date shown.' });
    expect((await ask({ kind: 'portability' })).json().dueAt).toBe('2026-12-21T09:00:00.000Z');

    const list = await get(agency, 'requests');
    expect(list.statusCode).toBe(200);
    const access = list.json().requests.find((r: { kind: string }) => r.kind === 'access');
    expect(access).toMatchObject({ clientNo: tenantNo, personName: 'Wanjiru Mutua', source: 'link', hoursLeft: 168, overdue: false, closedAt: null });
    expect(list.json().retentionYears).toBe(5);
    // The nearest due comes first.
    expect(list.json().requests[0].kind).toBe('access');

    const page = await tenantGet(app, token);
    expect(page.json().dataRequests).toHaveLength(2);
  });

  it('refuses a kind it does not know and a wrong token, recording nothing', async () => {
    const before = await count('dp_requests');
    const bad = await ask({ kind: 'delete-everything' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Choose what the person asks for');
    expect((await ask({ kind: 'access', details: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await ask({ kind: 'access' }, 'A'.repeat(43))).statusCode).toBe(404);
    expect(await count('dp_requests')).toBe(before);
  });

  it('shows the clock overdue once the 7 days pass', async () => {
    // Read through the service: a session would have expired in 8 days.
    clock.advance(8 * DAY);
    const list = await app.services.dataProtection.list({ agentId: agency.agentId, role: 5100, self: 0, propIds: null });
    clock.advance(-8 * DAY);
    expect(list.requests.find((r) => r.kind === 'access')).toMatchObject({ overdue: true, hoursLeft: -24 });
  });

  it('lets the tenant download everything held about them, as JSON and PDF, and nobody else’s', async () => {
    await pay(app, agency, tenancyId, '4,000', 'dp-cash-1');
    const json = await tenantGet(app, token, '/my-data.json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.headers['content-disposition']).toBe(`attachment; filename="my-data-${tenancyId}.json"`);
    const data = json.json();
    expect(data.person).toMatchObject({ clientNo: tenantNo, name: 'Wanjiru Mutua', phone: '0711222333', idNumber: '23456789' });
    expect(data.tenancies[0]).toMatchObject({ tenancyId, rent: 10000, deposit: 5000 });
    expect(data.tenancies[0].receipts[0]).toMatchObject({ amount: 4000 });
    expect(data.tenancies[0].ledger.length).toBeGreaterThan(1);
    expect(data.requests.map((r: { kind: string }) => r.kind).sort()).toEqual(['access', 'portability']);
    expect(data.auditTrail.some((a: { record: string }) => a.record === `clients ${tenantNo}`)).toBe(true);
    expect(json.body).not.toContain('Kamau');
    expect(json.body).not.toContain(token);
    const pdf = await tenantGet(app, token, '/my-data.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await tenantGet(app, 'A'.repeat(43), '/my-data.json')).statusCode).toBe(404);
  });
});

describe('the office', () => {
  it('records a request for a landlord; a person of another agency is not found', async () => {
    const res = await post(clerk, 'requests/record', { clientNo: place.landlordNo, kind: 'correction', details: 'Phone changed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Request recorded' });
    expect((await post(stranger, 'requests/record', { clientNo: tenantNo, kind: 'access' })).statusCode).toBe(404);
    expect((await get(stranger, 'requests')).json().requests).toEqual([]);
    expect((await post(agency, 'requests/record', { clientNo: tenantNo, kind: 'nothing' })).statusCode).toBe(400);
  });

  it('answers a request once, with a note; clerks may not answer, export or erase', async () => {
    const [open] = (await get(agency, 'requests')).json().requests;
    expect((await post(clerk, 'requests/close', { requestId: open.requestId, outcome: 'done', answer: 'Sent by email' })).statusCode).toBe(403);
    expect((await post(agency, 'requests/close', { requestId: open.requestId, outcome: 'done' })).statusCode).toBe(400);
    expect((await post(stranger, 'requests/close', { requestId: open.requestId, outcome: 'done', answer: 'Sent by email' })).statusCode).toBe(404);
    const done = await post(agency, 'requests/close', { requestId: open.requestId, outcome: 'done', answer: 'Sent by email' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await post(agency, 'requests/close', { requestId: open.requestId, outcome: 'refused', answer: 'Again' })).statusCode).toBe(409);
    const closed = (await get(agency, 'requests')).json().requests.find((r: { requestId: number }) => r.requestId === open.requestId);
    expect(closed).toMatchObject({ outcome: 'done', answer: 'Sent by email', hoursLeft: null, overdue: false });
    expect((await get(clerk, 'export.json', `&clientNo=${tenantNo}`)).statusCode).toBe(403);
    expect((await post(clerk, 'erase', { clientNo: tenantNo })).statusCode).toBe(403);
  });

  it('exports a person as JSON and PDF for its admins; another agency’s person is not found', async () => {
    const json = await get(agency, 'export.json', `&clientNo=${tenantNo}`);
    expect(json.statusCode).toBe(200);
    expect(json.json().person.name).toBe('Wanjiru Mutua');
    const pdf = await get(agency, 'export.pdf', `&clientNo=${tenantNo}`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(stranger, 'export.json', `&clientNo=${tenantNo}`)).statusCode).toBe(404);
    expect((await get(agency, 'export.json', '&clientNo=abc')).statusCode).toBe(400);
  });
});

describe('erasure', () => {
  it('refuses a running tenancy, a landlord, and a tenancy within the legal hold', async () => {
    expect((await post(agency, 'erase', { clientNo: tenantNo })).json().message).toBe('This person has a running tenancy: end it before erasing');
    expect((await post(agency, 'erase', { clientNo: place.landlordNo })).json().message).toBe(
      'This person is the landlord of a property: their records are kept for tax',
    );
    const leaver = await place.tenant('Achieng');
    const id = await bookOk(app, agency, place.houseIds[2]!, leaver);
    await pay(app, agency, id, '10,000', 'dp-rent-2');
    await pay(app, agency, id, '5,000', 'dp-dep-2', 'Deposit');
    expect((await terminate(app, agency, id, { refundAmount: '5,000', refundDetails: 'Cash' })).statusCode).toBe(200);
    const refused = await post(agency, 'erase', { clientNo: leaver });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("The law requires this person's tenancy records to be kept until 21/11/2031");
  });

  it('anonymises a person no law keeps, leaving the books and copying nothing into the audit trail', async () => {
    const walkIn = await place.tenant('Nyokabi');
    const res = await post(agency, 'erase', { clientNo: walkIn });
    expect(res.statusCode, res.body).toBe(200);
    const [client] = rowsOf<Record<string, unknown>>(
      await app.database.db.execute(sql`SELECT full_name, phone_no, email, id_number, erased_at FROM clients WHERE client_no = ${walkIn}`),
    );
    expect(client).toMatchObject({ full_name: `Erased person ${walkIn}`, phone_no: '', email: '', id_number: null });
    expect(client!.erased_at).not.toBeNull();
    const trail = JSON.stringify(
      rowsOf(await app.database.db.execute(sql`SELECT changes FROM audit_events WHERE table_name = 'clients' AND record_id = ${String(walkIn)} AND action = 'update'`)),
    );
    expect(trail).toContain('[erased]');
    expect(trail).not.toContain('Nyokabi');
    expect((await post(agency, 'erase', { clientNo: walkIn })).statusCode).toBe(409);
  });
});

describe('the retention pass', () => {
  it('anonymises an ended, settled tenancy’s person past the hold, once; money owed keeps a person', async () => {
    const leaver = rowsOf<{ client_no: number; tenancy_id: number }>(
      await app.database.db.execute(sql`SELECT c.client_no, t.tenancy_id FROM clients c JOIN tenancies t ON t.client_no = c.client_no WHERE c.first_name = 'Achieng'`),
    )[0]!;
    const ledgerBefore = (await statementOf(app, agency, Number(leaver.tenancy_id))).json();
    expect(ledgerBefore.length).toBeGreaterThan(2);
    const service = app.services.dataProtection;
    clock.advance(5 * 365 * DAY);
    expect(await service.retentionPass()).toBe(0);
    clock.advance(3 * DAY);
    expect(await service.retentionPass()).toBe(1);
    expect(await service.retentionPass()).toBe(0);
    clock.set(new Date('2026-11-21T09:00:00Z'));
    const name = rowsOf<{ full_name: string }>(await app.database.db.execute(sql`SELECT full_name FROM clients WHERE client_no = ${leaver.client_no}`))[0]!;
    expect(name.full_name).toBe(`Erased person ${leaver.client_no}`);
    // The journal is untouched: the same lines, amounts and dates.
    expect((await statementOf(app, agency, Number(leaver.tenancy_id))).json()).toEqual(ledgerBefore);
    // Wanjiru's tenancy still runs: she is kept.
    const wanjiru = rowsOf<{ erased_at: unknown }>(await app.database.db.execute(sql`SELECT erased_at FROM clients WHERE client_no = ${tenantNo}`))[0]!;
    expect(wanjiru.erased_at).toBeNull();
  });

  it('is an admin’s setting from 5 to 30 years', async () => {
    expect((await post(agency, 'retention', { retentionYears: 4 })).statusCode).toBe(400);
    expect((await post(clerk, 'retention', { retentionYears: 10 })).statusCode).toBe(403);
    expect((await post(agency, 'retention', { retentionYears: 10 })).statusCode).toBe(200);
    expect((await get(agency, 'requests')).json().retentionYears).toBe(10);
  });
});

describe('the breach register', () => {
  it('keeps the 72-hour clock to the ODPC and the day it was told', async () => {
    const bad = await post(agency, 'breaches/record', { discoveredAt: 'yesterday', description: 'Laptop stolen', peopleAffected: 40 });
    expect(bad.statusCode).toBe(400);
    expect((await post(agency, 'breaches/record', { discoveredAt: '2026-11-30T08:00', description: 'Laptop stolen', peopleAffected: 40 })).statusCode).toBe(400);
    expect((await post(clerk, 'breaches/record', { discoveredAt: '2026-11-20T08:00:00Z', description: 'Laptop stolen', peopleAffected: 40 })).statusCode).toBe(403);
    const res = await post(agency, 'breaches/record', {
      discoveredAt: '2026-11-20T08:00:00Z',
      description: 'Laptop with the tenant list stolen',
      peopleAffected: 40,
      measures: 'Passwords changed',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [breach] = (await get(agency, 'breaches')).json();
    expect(breach).toMatchObject({ notifyBy: '2026-11-23T08:00:00.000Z', hoursLeft: 47, overdue: false, odpcNotifiedAt: null });
    expect((await get(clerk, 'breaches')).statusCode).toBe(403);
    expect((await get(stranger, 'breaches')).json()).toEqual([]);
    expect((await post(stranger, 'breaches/notified', { breachId: breach.breachId, notifiedAt: '2026-11-21T08:00:00Z' })).statusCode).toBe(404);
    expect((await post(agency, 'breaches/notified', { breachId: breach.breachId, notifiedAt: '2026-11-19T08:00:00Z' })).statusCode).toBe(400);
    expect((await post(agency, 'breaches/notified', { breachId: breach.breachId, notifiedAt: '2026-11-21T08:00:00Z' })).statusCode).toBe(200);
    expect((await get(agency, 'breaches')).json()[0]).toMatchObject({ odpcNotifiedAt: '2026-11-21T08:00:00.000Z', hoursLeft: null, late: false });
  });
});
