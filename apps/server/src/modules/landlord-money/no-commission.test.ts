import { LANDLORD_MESSAGES } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { landlordBalances, setAgreement } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `no-commission-${++seq}`;
const agreements = (agency: Agency, propId: number) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/agreements?managingAgentId=${agency.agentId}&PropId=${propId}`, headers: agency.auth });
const setup = (agency: Agency) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/setup?managingAgentId=${agency.agentId}`, headers: agency.auth });
const register = (agency: Agency, fields: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/properties/registerProperty',
    headers: agency.auth,
    payload: { Property_name: `Amani Flats ${++seq}`, Rental_units: 2, County: 'Nairobi', Town: 'Nairobi', Area_Estate: 'Kilimani', managingAgentId: agency.agentId, ...fields },
  });

describe('an agency cannot start wrong: the agreement, or an explicit "no commission" (decision 048)', () => {
  it('asks an agency for the agreement of the property it registers, never a landlord’s own account', async () => {
    const agency = await agencyWithOwner(app);
    const { landlordNo } = await estate(app, agency);
    const added = await register(agency, { LandlordNo: landlordNo });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ AgreementNeeded: true });

    const own = await register(await agencyWithOwner(app, landlordAccount));
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ AgreementNeeded: false });
  });

  it('refuses a 0% agreement the clerk did not mark "no commission", and "no commission" with a percentage or a fee; nothing is saved', async () => {
    const agency = await agencyWithOwner(app);
    const { propId } = await estate(app, agency);
    for (const [fields, message] of [
      [{ CommissionPercent: '0.00' }, LANDLORD_MESSAGES.zeroNotChosen],
      [{ CommissionPercent: '0', FixedFee: '0' }, LANDLORD_MESSAGES.zeroNotChosen],
      [{ CommissionPercent: '5.00', NoCommission: true }, LANDLORD_MESSAGES.noCommissionTakesNone],
      [{ CommissionPercent: '0.00', FixedFee: '1,000', NoCommission: true }, LANDLORD_MESSAGES.noCommissionTakesNone],
    ] as const) {
      const res = await setAgreement(app, agency, propId, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await agreements(agency, propId)).json()).toEqual([]);
    expect((await setup(agency)).json().MissingAgreements).toEqual([expect.objectContaining({ PropId: propId })]);
  });

  it('records "no commission": the checklist counts the property set up, rent carries no commission and the tax is still withheld', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    const saved = await setAgreement(app, agency, propId, { CommissionPercent: '0.00', NoCommission: true, WithholdTax: true, CommissionKinds: ['rent', 'water'] });
    expect(saved.statusCode).toBe(200);
    expect((await agreements(agency, propId)).json()).toEqual([
      expect.objectContaining({ CommissionPercent: '0.00', FixedFee: 0, NoCommission: true, CommissionKinds: [], WithholdTax: true }),
    ]);
    expect((await setup(agency)).json().MissingAgreements).toEqual([]);

    await pay(app, agency, await bookOk(app, agency, houseIds[0]!, await tenant()), '20,000', key());
    expect(await landlordBalances(app, agency)).toEqual([
      expect.objectContaining({ Collected: 20000, Commission: 0, TaxWithheld: 1500, Balance: 18500 }),
    ]);
    const statement = await app.inject({
      method: 'GET',
      url: `/api/landlord-money/owner-statement?managingAgentId=${agency.agentId}&LandlordNo=${(await landlordBalances(app, agency))[0]!.LandlordNo}&month=2026-06`,
      headers: agency.auth,
    });
    expect(statement.json()).toMatchObject({ Commission: 0, TaxWithheld: 1500, ClosingBalance: 18500 });

    // A later agreement with commission replaces the choice from its day on; the record says which is which.
    expect((await setAgreement(app, agency, propId, { EffectiveFrom: '2026-07-01', CommissionPercent: '8.00' })).statusCode).toBe(200);
    expect((await agreements(agency, propId)).json()).toMatchObject([
      { EffectiveFrom: '2026-07-01', NoCommission: false, CommissionPercent: '8.00' },
      { EffectiveFrom: '2026-06-10', NoCommission: true },
    ]);
  });
});
