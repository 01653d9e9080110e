import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, tenancyOf, type Agency } from '../../test/estate';
import { confirmation } from '../../test/fake-daraja';
import { fakeDarajaStk, paidCallback, statusFailed, statusFound } from '../../test/fake-daraja-stk';
import { setPaybill, unmatched } from '../../test/mpesa';
import { sendLink, setDaraja } from '../../test/tenant-side';
import { formatTransTime } from '@makazi/domain';

let app: FastifyInstance;
let daraja: Awaited<ReturnType<typeof fakeDarajaStk>>;
let agency: Agency;
let tenancyId: number;
let confirmationPath: string;
let secret: string;
const clock = manualClock(new Date('2026-11-21T09:00:00Z'));
const HOUR = 3600_000;

beforeAll(async () => {
  daraja = await fakeDarajaStk();
  app = await createTestApp(
    { daraja: { baseUrl: daraja.baseUrl, secretsKey: randomBytes(32) }, publicUrl: 'https://makazi.example.co.ke' },
    { clock },
  );
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
  confirmationPath = (await setPaybill(app, agency, { shortcode: '174379' })).confirmationPath;
  secret = /\/stk\/([^/]+)\/callback$/.exec((await setDaraja(app, agency)).callbackPath)![1]!;
});
afterAll(async () => {
  await app.close();
  await daraja.close();
});

const ago = (ms: number) => new Date(clock.now().getTime() - ms);
const post = (url: string, payload: Record<string, unknown>, who = agency) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload: { managingAgentId: who.agentId, ...payload } });
const pullNow = (who = agency) => post('/api/mpesa/pull', {}, who);
const register = (nominatedNumber = '0722 000 000') => post('/api/mpesa/pull/register', { nominatedNumber });
const pullState = async () =>
  (await app.inject({ method: 'GET', url: `/api/mpesa/pull?managingAgentId=${agency.agentId}`, headers: agency.auth })).json();
const receiptsFor = async (code: string) =>
  Number(
    rowsOf<{ n: number }>(
      await app.database.db.execute(sql`SELECT count(*)::int AS n FROM journal_transactions WHERE idempotency_key = ${`mpesa:${code}`}`),
    )[0]!.n,
  );
const balance = async () => (await tenancyOf(app, agency, tenancyId)).RentBalance as number;
const pay = (code: string, hoursAgo: number, account: string | number, amount = 1000, type?: string) =>
  daraja.pull.list.push({ code, at: ago(hoursAgo * HOUR), account: String(account), amount, ...(type ? { type } : {}) });
const nairobiText = (d: Date) => formatTransTime(d).replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3 $4:$5:$6');

describe('Pull Transactions registration', () => {
  it('refuses a pull before the paybill is registered, and sends nothing', async () => {
    const res = await pullNow();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Register the paybill for Pull Transactions first');
    expect(daraja.pull.queries).toHaveLength(0);
  });

  it('keeps Safaricom’s refusal on the state and stays unregistered', async () => {
    daraja.pull.registerAnswer = 'refused';
    const res = await register();
    expect(res.statusCode).toBe(502);
    expect(await pullState()).toMatchObject({ registered: false, lastError: 'Bad Request - Invalid ShortCode' });
  });

  it('refuses a nominated number that is not a phone, without asking Safaricom', async () => {
    const count = daraja.pull.registrations.length;
    const res = await register('12');
    expect(res.statusCode).toBe(400);
    expect(daraja.pull.registrations).toHaveLength(count);
  });

  it('registers the paybill as Daraja specifies; "already registered" counts as registered', async () => {
    daraja.pull.registerAnswer = 'already';
    const res = await register();
    expect(res.statusCode, res.body).toBe(200);
    expect(daraja.pull.registrations.at(-1)).toEqual({
      ShortCode: '174379',
      RequestType: 'Pull',
      NominatedNumber: '254722000000',
      CallBackURL: `https://makazi.example.co.ke/api/mpesa/pull/${secret}/callback`,
    });
    expect(res.json()).toMatchObject({ registered: true });
  });
});

describe('Pull now', () => {
  it('posts what the confirmations missed once, queues what matches no tenancy, and skips money out', async () => {
    daraja.pull.pageSize = 2;
    // A confirmation Safaricom delivered: the pull lists it again and posts nothing more.
    const c2b = await app.inject({
      method: 'POST',
      url: confirmationPath,
      headers: { 'content-type': 'application/json' },
      payload: confirmation({ TransID: 'PULLAAA001', BillRefNumber: String(tenancyId), BusinessShortCode: '174379', TransAmount: '1000.00', TransTime: formatTransTime(ago(3 * HOUR)) }),
    });
    expect(c2b.statusCode, c2b.body).toBe(200);
    pay('PULLAAA001', 3, tenancyId, 1000);
    pay('PULLAAA002', 2, tenancyId, 2500);
    pay('PULLAAA003', 1, 'FLAT 99', 700);
    pay('PULLAAA004', 1, '', 5000, 'business-payment');
    pay('PULLAAA005', 30, tenancyId, 900); // older than a first pull's day
    const before = await balance();
    const res = await pullNow();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ listed: 4, posted: 1, unmatched: 1, alreadyRecorded: 1 });
    expect(await receiptsFor('PULLAAA001')).toBe(1);
    expect(await receiptsFor('PULLAAA002')).toBe(1);
    expect(await receiptsFor('PULLAAA005')).toBe(0);
    expect(await balance()).toBe(before - 2500);
    const queue = (await unmatched(app, agency)).json() as { TransID: string; Source: string }[];
    expect(queue.map((p) => p.TransID)).toContain('PULLAAA003');
    expect(queue.find((p) => p.TransID === 'PULLAAA003')?.Source).toBe('pull');
    expect(queue.map((p) => p.TransID)).not.toContain('PULLAAA004');
    // A first pull reads the last day, page by page.
    const queries = daraja.pull.queries.slice(-3);
    expect(queries).toEqual([0, 2, 4].map((offset) => ({
      ShortCode: '174379',
      StartDate: nairobiText(ago(24 * HOUR)),
      EndDate: nairobiText(clock.now()),
      OffSetValue: String(offset),
    })));
    expect(await pullState()).toMatchObject({ registered: true, lastPulledAt: clock.now().toISOString(), pulledUntil: clock.now().toISOString(), lastError: null });
  });

  it('a confirmation arriving after the pull posted its code posts nothing more; nor does the next pull', async () => {
    const before = await balance();
    const late = await app.inject({
      method: 'POST',
      url: confirmationPath,
      headers: { 'content-type': 'application/json' },
      payload: confirmation({ TransID: 'PULLAAA002', BillRefNumber: String(tenancyId), BusinessShortCode: '174379', TransAmount: '2500.00' }),
    });
    expect(late.statusCode).toBe(200);
    const again = await pullNow();
    expect(again.json()).toMatchObject({ posted: 0, unmatched: 0 });
    expect(await receiptsFor('PULLAAA002')).toBe(1);
    expect(await balance()).toBe(before);
  });

  it('a code Pay now (STK) already posted is not posted again by the pull', async () => {
    const before = await balance();
    const token = await sendLink(app, agency, tenancyId);
    const push = await app.inject({ method: 'POST', url: `/api/t/${token}/pay`, payload: { amount: 300, phone: '0708374149' } });
    expect(push.statusCode, push.body).toBe(200);
    const stkPath = `/api/mpesa/stk/${secret}/callback`;
    const paid = await app.inject({
      method: 'POST',
      url: stkPath,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(paidCallback(daraja.pushes.at(-1)!.checkoutRequestId, 'PULLSTK001', 300, ago(60_000))),
    });
    expect(paid.statusCode).toBe(200);
    pay('PULLSTK001', 0.01, tenancyId, 300);
    expect((await pullNow()).json()).toMatchObject({ posted: 0, unmatched: 0 });
    expect(await receiptsFor('PULLSTK001')).toBe(1);
    expect(await balance()).toBe(before - 300);
  });

  it('after downtime reads from the last time seen, as far back as Safaricom keeps (48 hours)', async () => {
    await app.database.db.execute(sql`UPDATE mpesa_pulls SET pulled_until = ${ago(30 * HOUR).toISOString()} WHERE agent_id = ${agency.agentId}`);
    pay('PULLDOWN01', 29, tenancyId, 400);
    // PULLAAA005 (30 hours old) was before the first pull's day: the gap's pull reaches it too.
    expect((await pullNow()).json()).toMatchObject({ posted: 2 });
    expect(await receiptsFor('PULLAAA005')).toBe(1);
    expect(await receiptsFor('PULLDOWN01')).toBe(1);
    expect(daraja.pull.queries.at(-1)).toMatchObject({ StartDate: nairobiText(ago(31 * HOUR)) });
    await app.database.db.execute(sql`UPDATE mpesa_pulls SET pulled_until = ${ago(100 * HOUR).toISOString()} WHERE agent_id = ${agency.agentId}`);
    await pullNow();
    expect(daraja.pull.queries.at(-1)).toMatchObject({ StartDate: nairobiText(ago(48 * HOUR)) });
  });

  it('an empty list is a pull that found nothing', async () => {
    clock.advance(60_000);
    daraja.pull.list.length = 0;
    const res = await pullNow();
    expect(res.json()).toMatchObject({ listed: 0, posted: 0, unmatched: 0, alreadyRecorded: 0 });
    expect((await pullState()).lastPulledAt).toBe(clock.now().toISOString());
  });

  it('when Safaricom fails, keeps its words and the last time seen, so the next pull covers the gap', async () => {
    const seen = (await pullState()).pulledUntil;
    clock.advance(60_000);
    daraja.pull.failures = 1;
    const res = await pullNow();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Safaricom did not answer the pull. Try again in a few minutes.');
    expect(await pullState()).toMatchObject({ pulledUntil: seen, lastError: 'System is busy. Please try again in few minutes.' });
    pay('PULLGAP001', 0, tenancyId, 100);
    expect((await pullNow()).json()).toMatchObject({ posted: 1, state: { lastError: null } });
  });

  it('the scheduled pull reads every registered agency', async () => {
    pay('PULLJOB001', 0, tenancyId, 150);
    const result = await app.services.mpesaPull.pullAll();
    expect(result).toMatchObject({ failed: 0 });
    expect(await receiptsFor('PULLJOB001')).toBe(1);
  });

  it('a list Safaricom posts to the registered callback posts the same way, once', async () => {
    const body = { ResponseCode: '1000', Response: [[{ transactionId: 'PULLCB0001', trxDate: clock.now().toISOString(), transactiontype: 'c2b-pay-bill-debit', billreference: String(tenancyId), amount: '50' }]] };
    const send = () => app.inject({ method: 'POST', url: `/api/mpesa/pull/${secret}/callback`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect((await send()).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await send();
    expect(await receiptsFor('PULLCB0001')).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/api/mpesa/pull/not-a-real-secret-at-all-xx/callback', payload: '{}' })).statusCode).toBe(404);
  });

  it("another agency's clerk cannot pull for this one", async () => {
    const other = await agencyWithOwner(app);
    const res = await app.inject({ method: 'POST', url: '/api/mpesa/pull', headers: other.auth, payload: { managingAgentId: agency.agentId } });
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe('Transaction Status: checking a code a tenant quotes', () => {
  const check = (code: string) => post('/api/mpesa/statuschecks', { code });
  const checkView = async (checkId: number) =>
    (await app.inject({ method: 'GET', url: `/api/mpesa/statuschecks/one?checkId=${checkId}&managingAgentId=${agency.agentId}`, headers: agency.auth })).json();
  const result = (body: unknown, kind: 'result' | 'timeout' = 'result') =>
    app.inject({ method: 'POST', url: `/api/mpesa/status/${secret}/${kind}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('needs the initiator in the Daraja settings', async () => {
    const res = await check('QK12AB34CD');
    expect(res.statusCode).toBe(409);
    expect(daraja.status.requests).toHaveLength(0);
  });

  it('keeps the initiator sealed and never answers it', async () => {
    const saved = await setDaraja(app, agency, { initiatorName: 'testapi', securityCredential: 'Safaricom999!*!encrypted' });
    expect(saved).toMatchObject({ initiator: true });
    expect(JSON.stringify(saved)).not.toMatch(/testapi|encrypted/);
    // Saved again without them, the initiator stays.
    expect(await setDaraja(app, agency)).toMatchObject({ initiator: true });
  });

  it('refuses what is not an M-Pesa code', async () => {
    const res = await check('QK12');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/10 letters and digits/);
  });

  it('asks as Daraja specifies, shows pending, then Safaricom’s answer: amount and account; a duplicate result changes nothing', async () => {
    const res = await check(' qk12 ab34cd ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'QK12AB34CD', status: 'pending', amount: null });
    const request = daraja.status.requests.at(-1)!;
    expect(request).toEqual({
      Initiator: 'testapi',
      SecurityCredential: 'Safaricom999!*!encrypted',
      CommandID: 'TransactionStatusQuery',
      TransactionID: 'QK12AB34CD',
      OriginatorConversationID: expect.stringMatching(/^makazi-/),
      PartyA: '174379',
      IdentifierType: '4',
      ResultURL: `https://makazi.example.co.ke/api/mpesa/status/${secret}/result`,
      QueueTimeOutURL: `https://makazi.example.co.ke/api/mpesa/status/${secret}/timeout`,
      Remarks: 'Payment check',
      Occasion: 'QK12AB34CD',
    });
    expect((await result(statusFound(request, { amount: 4500, account: 'A4', at: ago(HOUR) }))).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const found = await checkView(res.json().checkId);
    expect(found).toMatchObject({ status: 'found', amount: 4500, account: 'A4', completedAt: ago(HOUR).toISOString(), receiptNo: null, unmatched: false });
    await result(statusFound(request, { amount: 1, account: 'X' }));
    expect(await checkView(res.json().checkId)).toMatchObject({ status: 'found', amount: 4500, account: 'A4' });
  });

  it('names the receipt the books hold for a code, and the account from our record when Safaricom gives none', async () => {
    const res = await check('PULLAAA002');
    await result(statusFound(daraja.status.requests.at(-1)!, { amount: 2500 }));
    const view = await checkView(res.json().checkId);
    expect(view).toMatchObject({ status: 'found', amount: 2500, account: String(tenancyId), receiptNo: expect.any(String) });
  });

  it('shows Safaricom’s words when it does not have the code', async () => {
    const res = await check('QK00000000');
    await result(statusFailed(daraja.status.requests.at(-1)!, 'R000001', 'The transaction receipt number does not exist'));
    expect(await checkView(res.json().checkId)).toMatchObject({ status: 'notFound', amount: null, reason: 'The transaction receipt number does not exist' });
  });

  it('a lost result shows as unanswered after a few minutes; a timeout too, and a late result still answers it', async () => {
    const lost = (await check('QK11111111')).json();
    await app.database.db.execute(sql`UPDATE mpesa_status_checks SET requested_at = ${ago(6 * 60_000).toISOString()} WHERE check_id = ${lost.checkId}`);
    expect(await checkView(lost.checkId)).toMatchObject({ status: 'unanswered' });
    const timed = (await check('QK22222222')).json();
    const request = daraja.status.requests.at(-1)!;
    await result(statusFailed(request, 1, 'The service request timed out.'), 'timeout');
    expect(await checkView(timed.checkId)).toMatchObject({ status: 'unanswered' });
    await result(statusFound(request, { amount: 10 }));
    expect(await checkView(timed.checkId)).toMatchObject({ status: 'found', amount: 10 });
    const list = (await app.inject({ method: 'GET', url: `/api/mpesa/statuschecks?managingAgentId=${agency.agentId}`, headers: agency.auth })).json();
    expect(list[0]).toMatchObject({ checkId: timed.checkId, status: 'found' });
  });

  it('a result for no request of ours, or at a wrong address, changes nothing', async () => {
    const answer = await result(statusFound({ OriginatorConversationID: 'makazi-unknown', TransactionID: 'QK99999999' }, { amount: 5 }));
    expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await result('not json')).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const wrong = await app.inject({ method: 'POST', url: '/api/mpesa/status/not-a-real-secret-at-all-xx/result', payload: '{}' });
    expect(wrong.statusCode).toBe(404);
  });

  it('when Daraja refuses the question, says so and keeps no check', async () => {
    daraja.status.refuse = true;
    const count = Number(rowsOf<{ n: number }>(await app.database.db.execute(sql`SELECT count(*)::int AS n FROM mpesa_status_checks`))[0]!.n);
    const res = await check('QK33333333');
    daraja.status.refuse = false;
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Safaricom did not take the question. Try again in a few minutes.');
    expect(Number(rowsOf<{ n: number }>(await app.database.db.execute(sql`SELECT count(*)::int AS n FROM mpesa_status_checks`))[0]!.n)).toBe(count);
  });

  it("another agency cannot read this agency's check", async () => {
    const mine = (await check('QK44444444')).json();
    const other = await agencyWithOwner(app);
    const res = await app.inject({ method: 'GET', url: `/api/mpesa/statuschecks/one?checkId=${mine.checkId}&managingAgentId=${other.agentId}`, headers: other.auth });
    expect(res.statusCode).toBe(404);
  });
});
