import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { setAgreement } from '../../test/landlord';

// Issue 36 points 3 and 4: tenants' KRA PINs, KRA's appointment before any
// withholding, and the monthly rental-tax pack with its lateness.
describe('the monthly rental-tax pack', () => {
  const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
  let app: FastifyInstance;
  let agency: Agency;
  let place: Awaited<ReturnType<typeof estate>>;
  let shop: Awaited<ReturnType<typeof estate>>;
  let idle: Awaited<ReturnType<typeof estate>>;
  let tenantNo: number;
  let shopTenancy: number;
  let shopTenantNo: number;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, ip?: string) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: agency.auth,
      ...(body ? { payload: { managingAgentId: agency.agentId, ...body } } : {}),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const packOf = async (month = '2026-06') => {
    const res = await call('GET', `/landlord-money/mri/pack?managingAgentId=${agency.agentId}&month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    agency = await agencyWithOwner(app);
    place = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0', name: 'Mvule Court' });
    shop = await estate(app, agency, { houses: 1, rent: '50,000', deposit: '0', name: 'Soko Plaza' });
    idle = await estate(app, agency, { houses: 1, rent: '9,000', deposit: '0', name: 'Tulivu Flats' });
    expect((await setAgreement(app, agency, place.propId, { WithholdTax: true })).statusCode).toBe(200);
    expect((await setAgreement(app, agency, shop.propId, { PropertyUse: 'commercial' })).statusCode).toBe(200);
    tenantNo = await place.tenant('Wanjiku');
    const tenancyId = await bookOk(app, agency, place.houseIds[0]!, tenantNo);
    shopTenantNo = await shop.tenant('Biashara');
    shopTenancy = await bookOk(app, agency, shop.houseIds[0]!, shopTenantNo);
    const first = await pay(app, agency, tenancyId, '20,000', 'rental-tax-pack-1');
    expect(first.statusCode, first.body).toBe(200);
    expect((await pay(app, agency, shopTenancy, '50,000', 'rental-tax-pack-2')).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('refuses an agreement that withholds without KRA’s written appointment, and keeps both of its parts together', async () => {
    const none = await setAgreement(app, agency, idle.propId, { WithholdTax: true, KraAppointedOn: '', KraAppointmentRef: '' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("The agency withholds a landlord's tax only with KRA's written appointment");
    const half = await setAgreement(app, agency, idle.propId, { KraAppointedOn: '2026-01-05' });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain("Enter both the date and the reference of KRA's appointment, or neither");
    const agreements = await call('GET', `/landlord-money/agreements?managingAgentId=${agency.agentId}&PropId=${place.propId}`);
    expect(agreements.json()[0]).toMatchObject({ WithholdTax: true, KraAppointedOn: '2026-01-05', KraAppointmentRef: 'KRA/WHT/2026/001' });
  });

  it('keeps a tenant’s KRA PIN as KRA writes it, refuses another shape, and records who was shown it', async () => {
    const bad = await call('POST', '/client/editclientdetails', {
      ClientNo: tenantNo,
      Full_name: 'Wanjiku Mutua',
      Email: `wanjiku.${tenantNo}@example.com`,
      PhoneNo: '0711222333',
      Kra_pin: 'A12345678B',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A KRA PIN is a letter, nine digits and a letter');
    const current = (await call('GET', `/client/getClientByClientNo?clientNo=${tenantNo}&managingAgentId=${agency.agentId}`)).json()[0];
    const ok = await call('POST', '/client/editclientdetails', {
      ClientNo: tenantNo,
      Full_name: current.Full_name,
      Email: current.Email,
      PhoneNo: current.PhoneNo,
      Kra_pin: 'p051234567q',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const read = await call('GET', `/client/getClientByClientNo?clientNo=${tenantNo}&managingAgentId=${agency.agentId}`, undefined, '203.0.113.61');
    expect(read.json()[0].Kra_pin).toBe('P051234567Q');
    const events = await call('GET', `/audit/events?managingAgentId=${agency.agentId}&table=clients&recordId=${tenantNo}`);
    expect(
      events.json().events.filter((e: { action: string; ip: string }) => e.action === 'read' && e.ip === '203.0.113.61'),
    ).toContainEqual(expect.objectContaining({ changes: { kra_pin: ['[read]', '[read]'] } }));
  });

  it('flags a business tenant without a KRA PIN on the tenancy, and not once the PIN is recorded', async () => {
    const tenancy = async () =>
      (await call('GET', `/tenancy/gettenancybyid?tenancyId=${shopTenancy}&managingAgentId=${agency.agentId}`)).json();
    expect((await tenancy()).BusinessTenantWithoutPin).toBe(true);
    const current = (await call('GET', `/client/getClientByClientNo?clientNo=${shopTenantNo}&managingAgentId=${agency.agentId}`)).json()[0];
    const ok = await call('POST', '/client/editclientdetails', {
      ClientNo: shopTenantNo,
      Full_name: current.Full_name,
      Email: current.Email,
      PhoneNo: current.PhoneNo,
      Kra_pin: 'P059999999Z',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await tenancy()).BusinessTenantWithoutPin).toBe(false);
  });

  it('lists each tenant with their PIN, the property’s KRA references, rent, tax and withholding, and a NIL line for a landlord with no rent', async () => {
    const ref = await call('POST', '/landlord-money/property-tax-ref', { PropId: place.propId, Lr_number: 'Nairobi/Block 12/345', Erits_ref: 'ERP-0042' });
    expect(ref.statusCode, ref.body).toBe(200);
    const pack = await packOf();
    expect(pack.RemittanceRule).toBe('five_working_days');
    const lines = pack.Lines as Record<string, unknown>[];
    expect(lines.find((l) => l.PropId === place.propId)).toMatchObject({
      Lr_number: 'Nairobi/Block 12/345',
      Erits_ref: 'ERP-0042',
      Tenant_pin: 'P051234567Q',
      Appointment_ref: 'KRA/WHT/2026/001',
      GrossRent: 20000,
      Tax: 1500,
      Withheld: 1500,
      WithheldOn: '2026-06-10',
      // Wednesday plus five working days.
      DueBy: '2026-06-17',
      DaysLate: 0,
      Penalty: 0,
    });
    expect(lines.find((l) => l.PropId === shop.propId)).toMatchObject({ Commercial: true, GrossRent: 50000, Tax: 0, Withheld: 0, DueBy: null });
    expect(lines.find((l) => l.LandlordNo === idle.landlordNo)).toMatchObject({ Nil: true, GrossRent: 0, Tenant_name: null });

    const csv = (await call('GET', `/landlord-money/mri/pack.csv?managingAgentId=${agency.agentId}&month=2026-06`)).body;
    expect(csv.split('\n')[0]).toContain('Landlord PIN,Landlord name,LR number,eRITS property reference,Property,Tenant PIN,Tenant name');
    expect(csv).toContain('P051234567Q');
    expect(csv).toContain('NIL');
    const pdf = await call('GET', `/landlord-money/mri/pack.pdf?managingAgentId=${agency.agentId}&month=2026-06`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('counts a late withholding toward KRA’s penalty (10% and 1% a month), by the agency’s deadline rule', async () => {
    clock.set(new Date('2026-07-20T09:00:00Z'));
    agency = await signInAgain(app, agency);
    // 33 days past 17 June: two months begun, 12% of 1,500.
    const late = (await packOf()).Lines.find((l: { PropId: number }) => l.PropId === place.propId);
    expect(late).toMatchObject({ DaysLate: 33, Penalty: 180 });
    const rule = await call('POST', '/landlord-money/mri/settings', { RemittanceRule: 'twentieth' });
    expect(rule.statusCode, rule.body).toBe(200);
    const byTwentieth = await packOf();
    expect(byTwentieth.Lines.find((l: { PropId: number }) => l.PropId === place.propId)).toMatchObject({ DueBy: '2026-07-20', DaysLate: 0, Penalty: 0 });
    expect(byTwentieth.LateCount).toBe(0);
  });

  it('records the PRN with the payment to KRA and shows it on the pack', async () => {
    const paid = await call('POST', '/landlord-money/mri/payment', {
      LandlordNo: place.landlordNo,
      month: '2026-06',
      PaidOn: '2026-07-20',
      Reference: 'KRA receipt 77',
      Prn: '2026070012345',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await packOf()).Lines.find((l: { PropId: number }) => l.PropId === place.propId)).toMatchObject({
      PaidOn: '2026-07-20',
      Prn: '2026070012345',
    });
  });
});
