import { STATEMENT_COLUMNS, formatTransTime } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, reverse, tenancyOf, type Agency } from '../../test/estate';
import { confirmation } from '../../test/fake-daraja';
import { failedCallback, fakeDarajaStk, paidCallback } from '../../test/fake-daraja-stk';
import { reconciliation, setPaybill, statement, unmatched } from '../../test/mpesa';
import { statementCsv } from '../../test/statement-csv';
import { sendLink, setDaraja, tenantGet } from '../../test/tenant-side';
import { receiptNotifier } from '../receipt-notices/notifier';
import { darajaClient, stkPassword } from './daraja-client';
import { sealer } from './sealing';
import { stkService } from './service';

let app: FastifyInstance;
let daraja: Awaited<ReturnType<typeof fakeDarajaStk>>;
let agency: Agency;
let tenancyId: number;
let token: string;
let callbackPath: string;
let confirmationPath: string;
const clock = manualClock(new Date('2026-11-21T09:00:00Z'));
const secretsKey = randomBytes(32);

beforeAll(async () => {
  daraja = await fakeDarajaStk();
  app = await createTestApp(
    { daraja: { baseUrl: daraja.baseUrl, secretsKey }, publicUrl: 'https://makazi.example.co.ke' },
    { clock },
  );
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
  confirmationPath = (await setPaybill(app, agency, { shortcode: '174379' })).confirmationPath;
  callbackPath = (await setDaraja(app, agency)).callbackPath;
  token = await sendLink(app, agency, tenancyId);
});
afterAll(async () => {
  await app.close();
  await daraja.close();
});

const payNow = (amount: unknown = 2500, phone = '0708 374 149') =>
  app.inject({ method: 'POST', url: `/api/t/${token}/pay`, payload: { amount, phone } });
const callback = (body: unknown) =>
  app.inject({ method: 'POST', url: callbackPath, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const requestStatus = async (requestId: number) => (await tenantGet(app, token, `/pay/${requestId}`)).json();
const receiptsFor = async (code: string) =>
  Number(
    rowsOf<{ n: number }>(
      await app.database.db.execute(sql`SELECT count(*)::int AS n FROM journal_transactions WHERE idempotency_key = ${`mpesa:${code}`}`),
    )[0]!.n,
  );
const balance = async () => (await tenancyOf(app, agency, tenancyId)).RentBalance as number;
async function pushed(amount = 2500) {
  const res = await payNow(amount);
  expect(res.statusCode, res.body).toBe(200);
  return { requestId: res.json().requestId as number, checkout: daraja.pushes.at(-1)!.checkoutRequestId };
}

describe('Daraja credentials', () => {
  it('are sealed in the database and never answered', async () => {
    const settings = await app.inject({ method: 'GET', url: `/api/mpesa/daraja?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(settings.json()).toEqual({ configured: true, shortcode: '174379', callbackPath, updatedAt: expect.any(String), initiator: false });
    expect(settings.body).not.toMatch(/secret|bfb279f9/);
    const row = rowsOf<{ secrets: string }>(await app.database.db.execute(sql`SELECT secrets FROM daraja_credentials WHERE agent_id = ${agency.agentId}`))[0]!;
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toMatch(/secret|bfb279f9|key/);
  });

  it('are refused without a key in the server configuration', async () => {
    const bare = await createTestApp();
    try {
      const owner = await agencyWithOwner(bare);
      await expect(setDaraja(bare, owner)).rejects.toThrow(/409.*DARAJA_SECRETS_KEY/);
    } finally {
      await bare.close();
    }
  });
});

describe('STK Push', () => {
  it('sends the request exactly as Daraja specifies and keeps the CheckoutRequestID', async () => {
    const { requestId, checkout } = await pushed(2500);
    const push = daraja.pushes.at(-1)!;
    const { Password, Timestamp } = stkPassword(
      { shortcode: '174379', passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', consumerKey: '', consumerSecret: '' },
      clock.now(),
    );
    expect(push.body).toEqual({
      BusinessShortCode: '174379',
      Password,
      Timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 2500,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: `https://makazi.example.co.ke${callbackPath}`,
      AccountReference: String(tenancyId),
      TransactionDesc: 'Rent',
    });
    expect(Timestamp).toBe('20261121120000');
    expect(await requestStatus(requestId)).toMatchObject({ status: 'pending', message: 'Waiting for you to enter your M-Pesa PIN…' });
    const stored = rowsOf<{ checkout_request_id: string }>(await app.database.db.execute(sql`SELECT checkout_request_id FROM stk_requests WHERE request_id = ${requestId}`));
    expect(stored[0]!.checkout_request_id).toBe(checkout);
  });

  it('reuses the access token until it expires, then asks for a new one', async () => {
    const before = daraja.oauthCalls();
    await pushed(10);
    await pushed(10);
    expect(daraja.oauthCalls()).toBe(before);
    // Its expiry passes (moving the whole clock an hour would end the office's session too).
    await app.database.db.execute(
      sql`UPDATE daraja_credentials SET access_token_expires_at = ${new Date(clock.now().getTime() + 30_000).toISOString()} WHERE agent_id = ${agency.agentId}`,
    );
    await pushed(10);
    expect(daraja.oauthCalls()).toBe(before + 1);
  });

  it('refuses a bad amount or phone with a clear message and sends nothing', async () => {
    const count = daraja.pushes.length;
    const res = await payNow(0.5, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Enter a whole number of shillings from 1 to 250,000', 'Enter the M-Pesa phone number, e.g. 0712345678']),
    );
    expect(daraja.pushes.length).toBe(count);
  });

  it('posts one receipt when the tenant pays, however often the callback comes, from two processes at once', async () => {
    const before = await balance();
    const { requestId, checkout } = await pushed(2500);
    const body = paidCallback(checkout, 'STK0000001', 2500, clock.now());
    const answers = await Promise.all([callback(body), callback(body), callback(body)]);
    expect(answers.map((a) => a.json())).toEqual(Array(3).fill({ ResultCode: 0, ResultDesc: 'Accepted' }));
    expect(await receiptsFor('STK0000001')).toBe(1);
    expect(await balance()).toBe(before - 2500);
    expect(await requestStatus(requestId)).toMatchObject({ status: 'paid', message: 'Paid. Thank you.', receipt: 'STK0000001' });
    const page = (await tenantGet(app, token)).json();
    expect(page.statement.at(-1)).toMatchObject({ details: 'M-Pesa STK0000001', credit: 2500 });
  });

  it('posts one receipt when two processes take the same callback at once: nothing but the database is shared', async () => {
    // The second process: its own STK service, Daraja client and notifier over the same database, as a second server would run.
    const other = stkService({
      db: app.database.db,
      clock,
      notices: receiptNotifier({ db: app.database.db, clock, mailer: app.mailer, sms: null, log: app.log, automatic: false }),
      daraja: darajaClient(daraja.baseUrl),
      sealer: sealer(secretsKey),
      publicUrl: () => 'https://makazi.example.co.ke',
      log: app.log,
    });
    const before = await balance();
    const { requestId, checkout } = await pushed(1800);
    const body = JSON.stringify(paidCallback(checkout, 'STK0000009', 1800, clock.now()));
    const secret = /\/stk\/([^/]+)\/callback$/.exec(callbackPath)![1]!;
    const answers = await Promise.all([
      callback(JSON.parse(body)),
      other.callback(secret, body),
      callback(JSON.parse(body)),
      other.callback(secret, body),
    ]);
    expect(answers.slice(0, 1).map((a) => (a as { json(): unknown }).json())).toEqual([{ ResultCode: 0, ResultDesc: 'Accepted' }]);
    expect(answers[1]).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await receiptsFor('STK0000009')).toBe(1);
    expect(await balance()).toBe(before - 1800);
    expect(await requestStatus(requestId)).toMatchObject({ status: 'paid', receipt: 'STK0000009' });
  });

  it.each([
    [1032, 'Request cancelled by user', 'You cancelled the payment on your phone.'],
    [2001, 'The initiator information is invalid.', 'The M-Pesa PIN was wrong. Try again.'],
    [1037, 'DS timeout user cannot be reached', 'Your phone did not answer. Make sure it is on and has signal, then try again.'],
  ])('shows result %i in plain words and posts nothing', async (code, desc, words) => {
    const before = await balance();
    const { requestId, checkout } = await pushed(700);
    expect((await callback(failedCallback(checkout, code, desc))).statusCode).toBe(200);
    expect(await requestStatus(requestId)).toMatchObject({ status: 'failed', message: words });
    expect(await balance()).toBe(before);
  });

  it("shows the result in the tenant's language", async () => {
    const setLanguage = (language: string) =>
      app.database.db.execute(
        sql`UPDATE clients SET preferred_language = ${language} WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${tenancyId})`,
      );
    await setLanguage('sw');
    try {
      const asked = await payNow(650);
      expect(asked.json().message).toBe('Tunasubiri uweke PIN yako ya M-Pesa…');
      const { requestId, checkout } = { requestId: asked.json().requestId as number, checkout: daraja.pushes.at(-1)!.checkoutRequestId };
      await callback(failedCallback(checkout, 1032, 'Request cancelled by user'));
      expect(await requestStatus(requestId)).toMatchObject({ status: 'failed', message: 'Umesitisha malipo kwenye simu yako.' });
      expect((await app.inject({ method: 'GET', url: `/t/${token}` })).body).toContain('Umesitisha malipo kwenye simu yako.');
    } finally {
      await setLanguage('en');
    }
  });

  it('keeps a callback it cannot read as a rejection and answers Daraja, never 500', async () => {
    const res = await app.inject({ method: 'POST', url: callbackPath, headers: { 'content-type': 'application/json' }, payload: '{"Body":' });
    expect(res.statusCode).toBe(200);
    const rows = rowsOf<{ reason: string }>(await app.database.db.execute(sql`SELECT reason FROM mpesa_rejections WHERE agent_id = ${agency.agentId} AND endpoint = 'stk'`));
    expect(rows.at(-1)!.reason).toBe('The body is not JSON');
    expect((await app.inject({ method: 'POST', url: '/api/mpesa/stk/wrongtokenwrongtokenwrong/callback', payload: '{}' })).statusCode).toBe(404);
  });

  async function paidByQuery(amount: number) {
    const request = await pushed(amount);
    daraja.settleQuery(request.checkout, 0, 'The service request is processed successfully.');
    clock.advance(61_000);
    await app.services.stk.recoverOverdue();
    return request;
  }
  const c2bOf = (code: string, amount: number) =>
    app.inject({
      method: 'POST',
      url: confirmationPath,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(
        confirmation({
          TransID: code,
          TransTime: formatTransTime(clock.now()),
          BillRefNumber: String(tenancyId),
          BusinessShortCode: '174379',
          TransAmount: `${amount}.00`,
        }),
      ),
    });
  const receiptsOfTenancy = async () =>
    Number(
      rowsOf<{ n: number }>(
        await app.database.db.execute(
          sql`SELECT count(*)::int AS n FROM journal_transactions WHERE tenancy_id = ${tenancyId} AND kind = 'receipt'`,
        ),
      )[0]!.n,
    );

  it('recovers a callback that never came with STK Push Query after a minute', async () => {
    const cancelled = await pushed(300);
    const paid = await pushed(1200);
    daraja.settleQuery(cancelled.checkout, 1032, 'Request cancelled by user');
    daraja.settleQuery(paid.checkout, 0, 'The service request is processed successfully.');
    const before = await balance();
    clock.advance(30_000);
    await app.services.stk.recoverOverdue();
    expect(await requestStatus(cancelled.requestId)).toMatchObject({ status: 'pending' });
    clock.advance(31_000);
    await app.services.stk.recoverOverdue();
    expect(await requestStatus(cancelled.requestId)).toMatchObject({ status: 'failed', message: 'You cancelled the payment on your phone.' });
    // The money is the tenant's at once: the receipt posts on the query's word, before its M-Pesa code is known.
    expect(await requestStatus(paid.requestId)).toMatchObject({ status: 'paid', receipt: null });
    expect(await balance()).toBe(before - 1200);
  });

  it('gives a receipt posted on the query its M-Pesa code when the late callback, C2B or import brings it, and posts nothing more', async () => {
    const before = await balance();
    const receipts = await receiptsOfTenancy();
    const paid = await paidByQuery(1300);
    expect(await balance()).toBe(before - 1300);
    expect((await callback(paidCallback(paid.checkout, 'STK0000020', 1300, clock.now()))).statusCode).toBe(200);
    expect((await c2bOf('STK0000020', 1300)).statusCode).toBe(200);
    const csv = statementCsv([{ receiptNo: 'STK0000020', at: clock.now(), paidIn: '1,300.00', account: String(tenancyId) }], [...STATEMENT_COLUMNS]);
    expect((await statement(app, agency, 'import', csv)).statusCode).toBe(200);
    expect(await balance()).toBe(before - 1300);
    expect(await receiptsOfTenancy()).toBe(receipts + 1);
    expect(await requestStatus(paid.requestId)).toMatchObject({ status: 'paid', receipt: 'STK0000020' });
    const day = clock.now().toISOString().slice(0, 10);
    expect((await reconciliation(app, agency, day, day)).json()).toMatchObject({ Difference: 0 });
  });

  it('makes one receipt when the code comes by statement import alone after the query', async () => {
    const before = await balance();
    const receipts = await receiptsOfTenancy();
    await paidByQuery(1700);
    const csv = statementCsv([{ receiptNo: 'STK0000021', at: clock.now(), paidIn: '1,700.00', account: String(tenancyId) }], [...STATEMENT_COLUMNS]);
    expect((await statement(app, agency, 'import', csv)).statusCode).toBe(200);
    expect(await balance()).toBe(before - 1700);
    expect(await receiptsOfTenancy()).toBe(receipts + 1);
  });

  it("posts nothing on the query when the payment's code came by C2B first", async () => {
    const before = await balance();
    const receipts = await receiptsOfTenancy();
    const request = await pushed(900);
    expect((await c2bOf('STK0000022', 900)).statusCode).toBe(200);
    daraja.settleQuery(request.checkout, 0, 'The service request is processed successfully.');
    clock.advance(61_000);
    await app.services.stk.recoverOverdue();
    expect(await requestStatus(request.requestId)).toMatchObject({ status: 'paid', receipt: 'STK0000022' });
    await callback(paidCallback(request.checkout, 'STK0000022', 900, clock.now()));
    expect(await balance()).toBe(before - 900);
    expect(await receiptsOfTenancy()).toBe(receipts + 1);
  });

  it('keeps a second paybill payment of the same amount as its own receipt', async () => {
    const before = await balance();
    const receipts = await receiptsOfTenancy();
    const paid = await paidByQuery(800);
    // The tenant also paid 800 to the paybill by hand: that payment takes the query's receipt, the STK code then posts its own.
    expect((await c2bOf('STK0000023', 800)).statusCode).toBe(200);
    await callback(paidCallback(paid.checkout, 'STK0000024', 800, clock.now()));
    expect(await balance()).toBe(before - 1600);
    expect(await receiptsOfTenancy()).toBe(receipts + 2);
    expect(await requestStatus(paid.requestId)).toMatchObject({ status: 'paid', receipt: 'STK0000024' });
  });

  it("posts a callback's code as its own request's receipt, leaving another request's query receipt of the same amount open", async () => {
    const before = await balance();
    const byQuery = await paidByQuery(1100);
    const { requestId, checkout } = await pushed(1100);
    expect((await callback(paidCallback(checkout, 'STK0000030', 1100, clock.now()))).statusCode).toBe(200);
    expect(await receiptsFor('STK0000030')).toBe(1);
    expect(await requestStatus(requestId)).toMatchObject({ status: 'paid', receipt: 'STK0000030' });
    // The query's receipt still waits for its own code.
    expect(await requestStatus(byQuery.requestId)).toMatchObject({ status: 'paid', receipt: null });
    expect(await balance()).toBe(before - 2200);
  });

  it('gives the payment a reversed query receipt held back to the queue, to be posted again', async () => {
    const before = await balance();
    const paid = await paidByQuery(1400);
    expect((await c2bOf('STK0000040', 1400)).statusCode).toBe(200);
    const [receipt] = rowsOf<{ txn_id: string }>(
      await app.database.db.execute(
        sql`SELECT txn_id FROM journal_transactions WHERE idempotency_key = ${`stk:${paid.checkout}`}`,
      ),
    );
    expect((await reverse(app, agency, Number(receipt!.txn_id), 'Paid for the neighbour')).statusCode).toBe(200);
    expect(await balance()).toBe(before);
    const queued = (await unmatched(app, agency)).json() as { TransID: string; Amount: number }[];
    expect(queued.find((p) => p.TransID === 'STK0000040')).toMatchObject({ Amount: 1400 });
  });

  it('makes one receipt of one payment seen by STK, then C2B, then a statement import', async () => {
    const before = await balance();
    const { checkout } = await pushed(4000);
    await callback(paidCallback(checkout, 'STK0000003', 4000, clock.now()));
    const c2b = confirmation({ TransID: 'STK0000003', BillRefNumber: String(tenancyId), BusinessShortCode: '174379', TransAmount: '4000.00' });
    await app.inject({ method: 'POST', url: confirmationPath, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(c2b) });
    const csv = statementCsv([{ receiptNo: 'STK0000003', at: clock.now(), paidIn: '4,000.00', account: String(tenancyId) }], [...STATEMENT_COLUMNS]);
    expect((await statement(app, agency, 'import', csv)).statusCode).toBe(200);
    expect(await receiptsFor('STK0000003')).toBe(1);
    expect(await balance()).toBe(before - 4000);
  });

  it('lets the office send a payment request to the tenant, and keeps other agencies out', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantlinks/payrequest',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, tenancyId, amount: 5000, phone: '0708374149' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(daraja.pushes.at(-1)!.body).toMatchObject({ Amount: 5000, AccountReference: String(tenancyId) });
    const other = await agencyWithOwner(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/tenantlinks/payrequest',
      headers: other.auth,
      payload: { managingAgentId: other.agentId, tenancyId, amount: 5000, phone: '0708374149' },
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('a paid callback that disagrees with its request', () => {
  const rejections = async () =>
    rowsOf<{ reason: string }>(
      await app.database.db.execute(sql`SELECT reason FROM mpesa_rejections WHERE agent_id = ${agency.agentId} AND endpoint = 'stk' ORDER BY rejection_id`),
    ).map((r) => r.reason);
  const withPhone = (body: ReturnType<typeof paidCallback>, phone: number) => {
    const items = body.Body.stkCallback.CallbackMetadata.Item.map((i) => (i.Name === 'PhoneNumber' ? { ...i, Value: phone } : i));
    return { Body: { stkCallback: { ...body.Body.stkCallback, CallbackMetadata: { Item: items } } } };
  };

  it('is held for review, never shown as paid, when its amount is not the amount asked', async () => {
    const before = await balance();
    const { requestId, checkout } = await pushed(10);
    expect((await callback(paidCallback(checkout, 'STKR000050', 10_000_000, clock.now()))).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await requestStatus(requestId)).toMatchObject({ status: 'pending', receipt: null });
    expect(await receiptsFor('STKR000050')).toBe(0);
    expect(await balance()).toBe(before);
    expect((await rejections()).at(-1)).toBe(
      'Held for review: the paid callback (STKR000050) says Ksh 10,000,000.00 from 254708374149; the request asked Ksh 10.00 from 254708374149',
    );
  });

  it('is held for review when it was paid from another phone than the one asked', async () => {
    const { requestId, checkout } = await pushed(20);
    await callback(withPhone(paidCallback(checkout, 'STKR000051', 20, clock.now()), 254799000111));
    expect(await requestStatus(requestId)).toMatchObject({ status: 'pending', receipt: null });
    expect(await receiptsFor('STKR000051')).toBe(0);
    expect((await rejections()).at(-1)).toMatch(/^Held for review: .* from 254799000111; the request asked Ksh 20.00 from 254708374149$/);
  });

  it('keeps the M-Pesa code of the first paid callback when a second one brings another', async () => {
    const before = await balance();
    const { requestId, checkout } = await pushed(700);
    await callback(paidCallback(checkout, 'STKR000052', 700, clock.now()));
    await callback(paidCallback(checkout, 'STKR000053', 700, clock.now()));
    expect(await requestStatus(requestId)).toMatchObject({ status: 'paid', receipt: 'STKR000052' });
    expect(await receiptsFor('STKR000052')).toBe(1);
    expect(await receiptsFor('STKR000053')).toBe(0);
    expect(await balance()).toBe(before - 700);
    expect((await rejections()).at(-1)).toBe('Held for review: a second paid callback (STKR000053) for a request already paid with STKR000052');
  });
});
