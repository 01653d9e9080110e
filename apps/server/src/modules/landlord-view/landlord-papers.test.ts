import { LANDLORD_LINK_MESSAGES } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { inviteLandlord, linkedLandlord, payout, setAgreement } from '../../test/landlord';

const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `landlord-papers-${++seq}`;

/** 20,000 collected under 10% with tax withheld, and 5,000 paid out to the landlord. */
async function managed(agency?: Agency) {
  const a = agency ?? (await agencyWithOwner(app));
  const { propId, houseIds, tenant, landlordNo } = await estate(app, a, { houses: 1, rent: '20,000', deposit: '0' });
  await setAgreement(app, a, propId, { WithholdTax: true });
  await pay(app, a, await bookOk(app, a, houseIds[0]!, await tenant()), '20,000', key());
  const paid = await payout(app, a, landlordNo, '5,000', key());
  expect(paid.statusCode).toBe(200);
  return { agency: a, landlordNo, payoutId: paid.json().PayoutId as number };
}

const get = (who: { auth: Record<string, string> }, url: string) => app.inject({ method: 'GET', url, headers: who.auth });
const invitation = (token: string) =>
  app.inject({ method: 'POST', url: '/api/landlord-view/invitation', payload: { token } });

describe('the landlord’s papers in their own view (issue 32)', () => {
  it('gives the month’s withholding certificate and each payout’s remittance advice to the link’s landlord, and no one else’s', async () => {
    const { agency, landlordNo, payoutId } = await managed();
    const other = await managed(agency);
    const landlord = await signedInUser(app);
    const linkId = await linkedLandlord(app, agency, landlordNo, landlord);

    const certificate = await get(landlord, `/api/landlord-view/mri/certificate.pdf?LinkId=${linkId}&month=2026-06`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A month with nothing withheld has no certificate, as at the office.
    expect((await get(landlord, `/api/landlord-view/mri/certificate.pdf?LinkId=${linkId}&month=2026-05`)).statusCode).toBe(404);

    const advice = await get(landlord, `/api/landlord-view/payout/advice.pdf?LinkId=${linkId}&PayoutId=${payoutId}`);
    expect(advice.statusCode).toBe(200);
    expect(advice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The same agency's other landlord's payout does not exist for this link.
    expect(
      (await get(landlord, `/api/landlord-view/payout/advice.pdf?LinkId=${linkId}&PayoutId=${other.payoutId}`)).statusCode,
    ).toBe(404);

    // Someone without the link sees neither.
    const stranger = await signedInUser(app);
    expect((await get(stranger, `/api/landlord-view/mri/certificate.pdf?LinkId=${linkId}&month=2026-06`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/landlord-view/payout/advice.pdf?LinkId=${linkId}&PayoutId=${payoutId}`)).statusCode).toBe(404);
    // Bad input stops at the door.
    expect((await get(landlord, `/api/landlord-view/payout/advice.pdf?LinkId=${linkId}&PayoutId=x`)).statusCode).toBe(400);
    expect((await get(landlord, `/api/landlord-view/mri/certificate.pdf?LinkId=${linkId}&month=2026-13`)).statusCode).toBe(400);
  });

  it('names the agency and the landlord on the invitation’s page before anyone signs in, while the invitation is live', async () => {
    const agency = await agencyWithOwner(app);
    // A landlord with a property and no money in the books yet is invited all the same.
    const { landlordNo } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    const { token } = await inviteLandlord(app, agency, landlordNo, `papers.${++seq}@example.com`);

    const named = await invitation(token);
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ Agency: expect.stringMatching(/\S/), Landlord_name: expect.stringMatching(/^Landlord/) });
    const agencyName = named.json().Agency as string;
    expect(agencyName.length).toBeGreaterThan(0);

    // A second invitation revokes the first: its link names nobody any more.
    await inviteLandlord(app, agency, landlordNo, `papers.${++seq}@example.com`);
    const revoked = await invitation(token);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe(LANDLORD_LINK_MESSAGES.linkNotFound);
    expect((await invitation('short')).statusCode).toBe(400);
  });
});
