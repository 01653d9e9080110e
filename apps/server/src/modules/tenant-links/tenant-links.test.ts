import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, terminate, type Agency } from '../../test/estate';
import { setPaybill } from '../../test/mpesa';
import { sendLink, tenantGet } from '../../test/tenant-side';

let app: FastifyInstance;
let agency: Agency;
let tenancyId: number;
let neighbour: number;
const clock = manualClock(new Date('2026-11-21T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '5,000' });
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant('Wanjiku'));
  neighbour = await bookOk(app, agency, place.houseIds[1]!, await place.tenant('Otieno'));
  await setPaybill(app, agency, { shortcode: '600984' });
});
afterAll(() => app.close());

const status = (who: Agency, id = tenancyId) =>
  app.inject({ method: 'GET', url: `/api/tenantlinks?managingAgentId=${who.agentId}&tenancyId=${id}`, headers: who.auth });

describe('tenant link', () => {
  it('is sent by email with a 256-bit token stored only as its hash', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantlinks/send',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, tenancyId, sms: false, email: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ live: true, sentBy: ['email'], message: 'Link sent to the tenant' });
    const token = String(body.url).split('/t/')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await app.database.db.execute(`SELECT token_hash FROM tenant_links WHERE tenancy_id = ${tenancyId}`);
    expect(JSON.stringify(stored)).not.toContain(token);
    const mail = await app.database.db.execute(`SELECT body FROM mail_outbox WHERE body LIKE '%/t/%'`);
    expect(JSON.stringify(mail)).toContain(`/t/${token}`);
    expect((await status(agency)).json()).toMatchObject({ live: true, url: null });
  });

  it('shows the tenant one tenancy: first name, house, balance by kind, MonthLapse, statement, paybill and account', async () => {
    await pay(app, agency, tenancyId, '4,000', 'link-cash-1');
    const token = await sendLink(app, agency, tenancyId);
    const res = await tenantGet(app, token);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      firstName: 'Wanjiku',
      balance: 11000,
      rentBalance: 6000,
      depositDue: 5000,
      monthLapse: 1,
      paybill: '600984',
      accountNumber: String(tenancyId),
      payNow: false,
    });
    expect(res.body).not.toContain('Otieno');
    const receipt = page.statement.find((l: { receiptNo: string | null }) => l.receiptNo);
    const pdf = await tenantGet(app, token, `/receipts/${receipt.transactionId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await tenantGet(app, token, '/statement.pdf')).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A charge is no receipt, and a receipt of the neighbour's tenancy is not this link's.
    const charge = page.statement.find((l: { receiptNo: string | null }) => !l.receiptNo);
    expect((await tenantGet(app, token, `/receipts/${charge.transactionId}`)).statusCode).toBe(404);
    const other = await pay(app, agency, neighbour, '1,000', 'link-cash-2');
    expect((await tenantGet(app, token, `/receipts/${other.json().TransactionId}`)).statusCode).toBe(404);
  });

  it('serves its own small page at /t/{token}, and a plain 404 for a wrong token', async () => {
    const token = await sendLink(app, agency, tenancyId);
    const page = await app.inject({ method: 'GET', url: `/t/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Hello Wanjiku');
    expect(page.body).toContain('600984');
    expect(Buffer.byteLength(page.body)).toBeLessThan(60 * 1024);
    const wrong = await app.inject({ method: 'GET', url: `/t/${token.slice(0, -2)}xx` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toBe('Not found');
    expect((await app.inject({ method: 'GET', url: '/t-assets/tenant.js' })).statusCode).toBe(200);
  });

  it("is written in the tenant's preferred language", async () => {
    const token = await sendLink(app, agency, tenancyId);
    await app.database.db.execute(
      `UPDATE clients SET preferred_language = 'sw' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${tenancyId})`,
    );
    const page = await app.inject({ method: 'GET', url: `/t/${token}` });
    expect(page.body).toContain('<html lang="sw-KE">');
    expect(page.body).toContain('Habari Wanjiku');
    expect(page.body).toContain('Ripoti tatizo');
    // The statement's lines speak Kiswahili too: what the ledger wrote is translated, dates are dd/mm/yyyy.
    const table = page.body.slice(page.body.indexOf('<table'), page.body.indexOf('</table>'));
    expect(table).toContain('Kodi ya Novemba 2026');
    expect(table).toContain('<td>Amana</td>');
    expect(table).toContain('<td>21/11/2026</td>');
    expect(table).not.toMatch(/Rent for|>Deposit<|Nov 2026|November/);
    expect(page.body).toContain('Ksh 11,000.00');
    await app.database.db.execute(
      `UPDATE clients SET preferred_language = 'en' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${tenancyId})`,
    );
  });

  it('stops working when rotated or revoked', async () => {
    const first = await sendLink(app, agency, tenancyId);
    const second = await sendLink(app, agency, tenancyId);
    expect((await tenantGet(app, first)).statusCode).toBe(404);
    expect((await tenantGet(app, second)).statusCode).toBe(200);
    // Every door of the old address is shut, not only the page: its PDF, its page in HTML, paying and reporting.
    expect((await tenantGet(app, first, '/statement.pdf')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/t/${first}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/t/${first}/pay`, payload: { amount: 10, phone: '0708374149' } })).statusCode).toBe(404);
    const report = await app.inject({ method: 'POST', url: `/api/t/${first}/maintenance`, payload: { category: 'plumbing', description: 'Leaking tap' } });
    expect(report.statusCode).toBe(404);
    const revoke = await app.inject({
      method: 'POST',
      url: '/api/tenantlinks/revoke',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, tenancyId },
    });
    expect(revoke.json()).toMatchObject({ live: false, message: 'Link revoked: the old address no longer opens' });
    expect((await tenantGet(app, second)).statusCode).toBe(404);
    expect((await status(agency)).json()).toMatchObject({ live: false });
  });

  it('is made, read and revoked only by the managing agency', async () => {
    const other = await agencyWithOwner(app);
    expect((await status(other)).statusCode).toBe(404);
    const send = await app.inject({
      method: 'POST',
      url: '/api/tenantlinks/send',
      headers: other.auth,
      payload: { managingAgentId: other.agentId, tenancyId, sms: false, email: true },
    });
    expect(send.statusCode).toBe(404);
  });

  it('dies 90 days after the tenancy is settled', async () => {
    const token = await sendLink(app, agency, neighbour);
    expect((await terminate(app, agency, neighbour, { applyDeposit: true })).statusCode).toBe(200);
    clock.advance(89 * 24 * 60 * 60 * 1000);
    expect((await tenantGet(app, token)).statusCode).toBe(200);
    clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await tenantGet(app, token)).statusCode).toBe(404);
    Object.assign(agency, await signInAgain(app, agency));
  });
});

describe('wrong tokens', () => {
  it('are limited per address; a right token still opens and is not counted', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const owner = await agencyWithOwner(limited);
      const place = await estate(limited, owner, { houses: 1 });
      const id = await bookOk(limited, owner, place.houseIds[0]!, await place.tenant());
      const token = await sendLink(limited, owner, id);
      const wrong = 'A'.repeat(43);
      for (let i = 0; i < DEFAULT_RATE_LIMITS.tenantLinkPerIp.limit; i++) {
        expect((await tenantGet(limited, wrong)).statusCode).toBe(404);
        if (i % 10 === 0) expect((await tenantGet(limited, token)).statusCode).toBe(200);
      }
      expect((await tenantGet(limited, wrong)).statusCode).toBe(429);
      // Over the limit even the right token is refused: a guesser learns nothing from the answers.
      expect((await tenantGet(limited, token)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('are counted per /64 for IPv6, as sign-in is: one subscriber rotating addresses is one address', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const wrong = 'B'.repeat(43);
      const { limit } = DEFAULT_RATE_LIMITS.tenantLinkPerIp;
      const from = (i: number) => limited.inject({ method: 'GET', url: `/api/t/${wrong}`, remoteAddress: `2001:db8:4:7:${(i + 1).toString(16)}::1` });
      for (let i = 0; i < limit; i++) expect((await from(i)).statusCode).toBe(404);
      expect((await from(limit)).statusCode).toBe(429);
      // Another subscriber's /64 is not held back by it.
      expect((await limited.inject({ method: 'GET', url: `/api/t/${wrong}`, remoteAddress: '2001:db8:4:8::1' })).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('answer a 404 no cache may keep, as the page and as the API', async () => {
    const wrong = 'C'.repeat(43);
    for (const url of [`/t/${wrong}`, `/api/t/${wrong}`, `/api/t/${wrong}/statement.pdf`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
