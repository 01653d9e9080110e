import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, reverse, statementOf, tenancyList, tenancyOf, terminate } from '../../test/estate';
import { landlordBalances, setAgreement, trustOf } from '../../test/landlord';

/**
 * A bounced cheque or a reversed M-Pesa payment after the tenancy was settled
 * (issue 32 point 6, decision 034): the correction posts, reopening what the
 * tenant owes and taking back the landlord's share; never a refusal, never a
 * rewrite of the settlement.
 */
const clock = manualClock(new Date('2026-11-05T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `settled-corrections-${++seq}`;

async function managed(deposit: string) {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit });
  expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
  return { agency, tenancyId: await bookOk(app, agency, houseIds[0]!, await tenant()) };
}

describe('corrections after a tenancy was settled', () => {
  it('a rent cheque that bounces after the deposit was refunded reopens the rent and takes back the landlord’s share', async () => {
    const { agency, tenancyId } = await managed('999');
    const cheque = (await pay(app, agency, tenancyId, '10,000', key(), 'Rent', { paymentdetails: 'Cheque 000123' })).json().TransactionId as number;
    await pay(app, agency, tenancyId, '999', key(), 'Deposit');
    expect((await terminate(app, agency, tenancyId, { refundAmount: '999', refundDetails: 'Cash' })).statusCode).toBe(200);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 9000, Commission: 1000 });

    const bounced = await reverse(app, agency, cheque, 'Cheque bounced');
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 10000, DepositHeld: 0 });
    expect((await tenancyList(app, agency, 'ended-with-balances')).map((t) => t.TenancyId)).toContain(tenancyId);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 0, Commission: 0 });
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 0, DepositsHeld: 0, Difference: 0 });
    // The settlement stays as it was; the reversal is a line of its own.
    const lines = (await statementOf(app, agency, tenancyId)).json() as { TransactionDetails: string }[];
    expect(lines.some((l) => l.TransactionDetails.startsWith('Credit refund') || l.TransactionDetails.startsWith('Deposit refund'))).toBe(true);
    expect(lines.some((l) => l.TransactionDetails.includes('Cheque bounced'))).toBe(true);
  });

  it('a rent cheque that bounces after its credit was refunded: the credit paid back from money that never came is held below nothing', async () => {
    const { agency, tenancyId } = await managed('999');
    const cheque = (await pay(app, agency, tenancyId, '10,500', key(), 'Rent', { paymentdetails: 'Cheque 000126' })).json().TransactionId as number;
    await pay(app, agency, tenancyId, '999', key(), 'Deposit');
    // The 500 paid ahead and the deposit, both refunded.
    expect((await terminate(app, agency, tenancyId, { refundAmount: '1,499', refundDetails: 'Cash' })).statusCode).toBe(200);
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 0, DepositsHeld: 0, Difference: 0 });

    const bounced = await reverse(app, agency, cheque, 'Cheque bounced');
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 10500, DepositHeld: 0 });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 0, Commission: 0 });
    // The tenant owes the 500 the agency paid back: the client account is 500 short on the tenant's line, not on nobody's.
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: -500, DepositsHeld: 0, Difference: 0 });
  });

  it('a payment reversed after the deposit paid the rest of the arrears: the tenant owes it again, the landlord keeps only what the deposit paid', async () => {
    const { agency, tenancyId } = await managed('5,000');
    await pay(app, agency, tenancyId, '5,000', key(), 'Deposit');
    const mpesa = (await pay(app, agency, tenancyId, '5,000', key())).json().TransactionId as number;
    expect((await terminate(app, agency, tenancyId, { applyDeposit: true })).statusCode).toBe(200);
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 0, DepositHeld: 0 });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 9000 });

    expect((await reverse(app, agency, mpesa, 'M-Pesa payment reversed by Safaricom')).statusCode).toBe(200);
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 5000, DepositHeld: 0 });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 4500, Commission: 500 });
    expect(await trustOf(app, agency)).toMatchObject({ Difference: 0 });
  });

  it('a deposit cheque that bounces after the deposit was refunded: the tenant owes the deposit paid back; the landlord’s rent stays', async () => {
    const { agency, tenancyId } = await managed('999');
    await pay(app, agency, tenancyId, '10,000', key());
    const deposit = (await pay(app, agency, tenancyId, '999', key(), 'Deposit', { paymentdetails: 'Cheque 000124' })).json().TransactionId as number;
    expect((await terminate(app, agency, tenancyId, { refundAmount: '999', refundDetails: 'Cash' })).statusCode).toBe(200);

    const bounced = await reverse(app, agency, deposit, 'Cheque bounced');
    expect(bounced.statusCode, bounced.body).toBe(200);
    // Paid back from money that never came: held below nothing until the tenant pays it, owed on the deposit.
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 999, DepositDue: 999, DepositHeld: -999 });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 9000 });
    expect(await trustOf(app, agency)).toMatchObject({ DepositsHeld: -999, Difference: 0 });
    // Paid again: nothing owed, nothing held.
    const again = await pay(app, agency, tenancyId, '999', key(), 'Deposit');
    expect(again.statusCode, again.body).toBe(200);
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 0, DepositDue: 0, DepositHeld: 0 });
    expect(await trustOf(app, agency)).toMatchObject({ DepositsHeld: 0, Difference: 0 });
  });

  it('a deposit cheque that bounces after the deposit paid the arrears: the arrears are owed again and the landlord’s share goes back', async () => {
    const { agency, tenancyId } = await managed('5,000');
    const deposit = (await pay(app, agency, tenancyId, '5,000', key(), 'Deposit', { paymentdetails: 'Cheque 000125' })).json().TransactionId as number;
    await pay(app, agency, tenancyId, '5,000', key());
    expect((await terminate(app, agency, tenancyId, { applyDeposit: true })).statusCode).toBe(200);
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 9000 });

    expect((await reverse(app, agency, deposit, 'Cheque bounced')).statusCode).toBe(200);
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 5000, DepositDue: 0, DepositHeld: 0 });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: 4500 });
    expect(await trustOf(app, agency)).toMatchObject({ DepositsHeld: 0, Difference: 0 });
  });
});
