import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, statementOf, tenancyOf, type Agency } from '../../test/estate';
import { confirmation, darajaSender } from '../../test/fake-daraja';
import { setPaybill, unmatched } from '../../test/mpesa';

let app: FastifyInstance;
let daraja: ReturnType<typeof darajaSender>;
let agency: Agency;
let paths: Awaited<ReturnType<typeof setPaybill>>;
let tenancyId: number;
let propId: number;
let houseNumber: string;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  daraja = darajaSender(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '0' });
  propId = place.propId;
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
  houseNumber = (await tenancyOf(app, agency, tenancyId)).House_number;
  paths = await setPaybill(app, agency);
});
afterAll(() => app.close());

let seq = 0;
const transId = () => `TST${String(++seq).padStart(7, '0')}`;
const payment = (over: Partial<Record<string, unknown>> & { BillRefNumber: string }) =>
  confirmation({ TransID: transId(), BusinessShortCode: '600984', ...over });
const count = async (table: string) =>
  Number(
    rowsOf<{ n: number }>(
      await app.database.db.execute(
        sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE agent_id = ${agency.agentId}`),
      ),
    )[0]!.n,
  );

describe('Daraja C2B confirmation', () => {
  it('posts a matched payment into the Mpesa ledger with the M-Pesa code, and the balance falls', async () => {
    const before = (await tenancyOf(app, agency, tenancyId)).RentBalance;
    const body = payment({ BillRefNumber: String(tenancyId), TransAmount: '2500.50' });
    const res = await daraja.confirm(paths.confirmationPath, body);
    expect(res).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect((await tenancyOf(app, agency, tenancyId)).RentBalance).toBe(before - 2500.5);
    // Dated by its TransTime (to the second), it may sort before the booking's charges of the same second.
    const entries = (await statementOf(app, agency, tenancyId)).json() as { TransactionDetails: string }[];
    expect(entries.find((e) => e.TransactionDetails === `M-Pesa ${body.TransID}`)).toMatchObject({
      TrsAccount: 'Mpesa',
      Credit: 2500.5,
      TransactionDetails: `M-Pesa ${body.TransID}`,
    });
  });

  it('stores and posts a TransID once however often Daraja resends it, at once or later', async () => {
    const before = (await tenancyOf(app, agency, tenancyId)).RentBalance;
    const body = payment({ BillRefNumber: ` ${propId}-${houseNumber.toLowerCase()} ` });
    const answers = await Promise.all([1, 2, 3].map(() => daraja.confirm(paths.confirmationPath, body)));
    answers.push(await daraja.confirm(paths.confirmationPath, body));
    expect(
      answers.every((a) => a.status === 200 && (a.body as { ResultCode: number }).ResultCode === 0),
    ).toBe(true);
    expect((await tenancyOf(app, agency, tenancyId)).RentBalance).toBe(before - 1000);
    const stored = rowsOf<{ n: number }>(
      await app.database.db.execute(
        sql`SELECT count(*)::int AS n FROM mpesa_payments WHERE trans_id = ${body.TransID}`,
      ),
    );
    expect(stored[0]!.n).toBe(1);
  });

  it('matches the house number alone when it is unique in the agency, case and spaces aside', async () => {
    const before = (await tenancyOf(app, agency, tenancyId)).RentBalance;
    await daraja.confirm(
      paths.confirmationPath,
      payment({ BillRefNumber: houseNumber.toLowerCase().split('').join(' '), TransAmount: 300 }),
    );
    expect((await tenancyOf(app, agency, tenancyId)).RentBalance).toBe(before - 300);
  });

  it('queues an unmatched payment with phone, name, amount, time and account typed, and answers Accepted', async () => {
    const body = payment({
      BillRefNumber: 'NO-SUCH-HOUSE',
      TransAmount: '750.25',
      TransTime: '20250105093000',
      FirstName: 'ASHA',
      LastName: 'ODHIAMBO',
    });
    const res = await daraja.confirm(paths.confirmationPath, body);
    expect(res.body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const queued = (await unmatched(app, agency))
      .json()
      .find((p: { TransID: string }) => p.TransID === body.TransID);
    // 09:30 in Nairobi; TransTime is East Africa time and comes back spelled the same way.
    expect(queued).toMatchObject({
      Amount: 750.25,
      AccountNumber: 'NO-SUCH-HOUSE',
      Phone: '2547 ***** 126',
      Name: 'ASHA ODHIAMBO',
      TransTime: '20250105093000',
    });
    const at = rowsOf<{ t: string }>(
      await app.database.db.execute(
        sql`SELECT to_char(trans_time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS t FROM mpesa_payments WHERE trans_id = ${body.TransID}`,
      ),
    );
    expect(at[0]!.t).toBe('2025-01-05 06:30');
  });

  it('keeps bad bodies as rejected with the reason, never a 500', async () => {
    const before = await count('mpesa_rejections');
    const bad = [
      '{"TransID": "QK12', // cut-off JSON
      '',
      JSON.stringify(payment({ BillRefNumber: '1', TransAmount: '12.345' })),
      JSON.stringify(payment({ BillRefNumber: '1', TransAmount: '-5' })),
      JSON.stringify(payment({ BillRefNumber: '1', TransTime: '20251340250000' })),
      JSON.stringify({ ...payment({ BillRefNumber: '1' }), TransID: undefined }),
      '[1, 2, 3]',
    ];
    for (const body of bad) {
      const res = await daraja.confirm(paths.confirmationPath, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ResultCode: 'C2B00016', ResultDesc: 'Rejected' });
    }
    expect(await count('mpesa_rejections')).toBe(before + bad.length);
    const reasons = rowsOf<{ reason: string }>(
      await app.database.db.execute(
        sql`SELECT reason FROM mpesa_rejections WHERE agent_id = ${agency.agentId} ORDER BY rejection_id`,
      ),
    ).map((r) => r.reason);
    expect(reasons.slice(-bad.length)[0]).toBe('The body is not JSON');
    expect(reasons.slice(-bad.length)[2]).toMatch(/TransAmount/);
    expect(reasons.slice(-bad.length)[4]).toMatch(/TransTime/);
  });

  it('keeps a NUL byte or a lone surrogate in any field as rejected, in Daraja\'s format, never a 500', async () => {
    const before = await count('mpesa_rejections');
    const payments = await count('mpesa_payments');
    const bodies = [
      JSON.stringify(payment({ BillRefNumber: String(tenancyId), TransID: 'QK1\u0000234567' })),
      JSON.stringify(payment({ BillRefNumber: `${tenancyId}\u0000` })),
      JSON.stringify(payment({ BillRefNumber: String(tenancyId), MSISDN: '2547\u0000***126' })),
      JSON.stringify(payment({ BillRefNumber: String(tenancyId), FirstName: 'Wanjiru\u0000' })),
      `{"TransID":"QK1234567X","BusinessShortCode":"600984","TransAmount":"10","TransTime":"20250105093000","BillRefNumber":"${tenancyId}","FirstName":"\\ud800Amina"}`,
      `{"TransID":"QK1234567Y","BusinessShortCode":"600984","TransAmount":"10","TransTime":"20250105093000","BillRefNumber":"\\udfff${tenancyId}"}`,
      `{"TransID":"QK1\\ud83d234567","BusinessShortCode":"600984","TransAmount":"10","TransTime":"20250105093000","BillRefNumber":"1"}`,
      `{"TransID":"QK1234567Z","BusinessShortCode":"600984","TransAmount":"10","TransTime":"20250105093000","BillRefNumber":"1","MSISDN":"\\u0000"}`,
    ];
    for (const body of bodies) {
      const res = await daraja.confirm(paths.confirmationPath, body);
      expect(res).toEqual({ status: 400, body: { ResultCode: 'C2B00016', ResultDesc: 'Rejected' } });
      const validated = await daraja.validate(paths.confirmationPath, body);
      expect(validated.status).toBe(400);
    }
    expect(await count('mpesa_rejections')).toBe(before + bodies.length * 2);
    expect(await count('mpesa_payments')).toBe(payments);
    const reasons = rowsOf<{ reason: string; body: string }>(
      await app.database.db.execute(
        sql`SELECT reason, body FROM mpesa_rejections WHERE agent_id = ${agency.agentId} ORDER BY rejection_id DESC LIMIT 2`,
      ),
    );
    expect(reasons[0]!.reason).toMatch(/MSISDN: .*NUL/);
  });

  it('refuses a wrong shortcode for the token, and an unknown token is 404', async () => {
    const payments = await count('mpesa_payments');
    const wrong = await daraja.confirm(
      paths.confirmationPath,
      payment({ BillRefNumber: String(tenancyId), BusinessShortCode: '174379' }),
    );
    expect(wrong).toEqual({ status: 400, body: { ResultCode: 'C2B00015', ResultDesc: 'Rejected' } });
    const unknown = await daraja.confirm(
      '/api/mpesa/c2b/not-a-real-token-at-all-0000/confirmation',
      payment({ BillRefNumber: String(tenancyId) }),
    );
    expect(unknown.status).toBe(404);
    expect(await count('mpesa_payments')).toBe(payments);
  });

  it('a rotated token retires the old URLs', async () => {
    const other = await agencyWithOwner(app);
    const first = await setPaybill(app, other, { shortcode: '700100' });
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/mpesa/paybill/rotate',
      headers: other.auth,
      payload: { managingAgentId: other.agentId },
    });
    expect(rotated.json().confirmationPath).not.toBe(first.confirmationPath);
    const body = confirmation({ TransID: transId(), BusinessShortCode: '700100', BillRefNumber: 'X' });
    expect((await daraja.confirm(first.confirmationPath, body)).status).toBe(404);
    expect((await daraja.confirm(rotated.json().confirmationPath, body)).status).toBe(200);
  });
});

describe('Daraja C2B validation', () => {
  it('accepts anything by default; with strict validation refuses an account number that matches no tenancy', async () => {
    const unknownAccount = payment({ BillRefNumber: 'NOBODY' });
    expect((await daraja.validate(paths.confirmationPath, unknownAccount)).body).toEqual({
      ResultCode: 0,
      ResultDesc: 'Accepted',
    });
    await setPaybill(app, agency, { strictValidation: true });
    expect((await daraja.validate(paths.confirmationPath, unknownAccount)).body).toEqual({
      ResultCode: 'C2B00012',
      ResultDesc: 'Rejected',
    });
    expect(
      (await daraja.validate(paths.confirmationPath, payment({ BillRefNumber: String(tenancyId) }))).body,
    ).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await setPaybill(app, agency, { strictValidation: false });
  });

  it('with an IP allow-list, refuses callbacks from other addresses', async () => {
    const other = await agencyWithOwner(app);
    const settings = await setPaybill(app, other, {
      shortcode: '700200',
      allowedIps: '196.201.214.200, 196.201.214.206',
    });
    const body = confirmation({ TransID: transId(), BusinessShortCode: '700200', BillRefNumber: 'X' });
    expect((await daraja.confirm(settings.confirmationPath, body)).status).toBe(403);
    await setPaybill(app, other, { shortcode: '700200', allowedIps: '196.201.214.200, 127.0.0.1' });
    expect((await daraja.confirm(settings.confirmationPath, body)).status).toBe(200);
  });
});
