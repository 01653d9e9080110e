import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain, signedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, type Agency } from '../../test/estate';
import { landlordBalances, linkedLandlord, owedOnward, payOnward, reverseOnward, setAgreement, trustOf } from '../../test/landlord';

/**
 * Pass-through money paid onward (docs/decisions/031-pass-through-payments.md):
 * garbage a tenant paid is owed to the county's contractor; paying it clears
 * the payable in the trust identity, never above what is owed onward for the
 * property and charge, once per form, reversible with a reason, shown on the
 * owner statement apart from the landlord's money.
 */
const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

let seq = 0;
const key = () => `pass-through-key-${++seq}`;
const get = (agency: Agency, path: string) =>
  app.inject({ method: 'GET', url: `/api/landlord-money/${path}managingAgentId=${agency.agentId}`, headers: agency.auth });

/** A property let at 20,000 at 10%, with a service charge of 1,000 (the landlord's) and garbage of 300 (passed through), booked. */
async function letWithGarbage(agency: Agency) {
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 1, rent: '20,000', deposit: '0' });
  expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
  const api = chargesApi(app);
  const service = await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,000', FromMonth: '2026-06' });
  const garbage = await api.addCharge(agency, { PropId: propId, Name: 'Garbage', Amount: 300, PassThrough: true, FromMonth: '2026-06' });
  const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  return { propId, landlordNo, tenancyId, garbage: `charge:${garbage.json().ChargeId}`, service: `charge:${service.json().ChargeId}` };
}

/** One such property, all paid for June. */
async function paid() {
  const agency = await agencyWithOwner(app);
  const { tenancyId, ...let_ } = await letWithGarbage(agency);
  expect((await runInvoices(app, agency)).statusCode).toBe(200);
  const receipt = await pay(app, agency, tenancyId, '21,300', key());
  expect(receipt.statusCode).toBe(200);
  return { agency, ...let_, receiptTxnId: receipt.json().TransactionId as number };
}

describe('pass-through money paid onward', () => {
  it('pays up to what the property owes onward on the charge, clears the payable, and leaves the landlord’s balance alone', async () => {
    const { agency, propId, garbage } = await paid();
    expect(await owedOnward(app, agency)).toEqual([expect.objectContaining({ PropId: propId, Charge: garbage, Charge_name: 'Garbage', Collected: 300, PaidOnward: 0, Owed: 300 })]);
    const before = (await landlordBalances(app, agency))[0]!;

    const over = await payOnward(app, agency, propId, garbage, '300.01', key());
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^The payment of Ksh 300.01 is more than the Ksh 300.00 owed onward for Garbage at .+$/);
    expect(await trustOf(app, agency)).toMatchObject({ PassThroughPayable: 300, Difference: 0 });

    const ok = await payOnward(app, agency, propId, garbage, '200', key());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Payment onward recorded', PaymentId: expect.any(Number) });
    expect(await owedOnward(app, agency)).toEqual([expect.objectContaining({ Collected: 300, PaidOnward: 200, Owed: 100 })]);
    expect(await trustOf(app, agency)).toMatchObject({ Received: 21300, PaidOut: 200, PassThroughPayable: 100, OwedToLandlords: before.Balance, Difference: 0 });
    expect((await landlordBalances(app, agency))[0]).toMatchObject({ Balance: before.Balance, PassedOn: 300, PaidOnward: 200 });

    // The rest, to the cent; then nothing more.
    expect((await payOnward(app, agency, propId, garbage, '100', key())).statusCode).toBe(200);
    expect((await trustOf(app, agency)).PassThroughPayable).toBe(0);
    const more = await payOnward(app, agency, propId, garbage, '0.01', key());
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toContain('more than the Ksh 0.00 owed onward');
  });

  it('records a payment once, however often the form is sent; the same key with other details is a conflict', async () => {
    const { agency, propId, garbage } = await paid();
    const k = key();
    const [a, b] = await Promise.all([payOnward(app, agency, propId, garbage, '150', k), payOnward(app, agency, propId, garbage, '150', k)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().PaymentId).toBe(b.json().PaymentId);
    expect(await owedOnward(app, agency)).toEqual([expect.objectContaining({ PaidOnward: 150, Owed: 150 })]);
    expect((await payOnward(app, agency, propId, garbage, '100', k)).statusCode).toBe(409);
    expect((await trustOf(app, agency)).Difference).toBe(0);
  });

  it('the same form key for another charge or another property is a conflict, even at the same amount', async () => {
    const { agency, propId, garbage } = await paid();
    const { propId: otherProp, garbage: otherGarbage } = await letWithGarbage(agency);
    const k = key();
    expect((await payOnward(app, agency, propId, garbage, '100', k)).statusCode).toBe(200);
    const otherCharge = await payOnward(app, agency, propId, otherGarbage, '100', k);
    expect(otherCharge.statusCode).toBe(409);
    expect(otherCharge.json().message).toBe('This payment was already recorded with other details');
    expect((await payOnward(app, agency, otherProp, garbage, '100', k)).statusCode).toBe(409);
    expect(await owedOnward(app, agency)).toEqual(
      expect.arrayContaining([expect.objectContaining({ PropId: propId, PaidOnward: 100, Owed: 200 })]),
    );
  });

  it('lists a payment onward with what the form said, paid and not reversed', async () => {
    const { agency, propId, landlordNo, garbage } = await paid();
    const paymentId = (await payOnward(app, agency, propId, garbage, '120.50', key(), { Note: 'June collection' })).json().PaymentId as number;
    expect((await get(agency, 'pass-through/payments?')).json()).toEqual([
      {
        PaymentId: paymentId,
        PropId: propId,
        Property_name: expect.any(String),
        LandlordNo: landlordNo,
        Charge: garbage,
        Charge_name: 'Garbage',
        Payee: 'Kileleshwa Waste Ltd',
        PaidOn: '2026-06-10',
        Amount: 120.5,
        Method: 'mpesa',
        Reference: 'QWE123RTY',
        Note: 'June collection',
        Status: 'paid',
        ReversalReason: null,
      },
    ]);
    expect((await owedOnward(app, agency))[0]).toMatchObject({ LandlordNo: landlordNo, Landlord_name: expect.stringMatching(/\S/), Owed: 179.5 });
  });

  it('one form key sent at once for two landlords’ properties: one payment, the other a conflict, never a failure', async () => {
    const agency = await agencyWithOwner(app);
    const first = await letWithGarbage(agency);
    const second = await letWithGarbage(agency);
    expect(second.landlordNo).not.toBe(first.landlordNo);
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    for (const { tenancyId } of [first, second]) expect((await pay(app, agency, tenancyId, '21,300', key())).statusCode).toBe(200);
    const k = key();
    const answers = await Promise.all([
      payOnward(app, agency, first.propId, first.garbage, '100', k),
      payOnward(app, agency, second.propId, second.garbage, '100', k),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This payment was already recorded with other details');
    expect((await trustOf(app, agency)).Difference).toBe(0);
  });

  it('refuses another agency’s property, a charge not passed through, a future date, and a missing payee', async () => {
    const { agency, propId, garbage, service } = await paid();
    const other = await agencyWithOwner(app);
    expect((await payOnward(app, other, propId, garbage, '1', key())).statusCode).toBe(404);
    const landlords = await payOnward(app, agency, propId, service, '1', key());
    expect(landlords.statusCode).toBe(400);
    expect(landlords.json().message).toBe('Nothing is owed onward for this charge at this property');
    expect((await payOnward(app, agency, propId, garbage, '1', key(), { PaidOn: '2026-06-11' })).statusCode).toBe(400);
    const noPayee = await payOnward(app, agency, propId, garbage, '1', key(), { Payee: ' ' });
    expect(noPayee.statusCode).toBe(400);
    expect(noPayee.json().message).toBe('Enter who was paid');
    expect((await payOnward(app, agency, propId, 'rent', '1', key())).statusCode).toBe(400);
    expect(await owedOnward(app, agency)).toEqual([expect.objectContaining({ PaidOnward: 0, Owed: 300 })]);
  });

  it('a reversal with a reason makes the money owed onward again, once; another agency cannot reverse it', async () => {
    const { agency, propId, garbage } = await paid();
    const paymentId = (await payOnward(app, agency, propId, garbage, '300', key())).json().PaymentId as number;
    expect((await reverseOnward(app, agency, paymentId, ' ')).statusCode).toBe(400);
    expect((await reverseOnward(app, await agencyWithOwner(app), paymentId)).statusCode).toBe(404);
    const [a, b] = await Promise.all([reverseOnward(app, agency, paymentId), reverseOnward(app, agency, paymentId)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await trustOf(app, agency)).toMatchObject({ PaidOut: 0, PassThroughPayable: 300, Difference: 0 });
    const list = (await get(agency, 'pass-through/payments?')).json();
    expect(list).toEqual([expect.objectContaining({ PaymentId: paymentId, Status: 'reversed', ReversalReason: 'Paid to the wrong company', Amount: 300 })]);
  });

  it('a tenant’s receipt reversed after its garbage was paid onward: the identity holds, nothing more may be paid onward', async () => {
    const { agency, propId, garbage, receiptTxnId } = await paid();
    expect((await payOnward(app, agency, propId, garbage, '300', key())).statusCode).toBe(200);
    expect((await reverse(app, agency, receiptTxnId, 'Bounced cheque')).statusCode).toBe(200);
    expect(await trustOf(app, agency)).toMatchObject({ PassThroughPayable: -300, Difference: 0 });
    const more = await payOnward(app, agency, propId, garbage, '1', key());
    expect(more.statusCode).toBe(400);
    // Paid onward more than is now owed: the refusal says nothing is owed, never "Ksh -300.00".
    expect(more.json().message).toContain('more than the Ksh 0.00 owed onward');
  });

  it('the owner statement shows it apart from the landlord’s money, on screen, in the CSV and in the landlord’s own view', async () => {
    const { agency, propId, landlordNo, garbage } = await paid();
    expect((await payOnward(app, agency, propId, garbage, '200', key(), { Reference: 'MPESA-XYZ' })).statusCode).toBe(200);
    const s = (await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=2026-06&`)).json();
    expect(s).toMatchObject({ PassedOn: 300, PaidOnwardTotal: 200, OwedOnward: 100 });
    expect(s.PaidOnward).toEqual([expect.objectContaining({ Charge_name: 'Garbage', Payee: 'Kileleshwa Waste Ltd', Method: 'mpesa', Reference: 'MPESA-XYZ', Amount: 200 })]);
    // Closing = Opening + Collected − PassedOn − Commission − Tax − Expenses − Payouts: paying onward is not in it.
    expect(s.ClosingBalance).toBe(s.OpeningBalance + s.Collected - s.PassedOn - s.Commission - s.TaxWithheld - s.ExpensesTotal - s.PayoutsTotal);
    const csv = (await get(agency, `owner-statement.csv?LandlordNo=${landlordNo}&month=2026-06&`)).body;
    expect(csv).toContain('Paid onward: Garbage');
    expect(csv).toContain('Kileleshwa Waste Ltd (mpesa MPESA-XYZ)');
    expect(csv).toMatch(/Still owed onward at month end.*100\.00/);

    const landlord = await signedInUser(app);
    const linkId = await linkedLandlord(app, agency, landlordNo, landlord);
    const theirs = (await app.inject({ method: 'GET', url: `/api/landlord-view/owner-statement?LinkId=${linkId}&month=2026-06`, headers: landlord.auth })).json();
    expect(theirs).toMatchObject({ PaidOnwardTotal: 200, OwedOnward: 100, PaidOnward: [expect.objectContaining({ Payee: 'Kileleshwa Waste Ltd', Amount: 200 })] });
  });

  it('a payment onward dated in a closed month is named in the next month by the charge, the payee and any reference', async () => {
    const { agency, propId, landlordNo, garbage } = await paid();
    const start = clock.now();
    try {
      clock.set(new Date('2026-07-02T09:00:00Z'));
      Object.assign(agency, await signInAgain(app, agency));
      const close = await app.inject({
        method: 'POST',
        url: '/api/landlord-money/month/close',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, month: '2026-06' },
      });
      expect(close.statusCode, close.body).toBe(200);
      expect((await payOnward(app, agency, propId, garbage, '100', key(), { PaidOn: '2026-06-29', Reference: 'RCPT-9' })).statusCode).toBe(200);
      expect((await payOnward(app, agency, propId, garbage, '50', key(), { PaidOn: '2026-06-30', Reference: '' })).statusCode).toBe(200);
      const july = (await get(agency, `owner-statement?LandlordNo=${landlordNo}&month=2026-07&`)).json();
      expect(july.LateItems.map((x: { Details: string }) => x.Details)).toEqual([
        'Garbage paid onward to Kileleshwa Waste Ltd RCPT-9',
        'Garbage paid onward to Kileleshwa Waste Ltd',
      ]);
    } finally {
      clock.set(start);
    }
  });
});
