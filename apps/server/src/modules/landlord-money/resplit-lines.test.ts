import { describe, expect, it } from 'vitest';
import { resplitLines } from './resplit';

/** What the property collected on one sub-account since the agreement's day, as collectedSince answers it. */
const row = (sub: string, net: number, commission: number, kinds: string[] | string = ['rent'], bp = 1000) => ({
  sub,
  commission_bp: bp,
  commission_kinds: kinds,
  net,
  net_vat: 0,
  commission,
});

describe('the re-split of money collected since an agreement’s past day (decision 041)', () => {
  it('moves the commission the agreement gives rent, and the tax the month owes, from the landlord’s share', () => {
    expect(resplitLines([row('rent', 20_000_00, 0)], 1_500_00, 0)).toEqual([
      { account: 'commission', credit: 2_000_00, sub: 'rent' },
      { account: 'landlord', credit: -3_500_00, sub: 'rent' },
      { account: 'tax_payable', credit: 1_500_00, sub: 'rent' },
    ]);
  });

  it('takes no commission on a kind the agreement does not name, and gives back what was booked on it', () => {
    expect(resplitLines([row('water', 1_000_00, 0), row('penalty', 500_00, 50_00)], 0, 0)).toEqual([
      { account: 'commission', credit: 0, sub: 'water' },
      { account: 'landlord', credit: 0, sub: 'water' },
      { account: 'commission', credit: -50_00, sub: 'penalty' },
      { account: 'landlord', credit: 50_00, sub: 'penalty' },
      { account: 'tax_payable', credit: 0, sub: 'rent' },
      { account: 'landlord', credit: 0, sub: 'rent' },
    ]);
  });

  it('keeps each sub-account’s moves on its own lines, a recurring charge counted as service', () => {
    expect(resplitLines([row('rent', 10_000_00, 800_00, ['rent', 'service']), row('charge:7', 2_000_00, 0, ['rent', 'service'])], 0, 0)).toEqual([
      { account: 'commission', credit: 200_00, sub: 'rent' },
      { account: 'landlord', credit: -200_00, sub: 'rent' },
      { account: 'commission', credit: 200_00, sub: 'charge:7' },
      { account: 'landlord', credit: -200_00, sub: 'charge:7' },
      { account: 'tax_payable', credit: 0, sub: 'rent' },
    ]);
  });

  it('reads the agreement’s kinds when the driver answers them as the array’s text', () => {
    expect(resplitLines([row('water', 1_000_00, 0, '{rent,water}'), row('penalty', 1_000_00, 0, '{rent,water}')], 0, 0)).toEqual([
      { account: 'commission', credit: 100_00, sub: 'water' },
      { account: 'landlord', credit: -100_00, sub: 'water' },
      { account: 'commission', credit: 0, sub: 'penalty' },
      { account: 'landlord', credit: 0, sub: 'penalty' },
      { account: 'tax_payable', credit: 0, sub: 'rent' },
      { account: 'landlord', credit: 0, sub: 'rent' },
    ]);
  });

  it('gives back tax withheld above what the month owes', () => {
    expect(resplitLines([], -75_00, 0)).toEqual([
      { account: 'tax_payable', credit: -75_00, sub: 'rent' },
      { account: 'landlord', credit: 75_00, sub: 'rent' },
    ]);
  });

  it('moves the VAT with the commission on what the agency collected while VAT-registered', () => {
    expect(resplitLines([{ ...row('rent', 20_000_00, 2_000_00, ['rent'], 800), net_vat: 20_000_00 }], 0, 1600)).toEqual([
      { account: 'commission', credit: -400_00, sub: 'rent' },
      { account: 'vat_output', credit: -64_00, sub: 'rent' },
      { account: 'landlord', credit: 464_00, sub: 'rent' },
      { account: 'tax_payable', credit: 0, sub: 'rent' },
    ]);
  });
});
