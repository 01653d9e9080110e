import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, type Agency } from '../../test/estate';
import { feeTransfers, reverseFeeTransfer, transferFees } from '../../test/fee-transfers';
import { landlordBalances, setAgreement, trustOf } from '../../test/landlord';

/**
 * The agency's earned commission and fees leave the client account
 * (docs/decisions/035-fee-transfers.md): never above what was earned and not
 * yet taken, once per form, reversible with a reason, the trust identity
 * holding with CommissionNotTaken falling and PaidOut rising by the transfer.
 */
const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `fee-transfer-key-${++seq}`;
const get = (agency: Agency, path: string) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/${path}managingAgentId=${agency.agentId}`, headers: agency.auth });

/** A property of its own landlord at 10% commission, let at `rent`, the month's rent paid. */
async function letAndPaid(agency: Agency, rent: string) {
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent, deposit: '0' });
  expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  expect((await pay(app, agency, tenancyId, rent, key())).statusCode).toBe(200);
  return { propId, landlordNo };
}

/** Two landlords: 2,000 commission earned on one, 1,000 on the other. */
async function earned() {
  const agency = await agencyWithOwner(app);
  const big = await letAndPaid(agency, '20,000');
  const small = await letAndPaid(agency, '10,000');
  expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 3000, Difference: 0 });
  return { agency, big, small };
}

describe('the agency’s fees transferred out of the client account', () => {
  it('never above what was earned and not yet taken; the identity holds with commission not taken falling and paid out rising', async () => {
    const { agency, big, small } = await earned();
    const balancesBefore = await landlordBalances(app, agency);

    const over = await transferFees(app, agency, '3,000.01', key());
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The transfer of Ksh 3,000.01 is more than the Ksh 3,000.00 of commission and fees earned and not yet taken');
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 3000, PaidOut: 0, FeesTransferred: 0, Difference: 0 });

    const ok = await transferFees(app, agency, '1,500', key(), { Note: 'June fees' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Fees transfer recorded', TransferId: expect.any(Number) });
    expect(await trustOf(app, agency)).toMatchObject({ Received: 30000, PaidOut: 1500, FeesTransferred: 1500, CommissionNotTaken: 1500, Difference: 0 });
    // The landlords' own money does not move; each one's commission not taken falls in proportion.
    expect(await landlordBalances(app, agency)).toEqual(balancesBefore);
    const [transfer] = await feeTransfers(app, agency);
    expect(transfer).toMatchObject({ TransferId: ok.json().TransferId, Amount: 1500, Reference: 'EFT-0001', Note: 'June fees', Status: 'transferred', ReversalReason: null });
    expect(transfer!.Landlords).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ LandlordNo: big.landlordNo, Amount: 1000 }),
        expect.objectContaining({ LandlordNo: small.landlordNo, Amount: 500 }),
      ]),
    );

    // The rest to the cent; then nothing more.
    expect((await transferFees(app, agency, '1,500', key())).statusCode).toBe(200);
    expect(await trustOf(app, agency)).toMatchObject({ PaidOut: 3000, FeesTransferred: 3000, CommissionNotTaken: 0, Difference: 0 });
    const more = await transferFees(app, agency, '0.01', key());
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('The transfer of Ksh 0.01 is more than the Ksh 0.00 of commission and fees earned and not yet taken');
  });

  it('splits an odd amount to the cent, each landlord never above their own commission not taken', async () => {
    const agency = await agencyWithOwner(app);
    const a = await letAndPaid(agency, '10,000.10');
    const b = await letAndPaid(agency, '10,000.10');
    const c = await letAndPaid(agency, '10,000.10');
    expect((await trustOf(app, agency)).CommissionNotTaken).toBe(3000.03);
    expect((await transferFees(app, agency, '0.02', key())).statusCode).toBe(200);
    const parts = (await feeTransfers(app, agency))[0]!.Landlords;
    expect(parts.reduce((s, p) => s + Math.round(p.Amount * 100), 0)).toBe(2);
    expect(parts.every((p) => [a, b, c].some((l) => l.landlordNo === p.LandlordNo) && p.Amount === 0.01)).toBe(true);
    expect((await transferFees(app, agency, '3,000.01', key())).statusCode).toBe(200);
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 0, FeesTransferred: 3000.03, Difference: 0 });
  });

  it('records a transfer once, however often the form is sent; the same key with other details is a conflict', async () => {
    const { agency } = await earned();
    const k = key();
    const [a, b] = await Promise.all([transferFees(app, agency, '1,000', k), transferFees(app, agency, '1,000', k)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().TransferId).toBe(b.json().TransferId);
    const other = await transferFees(app, agency, '999', k);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This transfer was already recorded with other details');
    // The same amount on another day, or with another reference, is another transfer too.
    expect((await transferFees(app, agency, '1,000', k, { TransferredOn: '2026-06-09' })).statusCode).toBe(409);
    expect((await transferFees(app, agency, '1,000', k, { Reference: 'EFT-0002' })).statusCode).toBe(409);
    expect(await trustOf(app, agency)).toMatchObject({ FeesTransferred: 1000, CommissionNotTaken: 2000, Difference: 0 });
    expect(await feeTransfers(app, agency)).toHaveLength(1);
  });

  it('refuses a future or impossible date, a missing reference, a hired user, and an agency with nothing earned; nothing is written', async () => {
    const { agency } = await earned();
    const future = await transferFees(app, agency, '1', key(), { TransferredOn: '2026-06-11' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The date may not be after today');
    const impossible = await transferFees(app, agency, '1', key(), { TransferredOn: '2026-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe('Enter the date (YYYY-MM-DD)');
    const noReference = await transferFees(app, agency, '1', key(), { Reference: ' ' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().message).toBe('Enter the transfer’s reference');
    const clerk = await signedInUser(app);
    await contractUser(app, agency.agentId, clerk.userNo);
    expect((await transferFees(app, { ...clerk, agentId: agency.agentId }, '1', key())).statusCode).toBe(403);
    const other = await agencyWithOwner(app);
    expect((await transferFees(app, other, '1', key())).statusCode).toBe(400);
    expect(await feeTransfers(app, agency)).toEqual([]);
    expect(await trustOf(app, agency)).toMatchObject({ FeesTransferred: 0, CommissionNotTaken: 3000, Difference: 0 });
  });

  it('a reversal with a reason puts the fees back in the client account, once; another agency cannot reverse it', async () => {
    const { agency } = await earned();
    const transferId = (await transferFees(app, agency, '3,000', key())).json().TransferId as number;
    expect((await reverseFeeTransfer(app, agency, transferId, ' ')).statusCode).toBe(400);
    expect((await reverseFeeTransfer(app, await agencyWithOwner(app), transferId)).statusCode).toBe(404);
    const [a, b] = await Promise.all([reverseFeeTransfer(app, agency, transferId), reverseFeeTransfer(app, agency, transferId)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await trustOf(app, agency)).toMatchObject({ PaidOut: 0, FeesTransferred: 0, CommissionNotTaken: 3000, Difference: 0 });
    expect(await feeTransfers(app, agency)).toEqual([
      expect.objectContaining({ TransferId: transferId, Status: 'reversed', ReversalReason: 'Moved from the wrong account', Amount: 3000 }),
    ]);
    // What was put back can be taken again.
    expect((await transferFees(app, agency, '3,000', key())).statusCode).toBe(200);
  });

  it('earned stays earned: the owner statement’s commission and Closing, the balances and the agency income do not move; the statement shows what was taken', async () => {
    const { agency, big } = await earned();
    const statement = async () => (await get(agency, `owner-statement?LandlordNo=${big.landlordNo}&month=2026-06&`)).json();
    const income = async () => (await get(agency, 'income?from=2026-06&')).json();
    const before = await statement();
    const incomeBefore = await income();
    expect(before).toMatchObject({ Commission: 2000, FeesTransferred: 0 });
    expect((await transferFees(app, agency, '3,000', key())).statusCode).toBe(200);
    const after = await statement();
    expect(after).toMatchObject({ Commission: 2000, FeesTransferred: 2000, ClosingBalance: before.ClosingBalance });
    expect(after.ClosingBalance).toBe(after.OpeningBalance + after.Collected - after.PassedOn - after.Commission - after.TaxWithheld - after.ExpensesTotal - after.PayoutsTotal);
    expect(await income()).toEqual(incomeBefore);
    const csv = (await get(agency, `owner-statement.csv?LandlordNo=${big.landlordNo}&month=2026-06&`)).body;
    expect(csv).toMatch(/Commission and fees taken by the agency.*2,?000\.00/);
  });

  it('a transfer dated in a closed month is booked into the first open month and named there as late; the closed statement keeps its figures (decision 047)', async () => {
    const { agency, big, small } = await earned();
    const start = clock.now();
    try {
      clock.set(new Date('2026-07-02T09:00:00Z'));
      Object.assign(agency, await signInAgain(app, agency));
      const post = (path: string, payload: object) =>
        app.inject({ method: 'POST', url: `/api/landlord-money/${path}`, headers: agency.auth, payload: { managingAgentId: agency.agentId, ...payload } });
      expect((await post('month/close', { LandlordNo: big.landlordNo, month: '2026-06' })).statusCode).toBe(200);
      const statement = async (landlordNo: number, month: string) => (await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=${month}&`)).json();
      const june = await statement(big.landlordNo, '2026-06');
      expect(june).toMatchObject({ Closed: true, Commission: 2000, FeesTransferred: 0 });

      const res = await transferFees(app, agency, '1,500', key(), { TransferredOn: '2026-06-20' });
      expect(res.statusCode, res.body).toBe(200);
      // The closed month is the paper as issued; the transfer is July's, dated 20 June and naming June.
      expect(await statement(big.landlordNo, '2026-06')).toEqual(june);
      expect(await statement(big.landlordNo, '2026-07')).toMatchObject({
        Closed: false,
        FeesTransferred: 1000,
        LateItems: [
          {
            Date: '2026-06-20',
            Concerns: '2026-06',
            Kind: 'fee_transfer',
            Details: `Fees transfer ${res.json().TransferId} to the agency's office account EFT-0001`,
            Amount: 0,
          },
        ],
      });
      // The other landlord's June is open: its part stays in June.
      expect(await statement(small.landlordNo, '2026-06')).toMatchObject({ Closed: false, FeesTransferred: 500, LateItems: [] });
      expect(await trustOf(app, agency)).toMatchObject({ FeesTransferred: 1500, CommissionNotTaken: 1500, Difference: 0 });

      // Its reversal is the day's (July), and June stays as issued.
      expect((await reverseFeeTransfer(app, agency, res.json().TransferId)).statusCode).toBe(200);
      expect(await statement(big.landlordNo, '2026-06')).toEqual(june);
      expect(await statement(big.landlordNo, '2026-07')).toMatchObject({ FeesTransferred: 0 });
    } finally {
      clock.set(start);
    }
  });

  it('takes the VAT charged on the fees with them in proportion, and after a reversal the agency owes commission back: nothing may go', async () => {
    const agency = await agencyWithOwner(app);
    const saved = await app.inject({ method: 'POST', url: '/api/agent/vat', headers: agency.auth, payload: { managingAgentId: agency.agentId, VatPin: 'P051234567Q', VatFrom: '2026-06-01' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
    const paid = await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '20,000', key());
    // Commission 2,000 and its VAT 320: half of the 2,320 goes, so half of the VAT with it.
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 2000, VatPayable: 320, Difference: 0 });
    expect((await transferFees(app, agency, '1,160', key())).statusCode).toBe(200);
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 1000, VatPayable: 160, FeesTransferred: 1160, Difference: 0 });
    expect((await transferFees(app, agency, '1,160', key())).statusCode).toBe(200);
    expect(await trustOf(app, agency)).toMatchObject({ CommissionNotTaken: 0, VatPayable: 0, Difference: 0 });
    // The rent bounces after its fees were taken: the commission and VAT taken are owed back, so nothing more may go.
    expect((await reverse(app, agency, Number(paid.json().TransactionId))).statusCode).toBe(200);
    const refused = await transferFees(app, agency, '0.01', key());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The transfer of Ksh 0.01 is more than the Ksh 0.00 of commission and fees earned and not yet taken');
  });
});
