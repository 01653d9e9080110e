import { MONEY_OUT_MESSAGES, accountingDate } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import {
  b2cPaid,
  fakeDarajaPayouts,
  pathOf,
  payoutFailed,
  queueTimeout,
  statusFound,
  statusNotFound,
} from '../../test/fake-daraja-payouts';
import { landlordBalances, setAgreement } from '../../test/landlord';
import { lastMailTo } from '../../test/mail';
import { setDaraja } from '../../test/tenant-side';
import { STATUS_AFTER_MS } from './service';

const clock = manualClock(new Date('2026-11-27T09:00:00Z'));
const secretsKey = randomBytes(32);
let app: FastifyInstance;
let daraja: Awaited<ReturnType<typeof fakeDarajaPayouts>>;
let seq = 0;
const key = () => `mpesa-payout-run-${++seq}`;
const CREDENTIAL = 'Safaricom999!*!'.repeat(4);

beforeAll(async () => {
  daraja = await fakeDarajaPayouts();
  app = await createTestApp({ daraja: { baseUrl: daraja.baseUrl, secretsKey }, publicUrl: 'https://makazi.example.co.ke' }, { clock });
});
afterAll(async () => {
  await app.close();
  await daraja.close();
});

async function setInitiator(agency: Agency) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mpesa/daraja/initiator',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, initiatorName: 'makazi_api', securityCredential: CREDENTIAL },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** An agency with Daraja and its initiator set, whose landlord is owed 18,000 and is paid as the agreement says. */
async function owed(payout: Record<string, unknown> = { PayoutMethod: 'mpesa', PayoutPhone: '0708374149' }) {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
  expect((await setAgreement(app, agency, propId, payout)).statusCode).toBe(200);
  await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '20,000', key());
  await setDaraja(app, agency);
  await setInitiator(agency);
  return { agency, landlordNo };
}

const run = (agency: Agency, runKey: string, lines: { LandlordNo: number; Amount: number }[], confirm = true) =>
  app.inject({
    method: 'POST',
    url: '/api/landlord-money/remittance',
    headers: agency.auth,
    payload: {
      managingAgentId: agency.agentId,
      PayoutDate: accountingDate(clock.now()),
      idempotencyKey: runKey,
      ...(confirm ? { ConfirmCount: lines.length, ConfirmTotal: lines.reduce((s, l) => s + l.Amount * 100, 0) } : {}),
      Payouts: lines,
    },
  });

const post = (url: string, body: unknown) =>
  app.inject({ method: 'POST', url: pathOf(url), headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

async function payoutsOf(agency: Agency) {
  const res = await app.inject({ method: 'GET', url: `/api/landlord-money/payouts?managingAgentId=${agency.agentId}`, headers: agency.auth });
  return res.json() as { PayoutId: number; Amount: number; Method: string; Reference: string }[];
}
async function mpesaPayouts(agency: Agency, language = 'en') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/landlord-money/mpesa-payouts?managingAgentId=${agency.agentId}`,
    headers: { ...agency.auth, 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { Status: string; TransactionId: string | null; message: string; PayoutId: number | null }[];
}
const sentTo = (party: string) => daraja.sent.filter((s) => s.body.PartyB === party);

describe('the initiator', () => {
  it('is sealed in the database and never answered', async () => {
    const { agency } = await owed();
    const row = rowsOf<{ secrets: string }>(
      await app.database.db.execute(sql`SELECT secrets FROM daraja_credentials WHERE agent_id = ${agency.agentId}`),
    )[0]!;
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toMatch(/makazi_api|Safaricom/);
    const settings = await app.inject({ method: 'GET', url: `/api/mpesa/daraja/initiator?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(settings.json()).toEqual({ initiatorSet: true });
  });
});

describe('B2C payouts to the landlord’s phone', () => {
  it('sends one BusinessPayment, posts nothing until the result, then posts the M-Pesa id once however often the result comes', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 222 333' });
    const runKey = key();
    const res = await run(agency, runKey, [{ LandlordNo: landlordNo, Amount: 18000 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ LandlordNo: landlordNo, Status: 'pending', PayoutId: null, message: MONEY_OUT_MESSAGES.sentToMpesa })]);
    const [sent, ...more] = sentTo('254711222333');
    expect(more).toEqual([]);
    expect(sent!.path).toBe('/mpesa/b2c/v1/paymentrequest');
    expect(sent!.body).toMatchObject({
      OriginatorConversationID: sent!.originator,
      InitiatorName: 'makazi_api',
      SecurityCredential: CREDENTIAL,
      CommandID: 'BusinessPayment',
      Amount: 18000,
      PartyA: '174379',
      PartyB: '254711222333',
    });
    expect(sent!.resultUrl).toMatch(/^https:\/\/makazi\.example\.co\.ke\/api\/mpesa\/payouts\/[\w-]+\/result\//);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 0 });
    // Submitted again while it is on its way: nothing more is sent, and the money on its way is not offered twice.
    expect((await run(agency, runKey, [{ LandlordNo: landlordNo, Amount: 18000 }])).json()[0]).toMatchObject({ Status: 'already paid' });
    expect((await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }])).json()[0]).toMatchObject({ Status: 'refused' });
    expect(sentTo('254711222333')).toHaveLength(1);

    const result = b2cPaid(sent!.originator, 'TKR4B2C001', 18000);
    for (const answer of await Promise.all([post(sent!.resultUrl, result), post(sent!.resultUrl, result)]))
      expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await post(sent!.resultUrl, result)).statusCode).toBe(200);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 18000, Balance: 0 });
    expect(await payoutsOf(agency)).toEqual([expect.objectContaining({ Amount: 18000, Method: 'mpesa', Reference: 'TKR4B2C001' })]);
    expect(await mpesaPayouts(agency)).toEqual([
      expect.objectContaining({ Status: 'paid', TransactionId: 'TKR4B2C001', message: 'Paid by M-Pesa.', PayoutId: expect.any(Number) }),
    ]);
    // The advice goes to the landlord through the outbox, once however often the result came.
    const email = rowsOf<{ email: string }>(await app.database.db.execute(sql`SELECT email FROM clients WHERE client_no = ${landlordNo}`))[0]!.email;
    const mail = await lastMailTo(app, email);
    expect(mail.subject).toMatch(/^Remittance advice from .*: Ksh 18,000\.00 paid$/);
    expect(mail.body).toContain('reference TKR4B2C001');
    expect(mail.body).toContain('remittance-advice-');
    const mails = rowsOf<{ n: number }>(await app.database.db.execute(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = ${email.toLowerCase()}`));
    expect(Number(mails[0]!.n)).toBe(1);
    // The run sent a third time after the result: already paid, still one request.
    expect((await run(agency, runKey, [{ LandlordNo: landlordNo, Amount: 18000 }])).json()[0]).toMatchObject({ Status: 'already paid' });
    expect(sentTo('254711222333')).toHaveLength(1);
  });

  it('sends once when the same run comes from two processes at the same moment', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 001' });
    const runKey = key();
    const answers = await Promise.all([0, 1, 2].map(() => run(agency, runKey, [{ LandlordNo: landlordNo, Amount: 18000 }])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json()[0].Status).sort()).toEqual(['already paid', 'already paid', 'pending']);
    expect(sentTo('254711000001')).toHaveLength(1);
  });

  it('a run killed after writing its payouts is sent by the background pass, once', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 002' });
    const queued = await app.services.mpesaPayouts.queue(agency.agentId, agency.userNo, {
      landlordNo,
      amount: 1800000,
      payoutDate: accountingDate(clock.now()),
      remits: null,
      key: key(),
      method: 'mpesa',
      phone: '0711000002',
      bank: '',
      account: '',
      origin: 'http://127.0.0.1',
    });
    expect(queued.repeated).toBe(false);
    await app.services.mpesaPayouts.recover();
    expect(sentTo('254711000002')).toHaveLength(0);
    clock.advance(2 * 60_000);
    await Promise.all([app.services.mpesaPayouts.recover(), app.services.mpesaPayouts.recover()]);
    await app.services.mpesaPayouts.recover();
    expect(sentTo('254711000002')).toHaveLength(1);
  });

  it('a failure posts nothing and says Safaricom’s reason in plain words, in English and Kiswahili', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 003' });
    await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }]);
    const sent = sentTo('254711000003')[0]!;
    await post(sent.resultUrl, payoutFailed(sent.originator, 1, 'The balance is insufficient for the transaction.'));
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 0, Balance: 18000 });
    expect(await payoutsOf(agency)).toEqual([]);
    expect((await mpesaPayouts(agency))[0]).toMatchObject({
      Status: 'failed',
      message: 'The agency’s M-Pesa account did not hold enough money for this payout.',
    });
    expect((await mpesaPayouts(agency, 'sw'))[0]!.message).toBe('Akaunti ya M-Pesa ya wakala haikuwa na pesa za kutosha kwa malipo haya.');
    // A code without plain words of its own shows Safaricom's text.
    await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }]);
    const again = sentTo('254711000003')[1]!;
    await post(again.resultUrl, payoutFailed(again.originator, 9999, 'Credit Party customer type is not supported'));
    expect((await mpesaPayouts(agency))[0]!.message).toBe('M-Pesa did not make the payout: Credit Party customer type is not supported');
  });

  it('a request Daraja refuses fails at once; a gateway fault is never sent again but asked about', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 004' });
    daraja.answerNext('refuse');
    const refused = await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }]);
    expect(refused.json()[0]).toMatchObject({ Status: 'refused', message: 'M-Pesa did not make the payout: Bad Request - Invalid PartyB' });
    daraja.answerNext('gateway');
    expect((await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }])).json()[0]).toMatchObject({ Status: 'pending' });
    const lost = sentTo('254711000004')[1]!;
    clock.advance(STATUS_AFTER_MS + 1000);
    const before = daraja.statusQueries.length;
    await app.services.mpesaPayouts.recover();
    expect(sentTo('254711000004')).toHaveLength(2);
    expect(daraja.statusQueries.slice(before).filter((q) => q.originator === lost.originator)).toHaveLength(1);
  });

  it('a lost result is settled by Transaction Status after the wait, never by a second payment', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 005' });
    await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }]);
    const sent = sentTo('254711000005')[0]!;
    const asked = () => daraja.statusQueries.filter((q) => q.originator === sent.originator);
    await app.services.mpesaPayouts.recover();
    expect(asked()).toHaveLength(0);
    clock.advance(STATUS_AFTER_MS + 1000);
    await Promise.all([app.services.mpesaPayouts.recover(), app.services.mpesaPayouts.recover()]);
    expect(asked()).toHaveLength(1);
    expect(asked()[0]!.body).toMatchObject({ CommandID: 'TransactionStatusQuery', OriginalConversationID: sent.originator, Initiator: 'makazi_api', PartyA: '174379' });
    expect((await post(asked()[0]!.resultUrl, statusFound('TKR4LOST01', 18000))).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // The result turns up after all: one payout.
    await post(sent.resultUrl, b2cPaid(sent.originator, 'TKR4LOST01', 18000));
    expect(await payoutsOf(agency)).toEqual([expect.objectContaining({ Reference: 'TKR4LOST01' })]);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 18000 });
    expect(sentTo('254711000005')).toHaveLength(1);
  });

  it('a timeout asks Transaction Status at once; a late success still posts once', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 006' });
    await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }]);
    const sent = sentTo('254711000006')[0]!;
    expect((await post(sent.timeoutUrl, queueTimeout(sent.originator))).statusCode).toBe(200);
    expect((await mpesaPayouts(agency))[0]).toMatchObject({ Status: 'pending' });
    await app.services.mpesaPayouts.recover();
    expect(daraja.statusQueries.filter((q) => q.originator === sent.originator)).toHaveLength(1);
    await post(sent.resultUrl, b2cPaid(sent.originator, 'TKR4LATE01', 18000));
    expect((await mpesaPayouts(agency))[0]).toMatchObject({ Status: 'paid', TransactionId: 'TKR4LATE01' });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 18000 });
  });

  it('a payout M-Pesa has no record of fails with nothing posted', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 007' });
    await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }]);
    const sent = sentTo('254711000007')[0]!;
    clock.advance(STATUS_AFTER_MS + 1000);
    await app.services.mpesaPayouts.recover();
    const query = daraja.statusQueries.filter((q) => q.originator === sent.originator)[0]!;
    await post(query.resultUrl, statusNotFound());
    expect((await mpesaPayouts(agency))[0]).toMatchObject({ Status: 'failed', message: 'M-Pesa has no record of this payout; no money left.' });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Payouts: 0 });
  });

  it('a result for no request of ours is answered and changes nothing; a wrong address is not found', async () => {
    const { agency } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 008' });
    const token = rowsOf<{ callback_token: string }>(
      await app.database.db.execute(sql`SELECT callback_token FROM daraja_credentials WHERE agent_id = ${agency.agentId}`),
    )[0]!.callback_token;
    const stranger = `https://x/api/mpesa/payouts/${token}/result/no-such-request`;
    expect((await post(stranger, b2cPaid('no-such-request', 'TKR4NONE01', 100))).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await post(stranger, 'not json')).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await payoutsOf(agency)).toEqual([]);
    expect((await post(`https://x/api/mpesa/payouts/${'x'.repeat(43)}/result/r`, b2cPaid('r', 'TKR4NONE02', 100))).statusCode).toBe(404);
  });

  it('refuses a run whose confirmed count or total is not what it would pay, sending nothing', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'mpesa', PayoutPhone: '0711 000 009' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/remittance',
      headers: agency.auth,
      payload: {
        managingAgentId: agency.agentId,
        PayoutDate: accountingDate(clock.now()),
        idempotencyKey: key(),
        ConfirmCount: 1,
        ConfirmTotal: 100,
        Payouts: [{ LandlordNo: landlordNo, Amount: 18000 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MONEY_OUT_MESSAGES.confirmMismatch);
    expect(sentTo('254711000009')).toHaveLength(0);
  });
});

describe('B2B payouts to the landlord’s bank paybill', () => {
  it('sends BusinessPayBill to the bank’s paybill with the account as reference, and posts it as a bank payout', async () => {
    const { agency, landlordNo } = await owed({ PayoutMethod: 'bank', PayoutBank: 'Equity Bank', PayoutAccount: '0170 2912 34567' });
    expect((await run(agency, key(), [{ LandlordNo: landlordNo, Amount: 18000 }])).json()[0]).toMatchObject({ Status: 'pending' });
    const sent = daraja.sent.at(-1)!;
    expect(sent.path).toBe('/mpesa/b2b/v1/paymentrequest');
    expect(sent.body).toMatchObject({ CommandID: 'BusinessPayBill', PartyA: '174379', PartyB: '247247', AccountReference: '0170291234567', Amount: 18000, Initiator: 'makazi_api' });
    await post(sent.resultUrl, b2cPaid(sent.originator, 'TKR4B2B001', 18000));
    expect(await payoutsOf(agency)).toEqual([expect.objectContaining({ Method: 'bank', Reference: 'TKR4B2B001' })]);
  });

  it('refuses an account longer than 13 characters, or a bank without a known paybill, and sends nothing', async () => {
    const before = daraja.sent.length;
    const long = await owed({ PayoutMethod: 'bank', PayoutBank: '247247', PayoutAccount: '01702912345678' });
    expect((await run(long.agency, key(), [{ LandlordNo: long.landlordNo, Amount: 18000 }])).json()[0]).toMatchObject({
      Status: 'refused',
      message: MONEY_OUT_MESSAGES.accountTooLong,
    });
    const unknown = await owed({ PayoutMethod: 'bank', PayoutBank: 'Bank of Nowhere', PayoutAccount: '123' });
    expect((await run(unknown.agency, key(), [{ LandlordNo: unknown.landlordNo, Amount: 18000 }])).json()[0]).toMatchObject({
      Status: 'refused',
      message: MONEY_OUT_MESSAGES.noBankPaybill,
    });
    expect(daraja.sent.length).toBe(before);
  });
});
