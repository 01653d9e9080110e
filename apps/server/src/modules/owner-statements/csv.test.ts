import { CSV_BOM, type OwnerStatement } from '@makazi/domain';
import { describe, expect, it } from 'vitest';
import { ownerStatementCsv } from './csv';

/** A month with one of everything the spreadsheet writes, in the PDF's figures. */
const month: OwnerStatement = {
  Agency: 'Amani Agency',
  LandlordNo: 7,
  Landlord_name: 'Wanjiru Mutua',
  KraPin: 'A123456789Z',
  Month: '2026-06',
  From: '2026-06-01',
  To: '2026-06-30',
  OpeningBalance: 100,
  BroughtForward: 50,
  Houses: [
    { PropId: 1, Property_name: 'Amani Flats', HouseId: 1, House_number: 'A1', TenancyId: 3, Tenant_name: 'Juma Otieno', RentCharged: 20000, RentCollected: 18000, Arrears: 2000, Vacant: false },
    { PropId: 1, Property_name: 'Amani Flats', HouseId: 2, House_number: 'A2', TenancyId: null, Tenant_name: null, RentCharged: 0, RentCollected: 0, Arrears: 0, Vacant: true },
    { PropId: 1, Property_name: 'Amani Flats', HouseId: 3, House_number: 'A3', TenancyId: 4, Tenant_name: 'Akinyi Leaver', RentCharged: 5000, RentCollected: 5000, Arrears: 0, Vacant: true },
  ],
  RentCharged: 25000,
  Collected: 24000,
  RentCollected: 23000,
  ChargesCollected: 1000,
  PassedOn: 800,
  Commission: 2300,
  Vat: 0,
  VatPin: null,
  TaxWithheld: 1725,
  Expenses: [{ ExpenseId: 1, Date: '2026-06-10', Property_name: 'Amani Flats', House_number: 'A1', Category: 'Repairs', Payee: 'Juma Plumbers', Amount: 3000 }],
  ExpensesTotal: 3000,
  Payouts: [{ PayoutId: 1, Date: '2026-06-28', Method: 'Bank', Reference: 'FT123', Amount: 15000 }],
  PayoutsTotal: 15000,
  ClosingBalance: 1325,
  PaidOnward: [
    { PaymentId: 1, Date: '2026-06-20', Property_name: 'Amani Flats', Charge: 'service', Charge_name: 'Service charge', Payee: 'Estate Ltd', Method: 'M-Pesa', Reference: 'QK1', Amount: 600 },
    { PaymentId: 2, Date: '2026-06-21', Property_name: 'Amani Flats', Charge: 'water', Charge_name: null, Payee: 'Nairobi Water', Method: 'Cash', Reference: '', Amount: 150 },
  ],
  PaidOnwardTotal: 750,
  OwedOnward: 50,
  FeesTransferred: 1200,
  VacantHouses: 2,
  Closed: false,
  IssuedAt: null,
  LateItems: [{ Date: '2026-06-03', Concerns: '2026-05', Kind: 'collection', Details: 'Late M-Pesa QX9', Amount: 400 }],
};

const lines = (csv: string) => csv.replace(CSV_BOM, '').split('\r\n');

describe('the owner statement as CSV', () => {
  it('writes the summary with money out as negatives, then houses, expenses, payouts, late entries, money paid onward and fees taken', () => {
    expect(lines(ownerStatementCsv(month))).toEqual([
      'Section,Date,Property,House,"Tenant, payee or item",Rent charged (Ksh),Amount (Ksh),Arrears (Ksh)',
      'Summary,,,,Opening balance,,100.00,',
      'Summary,,,,Balance brought forward,,50.00,',
      'Summary,,,,Rent collected,,23000.00,',
      'Summary,,,,Other charges collected,,1000.00,',
      'Summary,,,,Passed on to third parties,,-800.00,',
      'Summary,,,,Commission,,-2300.00,',
      'Summary,,,,Rental income tax withheld,,-1725.00,',
      'Summary,,,,Property expenses,,-3000.00,',
      'Summary,,,,Payouts,,-15000.00,',
      'Summary,,,,Closing balance,,1325.00,',
      'House,,Amani Flats,A1,Juma Otieno,20000.00,18000.00,2000.00',
      'Vacant house,,Amani Flats,A2,Vacant,0.00,0.00,0.00',
      // Vacant at the month's end, yet its tenant's rent of the month is theirs: the row names them.
      'House,,Amani Flats,A3,Akinyi Leaver,5000.00,5000.00,0.00',
      'Expense: Repairs,2026-06-10,Amani Flats,A1,Juma Plumbers,,3000.00,',
      'Payout,2026-06-28,,,Bank FT123,,15000.00,',
      'Late entry for 2026-05,2026-06-03,,,Late M-Pesa QX9,,400.00,',
      'Paid onward: Service charge,2026-06-20,Amani Flats,,Estate Ltd (M-Pesa QK1),,600.00,',
      'Paid onward: Water,2026-06-21,Amani Flats,,Nairobi Water (Cash),,150.00,',
      'Pass-through,,,,Still owed onward at month end,,50.00,',
      'Agency fees,,,,Commission and fees taken by the agency,,1200.00,',
      '',
    ]);
  });

  it('leaves out what the month did not have: no brought forward, no money onward, no fees taken; an expense on the whole property names no house, a payout without reference no trailing space', () => {
    const quiet: OwnerStatement = {
      ...month,
      BroughtForward: 0,
      Houses: [],
      Expenses: [{ ...month.Expenses[0]!, House_number: null }],
      Payouts: [{ ...month.Payouts[0]!, Method: 'Cash', Reference: '' }],
      PaidOnward: [],
      OwedOnward: 0,
      FeesTransferred: 0,
      LateItems: [],
    };
    const out = lines(ownerStatementCsv(quiet));
    expect(out.filter((l) => l.startsWith('Summary')).map((l) => l.split(',')[4])).toEqual([
      'Opening balance',
      'Rent collected',
      'Other charges collected',
      'Passed on to third parties',
      'Commission',
      'Rental income tax withheld',
      'Property expenses',
      'Payouts',
      'Closing balance',
    ]);
    expect(out).toContain('Expense: Repairs,2026-06-10,Amani Flats,,Juma Plumbers,,3000.00,');
    expect(out).toContain('Payout,2026-06-28,,,Cash,,15000.00,');
    expect(out.some((l) => l.startsWith('Pass-through') || l.startsWith('Agency fees'))).toBe(false);
  });

  it('states what stays owed onward when nothing was paid onward in the month, and a negative fees line when a transfer was reversed', () => {
    const out = lines(ownerStatementCsv({ ...month, PaidOnward: [], OwedOnward: 300, FeesTransferred: -200 }));
    expect(out).toContain('Pass-through,,,,Still owed onward at month end,,300.00,');
    expect(out).toContain('Agency fees,,,,Commission and fees taken by the agency,,-200.00,');
  });

  it('states that nothing stays owed onward when the month’s payments onward cleared it', () => {
    const out = lines(ownerStatementCsv({ ...month, OwedOnward: 0 }));
    expect(out).toContain('Pass-through,,,,Still owed onward at month end,,0.00,');
  });
});
