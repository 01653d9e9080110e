import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { setAgreement } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

/** A landlord with rent collected, so the balances list them. */
async function landlordWithRent(agency: Agency, n: number) {
  const place = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
  expect((await setAgreement(app, agency, place.propId, { WithholdTax: true })).statusCode).toBe(200);
  const tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
  expect((await pay(app, agency, tenancyId, '20,000', `balances-pin-reads-${n}`)).statusCode).toBe(200);
  return place.landlordNo;
}

describe('the landlords’ balances in the audit trail', () => {
  it('record a read of the KRA PIN of each landlord they show one for, and of no other landlord', async () => {
    const agency = await agencyWithOwner(app);
    const withPin = await landlordWithRent(agency, 1);
    const withoutPin = await landlordWithRent(agency, 2);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/kra-pin',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, LandlordNo: withPin, KraPin: 'A123456789B' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = await app.inject({
      method: 'GET',
      url: `/api/landlord-money/balances?managingAgentId=${agency.agentId}`,
      headers: agency.auth,
    });
    expect(shown.statusCode).toBe(200);
    const reads = async (landlordNo: number) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/audit/events?managingAgentId=${agency.agentId}&table=landlord_tax_details&recordId=${landlordNo}`,
          headers: agency.auth,
        })
      )
        .json()
        .events.filter((e: { action: string }) => e.action === 'read');
    expect(await reads(withPin)).toHaveLength(1);
    expect(await reads(withoutPin)).toEqual([]);
  });
});
