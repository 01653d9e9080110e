import { receiptNumber } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, tenancyOf, type Agency } from '../../test/estate';
import { assign, reconciliation, setPaybill, statement, unmatched } from '../../test/mpesa';
import { statementCsv } from '../../test/statement-csv';

let app: FastifyInstance;
let agency: Agency;
let tenancyId: number;
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
  tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
  await setPaybill(app, agency);
});
afterAll(() => app.close());

let seq = 0;
/** Unmatched payments made by importing a statement of them; answers their queue entries. */
async function queued(amounts: string[], day = '2025-02-03') {
  const lines = amounts.map((paidIn) => ({
    receiptNo: `SQU${String(++seq).padStart(7, '0')}`,
    at: new Date(`${day}T08:00:00Z`),
    paidIn,
    account: 'who knows',
  }));
  await statement(app, agency, 'import', statementCsv(lines));
  const list = (await unmatched(app, agency)).json() as { PaymentId: number; TransID: string }[];
  return lines.map((l) => list.find((p) => p.TransID === l.receiptNo)!);
}

const receiptsFor = async (transId: string) =>
  Number(
    rowsOf<{ n: number }>(
      await app.database.db.execute(
        sql`SELECT count(*)::int AS n FROM journal_transactions WHERE idempotency_key = ${`mpesa:${transId}`}`,
      ),
    )[0]!.n,
  );

describe('unmatched payments queue', () => {
  it('assigns a payment to a tenancy: the receipt posts, the payment leaves the queue', async () => {
    const [p] = await queued(['4,000.00']);
    const before = await tenancyOf(app, agency, tenancyId);
    const res = await assign(app, agency, p!.PaymentId, tenancyId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payment made successfully',
      receiptNo: expect.stringMatching(/^RCT-/),
      RentBalance: before.RentBalance - 4000,
    });
    // Paybill money pays rent: none of it is held as deposit.
    expect((await tenancyOf(app, agency, tenancyId)).DepositHeld).toBe(before.DepositHeld);
    expect(
      (await unmatched(app, agency)).json().map((x: { PaymentId: number }) => x.PaymentId),
    ).not.toContain(p!.PaymentId);
    // The tenant is sent the receipt, as for money taken at the office.
    const notices = rowsOf<{ channel: string; receipt_no: string; amount_cents: string }>(
      await app.database.db.execute(
        sql`SELECT channel, receipt_no, amount_cents FROM receipt_notices WHERE txn_id = ${res.json().TransactionId}`,
      ),
    );
    expect(notices.map((n) => [n.channel, receiptNumber(Number(n.receipt_no)), Number(n.amount_cents)])).toEqual([
      ['email', res.json().receiptNo, 400_000],
    ]);
    const again = await assign(app, agency, p!.PaymentId, tenancyId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment has already been assigned or set aside.');
  });

  it('two clerks assigning one payment at once post one receipt', async () => {
    const [p] = await queued(['1,500.00']);
    const clerk = await signedInUser(app);
    await contractUser(app, agency.agentId, clerk.userNo);
    const before = (await tenancyOf(app, agency, tenancyId)).RentBalance;
    const both = await Promise.all([
      assign(app, agency, p!.PaymentId, tenancyId),
      assign(app, { ...clerk, agentId: agency.agentId }, p!.PaymentId, tenancyId),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await receiptsFor(p!.TransID)).toBe(1);
    expect((await tenancyOf(app, agency, tenancyId)).RentBalance).toBe(before - 1500);
  });

  it('marks a payment not rent with a note; it then cannot be assigned', async () => {
    const [p] = await queued(['99.00']);
    const noNote = await app.inject({
      method: 'POST',
      url: '/api/mpesa/unmatched/notrent',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, paymentId: p!.PaymentId, note: ' ' },
    });
    expect(noNote.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: '/api/mpesa/unmatched/notrent',
      headers: agency.auth,
      payload: {
        managingAgentId: agency.agentId,
        paymentId: p!.PaymentId,
        note: 'Water bill sent to the wrong paybill',
      },
    });
    expect(res.json()).toEqual({ message: 'Payment set aside' });
    expect((await assign(app, agency, p!.PaymentId, tenancyId)).statusCode).toBe(409);
    expect(await receiptsFor(p!.TransID)).toBe(0);
  });

  it('lists a payment from a statement as imported', async () => {
    const [p] = await queued(['12.00']);
    const listed = (await unmatched(app, agency)).json().find((x: { PaymentId: number }) => x.PaymentId === p!.PaymentId);
    expect(listed).toMatchObject({ Source: 'import', AccountNumber: 'who knows', Amount: 12 });
  });

  it('tells an agency with no paybill to set it up before assigning', async () => {
    const [p] = await queued(['20.00']);
    const bare = await agencyWithOwner(app);
    const place = await estate(app, bare, { houses: 1 });
    const theirTenancy = await bookOk(app, bare, place.houseIds[0]!, await place.tenant());
    const res = await assign(app, bare, p!.PaymentId, theirTenancy);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Set up the paybill first');
    expect(await receiptsFor(p!.TransID)).toBe(0);
  });

  it('refuses setting aside a payment already assigned (409) or unknown to the agency (404)', async () => {
    const [p] = await queued(['30.00']);
    expect((await assign(app, agency, p!.PaymentId, tenancyId)).statusCode).toBe(200);
    const setAside = (paymentId: number) =>
      app.inject({
        method: 'POST',
        url: '/api/mpesa/unmatched/notrent',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, paymentId, note: 'Not ours' },
      });
    const assigned = await setAside(p!.PaymentId);
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().message).toBe('This payment has already been assigned or set aside.');
    const unknown = await setAside(p!.PaymentId + 1_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Payment not found');
    expect(await receiptsFor(p!.TransID)).toBe(1);
  });

  it('refuses another agency (404 for its payment, its tenancy or its account) and a switched-off clerk (403)', async () => {
    const [p] = await queued(['10.00']);
    const other = await agencyWithOwner(app);
    await setPaybill(app, other);
    const theirPlace = await estate(app, other, { houses: 1 });
    const theirTenancy = await bookOk(app, other, theirPlace.houseIds[0]!, await theirPlace.tenant());
    expect((await assign(app, other, p!.PaymentId, theirTenancy)).statusCode).toBe(404);
    expect((await assign(app, agency, p!.PaymentId, theirTenancy)).statusCode).toBe(404);
    expect((await unmatched(app, { ...other, agentId: agency.agentId })).statusCode).toBe(404);
    const off = await signedInUser(app);
    await contractUser(app, agency.agentId, off.userNo, { loginStatus: 0 });
    expect((await assign(app, { ...off, agentId: agency.agentId }, p!.PaymentId, tenancyId)).statusCode).toBe(
      403,
    );
    expect(await receiptsFor(p!.TransID)).toBe(0);
  });
});

describe('reconciliation', () => {
  it('sets what M-Pesa received against what was posted, and lists the differences until they are handled', async () => {
    const day = '2025-03-04';
    const [a, b] = await queued(['2,000.00', '300.50'], day);
    const matchedLine = {
      receiptNo: 'SRC0000001',
      at: new Date(`${day}T09:00:00Z`),
      paidIn: '5,000.00',
      account: String(tenancyId),
    };
    await statement(app, agency, 'import', statementCsv([matchedLine]));
    const open = (await reconciliation(app, agency, day, day)).json();
    expect(open).toMatchObject({
      Received: 7300.5,
      Posted: 5000,
      Difference: 2300.5,
      Matched: 1,
      Unmatched: 2,
      NotRent: 0,
    });
    expect(open.Differences.map((d: { TransID: string; Status: string }) => [d.TransID, d.Status]).sort()).toEqual(
      [
        [a!.TransID, 'unmatched'],
        [b!.TransID, 'unmatched'],
      ].sort(),
    );
    await assign(app, agency, a!.PaymentId, tenancyId);
    await app.inject({
      method: 'POST',
      url: '/api/mpesa/unmatched/notrent',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, paymentId: b!.PaymentId, note: 'Refunded' },
    });
    const closed = (await reconciliation(app, agency, day, day)).json();
    expect(closed).toMatchObject({ Received: 7300.5, Posted: 7000, Matched: 2, Unmatched: 0, NotRent: 1 });
    expect(closed.Differences).toEqual([
      expect.objectContaining({ TransID: b!.TransID, Status: 'not rent', Note: 'Refunded', Posted: 0 }),
    ]);
    // A day is a Nairobi day: 23:30 UTC on the 4th is the 5th in Nairobi.
    await statement(
      app,
      agency,
      'import',
      statementCsv([{ ...matchedLine, receiptNo: 'SRC0000002', at: new Date(`${day}T23:30:00Z`) }]),
    );
    expect((await reconciliation(app, agency, day, day)).json().Received).toBe(7300.5);
    expect((await reconciliation(app, agency, '2025-03-05', '2025-03-05')).json().Received).toBe(5000);
  });

  it('refuses dates that end before they start, and counts the confirmations rejected in the range', async () => {
    const backwards = await reconciliation(app, agency, '2025-03-05', '2025-03-04');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Choose the dates');
    // Rejections are dated when they came: today, in Nairobi.
    const nairobiDay = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().slice(0, 10);
    const [from, to] = [nairobiDay(Date.now() - 86_400_000), nairobiDay(Date.now() + 86_400_000)];
    const before = (await reconciliation(app, agency, from, to)).json().Rejected as number;
    const { confirmationPath } = await setPaybill(app, agency);
    const bad = await app.inject({
      method: 'POST',
      url: confirmationPath,
      headers: { 'content-type': 'application/json' },
      payload: '{"TransID": "QK12',
    });
    expect(bad.statusCode).toBe(400);
    expect((await reconciliation(app, agency, from, to)).json().Rejected).toBe(before + 1);
  });

  it('lists at most 500 differences, and still counts every payment', async () => {
    const day = '2025-04-07';
    const lines = Array.from({ length: 501 }, (_, i) => ({
      receiptNo: `SRL${String(i).padStart(7, '0')}`,
      at: new Date(`${day}T08:00:00Z`),
      paidIn: '1.00',
      account: 'who knows',
    }));
    expect((await statement(app, agency, 'import', statementCsv(lines))).json()).toMatchObject({ Unmatched: 501 });
    const res = (await reconciliation(app, agency, day, day)).json();
    expect(res).toMatchObject({ Received: 501, Posted: 0, Difference: 501, Unmatched: 501 });
    expect(res.Differences).toHaveLength(500);
  });

  it('is for admins: 403 for a clerk, 404 for another agency', async () => {
    const clerk = await signedInUser(app);
    await contractUser(app, agency.agentId, clerk.userNo);
    expect(
      (await reconciliation(app, { ...clerk, agentId: agency.agentId }, '2025-01-01', '2025-01-31'))
        .statusCode,
    ).toBe(403);
    const other = await agencyWithOwner(app);
    expect(
      (await reconciliation(app, { ...other, agentId: agency.agentId }, '2025-01-01', '2025-01-31'))
        .statusCode,
    ).toBe(404);
  });
});

describe('paybill settings', () => {
  it('are for admins: 403 for a clerk, 404 for another agency; the first save makes the Mpesa ledger', async () => {
    const own = await agencyWithOwner(app);
    const before = await app.inject({
      method: 'GET',
      url: `/api/mpesa/paybill?managingAgentId=${own.agentId}`,
      headers: own.auth,
    });
    expect(before.json()).toMatchObject({ configured: false, confirmationPath: '' });
    const saved = await setPaybill(app, own, {
      shortcode: '4001234',
      allowedIps: '196.201.214.200 , 196.201.214.206',
    });
    expect(saved).toMatchObject({
      configured: true,
      shortcode: '4001234',
      ledgerName: 'Mpesa',
      allowedIps: '196.201.214.200, 196.201.214.206',
    });
    expect(saved.confirmationPath).toMatch(/^\/api\/mpesa\/c2b\/[A-Za-z0-9_-]{43}\/confirmation$/);
    const ledgers = await app.inject({
      method: 'GET',
      url: `/api/pmMoneyTransactions/getagentledgersbyagentid?agentId=${own.agentId}`,
      headers: own.auth,
    });
    expect(ledgers.json().map((l: { LedgerName: string }) => l.LedgerName)).toContain('Mpesa');
    const clerk = await signedInUser(app);
    await contractUser(app, own.agentId, clerk.userNo);
    const asClerk = await app.inject({
      method: 'POST',
      url: '/api/mpesa/paybill',
      headers: clerk.auth,
      payload: { managingAgentId: own.agentId, shortcode: '600000' },
    });
    expect(asClerk.statusCode).toBe(403);
    const other = await agencyWithOwner(app);
    const asOther = await app.inject({
      method: 'GET',
      url: `/api/mpesa/paybill?managingAgentId=${own.agentId}`,
      headers: other.auth,
    });
    expect(asOther.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/mpesa/paybill',
      headers: own.auth,
      payload: { managingAgentId: own.agentId, shortcode: '12ab' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Enter the paybill number (5 to 7 digits)');
  });
});
