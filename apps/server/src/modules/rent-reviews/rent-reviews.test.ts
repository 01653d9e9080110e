import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, runInvoices, statementOf, tenancyOf, terminate, type Agency } from '../../test/estate';

const clock = manualClock(new Date('2026-11-03T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

type Line = { TransactionDetails: string; TrsAccount: string; Debit: number; Credit: number; Balance: number };
const rentLines = async (agency: Agency, tenancyId: number) =>
  ((await statementOf(app, agency, tenancyId)).json() as Line[]).filter((l) => l.TransactionDetails.startsWith('Rent for')).map((l) => [l.TransactionDetails, l.Debit]);

const post = (agency: Agency, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/tenancy/rentreviews${url}`, headers: agency.auth, payload: { managingAgentId: agency.agentId, ...payload } });
const schedule = (agency: Agency, payload: object) => post(agency, '/schedule', payload);
const update = (agency: Agency, payload: object) => post(agency, '/update', payload);
const cancel = (agency: Agency, reviewId: number) => post(agency, '/cancel', { ReviewId: reviewId });
const history = async (agency: Agency, tenancyId: number) =>
  app.inject({ method: 'GET', url: `/api/tenancy/rentreviews?managingAgentId=${agency.agentId}&tenancyId=${tenancyId}`, headers: agency.auth });
const at = async (agency: Agency, when: string) => {
  clock.set(new Date(when));
  return signInAgain(app, agency);
};

/** An agency with one house at Ksh 10,000 a month, let on 3 November 2026 (November charged by the booking). */
async function setting() {
  clock.set(new Date('2026-11-03T09:00:00Z'));
  const agency = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { houses: 2, rent: '10,000', deposit: '20,000' });
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  return { agency, houseIds, tenant, tenancyId };
}

describe('rent reviews', () => {
  it('the run charges the old rent before the review and the new one from its first whole month, catching up', async () => {
    const setup = await setting();
    const { tenancyId } = setup;
    let { agency } = setup;
    const saved = await schedule(agency, { TenancyId: tenancyId, Date: '2027-01-15', Percent: 7.5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Rent review saved: Ksh 10,750.00 from February 2027');

    agency = await at(agency, '2027-03-04T09:00:00Z'); // December to March never run
    expect((await runInvoices(app, agency)).json()).toMatchObject({ charged: 1, amount: 10000 + 10000 + 10750 + 10750 });
    expect(await rentLines(agency, tenancyId)).toEqual([
      ['Rent for November 2026', 10000],
      ['Rent for December 2026', 10000],
      ['Rent for January 2027', 10000],
      ['Rent for February 2027', 10750],
      ['Rent for March 2027', 10750],
    ]);
    // Rent and MonthLapse follow the rent now charged: 51,500 of rent owed is five months at most.
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ Rent: 10750, RentBalance: 20000 + 51500, MonthLapse: 5 });
    expect((await pay(app, agency, tenancyId, '30,000', 'rr-pay-1')).statusCode).toBe(200);
    expect(await tenancyOf(app, agency, tenancyId)).toMatchObject({ RentBalance: 41500, MonthLapse: 2 });

    const shown = (await history(agency, tenancyId)).json();
    expect(shown).toMatchObject({ CurrentRent: 10750, ChargedThrough: '2027-03-01', CanReview: true });
    expect(shown.Rents).toMatchObject([
      { FromMonth: '2026-11-01', Rent: 10000, ReviewId: null, Status: 'charged' },
      { FromMonth: '2027-02-01', Rent: 10750, ReviewDate: '2027-01-15', Percent: 7.5, Status: 'charged', NoticeDay: '2027-01-02' },
    ]);

    // A review in force cannot be changed or cancelled: what was charged stays.
    const reviewId = saved.json().ReviewId as number;
    expect((await update(agency, { ReviewId: reviewId, Date: '2027-04-01', Percent: 5 })).statusCode).toBe(409);
    expect((await cancel(agency, reviewId)).statusCode).toBe(409);
    expect((await rentLines(agency, tenancyId)).at(-1)).toEqual(['Rent for March 2027', 10750]);
  });

  it('a review dated the 1st takes that month; changing and cancelling one works later ones out again, never a charged month', async () => {
    const { agency, tenancyId } = await setting();
    const yearly = await schedule(agency, { TenancyId: tenancyId, On: 'anniversary', Percent: 10, Yearly: true });
    expect(yearly.json().message).toBe('Rent review saved: Ksh 11,000.00 from December 2027');
    const oneOff = await schedule(agency, { TenancyId: tenancyId, Date: '2027-06-01', Amount: '500' });
    expect(oneOff.json().message).toBe('Rent review saved: Ksh 10,500.00 from June 2027');
    const rents = async (who = agency) => (await history(who, tenancyId)).json().Rents.map((r: { FromMonth: string; Rent: number }) => [r.FromMonth, r.Rent]);
    expect(await rents()).toEqual([['2026-11-01', 10000], ['2027-06-01', 10500], ['2027-12-01', 11550]]);

    const changed = await update(agency, { ReviewId: oneOff.json().ReviewId, Date: '2027-06-02', Amount: '1,000' });
    expect(changed.json().message).toBe('Rent review changed: Ksh 11,000.00 from July 2027');
    expect(await rents()).toEqual([['2026-11-01', 10000], ['2027-07-01', 11000], ['2027-12-01', 12100]]);

    expect((await cancel(agency, oneOff.json().ReviewId)).json().message).toBe('Rent review cancelled');
    expect((await cancel(agency, oneOff.json().ReviewId)).statusCode).toBe(409);
    expect(await rents()).toEqual([['2026-11-01', 10000], ['2027-12-01', 11000]]);

    // Two years later the yearly review has repeated once, at 10% on 11,000: each month at its own rent.
    const later = await at(agency, '2029-01-05T09:00:00Z');
    expect((await runInvoices(app, later)).statusCode).toBe(200);
    const lines = await rentLines(later, tenancyId);
    expect(lines.find((l) => l[0] === 'Rent for November 2027')).toEqual(['Rent for November 2027', 10000]);
    expect(lines.find((l) => l[0] === 'Rent for December 2027')).toEqual(['Rent for December 2027', 11000]);
    expect(lines.find((l) => l[0] === 'Rent for November 2028')).toEqual(['Rent for November 2028', 11000]);
    expect(lines.find((l) => l[0] === 'Rent for December 2028')).toEqual(['Rent for December 2028', 12100]);
    expect(lines.at(-1)).toEqual(['Rent for January 2029', 12100]);
    expect(await rents(later)).toEqual([['2026-11-01', 10000], ['2027-12-01', 11000], ['2028-12-01', 12100]]);
  });

  it('refuses a bad percentage or amount, a date before the start or in a charged month, a month taken, an ended tenancy', async () => {
    const { agency, tenancyId, houseIds, tenant } = await setting();
    const other = await bookOk(app, agency, houseIds[1]!, await tenant());
    const refused = async (payload: object, status: number, message?: string) => {
      const res = await schedule(agency, { TenancyId: tenancyId, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    };
    await refused({ Date: '2027-01-01', Percent: 0 }, 400);
    await refused({ Date: '2027-01-01', Percent: 100.5 }, 400);
    await refused({ Date: '2027-01-01', Percent: 2.555 }, 400);
    await refused({ Date: '2027-01-01', Amount: '-500' }, 400);
    await refused({ Date: '2027-01-01', Amount: '0' }, 400);
    await refused({ Date: '2027-01-01', Amount: '500', Percent: 5 }, 400);
    await refused({ Date: '2027-01-01' }, 400);
    await refused({ Date: '2027-02-30', Percent: 5 }, 400);
    await refused({ Date: '2026-10-31', Percent: 5 }, 400, 'A review cannot take effect before the tenancy starts.');
    // 3 November is the start, but November is charged: its first whole month is December, which is open.
    expect((await schedule(agency, { TenancyId: tenancyId, Date: '2026-11-04', Percent: 5 })).statusCode).toBe(200);
    await refused({ Date: '2026-12-01', Amount: '100' }, 409, 'This tenancy already has a rent review taking effect that month.');
    await refused({ Date: '2027-01-01', Amount: '100,000,000' }, 400, 'The new rent would be above the largest amount allowed.');
    const december = await at(agency, '2026-12-02T09:00:00Z');
    expect((await runInvoices(app, december)).statusCode).toBe(200);
    const res = await schedule(december, { TenancyId: tenancyId, Date: '2026-12-01', Percent: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The rent for that month is already charged; choose a later date.');
    expect(await rentLines(december, tenancyId)).toEqual([
      ['Rent for November 2026', 10000],
      ['Rent for December 2026', 10500],
    ]);

    expect((await terminate(app, december, other)).statusCode).toBe(200);
    const ended = await schedule(december, { TenancyId: other, Date: '2027-03-01', Percent: 5 });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This tenancy has ended: its rent can no longer be reviewed.');
  });

  it("another agency's tenancy or review is not found; a hired user may read the history but not review", async () => {
    const { agency, tenancyId } = await setting();
    const reviewId = (await schedule(agency, { TenancyId: tenancyId, Date: '2027-03-01', Percent: 5 })).json().ReviewId as number;
    const stranger = await agencyWithOwner(app);
    expect((await schedule(stranger, { TenancyId: tenancyId, Date: '2027-04-01', Percent: 5 })).statusCode).toBe(404);
    expect((await update(stranger, { ReviewId: reviewId, Date: '2027-04-01', Percent: 5 })).statusCode).toBe(404);
    expect((await cancel(stranger, reviewId)).statusCode).toBe(404);
    expect((await history(stranger, tenancyId)).statusCode).toBe(404);

    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    const clerk = { ...worker, agentId: agency.agentId };
    expect((await history(clerk, tenancyId)).json()).toMatchObject({ CanReview: false, Rents: [{}, { Rent: 10500 }] });
    expect((await schedule(clerk, { TenancyId: tenancyId, Date: '2027-04-01', Percent: 5 })).statusCode).toBe(403);
    expect((await update(clerk, { ReviewId: reviewId, Date: '2027-04-01', Percent: 5 })).statusCode).toBe(403);
    expect((await cancel(clerk, reviewId)).statusCode).toBe(403);
    expect((await history(agency, tenancyId)).json().Rents).toHaveLength(2);
  });
});

describe('the notice 30 days before', () => {
  const noticesFor = async (phoneLike: string) =>
    rowsOf<{ body: string }>(
      await app.database.db.execute(sql`SELECT body FROM receipt_notices WHERE body LIKE ${`%${phoneLike}%`} ORDER BY notice_id`),
    ).map((r) => r.body);

  it('goes once on its day, in the tenant’s language, even when two looks run at once, and is caught up after downtime', async () => {
    const { agency, tenancyId, houseIds, tenant } = await setting();
    const second = await bookOk(app, agency, houseIds[1]!, await tenant('Wanjiku'));
    await app.database.db.execute(sql`UPDATE clients SET preferred_language = 'sw' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${second})`);
    expect((await schedule(agency, { TenancyId: tenancyId, Date: '2027-02-01', Percent: 10 })).statusCode).toBe(200);
    expect((await schedule(agency, { TenancyId: second, Date: '2027-02-01', Amount: '1,500' })).statusCode).toBe(200);
    const service = app.services.rentReviews;
    const house = (await tenancyOf(app, agency, tenancyId)).House_number as string;
    const house2 = (await tenancyOf(app, agency, second)).House_number as string;

    // Other tests' reviews share the database: what this one queued is counted by its houses.
    clock.set(new Date('2027-01-01T09:00:00Z')); // 31 days before February
    await service.sendNotices();
    expect([...(await noticesFor(house)), ...(await noticesFor(house2))]).toEqual([]);
    const told = await at(agency, '2027-01-02T09:00:00Z');
    await Promise.all([service.sendNotices(), service.sendNotices()]);
    await service.sendNotices();
    expect(await noticesFor(house)).toEqual([
      expect.stringMatching(new RegExp(`house ${house}.*from Ksh 10,000\\.00 to Ksh 11,000\\.00 a month from 01/02/2027`)),
    ]);
    expect(await noticesFor(house2)).toEqual([expect.stringMatching(/Wanjiku, kodi ya nyumba .* itabadilika kutoka Ksh 10,000\.00 hadi Ksh 11,500\.00 kwa mwezi kuanzia 01\/02\/2027/)]);
    expect((await history(told, tenancyId)).json().Rents[1]).toMatchObject({ NoticeSent: true, NoticeDay: '2027-01-02' });

    // A review scheduled while the server was down past its notice day: told on the next look, once.
    const third = await schedule(told, { TenancyId: tenancyId, Date: '2027-03-01', Amount: '250' });
    expect(third.statusCode).toBe(200);
    clock.set(new Date('2027-02-20T09:00:00Z'));
    await service.sendNotices();
    await service.sendNotices();
    expect(await noticesFor(house)).toHaveLength(2);
    expect((await noticesFor(house)).at(-1)).toMatch(/from Ksh 11,000\.00 to Ksh 11,250\.00 a month from 01\/03\/2027/);
  });

  it('a yearly review repeats by the notice day and its tenant is told of next year’s rent', async () => {
    const { agency, tenancyId } = await setting();
    expect((await schedule(agency, { TenancyId: tenancyId, Date: '2027-01-01', Percent: 5, Yearly: true })).statusCode).toBe(200);
    const house = (await tenancyOf(app, agency, tenancyId)).House_number as string;
    clock.set(new Date('2027-12-01T09:00:00Z'));
    await app.services.rentReviews.sendNotices();
    expect(await noticesFor(house)).toEqual([]);
    clock.set(new Date('2027-12-02T09:00:00Z'));
    await app.services.rentReviews.sendNotices();
    expect(await noticesFor(house)).toHaveLength(1);
    expect((await noticesFor(house)).at(-1)).toMatch(/from Ksh 10,500\.00 to Ksh 11,025\.00 a month from 01\/01\/2028/);
  });
});
