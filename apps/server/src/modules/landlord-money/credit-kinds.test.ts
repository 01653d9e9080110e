import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, pay, runInvoices, tenancyOf, terminate, type Agency } from '../../test/estate';
import { landlordBalances, owedOnward, setAgreement, trustOf } from '../../test/landlord';
import { statementsOf } from '../../test/statements-sent';

/**
 * Credit a tenant holds pays every kind of charge (DESIGN.md §4c, issue 32
 * point 1; decision 034): at the run and at the end of a tenancy, oldest
 * first whatever the kind, each kind's share reaching its owner in the same
 * transaction. The figures are those seen in the product.
 */
const clock = manualClock(new Date('2026-05-31T20:58:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `credit-kinds-key-${++seq}`;

/** An 8% agreement withholding MRI at 7.5%: rent 20,000 is 16,900 to the landlord. */
async function managed(deposit = '0') {
  clock.set(new Date('2026-05-31T20:58:00Z'));
  const agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 2, rent: '20,000', deposit });
  expect((await setAgreement(app, agency, place.propId, { CommissionPercent: '8.00', WithholdTax: true })).statusCode).toBe(200);
  return { agency, ...place };
}

/** On 1 June (00:01 in Nairobi): a pass-through service charge of 1,000 and garbage of 300 (the landlord's). */
async function juneCharges(agency: Agency, propId: number) {
  clock.set(new Date('2026-05-31T21:01:00Z'));
  const api = chargesApi(app);
  const service = await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,000', PassThrough: true });
  expect(service.statusCode, service.body).toBe(200);
  expect((await api.addCharge(agency, { PropId: propId, Name: 'Garbage', Amount: 300 })).statusCode).toBe(200);
  return service.json().ChargeId as number;
}

const balanceOf = async (agency: Agency, landlordNo: number) => (await landlordBalances(app, agency)).find((b) => b.LandlordNo === landlordNo)!.Balance;

describe('credit pays every kind of charge', () => {
  it('the run uses rent paid ahead on the service charge and garbage too, and each reaches its owner', async () => {
    const { agency, propId, houseIds, tenant, landlordNo } = await managed();
    const a = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, a, '20,000', key())).statusCode).toBe(200);
    // Paid ahead on 31 May, before the run.
    expect((await pay(app, agency, a, '21,300', key())).statusCode).toBe(200);
    const serviceId = await juneCharges(agency, propId);
    const api = chargesApi(app);
    // Another tenant's service charge, 7,300 for the larger house, already paid onward's worth.
    expect((await api.houseAmount(agency, { ChargeId: serviceId, HouseId: houseIds[1]!, Amount: '7,300' })).statusCode).toBe(200);
    const b = await bookOk(app, agency, houseIds[1]!, await tenant());
    const before = await balanceOf(agency, landlordNo);
    expect(before).toBe(16900);

    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    const open = (await api.tenancy(agency, b)).json().Open as { TransactionId: number; Details: string }[];
    const bService = open.find((c) => c.Details.startsWith('Service charge'))!;
    expect((await pay(app, agency, b, '7,300', key(), 'Rent', { ChargeTransactionId: bService.TransactionId })).statusCode).toBe(200);

    expect((await tenancyOf(app, agency, a)).RentBalance).toBe(0);
    const kinds = (await api.tenancy(agency, a)).json();
    expect(kinds.Kinds.filter((k: { Kind: string }) => k.Kind !== 'deposit').map((k: { Balance: number }) => k.Balance)).toEqual([0, 0, 0]);
    expect(kinds.Open).toEqual([]);
    // The landlord is credited the rent's 16,900 and the garbage's 300.
    expect((await balanceOf(agency, landlordNo)) - before).toBe(17200);
    expect((await owedOnward(app, agency)).find((o) => o.Charge === `charge:${serviceId}`)).toMatchObject({ Owed: 8300 });
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 0, Difference: 0 });
  });

  it('ending a tenancy settles every kind: the deposit and the credit pay the service charge and garbage, and the rest is refunded', async () => {
    const { agency, propId, houseIds, tenant, landlordNo } = await managed('5,000');
    const a = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, a, '5,000', key(), 'Deposit')).statusCode).toBe(200);
    expect((await pay(app, agency, a, '40,500', key())).statusCode).toBe(200);
    const serviceId = await juneCharges(agency, propId);
    // Terminating charges June (rent 20,000, service 1,000, garbage 300): the 500 of credit and 800 of the deposit pay them.
    const ended = await terminate(app, agency, a, { applyDeposit: true, refundAmount: '4,200', refundDetails: 'M-Pesa 0711222333' });
    expect(ended.statusCode).toBe(200);
    expect((await tenancyOf(app, agency, a)).RentBalance).toBe(0);
    const kinds = (await chargesApi(app).tenancy(agency, a)).json();
    expect(kinds.Kinds.map((k: { Balance: number }) => k.Balance).every((b: number) => b === 0)).toBe(true);
    expect(await balanceOf(agency, landlordNo)).toBe(16900 * 2 + 300);
    expect((await owedOnward(app, agency)).find((o) => o.Charge === `charge:${serviceId}`)).toMatchObject({ Owed: 1000 });
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 0, DepositsHeld: 0, Difference: 0 });
  });

  it('the run applies every tenancy’s credit in a fixed number of statements, however many hold credit', async () => {
    const sentFor = async (paidAhead: number) => {
      const { agency, propId, houseIds, tenant } = await managed();
      const ids = [await bookOk(app, agency, houseIds[0]!, await tenant()), await bookOk(app, agency, houseIds[1]!, await tenant())];
      for (const [i, id] of ids.entries()) {
        expect((await pay(app, agency, id, '20,000', key())).statusCode).toBe(200);
        if (i < paidAhead) expect((await pay(app, agency, id, '21,300', key())).statusCode).toBe(200);
      }
      await juneCharges(agency, propId);
      const sent = await statementsOf(app, async () => expect((await runInvoices(app, agency)).statusCode).toBe(200));
      const applied = rowsOf<{ n: number }>(
        await app.database.db.execute(sql`SELECT count(*)::int AS n FROM journal_transactions WHERE agent_id = ${agency.agentId} AND kind = 'credit_applied'`),
      );
      return { sent: sent.length, entries: Number(applied[0]!.n) };
    };
    const one = await sentFor(1);
    const two = await sentFor(2);
    expect([one.entries, two.entries]).toEqual([1, 2]);
    expect(two.sent).toBe(one.sent);
  });

  it('a water bill confirmed later is paid from the credit too, and passed-through water is owed onward at once', async () => {
    const { agency, propId, houseIds, tenant } = await managed();
    const a = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, a, '21,000', key())).statusCode).toBe(200);
    const api = chargesApi(app);
    expect((await api.waterTariff(agency, { PropId: propId, UnitPrice: '100', PassThrough: true })).statusCode).toBe(200);
    expect((await api.saveReadings(agency, { PropId: propId, Month: '2026-05', Readings: [{ HouseId: houseIds[0], Reading: 12, StartReading: 0 }] })).statusCode).toBe(200);
    expect((await api.confirmWater(agency, { PropId: propId, Month: '2026-05' })).statusCode).toBe(200);
    // 1,000 paid ahead pays the 1,200 of water in part: 200 stays owed on water, nothing in credit.
    expect((await api.tenancy(agency, a)).json().Kinds.filter((k: { Balance: number }) => k.Balance !== 0)).toEqual([
      expect.objectContaining({ Kind: 'water', Balance: 200 }),
    ]);
    expect((await owedOnward(app, agency)).find((o) => o.Charge === 'water')).toMatchObject({ Owed: 1000 });
    expect(await trustOf(app, agency)).toMatchObject({ TenantCredits: 0, Difference: 0 });
  });
});
