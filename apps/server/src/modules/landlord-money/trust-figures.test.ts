import { describe, expect, it } from 'vitest';
import { toBalance, trustFrom } from './service';

// Each figure a different power of two (in shillings), so a sum that drops or turns one figure shows in the answer.
const figures = {
  received: 500_000_00,
  brought_forward_tenants: 10_00,
  brought_forward_landlords: 20_00,
  paid_tenants: 100_00,
  paid_landlord_side: 200_00,
  fees_transferred: 7_00,
  deposits_held: 1_000_00,
  tenant_credits: 2_000_00,
  passed_on: 4_000_00,
  owed: 8_000_00,
  tax_payable: 16_000_00,
  commission: 32_000_00,
  vat_output: 64_000_00,
};

describe('the trust identity (decision 043)', () => {
  it('holds what was received and brought forward less what was paid out, against everything the account owes', () => {
    expect(trustFrom(figures)).toEqual({
      Received: 500_000,
      BroughtForward: 30,
      PaidOut: 300,
      FeesTransferred: 7,
      Held: 499_730,
      OwedToLandlords: 8_000,
      DepositsHeld: 1_000,
      TenantCredits: 2_000,
      PassThroughPayable: 4_000,
      TaxPayable: 16_000,
      CommissionNotTaken: 32_000,
      VatPayable: 64_000,
      // 499,730 held less 127,000 owed.
      Difference: 372_730,
    });
  });

  it('balances at zero when the account holds exactly what it owes', () => {
    expect(trustFrom({ ...figures, received: 127_000_00 - 30_00 + 300_00 }).Difference).toBe(0);
  });
});

describe('a landlord’s balance line', () => {
  const row = {
    landlord_no: '3',
    full_name: 'Amina Wanjiru',
    kra_pin: 'A123456789Z',
    collected: '2000000',
    commission: '200000',
    vat: '32000',
    tax_withheld: '150000',
    passed_on: '50000',
    paid_onward: '25000',
    expenses: '12345',
    payouts: '1000000',
    tax_paid: '75000',
    balance: '605655',
  };

  it('reads every figure from cents, the KRA PIN as it is kept', () => {
    expect(toBalance(row)).toEqual({
      LandlordNo: 3,
      Landlord_name: 'Amina Wanjiru',
      KraPin: 'A123456789Z',
      Collected: 20_000,
      Commission: 2_000,
      Vat: 320,
      TaxWithheld: 1_500,
      PassedOn: 500,
      PaidOnward: 250,
      Expenses: 123.45,
      Payouts: 10_000,
      TaxPaid: 750,
      Balance: 6_056.55,
    });
  });

  it('has no PIN when none is kept', () => {
    expect(toBalance({ ...row, kra_pin: null }).KraPin).toBeNull();
  });
});
