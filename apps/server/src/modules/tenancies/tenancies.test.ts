import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { houses, journalLines, tenancies } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { contractUser, landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';
import {
  agencyWithOwner,
  book,
  bookOk,
  estate,
  pay,
  statementOf,
  tenancyOf,
  type Agency,
} from '../../test/estate';
import { countTenancies, listTenancies } from './repository';

const clock = manualClock(new Date('2026-11-10T08:00:00Z'));
let app: FastifyInstance;
let agency: Agency;
let rival: Agency;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
  agency = await agencyWithOwner(app);
  rival = await agencyWithOwner(app);
});
afterAll(() => app.close());

const lineCount = async () => (await app.database.db.select({ n: count() }).from(journalLines))[0]!.n;
const occupiedOf = async (houseId: number) =>
  (await app.database.db.select({ o: houses.occupied }).from(houses).where(eq(houses.houseId, houseId)))[0]!
    .o;

describe('booking a tenancy', () => {
  it('creates the tenancy, occupies the house and charges the deposit and first month, in the statement', async () => {
    const { houseIds, tenant } = await estate(app, agency, { rent: '12,500.50', deposit: '25,000' });
    const clientNo = await tenant();
    const res = await book(app, agency, houseIds[0]!, clientNo);
    expect(res.statusCode).toBe(201);
    const tenancyId = res.json().TenancyId;
    expect(await occupiedOf(houseIds[0]!)).toBe('Yes');

    const statement = (await statementOf(app, agency, tenancyId)).json();
    expect(statement).toEqual([
      expect.objectContaining({
        TrsAccount: 'Deposit',
        TransactionDetails: 'Deposit',
        Debit: 25000,
        Credit: 0,
        Balance: 25000,
      }),
      expect.objectContaining({
        TrsAccount: 'Rent',
        TransactionDetails: 'Rent for November 2026',
        Debit: 12500.5,
        Credit: 0,
        Balance: 37500.5,
      }),
    ]);
    const tenancy = await tenancyOf(app, agency, tenancyId);
    expect(tenancy).toMatchObject({
      RentBalance: 37500.5,
      // Rent only: the unpaid deposit is owed apart, not months in arrears.
      MonthLapse: 1,
      DepositDue: 25000,
      DepositHeld: 0,
      Rent: 12500.5,
      Deposit: 25000,
      Tenant_ID_number: '23456789',
    });
  });

  it('refuses an occupied house with 409, writing nothing', async () => {
    const { houseIds, tenant } = await estate(app, agency);
    await bookOk(app, agency, houseIds[0]!, await tenant());
    const before = await lineCount();
    const again = await book(app, agency, houseIds[0]!, await tenant('Second'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This house is already occupied.');
    expect(await lineCount()).toBe(before);
  });

  it("refuses another agency's house or client with 404, writing nothing", async () => {
    const mine = await estate(app, agency);
    const theirs = await estate(app, rival);
    const before = await lineCount();
    expect((await book(app, agency, theirs.houseIds[0]!, await mine.tenant())).statusCode).toBe(404);
    expect((await book(app, agency, mine.houseIds[0]!, await theirs.tenant())).statusCode).toBe(404);
    expect(await lineCount()).toBe(before);
    expect(await occupiedOf(mine.houseIds[0]!)).toBe('No');
  });

  it.each([
    [{ ClientNo: '' }, 'ClientNo is required'],
    [{ Id_number: '12345' }, 'Id is too short'],
    [{ Id_number: '123456789' }, 'Id is too Long'],
    [{ Tenant_Employer: 'None' }, 'Too short information. If unemployed indicate'],
    [{ Tenant_Business: 'A'.repeat(21) }, 'Information is too Long'],
    [{ Next_of_kin_name: 'Abe' }, 'Name is too short'],
    [{ Next_of_kin_phone: '07998' }, 'Please enter valid phone number'],
  ])('refuses %j with %s, writing nothing', async (change, message) => {
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    const before = await lineCount();
    const res = await book(app, agency, houseIds[0]!, await tenant(), change);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await lineCount()).toBe(before);
  });
});

describe('terminating a tenancy', () => {
  const terminate = (
    who: Agency | Awaited<ReturnType<typeof signedInUser>>,
    agentId: number,
    tenancyId: number,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/tenancy/terminatetenancy',
      headers: who.auth,
      payload: { tenancyId, managingAgentId: agentId, terminatedBy: 1 },
    });

  it('frees the house and keeps the statement readable; a second termination is refused', async () => {
    const { houseIds, tenant } = await estate(app, agency);
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    const res = await terminate(agency, agency.agentId, tenancyId);
    expect(res.statusCode).toBe(200);
    expect(await occupiedOf(houseIds[0]!)).toBe('No');
    // Rent, deposit, and the unpaid deposit taken off at the end: no deposit is owed after a tenancy.
    expect((await statementOf(app, agency, tenancyId)).json()).toHaveLength(3);
    expect((await terminate(agency, agency.agentId, tenancyId)).json().message).toBe(
      'No tenancy To terminante',
    );
    expect((await book(app, agency, houseIds[0]!, await tenant('Next'))).statusCode).toBe(201);
  });

  it('is refused to a hired employee (403) and to another agency (404)', async () => {
    const { houseIds, tenant } = await estate(app, agency);
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await terminate(worker, agency.agentId, tenancyId)).statusCode).toBe(403);
    expect((await terminate(rival, rival.agentId, tenancyId)).statusCode).toBe(404);
    const [row] = await app.database.db.select().from(tenancies).where(eq(tenancies.tenancyId, tenancyId));
    expect(row?.endedAt).toBeNull();
  });
});

describe('listing tenancies', () => {
  let lister: Agency;
  let paid: number;
  beforeAll(async () => {
    lister = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, lister, { houses: 3, rent: '10,000', deposit: '0' });
    paid = await bookOk(app, lister, houseIds[0]!, await tenant('Akinyi'));
    await bookOk(app, lister, houseIds[1]!, await tenant('Baraka'));
    await bookOk(app, lister, houseIds[2]!, await tenant('Chebet'));
    await pay(app, lister, paid, '10,000', 'list-paid-1');
  });
  const list = (query: string, who: Agency = lister) =>
    app.inject({
      method: 'GET',
      url: `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${who.agentId}&${query}`,
      headers: who.auth,
    });

  it('answers every active tenancy with balance and months in arrears, and a total', async () => {
    const res = await list('');
    expect(res.headers['x-total-count']).toBe('3');
    const byName = Object.fromEntries(res.json().map((t: { Tenant_name: string }) => [t.Tenant_name, t]));
    expect(byName['Akinyi Mutua']).toMatchObject({ RentBalance: 0, MonthLapse: 0 });
    expect(byName['Baraka Mutua']).toMatchObject({ RentBalance: 10000, MonthLapse: 1 });
  });

  it('lists only tenancies with balances when asked', async () => {
    const names = (await list('listType=balances')).json().map((t: { Tenant_name: string }) => t.Tenant_name);
    expect(names.sort()).toEqual(['Baraka Mutua', 'Chebet Mutua']);
  });

  it.each([
    ['Tenant_name', 'cHeB', ['Chebet Mutua']],
    ['Email', 'akinyi', ['Akinyi Mutua']],
    ['Property_name', 'baraka court', ['Akinyi Mutua', 'Baraka Mutua', 'Chebet Mutua']],
    ['Tenant_ID_number', '345', ['Akinyi Mutua', 'Baraka Mutua', 'Chebet Mutua']],
    ['PhoneNo', '0000', []],
  ])('filters by %s containing %j, ignoring case', async (filterBy, filterValue, expected) => {
    const names = (await list(`filterBy=${filterBy}&filterValue=${encodeURIComponent(filterValue)}`))
      .json()
      .map((t: { Tenant_name: string }) => t.Tenant_name);
    expect(names.sort()).toEqual(expected);
  });

  it('stops counting a stretch past the page and says only that there are more', async () => {
    const db = app.database.db;
    const selection = { agentId: lister.agentId, ended: false };
    // Three tenancies, pages of one: counting one or two rows past the page's start stops short of the end.
    expect(await listTenancies(db, { selection, limit: 1, offset: 0, countAhead: 1 })).toMatchObject({ total: 1, exact: false });
    expect(await listTenancies(db, { selection, limit: 1, offset: 1, countAhead: 1 })).toMatchObject({ total: 2, exact: false });
    expect(await listTenancies(db, { selection, limit: 1, offset: 0, countAhead: 3 })).toMatchObject({ total: 3, exact: true });
  });

  it('pages', async () => {
    const first = (await list('page=1&pageSize=2')).json();
    const second = (await list('page=2&pageSize=2')).json();
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second].map((t: { TenancyId: number }) => t.TenancyId)).size).toBe(3);
  });

  it("never shows another agency's tenancies, and refuses its agent id", async () => {
    expect((await list('', rival)).json().some((t: { TenancyId: number }) => t.TenancyId === paid)).toBe(
      false,
    );
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${lister.agentId}`,
      headers: rival.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await statementOf(app, rival, paid)).statusCode).toBe(404);
  });

  it('counts all tenancies and those with balances for the dashboard', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/tenancy/counts?managingAgentId=${lister.agentId}`,
      headers: lister.auth,
    });
    expect(res.json()).toEqual({
      all: 3,
      withBalances: 2,
      endedWithBalances: 0,
      moreThan: { all: false, withBalances: false, endedWithBalances: false },
    });
  });

  it('stops each count a stretch in, and says there are more', async () => {
    // The same three tenancies, two owing, counted no further than two.
    expect(await countTenancies(app.database.db, lister.agentId, 2)).toEqual({
      all: 2,
      withBalances: 2,
      endedWithBalances: 0,
      moreThan: { all: true, withBalances: false, endedWithBalances: false },
    });
    expect((await countTenancies(app.database.db, lister.agentId, 1)).moreThan).toEqual({ all: true, withBalances: true, endedWithBalances: false });
  });
});

describe("a landlord's view of the tenancies on the owner's properties", () => {
  it('sees them and their statements; another landlord number answers 404', async () => {
    const landlordUser = await signedInUser(app);
    const own = await agencyWithOwner(app, landlordAccount);
    const manager = own;
    const prop = await app.inject({
      method: 'POST',
      url: '/api/properties/registerProperty',
      headers: own.auth,
      payload: {
        Property_name: 'Owner Flats',
        Rental_units: 1,
        County: 'Kiambu',
        Town: 'Thika',
        Area_Estate: 'Section 9',
        managingAgentId: own.agentId,
      },
    });
    const house = await app.inject({
      method: 'POST',
      url: '/api/house/addhouse',
      headers: manager.auth,
      payload: {
        PropId: prop.json().PropId,
        House_number: 'O1',
        Description: 'Flat',
        Rent: '9000',
        Deposit: '9000',
      },
    });
    const client = await app.inject({
      method: 'POST',
      url: '/api/client/register',
      headers: manager.auth,
      payload: {
        First_name: 'Kamau',
        Last_name: 'Njoroge',
        Email: 'kamau.n@example.com',
        PhoneNo: '0722333444',
        CapturingAgentId: manager.agentId,
      },
    });
    const tenancyId = await bookOk(app, manager, house.json().HouseId, client.json().clientNo);

    const seen = await app.inject({
      method: 'GET',
      url: `/api/tenancy/getactivetenanciesbylandlordno?landlordNumber=${own.clientNo}&managingAgentId=${own.agentId}`,
      headers: own.auth,
    });
    expect(seen.json().map((t: { TenancyId: number }) => t.TenancyId)).toEqual([tenancyId]);
    expect((await statementOf(app, own, tenancyId)).statusCode).toBe(200);
    const other = await app.inject({
      method: 'GET',
      url: `/api/tenancy/getactivetenanciesbylandlordno?landlordNumber=${landlordUser.clientNo}&managingAgentId=${own.agentId}`,
      headers: own.auth,
    });
    expect(other.statusCode).toBe(404);
  });
});
