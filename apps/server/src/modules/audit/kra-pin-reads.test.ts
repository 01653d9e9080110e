import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { setAgreement } from '../../test/landlord';

// Issue 34: "The audit trail records reads of ID numbers and KRA PINs". A
// landlord's KRA PIN is read wherever it is served: the balances, the MRI
// report and its sheets, the certificate, the owner statement.
describe('the audit trail of KRA PINs shown', () => {
  const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
  let app: FastifyInstance;
  let agency: Agency;
  let landlordNo: number;
  let ip = 0;

  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    agency = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
    landlordNo = place.landlordNo;
    await setAgreement(app, agency, place.propId, { WithholdTax: true });
    const tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
    expect((await pay(app, agency, tenancyId, '20,000', 'kra-pin-reads-1')).statusCode).toBe(200);
    const pin = await app.inject({
      method: 'POST',
      url: '/api/landlord-money/kra-pin',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, KraPin: 'A123456789B' },
    });
    expect(pin.statusCode, pin.body).toBe(200);
  });
  afterAll(() => app.close());

  const pinReads = async (from: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/audit/events?managingAgentId=${agency.agentId}&table=landlord_tax_details&recordId=${landlordNo}`,
        headers: agency.auth,
      })
    )
      .json()
      .events.filter((e: { action: string; ip: string }) => e.action === 'read' && e.ip === from);

  const cases: [string, string, (body: string) => void][] = [
    ['the landlords’ balances', 'balances?', (b) => expect(b).toContain('A123456789B')],
    ['the MRI report', 'mri?month=2026-06&', (b) => expect(b).toContain('A123456789B')],
    ['the MRI sheet', 'mri.csv?month=2026-06&', (b) => expect(b).toContain('A123456789B')],
    ['the MRI filing sheet', 'mri-filing.csv?month=2026-06&', (b) => expect(b).toContain('A123456789B')],
    ['the owner statement', `owner-statement?LandlordNo=${0}&month=2026-06&`, (b) => expect(b).toContain('A123456789B')],
    ['the owner statement PDF', `owner-statement.pdf?LandlordNo=${0}&month=2026-06&`, () => undefined],
    ['the MRI certificate', `mri/certificate.pdf?LandlordNo=${0}&month=2026-06&`, () => undefined],
  ];

  for (const [what, path, holds] of cases) {
    it(`records who was shown a landlord's KRA PIN on ${what}`, async () => {
      const from = `203.0.113.${100 + ++ip}`;
      const res = await app.inject({
        method: 'GET',
        url: `/api/landlord-money/${path.replace('LandlordNo=0', `LandlordNo=${landlordNo}`)}managingAgentId=${agency.agentId}`,
        headers: agency.auth,
        remoteAddress: from,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      holds(res.body);
      expect(await pinReads(from)).toEqual([
        expect.objectContaining({ userNo: agency.userNo, changes: { kra_pin: ['[read]', '[read]'] } }),
      ]);
    });
  }
});
