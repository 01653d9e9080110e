import { accountingMonth } from '@makazi/domain';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { journalTransactions } from '../../db/schema';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, runInvoices, statementOf, tenancyOf, type Agency } from '../../test/estate';

const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const rentCharges = async (tenancyId: number) =>
  (await app.database.db.select({ n: count() }).from(journalTransactions).where(and(eq(journalTransactions.tenancyId, tenancyId), eq(journalTransactions.kind, 'rent_charge'))))[0]!.n;
const details = (agency: Agency) =>
  app.inject({ method: 'GET', url: `/api/tenancy/getlatestinvoicingdetailsbyagentno?managingAgentId=${agency.agentId}`, headers: agency.auth });

describe('the monthly invoice run', () => {
  it("charges each active tenancy once a month by Nairobi's calendar, never twice", async () => {
    clock.set(new Date('2026-11-20T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 3, rent: '10,000', deposit: '0' });
    const a = await bookOk(app, agency, houseIds[0]!, await tenant());
    const b = await bookOk(app, agency, houseIds[1]!, await tenant());

    // The bookings charged November: the status says so plainly rather than "not invoiced".
    expect((await details(agency)).json()).toMatchObject({
      CurrentMonth: '2026-11-01',
      CurrentMonthInvoiceCharged: true,
      CurrentMonthRun: false,
      LatestInvoiceRunDate: null,
      Due: [],
      DueAmount: 0,
      Status: 'November 2026 is charged: each booking charged its first month, and no other month is due.',
    });
    // The run adds nothing for November and says so, but the month counts as run.
    const november = await runInvoices(app, agency);
    expect(november.json()).toMatchObject({
      month: '2026-11-01',
      charged: 0,
      months: [],
      message: 'Nothing to charge: every active tenancy is already charged up to November 2026.',
    });
    expect((await runInvoices(app, agency)).statusCode).toBe(409);
    expect((await details(agency)).json()).toMatchObject({ CurrentMonthInvoiceCharged: true, CurrentMonthRun: true, UpdatedByName: `${agency.person.First_name} ${agency.person.Last_name}` });

    clock.set(new Date('2026-11-30T21:30:00Z')); // 00:30 on 1 December in Nairobi
    agency = await signInAgain(app, agency);
    expect((await details(agency)).json()).toMatchObject({
      CurrentMonth: '2026-12-01',
      CurrentMonthInvoiceCharged: false,
      Due: [{ Month: '2026-12-01', Label: 'December 2026', Tenancies: 2, Amount: 20000 }],
      DueTenancies: 2,
      DueAmount: 20000,
      Status: 'Due: 2 tenancies for December 2026, Ksh 20,000.00.',
    });
    const december = await runInvoices(app, agency);
    expect(december.statusCode).toBe(200);
    expect(december.json()).toEqual({
      message: 'Charged 2 tenancies for December 2026: Ksh 20,000.00',
      month: '2026-12-01',
      charged: 2,
      months: ['2026-12-01'],
      amount: 20000,
    });
    expect(await rentCharges(a)).toBe(2);
    expect(await rentCharges(b)).toBe(2);
    expect((await tenancyOf(app, agency, a)).RentBalance).toBe(20000);
    const statement = (await statementOf(app, agency, a)).json();
    expect(statement.at(-1)).toMatchObject({ TransactionDetails: 'Rent for December 2026', Debit: 10000, Balance: 20000 });
    expect((await runInvoices(app, agency)).statusCode).toBe(409);
    expect(await rentCharges(a)).toBe(2);
  });

  it('skips ended tenancies and other agencies', async () => {
    clock.set(new Date('2027-01-05T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    const mine = await estate(app, agency, { houses: 2, deposit: '0' });
    const theirs = await estate(app, other, { houses: 1, deposit: '0' });
    const newTenant = await mine.tenant();
    const ended = await bookOk(app, agency, mine.houseIds[0]!, await mine.tenant());
    const foreign = await bookOk(app, other, theirs.houseIds[0]!, await theirs.tenant());
    await app.inject({ method: 'POST', url: '/api/tenancy/terminatetenancy', headers: agency.auth, payload: { tenancyId: ended, managingAgentId: agency.agentId } });
    clock.set(new Date('2027-02-02T09:00:00Z'));
    agency = await signInAgain(app, agency);
    const live = await bookOk(app, agency, mine.houseIds[1]!, newTenant);
    clock.set(new Date('2027-03-02T09:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await runInvoices(app, agency)).json().charged).toBe(1);
    expect(await rentCharges(ended)).toBe(1);
    expect(await rentCharges(live)).toBe(2);
    expect(await rentCharges(foreign)).toBe(1);
  });

  it('is for admins of the agency only: 403 for an employee, 404 for another agency', async () => {
    const agency = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await runInvoices(app, { ...worker, agentId: agency.agentId })).statusCode).toBe(403);
    expect((await runInvoices(app, { ...other, agentId: agency.agentId })).statusCode).toBe(404);
    expect((await details({ ...worker, agentId: agency.agentId })).statusCode).toBe(403);
  });

  it("counts a tenancy charged rent and recurring charges once, adds both to the run's total, lists the months in order", async () => {
    clock.set(new Date('2026-11-20T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    await chargesApi(app).addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '500', FromMonth: accountingMonth(clock.now()).slice(0, 7) });
    const t = await bookOk(app, agency, houseIds[0]!, await tenant());
    clock.set(new Date('2026-12-05T09:00:00Z'));
    agency = await signInAgain(app, agency);
    const before = (await tenancyOf(app, agency, t)).RentBalance as number;
    const res = (await runInvoices(app, agency)).json();
    const after = (await tenancyOf(app, agency, t)).RentBalance as number;
    // December's rent and service charge, and November's service charge the booking left to the run; months in order.
    expect(after - before).toBe(11000);
    expect(res).toMatchObject({ charged: 1, amount: 11000, months: ['2026-11-01', '2026-12-01'] });
  });

  it('keeps a history of runs', async () => {
    clock.set(new Date('2027-04-10T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '5,000', deposit: '0' });
    await bookOk(app, agency, houseIds[0]!, await tenant());
    clock.set(new Date('2027-05-10T09:00:00Z'));
    agency = await signInAgain(app, agency);
    await runInvoices(app, agency);
    const runs = await app.inject({ method: 'GET', url: `/api/tenancy/invoiceruns?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(runs.json()).toEqual([{ Month: '2027-05-01', RunDate: '2027-05-10T09:00:00.000Z', RunBy: expect.any(String), Charged: 1, Amount: 5000, Automatic: false }]);
  });
});
