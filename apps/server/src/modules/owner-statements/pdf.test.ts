import type { OwnerStatement } from '@makazi/domain';
import { describe, expect, it } from 'vitest';
import { pdfWords } from '../../test/pdf-text';
import { ownerStatementPdf } from './pdf';

const statement: OwnerStatement = {
  Agency: 'Tumaini Homes',
  LandlordNo: 7,
  Landlord_name: 'Omondi Otieno',
  KraPin: null,
  Month: '2026-06',
  From: '2026-06-01',
  To: '2026-06-30',
  OpeningBalance: 0,
  BroughtForward: 0,
  Houses: [{ PropId: 1, Property_name: 'Tumaini Court', HouseId: 2, House_number: 'A1', TenancyId: null, Tenant_name: null, RentCharged: 0, RentCollected: 0, Arrears: 0, Vacant: true }],
  RentCharged: 0,
  Collected: 1300,
  RentCollected: 0,
  ChargesCollected: 1300,
  PassedOn: 300,
  Commission: 100,
  Vat: 0,
  VatPin: null,
  TaxWithheld: 0,
  Expenses: [],
  ExpensesTotal: 0,
  Payouts: [],
  PayoutsTotal: 0,
  ClosingBalance: 900,
  Closed: false,
  IssuedAt: null,
  LateItems: [],
  PaidOnward: [
    { PaymentId: 4, Date: '2026-06-20', Property_name: 'Tumaini Court', Charge: 'charge:9', Charge_name: 'Garbage', Payee: 'Kileleshwa Waste Ltd', Method: 'mpesa', Reference: 'QWE123', Amount: 200 },
  ],
  PaidOnwardTotal: 200,
  OwedOnward: 100,
  FeesTransferred: 0,
  VacantHouses: 1,
};

describe('the owner statement PDF', () => {
  it('is headed in the landlord’s language, figures the same', async () => {
    const en = pdfWords(await ownerStatementPdf(statement, new Date('2026-07-01T09:00:00Z')));
    expect(en).toContain('Owner statement for June 2026');
    expect(en).toContain('Less passed on to third parties');
    const sw = pdfWords(await ownerStatementPdf(statement, new Date('2026-07-01T09:00:00Z'), 'sw'));
    expect(sw).toContain('Taarifa ya mwenye nyumba ya mwezi 06/2026');
    expect(sw).toContain('Ukiondoa zilizopitishwa kwa wengine');
    expect(sw).toContain('Salio la mwisho');
    expect(sw).toContain('900.00');
    expect(sw).not.toContain('Owner statement');
  });

  it('shows pass-through money paid onward apart from the landlord’s account, and what stays owed onward', async () => {
    const en = pdfWords(await ownerStatementPdf(statement, new Date('2026-07-01T09:00:00Z')));
    expect(en).toContain('Pass-through charges paid onward (not your money)');
    expect(en).toContain('Kileleshwa Waste Ltd');
    expect(en).toContain('Still owed onward at the end of the month (Ksh): 100.00');
    const sw = pdfWords(await ownerStatementPdf(statement, new Date('2026-07-01T09:00:00Z'), 'sw'));
    expect(sw).toContain('Tozo zinazopitishwa zilizolipwa kwa wahusika (si pesa yako)');
    expect(sw).toContain('Bado zinadaiwa na wahusika mwishoni mwa mwezi (Ksh): 100.00');
    expect(sw).not.toContain('paid onward');
    const none = pdfWords(await ownerStatementPdf({ ...statement, PassedOn: 0, PaidOnward: [], PaidOnwardTotal: 0, OwedOnward: 0 }, new Date('2026-07-01T09:00:00Z')));
    expect(none).not.toContain('paid onward');
  });
});
