import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, invoicingDetails, runInvoices, statementOf, tenancyOf, terminate } from '../../test/estate';
import { nextCheckIn } from './scheduler';

const clock = manualClock(new Date('2026-11-15T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const automatic = (agency: { auth: object; agentId: number }, on: boolean) =>
  app.inject({ method: 'POST', url: '/api/tenancy/automaticinvoicing', headers: agency.auth as Record<string, string>, payload: { managingAgentId: agency.agentId, automatic: on } });
const history = (agency: { auth: object; agentId: number }) =>
  app.inject({ method: 'GET', url: `/api/tenancy/invoiceruns?managingAgentId=${agency.agentId}`, headers: agency.auth as Record<string, string> });

describe('missed months', () => {
  it('a month nobody ran is charged by the next run, each month labelled, each once', async () => {
    clock.set(new Date('2026-11-15T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '0' });
    const [first, second] = [await tenant(), await tenant()];
    const a = await bookOk(app, agency, houseIds[0]!, first);
    clock.set(new Date('2026-12-20T09:00:00Z'));
    agency = await signInAgain(app, agency);
    const b = await bookOk(app, agency, houseIds[1]!, second); // first month December

    clock.set(new Date('2027-01-03T09:00:00Z')); // nobody ran December
    agency = await signInAgain(app, agency);
    expect((await invoicingDetails(app, agency)).json()).toMatchObject({
      CurrentMonth: '2027-01-01',
      CurrentMonthInvoiceCharged: false,
      Due: [
        { Month: '2026-12-01', Label: 'December 2026', Tenancies: 1, Amount: 10000 },
        { Month: '2027-01-01', Label: 'January 2027', Tenancies: 2, Amount: 20000 },
      ],
      DueTenancies: 2,
      DueAmount: 30000,
      Status: 'Due: 2 tenancies for December 2026 and January 2027, Ksh 30,000.00.',
    });
    const run = await runInvoices(app, agency);
    expect(run.json()).toEqual({
      message: 'Charged 2 tenancies for December 2026 and January 2027: Ksh 30,000.00',
      month: '2027-01-01',
      charged: 2,
      months: ['2026-12-01', '2027-01-01'],
      amount: 30000,
    });
    expect((await tenancyOf(app, agency, a)).RentBalance).toBe(30000);
    expect((await tenancyOf(app, agency, b)).RentBalance).toBe(20000);
    const lines = (await statementOf(app, agency, a)).json().map((l: { TransactionDetails: string; Debit: number }) => [l.TransactionDetails, l.Debit]);
    expect(lines).toEqual([
      ['Rent for November 2026', 10000],
      ['Rent for December 2026', 10000],
      ['Rent for January 2027', 10000],
    ]);
    expect((await invoicingDetails(app, agency)).json()).toMatchObject({ Due: [], CurrentMonthInvoiceCharged: true, Status: 'January 2027 is invoiced.' });
  });

  it('does not charge an ended tenancy for the months after it ended', async () => {
    clock.set(new Date('2027-02-10T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    const t = await bookOk(app, agency, houseIds[0]!, await tenant());
    await terminate(app, agency, t);
    clock.set(new Date('2027-04-10T09:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await runInvoices(app, agency)).json()).toMatchObject({ charged: 0 });
    expect((await tenancyOf(app, agency, t)).RentBalance).toBe(10000);
  });
});

describe('automatic invoicing', () => {
  it('when switched on, the server runs the month by itself, once, shown as automatic', async () => {
    clock.set(new Date('2027-05-20T09:00:00Z'));
    let agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '8,000', deposit: '0' });
    const t = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await automatic(agency, true)).json()).toMatchObject({ automatic: true });
    expect((await invoicingDetails(app, agency)).json()).toMatchObject({ AutomaticInvoicing: true });

    clock.set(new Date('2027-06-30T21:05:00Z')); // 00:05 on 1 July in Nairobi; June was missed while "down"
    const log = { info: vi.fn(), error: vi.fn() };
    const done = await Promise.all([app.services.invoicing.runAutomatic(log), app.services.invoicing.runAutomatic(log)]);
    expect(done.flat().filter((id) => id === agency.agentId)).toHaveLength(1);
    expect(done.flat().every((id) => Number.isInteger(id))).toBe(true);
    expect(log.info).toHaveBeenCalledWith({ agentId: agency.agentId, month: '2027-07-01', charged: 1 }, 'automatic invoice run');
    // The second process finding the month run is no failure.
    expect(log.error).not.toHaveBeenCalled();
    agency = await signInAgain(app, agency);
    expect((await invoicingDetails(app, agency)).json().UpdatedByName).toMatch(/\S \(automatic\)$/);
    expect((await tenancyOf(app, agency, t)).RentBalance).toBe(24000);
    expect((await history(agency)).json()).toEqual([
      { Month: '2027-07-01', RunDate: '2027-06-30T21:05:00.000Z', RunBy: expect.any(String), Charged: 1, Amount: 16000, Automatic: true },
    ]);
    expect(await app.services.invoicing.runAutomatic()).not.toContain(agency.agentId);
  });

  it("logs a run that failed for another reason than a run made first, and goes on; without a log it still answers", async () => {
    clock.set(new Date('2027-10-20T09:00:00Z'));
    const agency = await agencyWithOwner(app);
    await automatic(agency, true);
    clock.set(new Date('2027-11-01T09:00:00Z'));
    const failure = new Error('disk full');
    const run = vi.spyOn(app.services.invoicing, 'run').mockRejectedValue(failure);
    try {
      const log = { info: vi.fn(), error: vi.fn() };
      expect(await app.services.invoicing.runAutomatic(log)).not.toContain(agency.agentId);
      expect(log.error).toHaveBeenCalledWith({ err: failure, agentId: agency.agentId }, 'automatic invoice run failed');
      await expect(app.services.invoicing.runAutomatic()).resolves.not.toContain(agency.agentId);
    } finally {
      run.mockRestore();
    }
  });

  it('leaves agencies that did not switch it on alone', async () => {
    clock.set(new Date('2027-08-20T09:00:00Z'));
    const agency = await agencyWithOwner(app);
    await automatic(agency, true);
    await automatic(agency, false);
    clock.set(new Date('2027-09-01T09:00:00Z'));
    expect(await app.services.invoicing.runAutomatic()).not.toContain(agency.agentId);
  });

  it('is switched by admins of the agency only', async () => {
    const agency = await agencyWithOwner(app);
    const other = await agencyWithOwner(app);
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await automatic({ ...worker, agentId: agency.agentId }, true)).statusCode).toBe(403);
    expect((await automatic({ ...other, agentId: agency.agentId }, true)).statusCode).toBe(404);
  });

  it('looks again at 00:05 on the 1st in Nairobi, or within the hour', () => {
    // 23:30 on 31 January in Nairobi: 00:05 on 1 February is 35 minutes away.
    expect(nextCheckIn(new Date('2027-01-31T20:30:00Z'))).toBe(35 * 60_000);
    expect(nextCheckIn(new Date('2027-01-15T20:00:00Z'))).toBeLessThanOrEqual(3_600_000);
  });
});
