import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, type Agency } from '../../test/estate';
import { sendLink } from '../../test/tenant-side';

// Decision 061: a hired user limited to chosen properties, and the caretaker.

let app: FastifyInstance;
let agency: Agency;
let other: Agency;
let mine: { propId: number; houseIds: number[]; requestId: number };
let theirs: { propId: number; houseIds: number[]; requestId: number };
let foreignPropId: number;

async function propertyWithRepair(owner: Agency, name: string) {
  const place = await estate(app, owner, { houses: 2, name });
  const tenancyId = await bookOk(app, owner, place.houseIds[0]!, await place.tenant(`${name.replace(/\W/g, '')}Tenant`));
  const token = await sendLink(app, owner, tenancyId);
  const reported = await app.inject({ method: 'POST', url: `/api/t/${token}/maintenance`, payload: { category: 'plumbing', description: `Tap at ${name}` } });
  return { propId: place.propId, houseIds: place.houseIds, requestId: Number(reported.json().requestId) };
}

beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  other = await agencyWithOwner(app);
  mine = await propertyWithRepair(agency, 'Mine Court');
  theirs = await propertyWithRepair(agency, 'Theirs Court');
  foreignPropId = (await estate(app, other, { houses: 1, name: 'Foreign Court' })).propId;
}, 60_000);
afterAll(() => app.close());

const setAccess = (who: Agency, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/agent/useraccess', headers: who.auth, payload: { managingAgentId: who.agentId, ...payload } });
const get = (who: Agency, url: string) => app.inject({ method: 'GET', url, headers: who.auth });

async function hired(): Promise<Agency & { offerId: number }> {
  const user = await signedInUser(app);
  const offerId = await contractUser(app, agency.agentId, user.userNo);
  return { ...user, agentId: agency.agentId, offerId };
}

describe('the admin sets a hired user’s role and properties', () => {
  it('makes a caretaker of one property, lists it, and refuses what does not fit', async () => {
    const user = await hired();
    expect((await setAccess(agency, { AgencyUserHireOfferId: user.offerId, Role: 5102, PropIds: [] })).json().message).toBe(
      'A caretaker needs at least one property',
    );
    expect((await setAccess(agency, { AgencyUserHireOfferId: user.offerId, Role: 5102, PropIds: [foreignPropId] })).statusCode).toBe(400);
    expect((await setAccess(agency, { AgencyUserHireOfferId: user.offerId, Role: 5201, PropIds: [] })).statusCode).toBe(400);
    expect((await setAccess(agency, { AgencyUserHireOfferId: user.offerId, Role: 5103, PropIds: [] })).statusCode).toBe(400);
    // Another agency's admin does not find the contract; the hired user is not an admin.
    expect((await setAccess(other, { AgencyUserHireOfferId: user.offerId, Role: 5101, PropIds: [] })).statusCode).toBe(404);
    expect((await setAccess(user, { AgencyUserHireOfferId: user.offerId, Role: 5101, PropIds: [] })).statusCode).toBe(403);

    const saved = await setAccess(agency, { AgencyUserHireOfferId: user.offerId, Role: 5102, PropIds: [mine.propId, mine.propId] });
    expect([saved.statusCode, saved.json().message]).toEqual([200, 'Role and properties saved']);
    const listed = (await get(agency, `/api/agent/getagentusersbyagentadminuser?managingId=${agency.agentId}`)).json();
    expect(listed.find((u: { UserNo: number }) => u.UserNo === user.userNo)).toMatchObject({ ManagingAgentUserRole: 5102, PropIds: [mine.propId] });
  });
});

describe('a caretaker works on their property only', () => {
  let caretaker: Agency;
  beforeAll(async () => {
    const user = await hired();
    await setAccess(agency, { AgencyUserHireOfferId: user.offerId, Role: 5102, PropIds: [mine.propId] });
    caretaker = user;
  });

  it('records water readings of their property, and another property of the agency is as another agency’s', async () => {
    const water = chargesApi(app);
    expect((await water.water(caretaker, mine.propId, '2026-11')).statusCode).toBe(200);
    expect((await water.water(caretaker, theirs.propId, '2026-11')).statusCode).toBe(404);
    const reading = (propId: number, houseId: number) => ({ PropId: propId, Month: '2026-11', Readings: [{ HouseId: houseId, Reading: 12, StartReading: 0 }] });
    expect((await water.saveReadings(caretaker, reading(theirs.propId, theirs.houseIds[0]!))).statusCode).toBe(404);
    const saved = await water.saveReadings(caretaker, reading(mine.propId, mine.houseIds[0]!));
    expect(saved.statusCode).toBe(200);
    // Setting the tariff and confirming stay with admins.
    expect((await water.waterTariff(caretaker, { PropId: mine.propId, UnitPrice: '150', MinimumCharge: '0' })).statusCode).toBe(403);
  });

  it('sees and moves the repairs of their property only', async () => {
    const queue = (await get(caretaker, `/api/maintenance?managingAgentId=${agency.agentId}`)).json() as { requestId: number }[];
    expect(queue.map((r) => r.requestId)).toEqual([mine.requestId]);
    const update = (requestId: number) =>
      app.inject({ method: 'POST', url: '/api/maintenance/update', headers: caretaker.auth, payload: { managingAgentId: agency.agentId, requestId, status: 'in_progress' } });
    expect((await update(theirs.requestId)).statusCode).toBe(404);
    const moved = await update(mine.requestId);
    expect([moved.statusCode, moved.json().status]).toEqual([200, 'in_progress']);
    const whole = (await get(agency, `/api/maintenance?managingAgentId=${agency.agentId}`)).json() as { requestId: number; status: string }[];
    expect(whole.find((r) => r.requestId === theirs.requestId)!.status).toBe('new');
  });

  it('is refused tenancies, money, the dashboard and exports, and reads no property list across accounts', async () => {
    for (const url of [
      `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${agency.agentId}`,
      `/api/tenancy/tenancies.csv?managingAgentId=${agency.agentId}`,
      `/api/dashboard/money?managingAgentId=${agency.agentId}`,
      `/api/landlord-money/remittance?managingAgentId=${agency.agentId}`,
    ]) {
      expect((await get(caretaker, url)).statusCode, url).toBe(403);
    }
    expect((await get(caretaker, '/api/properties/getAllProperties')).json()).toEqual([]);
    const listed = (await get(caretaker, `/api/properties/getAllPropertiesByAgentId?agentId=${agency.agentId}`)).json() as { PropId: number }[];
    expect(listed.map((p) => p.PropId)).toEqual([mine.propId]);
  });
});

describe('a clerk limited to one property', () => {
  it('lists that property only, and sees the whole account again once the limit is lifted', async () => {
    const clerk = await hired();
    await setAccess(agency, { AgencyUserHireOfferId: clerk.offerId, Role: 5101, PropIds: [mine.propId] });
    const props = async () =>
      ((await get(clerk, `/api/properties/getAllPropertiesByAgentId?agentId=${agency.agentId}`)).json() as { PropId: number }[]).map((p) => p.PropId);
    expect(await props()).toEqual([mine.propId]);
    expect((await get(clerk, `/api/house/gethousesbyPropId?PropId=${theirs.propId}`)).statusCode).toBe(404);
    expect((await get(clerk, `/api/house/gethousesbyPropId?PropId=${mine.propId}`)).statusCode).toBe(200);

    await setAccess(agency, { AgencyUserHireOfferId: clerk.offerId, Role: 5101, PropIds: [] });
    expect(await props()).toEqual([mine.propId, theirs.propId]);
    expect((await get(clerk, `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${agency.agentId}`)).statusCode).toBe(200);
  });
});
