import { MONEY_OUT_MESSAGES } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { expense, landlordBalances, setAgreement, trustOf } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `expense-key-${++seq}`;

/** An agency whose landlord is owed 16,500, expenses above 5,000 needing approval. */
async function owed() {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
  await setAgreement(app, agency, propId, { WithholdTax: true, ApprovalThreshold: '5,000' });
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  await pay(app, agency, tenancyId, '20,000', key());
  return { agency, landlordNo, propId, houseId: houseIds[0]! };
}

const list = async (agency: Agency) =>
  (await app.inject({ method: 'GET', url: `/api/landlord-money/expenses?managingAgentId=${agency.agentId}`, headers: agency.auth })).json();
const reverseExpense = (agency: Agency, expenseId: number, reason: unknown) =>
  app.inject({ method: 'POST', url: '/api/landlord-money/expense/reverse', headers: agency.auth, payload: { managingAgentId: agency.agentId, ExpenseId: expenseId, reason } });
const upload = (agency: Agency, expenseId: number, body: Buffer, type: string) =>
  app.inject({
    method: 'POST',
    url: `/api/landlord-money/expense/receipt?managingAgentId=${agency.agentId}&ExpenseId=${expenseId}&name=plumber.pdf`,
    headers: { ...agency.auth, 'content-type': type },
    payload: body,
  });

describe('property expenses', () => {
  it('are paid from the landlord’s money, on a house if named, and reversed with a reason', async () => {
    const { agency, propId, houseId } = await owed();
    const res = await expense(app, agency, propId, '3,000', { HouseId: houseId, Note: 'Kitchen sink' });
    expect(res.json()).toMatchObject({ Status: 'posted' });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Expenses: 3000, Balance: 13500 });
    expect(await trustOf(app, agency)).toMatchObject({ PaidOut: 3000, Difference: 0 });
    expect(await list(agency)).toEqual([expect.objectContaining({ Payee: 'Juma Plumbers', Amount: 3000, Category: 'repairs', Status: 'posted', HouseId: houseId })]);

    expect((await reverseExpense(agency, res.json().ExpenseId, '')).statusCode).toBe(400);
    expect((await reverseExpense(agency, res.json().ExpenseId, 'Paid twice')).statusCode).toBe(200);
    expect((await reverseExpense(agency, res.json().ExpenseId, 'Again')).statusCode).toBe(409);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Expenses: 0, Balance: 16500 });
    expect(await list(agency)).toEqual([expect.objectContaining({ Status: 'reversed', ReversalReason: 'Paid twice' })]);
  });

  it('above the approval amount waits and moves no money; over the balance it is refused', async () => {
    const { agency, propId } = await owed();
    const big = await expense(app, agency, propId, '5,000.01');
    expect(big.json()).toMatchObject({ Status: 'awaiting_approval' });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Expenses: 0, Balance: 16500 });
    expect((await reverseExpense(agency, big.json().ExpenseId, 'No')).statusCode).toBe(400);

    // Same terms without the approval amount: an agreement from today re-splits today's money (decision 041), so the tax stays withheld.
    await setAgreement(app, agency, propId, { WithholdTax: true });
    const over = await expense(app, agency, propId, '16,500.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^The expense of Ksh 16,500.01 is more than the Ksh 16,500.00 held for /);
  });

  it('refuses another agency’s property, a house of another property, a bad category and a future date', async () => {
    const { agency, propId } = await owed();
    const other = await agencyWithOwner(app);
    expect((await expense(app, other, propId, '100')).statusCode).toBe(404);
    const elsewhere = await estate(app, agency, { houses: 1 });
    expect((await expense(app, agency, propId, '100', { HouseId: elsewhere.houseIds[0] })).statusCode).toBe(400);
    expect((await expense(app, agency, propId, '100', { Category: 'parties' })).statusCode).toBe(400);
    expect((await expense(app, agency, propId, '100', { ExpenseDate: '2026-06-11' })).statusCode).toBe(400);
    expect(await list(agency)).toEqual([]);
  });

  it('keeps a scanned receipt (image or PDF, at most 5 MB) with the data and gives it back', async () => {
    const { agency, propId } = await owed();
    const id = (await expense(app, agency, propId, '1,000')).json().ExpenseId;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 32)]);
    expect((await upload(agency, id, pdf, 'application/pdf')).statusCode).toBe(200);
    const back = await app.inject({ method: 'GET', url: `/api/landlord-money/expense/receipt?managingAgentId=${agency.agentId}&ExpenseId=${id}`, headers: agency.auth });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.rawPayload.equals(pdf)).toBe(true);
    expect(await list(agency)).toEqual([expect.objectContaining({ HasReceipt: true, ReceiptName: 'plumber.pdf' })]);

    expect((await upload(agency, id, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/png')).statusCode).toBe(413);
    const text = await upload(agency, id, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(MONEY_OUT_MESSAGES.receiptType);
    const other = await agencyWithOwner(app);
    expect((await upload(other, id, pdf, 'application/pdf')).statusCode).toBe(404);
  });

  it('pays exactly the approval amount and exactly what is held, dated today; lists every field, per landlord', async () => {
    const { agency, landlordNo, propId, houseId } = await owed();
    const atThreshold = await expense(app, agency, propId, '5,000', { HouseId: houseId, Note: 'Roof', Reference: 'INV-9' });
    expect(atThreshold.json()).toEqual({ message: MONEY_OUT_MESSAGES.expenseRecorded, ExpenseId: expect.any(Number), Status: 'posted' });
    for (const amount of ['5,000', '5,000']) expect((await expense(app, agency, propId, amount)).json()).toMatchObject({ Status: 'posted' });
    const rest = await expense(app, agency, propId, '1,500');
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Expenses: 16500, Balance: 0 });

    const other = await owed();
    await expense(app, other.agency, other.propId, '100');
    const mine = await app.inject({ method: 'GET', url: `/api/landlord-money/expenses?managingAgentId=${agency.agentId}&LandlordNo=${landlordNo}`, headers: agency.auth });
    const row = mine.json().find((e: { ExpenseId: number }) => e.ExpenseId === atThreshold.json().ExpenseId);
    expect(row).toEqual({
      ExpenseId: atThreshold.json().ExpenseId,
      PropId: propId,
      Property_name: expect.stringMatching(/\S/),
      HouseId: houseId,
      House_number: expect.stringMatching(/\S/),
      LandlordNo: landlordNo,
      ExpenseDate: '2026-06-10',
      Category: 'repairs',
      Payee: 'Juma Plumbers',
      Amount: 5000,
      Reference: 'INV-9',
      Note: 'Roof',
      Status: 'posted',
      HasReceipt: false,
      ReceiptName: null,
      ReversalReason: null,
    });
    expect(mine.json().find((e: { ExpenseId: number }) => e.ExpenseId === rest.json().ExpenseId)).toMatchObject({ HouseId: null, House_number: null });
    expect(mine.json()).toHaveLength(4);
  });

  it('refuses an empty receipt, and answers "no receipt" for an expense without one and "not found" for another agency’s', async () => {
    const { agency, propId } = await owed();
    const id = (await expense(app, agency, propId, '1,000')).json().ExpenseId;
    const empty = await upload(agency, id, Buffer.alloc(0), 'application/pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MONEY_OUT_MESSAGES.receiptTooLarge);
    const none = await app.inject({ method: 'GET', url: `/api/landlord-money/expense/receipt?managingAgentId=${agency.agentId}&ExpenseId=${id}`, headers: agency.auth });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MONEY_OUT_MESSAGES.noReceipt);
    const other = await agencyWithOwner(app);
    const hidden = await app.inject({ method: 'GET', url: `/api/landlord-money/expense/receipt?managingAgentId=${other.agentId}&ExpenseId=${id}`, headers: other.auth });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(MONEY_OUT_MESSAGES.expenseNotFound);
    const reversed = await reverseExpense(other, id, 'Not ours');
    expect(reversed.statusCode).toBe(404);
    expect(reversed.json().message).toBe(MONEY_OUT_MESSAGES.expenseNotFound);
  });

  it('an expense dated in a closed month is named on the next month’s statement by its category and payee', async () => {
    const { agency, propId, landlordNo } = await owed();
    const start = clock.now();
    try {
      clock.set(new Date('2026-07-02T09:00:00Z'));
      Object.assign(agency, await signInAgain(app, agency));
      const close = await app.inject({
        method: 'POST',
        url: '/api/landlord-money/month/close',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, month: '2026-06' },
      });
      expect(close.statusCode, close.body).toBe(200);
      expect((await expense(app, agency, propId, '1,200', { ExpenseDate: '2026-06-28', Category: 'cleaning', Payee: 'Safi Cleaners' })).statusCode).toBe(200);
      const july = await app.inject({
        method: 'GET',
        url: `/api/landlord-money/owner-statement?managingAgentId=${agency.agentId}&LandlordNo=${landlordNo}&month=2026-07`,
        headers: agency.auth,
      });
      // The journal's words for it: the category capitalised, then the payee.
      expect(july.json().LateItems).toEqual([{ Date: '2026-06-28', Concerns: '2026-06', Kind: 'expense', Details: 'Cleaning: Safi Cleaners', Amount: -1200 }]);
    } finally {
      clock.set(start);
    }
  });
});
