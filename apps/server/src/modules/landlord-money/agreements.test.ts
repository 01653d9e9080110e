import { LANDLORD_MESSAGES } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signedInUser } from '../../test/accounts';
import { contractUser, landlordAccount } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, estate, type Agency } from '../../test/estate';
import { setAgreement } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const agreements = (agency: Agency, propId: number) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/agreements?managingAgentId=${agency.agentId}&PropId=${propId}`, headers: agency.auth });
const kraPin = (agency: Agency, landlordNo: number, pin: string) =>
  app.inject({ method: 'POST', url: '/api/landlord-money/kra-pin', headers: agency.auth, payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, KraPin: pin } });

describe('management agreements', () => {
  it('keeps each change from its day on, commission with two decimals', async () => {
    const agency = await agencyWithOwner(app);
    const { propId } = await estate(app, agency);
    // Each payout method keeps only its own details: a phone sent with a bank payout, or a bank with M-Pesa, is not kept.
    const first = await setAgreement(app, agency, propId, { CommissionPercent: '8.25', WithholdTax: true, PayoutPhone: '0712345678' });
    expect(first.statusCode).toBe(200);
    const later = await setAgreement(app, agency, propId, {
      EffectiveFrom: '2026-07-01',
      CommissionPercent: 10,
      FixedFee: '1,500',
      CommissionKinds: ['rent', 'water'],
      PropertyUse: 'commercial',
      PayoutMethod: 'mpesa',
      PayoutPhone: '0712345678',
      RemittanceDay: 12,
      ApprovalThreshold: '5,000',
    });
    expect(later.statusCode).toBe(200);
    const listed = (await agreements(agency, propId)).json();
    expect(listed).toEqual([
      {
        AgreementId: later.json().AgreementId,
        PropId: propId,
        KraAppointedOn: null,
        KraAppointmentRef: null,
        EffectiveFrom: '2026-07-01',
        CommissionPercent: '10.00',
        FixedFee: 1500,
        CommissionKinds: ['rent', 'water'],
        WithholdTax: false,
        PropertyUse: 'commercial',
        PayoutMethod: 'mpesa',
        PayoutBank: '',
        PayoutAccount: '',
        PayoutPhone: '0712345678',
        RemittanceDay: 12,
        ApprovalThreshold: 5000,
        NoCommission: false,
      },
      {
        AgreementId: first.json().AgreementId,
        PropId: propId,
        KraAppointedOn: '2026-01-05',
        KraAppointmentRef: 'KRA/WHT/2026/001',
        EffectiveFrom: '2026-06-10',
        CommissionPercent: '8.25',
        FixedFee: 0,
        CommissionKinds: ['rent'],
        WithholdTax: true,
        PropertyUse: 'residential',
        PayoutMethod: 'bank',
        PayoutBank: 'KCB',
        PayoutAccount: '1234567890',
        PayoutPhone: '',
        RemittanceDay: 5,
        ApprovalThreshold: null,
        NoCommission: false,
      },
    ]);
  });

  it('refuses a past day, a bad percentage and missing payout details with clear messages, saving nothing', async () => {
    const agency = await agencyWithOwner(app);
    const { propId } = await estate(app, agency);
    const past = await setAgreement(app, agency, propId, { EffectiveFrom: '2026-05-31' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(LANDLORD_MESSAGES.dateInPast);
    const percent = await setAgreement(app, agency, propId, { CommissionPercent: '10.005' });
    expect(percent.json().errors).toContainEqual(expect.objectContaining({ message: LANDLORD_MESSAGES.percentInvalid }));
    expect((await setAgreement(app, agency, propId, { CommissionPercent: '100.01' })).statusCode).toBe(400);
    const bank = await setAgreement(app, agency, propId, { PayoutAccount: '' });
    expect(bank.json().errors).toContainEqual(expect.objectContaining({ message: LANDLORD_MESSAGES.bankRequired }));
    const day = await setAgreement(app, agency, propId, { RemittanceDay: 31 });
    expect(day.json().errors).toContainEqual(expect.objectContaining({ message: LANDLORD_MESSAGES.dayInvalid }));
    expect((await agreements(agency, propId)).json()).toEqual([]);
  });

  it('is for agency accounts, their admins, their own properties', async () => {
    const agency = await agencyWithOwner(app);
    const { propId } = await estate(app, agency);
    const other = await agencyWithOwner(app);
    expect((await setAgreement(app, other, propId)).statusCode).toBe(404);
    expect((await agreements(other, propId)).statusCode).toBe(404);

    const clerk = await signedInUser(app);
    await contractUser(app, agency.agentId, clerk.userNo);
    expect((await setAgreement(app, { ...clerk, agentId: agency.agentId }, propId)).statusCode).toBe(403);

    const landlord = await agencyWithOwner(app, landlordAccount);
    const own = await estate(app, landlord);
    const refused = await setAgreement(app, landlord, own.propId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LANDLORD_MESSAGES.noAgreementsForLandlordAccount);
  });
});

describe('KRA PINs of landlord clients', () => {
  it('takes a letter, nine digits and a letter, and refuses anything else', async () => {
    const agency = await agencyWithOwner(app);
    const { landlordNo } = await estate(app, agency);
    expect((await kraPin(agency, landlordNo, 'a123456789b')).statusCode).toBe(200);
    for (const bad of ['A12345678B', '1123456789B', 'A123456789', 'AB23456789C', '']) {
      const res = await kraPin(agency, landlordNo, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(LANDLORD_MESSAGES.pinInvalid);
    }
    expect((await kraPin(await agencyWithOwner(app), landlordNo, 'A123456789B')).statusCode).toBe(404);
  });
});

describe('the landlord-money setup checklist (issue 32, point 7)', () => {
  const setup = (agency: Agency) =>
    app.inject({ method: 'GET', url: `/api/landlord-money/setup?managingAgentId=${agency.agentId}`, headers: agency.auth });

  it('names each property without an agreement and each landlord without a KRA PIN until they are in', async () => {
    const agency = await agencyWithOwner(app);
    const { propId, landlordNo } = await estate(app, agency);
    const first = (await setup(agency)).json();
    expect(first.Complete).toBe(false);
    expect(first.MissingAgreements).toEqual([expect.objectContaining({ PropId: propId, LandlordNo: landlordNo, Landlord_name: expect.stringMatching(/\S/) })]);
    expect(first.MissingPins).toEqual([{ LandlordNo: landlordNo, Landlord_name: first.MissingAgreements[0].Landlord_name }]);
    expect((await kraPin(agency, landlordNo, 'A123456789B')).statusCode).toBe(200);
    expect((await setup(agency)).json()).toMatchObject({ Complete: false, MissingPins: [] });
    expect((await setAgreement(app, agency, propId, { CommissionPercent: '0.00', NoCommission: true })).statusCode).toBe(200);
    expect((await setup(agency)).json()).toEqual({ Complete: true, MissingAgreements: [], MissingPins: [] });
    expect((await setup(await agencyWithOwner(app))).json()).toEqual({ Complete: true, MissingAgreements: [], MissingPins: [] });
    // A landlord's own account has no agreements to set up, whatever its properties.
    const own = await agencyWithOwner(app, landlordAccount);
    await estate(app, own);
    expect((await setup(own)).json()).toEqual({ Complete: true, MissingAgreements: [], MissingPins: [] });
  });
});
