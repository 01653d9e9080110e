import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { fakeSmsServer } from '../../test/fake-sms';
import { sendLink, tenantGet } from '../../test/tenant-side';

let app: FastifyInstance;
let sms: Awaited<ReturnType<typeof fakeSmsServer>>;
let agency: Agency;
let tenancyId: number;
let token: string;

/** An 8×8 blue PNG: what a phone camera sends is larger, but the bytes say "image" the same way. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000080000000808020000004b6d29dc0000001149444154789c63909bf01f2b62185a1200afef6b4141e472a90000000049454e44ae426082', 'hex');

beforeAll(async () => {
  sms = await fakeSmsServer();
  app = await createTestApp({ sms: { baseUrl: sms.baseUrl, username: 'sandbox', apiKey: 'key', senderId: undefined } });
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 1 });
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant('Akinyi'));
  token = await sendLink(app, agency, tenancyId);
});
afterAll(async () => {
  await app.close();
  await sms.close();
});

const report = (payload: object) => app.inject({ method: 'POST', url: `/api/t/${token}/maintenance`, payload });
const photo = (requestId: number, body: Buffer, type = 'image/png') =>
  app.inject({ method: 'POST', url: `/api/t/${token}/maintenance/${requestId}/photos`, headers: { 'content-type': type }, payload: body });
const queue = (who: Agency) => app.inject({ method: 'GET', url: `/api/maintenance?managingAgentId=${who.agentId}`, headers: who.auth });
const update = (who: Agency, payload: object) =>
  app.inject({ method: 'POST', url: '/api/maintenance/update', headers: who.auth, payload: { managingAgentId: who.agentId, ...payload } });

describe('maintenance requests', () => {
  let requestId: number;
  let photoId: number;

  it('are reported from the link with photos that are images by their bytes, at most three', async () => {
    const res = await report({ category: 'plumbing', description: 'The kitchen tap is leaking' });
    expect(res.statusCode, res.body).toBe(200);
    requestId = res.json().requestId;
    const first = await photo(requestId, PNG);
    expect(first.statusCode, first.body).toBe(200);
    photoId = first.json().photoId;
    const fake = await photo(requestId, Buffer.from('%PDF-1.4 not a picture'), 'image/png');
    expect(fake.json()).toMatchObject({ message: 'Photos must be JPEG, PNG, WebP or GIF pictures' });
    expect((await photo(requestId, PNG)).statusCode).toBe(200);
    expect((await photo(requestId, PNG)).statusCode).toBe(200);
    expect((await photo(requestId, PNG)).json()).toMatchObject({ message: 'At most 3 photos' });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await photo(requestId, big)).json()).toMatchObject({ message: 'Each photo may be at most 5 MB' });
  });

  it('refuses a report without a category or description, and stores nothing', async () => {
    const res = await report({ category: 'roof', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual(['Choose what kind of problem it is', 'Describe the problem']);
    expect((await queue(agency)).json()).toHaveLength(1);
  });

  it('queue in the office with age and photos; assigning a hired user and finishing texts the tenant', async () => {
    const items = (await queue(agency)).json();
    expect(items[0]).toMatchObject({ requestId, category: 'plumbing', status: 'new', ageDays: 0, photoIds: expect.arrayContaining([photoId]) });
    const clerk = await signedInUser(app);
    await contractUser(app, agency.agentId, clerk.userNo);
    const people = await app.inject({ method: 'GET', url: `/api/maintenance/assignees?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(people.json().map((p: { userNo: number }) => p.userNo).sort()).toEqual([agency.userNo, clerk.userNo].sort());
    const texts = sms.received.length;
    const assigned = await update(agency, { requestId, assignedUserNo: clerk.userNo, comment: 'Plumber coming Tuesday' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'assigned', assignedUserNo: clerk.userNo, comments: [{ body: 'Plumber coming Tuesday' }] });
    // The SMS waits in the outbox with the receipts' notices, so it is retried and never sent twice.
    expect(sms.received.length).toBe(texts);
    await app.notices.drain();
    await app.notices.drain();
    expect(sms.received.length).toBe(texts + 1);
    expect(sms.received.at(-1)!.form.message).toMatch(/plumbing request for .* is now: Assigned/);
    const done = await update(agency, { requestId, status: 'done' });
    expect(done.json()).toMatchObject({ status: 'done' });
    await app.notices.drain();
    expect(sms.received.at(-1)!.form.message).toMatch(/is now: Done/);
    const page = (await tenantGet(app, token)).json();
    expect(page.maintenance[0]).toMatchObject({ requestId, status: 'done' });
    const stranger = await signedInUser(app);
    expect((await update(agency, { requestId, assignedUserNo: stranger.userNo })).json()).toMatchObject({ message: 'Choose a hired user or name a contractor' });
  });

  it('shows photos only through the link or to the office of the agency', async () => {
    expect((await tenantGet(app, token, `/photos/${photoId}`)).headers['content-type']).toBe('image/png');
    const office = await app.inject({ method: 'GET', url: `/api/maintenance/photo?managingAgentId=${agency.agentId}&photoId=${photoId}`, headers: agency.auth });
    expect(office.statusCode).toBe(200);
    expect(office.rawPayload.equals(PNG)).toBe(true);
    const other = await agencyWithOwner(app);
    expect((await app.inject({ method: 'GET', url: `/api/maintenance/photo?managingAgentId=${other.agentId}&photoId=${photoId}`, headers: other.auth })).statusCode).toBe(404);
    expect((await queue(other)).json()).toEqual([]);
    expect((await update(other, { requestId, status: 'declined' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/maintenance/photo?managingAgentId=${agency.agentId}&photoId=${photoId}` })).statusCode).toBe(401);
    // Another tenancy's link does not open this tenancy's photo.
    const place = await estate(app, agency, { houses: 1 });
    const otherToken = await sendLink(app, agency, await bookOk(app, agency, place.houseIds[0]!, await place.tenant()));
    expect((await tenantGet(app, otherToken, `/photos/${photoId}`)).statusCode).toBe(404);
  });
});

describe("a repair's cost", () => {
  /** Yesterday in Nairobi: an expense may not be dated in the future whatever the hour. */
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000 + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const expensesOf = async (who: Agency) =>
    (await app.inject({ method: 'GET', url: `/api/landlord-money/expenses?managingAgentId=${who.agentId}`, headers: who.auth })).json();

  it("becomes the property's expense from the request in one step, shown on the request and in the landlord's expenses", async () => {
    const office = await agencyWithOwner(app);
    const place = await estate(app, office, { houses: 1, rent: '20,000', deposit: '0' });
    const tenancy = await bookOk(app, office, place.houseIds[0]!, await place.tenant());
    expect((await pay(app, office, tenancy, '20,000', 'repair-cost-rent-1')).statusCode).toBe(200);
    const link = await sendLink(app, office, tenancy);
    const reported = await app.inject({ method: 'POST', url: `/api/t/${link}/maintenance`, payload: { category: 'plumbing', description: 'Leaking tap' } });
    const requestId = reported.json().requestId as number;
    const cost = (who: Agency, payload: object) =>
      app.inject({ method: 'POST', url: '/api/maintenance/expense', headers: who.auth, payload: { managingAgentId: who.agentId, requestId, ...payload } });

    const bad = await cost(office, { Amount: '', Payee: '', ExpenseDate: yesterday });
    expect(bad.statusCode).toBe(400);
    expect(await expensesOf(office)).toEqual([]);
    const tooMuch = await cost(office, { Amount: '900,000', Payee: 'Juma Plumbers', ExpenseDate: yesterday });
    expect(tooMuch.statusCode).toBe(400);
    expect(await expensesOf(office)).toEqual([]);

    const res = await cost(office, { Amount: '1,500', Payee: 'Juma Plumbers', ExpenseDate: yesterday, Reference: 'INV-77' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requestId, expense: { ExpenseId: expect.any(Number), Amount: 1500, Status: 'posted' } });
    expect(await expensesOf(office)).toEqual([
      expect.objectContaining({
        PropId: place.propId,
        HouseId: place.houseIds[0],
        Category: 'repairs',
        Payee: 'Juma Plumbers',
        Amount: 1500,
        Reference: 'INV-77',
        Status: 'posted',
        Note: expect.stringContaining('Leaking tap'),
      }),
    ]);
    const [item] = (await queue(office)).json();
    expect(item).toMatchObject({ requestId, expense: { ExpenseId: res.json().expense.ExpenseId, Amount: 1500 } });

    expect((await cost(office, { Amount: '1,500', Payee: 'Juma Plumbers', ExpenseDate: yesterday })).statusCode).toBe(409);
    expect(await expensesOf(office)).toHaveLength(1);
    const other = await agencyWithOwner(app);
    expect((await cost(other, { Amount: '100', Payee: 'Juma', ExpenseDate: yesterday })).statusCode).toBe(404);
  });
});

describe('the link by SMS', () => {
  it('waits in the outbox, goes once, and its token is not kept in the outbox after it is sent', async () => {
    await app.notices.drain();
    const texts = sms.received.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantlinks/send',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, tenancyId, sms: true, email: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sentBy: ['sms'], message: 'Link sent to the tenant' });
    const linkToken = String(res.json().url).split('/t/')[1]!;
    expect(sms.received.length).toBe(texts);
    await app.notices.drain();
    await app.notices.drain();
    expect(sms.received.length).toBe(texts + 1);
    expect(sms.received.at(-1)!.form.message).toContain(`/t/${linkToken}`);
    const kept = await app.database.db.execute(`SELECT body FROM receipt_notices WHERE body LIKE '%/t/%'`);
    expect(JSON.stringify(kept)).not.toContain(linkToken);
  });
});

describe('in Kiswahili', () => {
  it("texts the link and a repair's status, and gives the page's script its words, in the tenant's language", async () => {
    await app.database.db.execute(
      `UPDATE clients SET preferred_language = 'sw' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${tenancyId})`,
    );
    try {
      await app.notices.drain();
      const sent = await app.inject({
        method: 'POST',
        url: '/api/tenantlinks/send',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, tenancyId, sms: true, email: false },
      });
      const swToken = String(sent.json().url).split('/t/')[1]!;
      await app.notices.drain();
      expect(sms.received.at(-1)!.form.message).toMatch(/^Habari Akinyi, .* imekutumia ukurasa wako wa upangaji/);
      const reported = await app.inject({ method: 'POST', url: `/api/t/${swToken}/maintenance`, payload: { category: 'water', description: 'Hakuna maji' } });
      expect(reported.json().message).toBe('Asante. Ofisi imepokea ombi lako.');
      await update(agency, { requestId: reported.json().requestId, status: 'done' });
      await app.notices.drain();
      expect(sms.received.at(-1)!.form.message).toMatch(/^Ombi lako la maji kwa .* sasa: Imekamilika\.$/);
      const page = await app.inject({ method: 'GET', url: `/t/${swToken}` });
      expect(page.body).toContain('Inatuma ombi kwa simu yako');
      expect(page.body).not.toContain('Sending the request to your phone');
    } finally {
      await app.database.db.execute(
        `UPDATE clients SET preferred_language = 'en' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${tenancyId})`,
      );
    }
  });
});
