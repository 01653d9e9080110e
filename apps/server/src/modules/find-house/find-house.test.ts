import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houses } from '../../db/schema';
import { contractUser } from '../../test/agents';
import { signedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, type Agency } from '../../test/estate';
import { findHouseService } from './service';

let app: FastifyInstance;
let publisher: Agency;
let quiet: Agency;
let let_: number;
let notReady: number;
beforeAll(async () => {
  app = await createTestApp();
  publisher = await agencyWithOwner(app);
  quiet = await agencyWithOwner(app);
  const place = await estate(app, publisher, { houses: 4, rent: '12,000', deposit: '24,000', name: 'Jacaranda Court' });
  let_ = place.houseIds[0]!;
  await bookOk(app, publisher, let_, await place.tenant('Secretive'));
  notReady = place.houseIds[1]!;
  await app.database.db.update(houses).set({ readiness: 2 }).where(eq(houses.houseId, notReady));
  await estate(app, quiet, { houses: 2, name: 'Hidden Gardens' });
});
afterAll(() => app.close());

const find = (query = '') => app.inject({ method: 'GET', url: `/api/findhouse/vacanthouses${query}` });
const setListing = (who: Agency, body: object) =>
  app.inject({ method: 'POST', url: '/api/agent/vacancylisting', headers: who.auth, payload: { managingAgentId: who.agentId, ...body } });

describe('Find House', () => {
  it('shows nothing until an agency chooses to publish', async () => {
    const res = await find();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 0, houses: [] });
  });

  it("an admin's listing starts unpublished with the owner's contact", async () => {
    const res = await app.inject({ method: 'GET', url: `/api/agent/vacancylisting?managingAgentId=${publisher.agentId}`, headers: publisher.auth });
    expect(res.json()).toEqual({ Published: false, EnquiryPhone: publisher.person.PhoneNo, EnquiryEmail: publisher.person.Email.toLowerCase() });
  });

  it('lists the vacant, ready houses of publishing agencies only, to anyone, with the enquiry contact', async () => {
    expect((await setListing(publisher, { Published: true, EnquiryPhone: '0700111222', EnquiryEmail: 'lettings@jacaranda.co.ke' })).statusCode).toBe(200);
    const res = await find();
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.houses.map((h: { HouseId: number }) => h.HouseId)).not.toContain(let_);
    expect(body.houses.map((h: { HouseId: number }) => h.HouseId)).not.toContain(notReady);
    expect(body.houses[0]).toEqual({
      HouseId: expect.any(Number),
      Property_name: 'Jacaranda Court',
      House_number: expect.any(String),
      Description: 'Two bedroom',
      Rent: 12000,
      Deposit: 24000,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Westlands',
      AgencyName: 'Baraka Homes',
      EnquiryPhone: '0700111222',
      EnquiryEmail: 'lettings@jacaranda.co.ke',
    });
    // Nothing of the agency's people: no tenant, no landlord, no owner details.
    expect(res.body).not.toMatch(/secretive|landlord|@example\.co\.ke/i);
    expect(res.body).not.toContain('Hidden Gardens');
  });

  it('filters by place and rent range, and pages', async () => {
    expect((await find('?county=nair&town=NAIROBI&estate=west')).json().total).toBe(2);
    expect((await find('?estate=karen')).json().total).toBe(0);
    expect((await find('?minRent=12,000&maxRent=12000')).json().total).toBe(2);
    expect((await find('?maxRent=11999.99')).json().total).toBe(0);
    const wrong = await find('?minRent=20000&maxRent=100');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The lowest rent must not be above the highest');
    expect((await find('?page=2')).json()).toMatchObject({ page: 2, houses: [] });
  });

  it('stops listing as soon as the agency unpublishes', async () => {
    await setListing(publisher, { Published: false, EnquiryPhone: '0700111222', EnquiryEmail: 'lettings@jacaranda.co.ke' });
    expect((await find()).json().total).toBe(0);
    await setListing(publisher, { Published: true, EnquiryPhone: '0700111222', EnquiryEmail: 'lettings@jacaranda.co.ke' });
  });

  it('only the admin changes the listing; another agency cannot', async () => {
    const worker = await signedInUser(app);
    await contractUser(app, publisher.agentId, worker.userNo);
    const hired = await app.inject({
      method: 'POST',
      url: '/api/agent/vacancylisting',
      headers: worker.auth,
      payload: { managingAgentId: publisher.agentId, Published: false, EnquiryPhone: '0700000000', EnquiryEmail: 'x@example.com' },
    });
    expect(hired.statusCode).toBe(403);
    const rival = await app.inject({
      method: 'POST',
      url: '/api/agent/vacancylisting',
      headers: quiet.auth,
      payload: { managingAgentId: publisher.agentId, Published: false, EnquiryPhone: '0700000000', EnquiryEmail: 'x@example.com' },
    });
    expect(rival.statusCode).toBe(404);
    expect((await find()).json().total).toBe(2);
  });

  it('every process sees a listing change as soon as it commits, whoever made it', async () => {
    // A second service is a second process: its own cache over the same database.
    const other = findHouseService({ db: app.database.db, clock: app.clock });
    const rents = async () => (await other.vacantHouses({}, 1)).houses.map((h) => h.Rent);
    expect(await rents()).toEqual([12000, 12000]);
    expect((await find()).json().total).toBe(2);

    const house = (await find()).json().houses[0].HouseId as number;
    await app.database.db.update(houses).set({ rentCents: 950_000 }).where(eq(houses.houseId, house));
    expect(await rents()).toEqual([9500, 12000]);
    expect((await find()).json().houses.map((h: { Rent: number }) => h.Rent)).toEqual([9500, 12000]);

    await app.database.db.execute(sql`UPDATE agents SET agent_name = 'Baraka Lettings' WHERE agent_id = ${publisher.agentId}`);
    expect((await other.vacantHouses({}, 1)).houses[0]!.AgencyName).toBe('Baraka Lettings');

    await setListing(publisher, { Published: false, EnquiryPhone: '0700111222', EnquiryEmail: 'lettings@jacaranda.co.ke' });
    expect((await other.vacantHouses({}, 1)).total).toBe(0);
    await setListing(publisher, { Published: true, EnquiryPhone: '0700111222', EnquiryEmail: 'lettings@jacaranda.co.ke' });
    expect((await other.vacantHouses({}, 1)).total).toBe(2);

    await bookOk(app, publisher, house, await (await estate(app, publisher, { houses: 1 })).tenant('Latecomer'));
    expect((await other.vacantHouses({}, 1)).houses.map((h) => h.HouseId)).not.toContain(house);
  });
});
