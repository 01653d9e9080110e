import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, invoicingDetails, pay, runInvoices, statementOf, tenancyOf, type Agency } from '../../test/estate';

const clock = manualClock(new Date('2026-11-03T09:00:00Z'));
let app: FastifyInstance;
let api: ReturnType<typeof chargesApi>;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
  api = chargesApi(app);
});
afterAll(() => app.close());

type Line = { TransactionId: number; TrsAccount: string; TransactionDetails: string; Debit: number; Credit: number; Balance: number; AppliedTo?: string | null };
const lines = async (agency: Agency, tenancyId: number): Promise<Line[]> => (await statementOf(app, agency, tenancyId)).json();
const employeeOf = async (agency: Agency): Promise<Agency> => {
  const worker = await signedInUser(app);
  await contractUser(app, agency.agentId, worker.userNo);
  return { ...worker, agentId: agency.agentId };
};
const at = async (agency: Agency, when: string) => {
  clock.set(new Date(when));
  return signInAgain(app, agency);
};

/** An agency with a property of two houses, rent 10,000 and deposit 20,000, and a tenancy in each, booked on 3 November 2026. */
async function setting() {
  clock.set(new Date('2026-11-03T09:00:00Z'));
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant } = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '20,000' });
  const a = await bookOk(app, agency, houseIds[0]!, await tenant());
  const b = await bookOk(app, agency, houseIds[1]!, await tenant());
  return { agency, propId, houseIds, a, b };
}

describe('recurring charges', () => {
  it('the run posts each with the rent, per house amount, on its own sub-account, once per tenancy, charge and month, catching up', async () => {
    const setup = await setting();
    const { propId, houseIds, a, b } = setup;
    let { agency } = setup;
    // Billed from November, the month they are set up in (decision 047: otherwise from the next).
    const service = (await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,500', FromMonth: '2026-11' })).json().ChargeId as number;
    const garbage = (await api.addCharge(agency, { PropId: propId, Name: 'Garbage', Amount: 300, PassThrough: true, FromMonth: '2026-11' })).json().ChargeId as number;
    expect((await api.houseAmount(agency, { ChargeId: service, HouseId: houseIds[1]!, Amount: 0 })).statusCode).toBe(200);
    expect((await api.houseAmount(agency, { ChargeId: garbage, HouseId: houseIds[1]!, Amount: '450' })).statusCode).toBe(200);

    // The bookings charged November's rent; the charges are still due.
    expect((await invoicingDetails(app, agency)).json()).toMatchObject({ Due: [{ Month: '2026-11-01', Tenancies: 2, Amount: 2250 }] });
    expect((await runInvoices(app, agency)).json()).toMatchObject({ charged: 2, amount: 2250 });

    agency = await at(agency, '2027-01-04T09:00:00Z'); // December was never run
    expect((await runInvoices(app, agency)).json()).toMatchObject({ charged: 2, amount: 2 * (20000 + 1500 + 300 + 450) });

    const mine = await lines(agency, a);
    expect(mine.map((l) => [l.TransactionDetails, l.TrsAccount, l.Debit])).toEqual([
      ['Deposit', 'Deposit', 20000],
      ['Rent for November 2026', 'Rent', 10000],
      ['Service charge for November 2026', 'Service charge', 1500],
      ['Garbage for November 2026', 'Garbage', 300],
      ['Rent for December 2026', 'Rent', 10000],
      ['Rent for January 2027', 'Rent', 10000],
      ['Service charge for December 2026', 'Service charge', 1500],
      ['Garbage for December 2026', 'Garbage', 300],
      ['Service charge for January 2027', 'Service charge', 1500],
      ['Garbage for January 2027', 'Garbage', 300],
    ]);
    expect(mine.at(-1)!.Balance).toBe(20000 + 30000 + 4500 + 900);
    const other = await lines(agency, b);
    expect(other.filter((l) => l.TrsAccount === 'Garbage').map((l) => l.Debit)).toEqual([450, 450, 450]);
    expect(other.some((l) => l.TrsAccount === 'Service charge')).toBe(false);

    // RentBalance is everything owed; MonthLapse counts rent only; each kind is shown beside it.
    expect((await tenancyOf(app, agency, a))).toMatchObject({ RentBalance: 55400, MonthLapse: 3, DepositDue: 20000 });
    const kinds = (await api.tenancy(agency, a)).json();
    expect(kinds.RentBalance).toBe(55400);
    expect(kinds.Kinds).toEqual(
      expect.arrayContaining([
        { Kind: 'rent', Name: 'Rent', Balance: 30000 },
        { Kind: 'deposit', Name: 'Deposit', Balance: 20000 },
        { Kind: `charge:${service}`, Name: 'Service charge', Balance: 4500 },
        { Kind: `charge:${garbage}`, Name: 'Garbage', Balance: 900 },
      ]),
    );

    // A stopped charge is no longer posted.
    expect((await api.updateCharge(agency, { ChargeId: garbage, Active: false })).statusCode).toBe(200);
    agency = await at(agency, '2027-02-02T09:00:00Z');
    expect((await runInvoices(app, agency)).json()).toMatchObject({ amount: 2 * 10000 + 1500 });
  });

  it('a charge set up after the 1st is billed from the next month, never for the month it was set up in (decision 047)', async () => {
    const setup = await setting();
    const { propId, a } = setup;
    let { agency } = setup;
    // Set up on 28 November: the tenancies booked on the 3rd are not billed a November of it.
    agency = await at(agency, '2026-11-28T09:00:00Z');
    expect((await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,500' })).statusCode).toBe(200);
    expect((await api.property(agency, propId)).json().Charges).toEqual([expect.objectContaining({ Name: 'Service charge', FromMonth: '2026-12-01' })]);
    expect((await runInvoices(app, agency)).json()).toMatchObject({ charged: 0, amount: 0 });
    agency = await at(agency, '2026-12-02T09:00:00Z');
    expect((await runInvoices(app, agency)).json()).toMatchObject({ charged: 2, amount: 2 * (10000 + 1500) });
    expect((await lines(agency, a)).filter((l) => l.TransactionDetails.startsWith('Service charge')).map((l) => l.TransactionDetails)).toEqual([
      'Service charge for December 2026',
    ]);
  });

  it('a charge may name its first month, this month or a later one, never an earlier one', async () => {
    const { agency, propId } = await setting();
    const past = await api.addCharge(agency, { PropId: propId, Name: 'Security', Amount: '2,000', FromMonth: '2026-10' });
    expect([past.statusCode, past.json().message]).toEqual([400, 'The first month may not be before this month']);
    const bad = await api.addCharge(agency, { PropId: propId, Name: 'Security', Amount: '2,000', FromMonth: '2026-13' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Give the first month as a year and month (YYYY-MM)']);
    expect((await api.property(agency, propId)).json().Charges).toEqual([]);
    expect((await api.addCharge(agency, { PropId: propId, Name: 'Security', Amount: '2,000', FromMonth: '2026-11' })).statusCode).toBe(200);
    expect((await api.addCharge(agency, { PropId: propId, Name: 'Parking', Amount: '500', FromMonth: '2027-02' })).statusCode).toBe(200);
    expect((await api.property(agency, propId)).json().Charges.map((c: { Name: string; FromMonth: string }) => [c.Name, c.FromMonth])).toEqual([
      ['Parking', '2027-02-01'],
      ['Security', '2026-11-01'],
    ]);
  });

  it('refuses bad input, a duplicate name, another agency’s property and an employee', async () => {
    const { agency, propId } = await setting();
    expect((await api.addCharge(agency, { PropId: propId, Name: 'Security', Amount: '2,000' })).statusCode).toBe(200);
    const dup = await api.addCharge(agency, { PropId: propId, Name: 'security', Amount: 100 });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'This property already has a charge of that name.']);
    expect((await api.addCharge(agency, { PropId: propId, Name: 'Rent', Amount: 100 })).statusCode).toBe(400);
    expect((await api.addCharge(agency, { PropId: propId, Name: 'Parking', Amount: 0 })).statusCode).toBe(400);
    expect((await api.addCharge(agency, { PropId: propId, Name: '', Amount: 100 })).statusCode).toBe(400);
    expect((await api.addCharge(agency, { PropId: propId, Name: 'Parking', Amount: '12.345' })).statusCode).toBe(400);

    const stranger = await agencyWithOwner(app);
    expect((await api.addCharge(stranger, { PropId: propId, Name: 'Parking', Amount: 100 })).statusCode).toBe(404);
    expect((await api.property(stranger, propId)).statusCode).toBe(404);
    const employee = await employeeOf(agency);
    expect((await api.addCharge(employee, { PropId: propId, Name: 'Parking', Amount: 100 })).statusCode).toBe(403);
    expect((await api.property(agency, propId)).json().Charges.map((c: { Name: string }) => c.Name)).toEqual(['Security']);
  });
});

describe('which charges a payment pays', () => {
  it('pays open charges oldest first whatever the kind, or the one the clerk points at; surplus is credit', async () => {
    const setup = await setting();
    const { propId, a } = setup;
    let { agency } = setup;
    await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,500', FromMonth: '2026-11' });
    await runInvoices(app, agency);
    agency = await at(agency, '2026-12-02T09:00:00Z');
    await runInvoices(app, agency);

    const first = await pay(app, agency, a, '12,000', 'alloc-key-1');
    expect(first.json()).toMatchObject({ RentBalance: 20000 + 23000 - 12000 });
    let statement = await lines(agency, a);
    expect(statement.at(-1)).toMatchObject({
      Credit: 12000,
      AppliedTo: 'Rent for November 2026 10,000.00; Service charge for November 2026 1,500.00; Rent for December 2026 500.00',
    });

    const open = (await api.tenancy(agency, a)).json().Open as { TransactionId: number; Details: string; Open: number }[];
    expect(open.map((o) => [o.Details, o.Open])).toEqual([
      ['Rent for December 2026', 9500],
      ['Service charge for December 2026', 1500],
    ]);
    const service = open[1]!.TransactionId;
    await pay(app, agency, a, '1,000', 'alloc-key-2', 'Rent', { ChargeTransactionId: service });
    statement = await lines(agency, a);
    expect(statement.at(-1)!.AppliedTo).toBe('Service charge for December 2026 1,000.00');

    const paidCharge = statement.find((l) => l.TransactionDetails === 'Rent for November 2026')!.TransactionId;
    const refused = await pay(app, agency, a, '1,000', 'alloc-key-3', 'Rent', { ChargeTransactionId: paidCharge });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'That charge is not open on this tenancy.']);

    // Beyond what is owed on rent and charges: credit on rent, the deposit untouched.
    await pay(app, agency, a, '20,000', 'alloc-key-4');
    const kinds = (await api.tenancy(agency, a)).json();
    expect(kinds.Kinds).toEqual(
      expect.arrayContaining([
        { Kind: 'rent', Name: 'Rent', Balance: -10000 },
        { Kind: 'deposit', Name: 'Deposit', Balance: 20000 },
        { Kind: expect.stringMatching(/^charge:/), Name: 'Service charge', Balance: 0 },
      ]),
    );
    expect((await tenancyOf(app, agency, a))).toMatchObject({ RentBalance: 20000 - 10000, MonthLapse: 0 });
  });
});

describe('late-payment penalties', () => {
  it('after day D: a percentage of the month’s unpaid rent, never the deposit, once per tenancy and month, waived with a reason', async () => {
    const setup = await setting();
    const { propId, a, b } = setup;
    let { agency } = setup;
    const refusedRule = await api.penaltyRule(agency, { PropId: propId, AfterDay: 5, Percent: 10, Amount: 500 });
    expect(refusedRule.statusCode).toBe(400);
    expect((await api.penaltyRule(agency, { PropId: propId, AfterDay: 29, Percent: 10 })).statusCode).toBe(400);
    expect((await api.penaltyRule(agency, { PropId: propId, AfterDay: 5, Percent: 10 })).statusCode).toBe(200);
    await pay(app, agency, a, '4,000', 'pen-key-1');
    await pay(app, agency, b, '10,000', 'pen-key-2'); // b owes only the deposit

    // Not before the 6th.
    agency = await at(agency, '2026-11-05T20:00:00Z');
    expect((await api.runPenalties(agency)).json()).toMatchObject({ charged: 0, message: 'No penalty is due today.' });
    agency = await at(agency, '2026-11-06T06:00:00Z');
    expect((await api.runPenalties(agency)).json()).toMatchObject({ charged: 1, amount: 600 });
    expect((await api.runPenalties(agency)).statusCode).toBe(409);
    agency = await at(agency, '2026-11-20T06:00:00Z');
    expect((await api.runPenalties(agency)).json()).toMatchObject({ charged: 0 });

    const penalty = (await lines(agency, a)).find((l) => l.TransactionDetails === 'Late-payment penalty for November 2026')!;
    expect(penalty).toMatchObject({ TrsAccount: 'Penalty', Debit: 600 });
    expect((await lines(agency, b)).some((l) => l.TransactionDetails.startsWith('Late-payment'))).toBe(false);
    expect((await tenancyOf(app, agency, a))).toMatchObject({ RentBalance: 20000 + 6000 + 600, MonthLapse: 1 });

    // The waiver: admins only, a reason, a penalty only, once.
    const employee = await employeeOf(agency);
    expect((await api.waive(employee, { TransactionId: penalty.TransactionId, reason: 'Paid late by bank' })).statusCode).toBe(403);
    const noReason = await api.waive(agency, { TransactionId: penalty.TransactionId, reason: ' ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'A reason is required']);
    const rent = (await lines(agency, a)).find((l) => l.TransactionDetails === 'Rent for November 2026')!;
    expect((await api.waive(agency, { TransactionId: rent.TransactionId, reason: 'x' })).statusCode).toBe(400);
    const stranger = await agencyWithOwner(app);
    expect((await api.waive(stranger, { TransactionId: penalty.TransactionId, reason: 'x' })).statusCode).toBe(404);
    const waived = await api.waive(agency, { TransactionId: penalty.TransactionId, reason: 'Bank delay' });
    expect(waived.json()).toMatchObject({ message: 'Penalty waived', Waives: penalty.TransactionId, RentBalance: 26000 });
    expect((await api.waive(agency, { TransactionId: penalty.TransactionId, reason: 'again' })).statusCode).toBe(409);
    expect((await lines(agency, a)).at(-1)).toMatchObject({ TransactionDetails: 'Penalty waived: Bank delay', Credit: 600, Balance: 26000 });

    // A waived month is not penalised again; a missed month is caught up with the current one.
    agency = await at(agency, '2027-01-09T06:00:00Z');
    await runInvoices(app, agency);
    const caughtUp = (await api.runPenalties(agency)).json();
    expect(caughtUp).toMatchObject({ charged: 2, amount: 4 * 1000 });
    expect((await lines(agency, a)).filter((l) => l.TransactionDetails.startsWith('Late-payment')).map((l) => l.TransactionDetails)).toEqual([
      'Late-payment penalty for November 2026',
      'Late-payment penalty for December 2026',
      'Late-payment penalty for January 2027',
    ]);
    expect((await api.penaltyRuns(agency)).json().map((r: { Day: string; Charged: number }) => [r.Day, r.Charged])).toEqual([
      ['2027-01-09', 2],
      ['2026-11-20', 0],
      ['2026-11-06', 1],
      ['2026-11-05', 0],
    ]);
  });

  it('a fixed penalty; the automatic run charges each agency once a day even when two look at once', async () => {
    const setup = await setting();
    const { propId, a } = setup;
    let { agency } = setup;
    await api.penaltyRule(agency, { PropId: propId, AfterDay: 10, Amount: '750' });
    agency = await at(agency, '2026-11-11T06:00:00Z');
    const charges = app.services.charges;
    const [one, two] = await Promise.all([charges.runPenaltiesAutomatic(), charges.runPenaltiesAutomatic()]);
    expect([...one, ...two].filter((id) => id === agency.agentId)).toHaveLength(1);
    expect((await lines(agency, a)).filter((l) => l.TransactionDetails.startsWith('Late-payment')).map((l) => l.Debit)).toEqual([750]);
    expect((await api.penaltyRuns(agency)).json()[0]).toMatchObject({ Automatic: true, Charged: 2, Amount: 1500 });
  });
});
