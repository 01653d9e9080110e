import { shareOf } from '@makazi/domain';
import { describe, expect, it } from 'vitest';
import { collectionEntry } from './collections';
import type { CollectionDue } from './journal';

/** One sub-account of a tenancy as collectionState answers it: nothing charged, owed or counted unless given. */
const due = (sub: string, d: Partial<CollectionDue> = {}): CollectionDue => ({
  tenancyId: 7,
  agentId: 1,
  propId: 2,
  landlordNo: 3,
  sub,
  charged: 0,
  chargedPassedOn: 0,
  owed: 0,
  recognized: 0,
  recognizedPassedOn: 0,
  commissionBp: 1000,
  taxBp: 0,
  vatFrom: null,
  ...d,
});

const perReceipt = (gross: number, taxBp: number) => shareOf(gross, taxBp);
const noVat = () => 0;

describe('a tenancy’s landlord lines, from what its sub-accounts collected (DESIGN.md §4b)', () => {
  it('splits rent paid into the landlord’s share, the commission and the tax withheld', () => {
    expect(collectionEntry([due('rent', { charged: 20_000_00, taxBp: 750 })], perReceipt, noVat)).toEqual({
      gross: 20_000_00,
      rentOnly: true,
      lines: [
        { account: 'collected', credit: -20_000_00, sub: 'rent' },
        { account: 'pass_through', credit: 0, sub: 'rent' },
        { account: 'landlord', credit: 16_500_00, sub: 'rent' },
        { account: 'commission', credit: 2_000_00, sub: 'rent' },
        { account: 'vat_output', credit: 0, sub: 'rent' },
        { account: 'tax_payable', credit: 1_500_00, sub: 'rent' },
      ],
    });
  });

  it('is nothing when every sub-account is already counted as collected', () => {
    expect(collectionEntry([due('rent', { charged: 20_000_00, recognized: 20_000_00 })], perReceipt, noVat)).toBeNull();
    expect(collectionEntry([], perReceipt, noVat)).toBeNull();
  });

  it('books only the sub-accounts that moved, and says charges were collected beside rent', () => {
    const withheld: [number, number][] = [];
    const entry = collectionEntry(
      [due('rent', { charged: 20_000_00, recognized: 20_000_00, taxBp: 750 }), due('water', { charged: 1_000_00, owed: 400_00, commissionBp: 0 })],
      (gross, taxBp) => {
        withheld.push([gross, taxBp]);
        return 0;
      },
      noVat,
    );
    expect(entry).toEqual({
      gross: 600_00,
      rentOnly: false,
      lines: [
        { account: 'collected', credit: -600_00, sub: 'water' },
        { account: 'pass_through', credit: 0, sub: 'water' },
        { account: 'landlord', credit: 600_00, sub: 'water' },
        { account: 'commission', credit: 0, sub: 'water' },
        { account: 'vat_output', credit: 0, sub: 'water' },
        { account: 'tax_payable', credit: 0, sub: 'water' },
      ],
    });
    expect(withheld).toEqual([[600_00, 0]]);
  });

  it('owes a pass-through charge onward whole, with no commission and no tax on it', () => {
    const withheld: [number, number][] = [];
    const entry = collectionEntry(
      [due('charge:5', { charged: 1_000_00, chargedPassedOn: 1_000_00, owed: 0, recognized: 300_00, recognizedPassedOn: 300_00 })],
      (gross, taxBp) => {
        withheld.push([gross, taxBp]);
        return 0;
      },
      noVat,
    );
    expect(entry?.lines).toEqual([
      { account: 'collected', credit: -700_00, sub: 'charge:5' },
      { account: 'pass_through', credit: 700_00, sub: 'charge:5' },
      { account: 'landlord', credit: 0, sub: 'charge:5' },
      { account: 'commission', credit: 0, sub: 'charge:5' },
      { account: 'vat_output', credit: 0, sub: 'charge:5' },
      { account: 'tax_payable', credit: 0, sub: 'charge:5' },
    ]);
    expect(entry?.gross).toBe(700_00);
    expect(withheld).toEqual([[0, 0]]);
  });

  it('takes the VAT on the commission out of the landlord’s share, never out of the commission', () => {
    const fees: number[] = [];
    const entry = collectionEntry([due('rent', { charged: 20_000_00 })], perReceipt, (fee) => {
      fees.push(fee);
      return shareOf(fee, 1600);
    });
    expect(entry?.lines).toEqual([
      { account: 'collected', credit: -20_000_00, sub: 'rent' },
      { account: 'pass_through', credit: 0, sub: 'rent' },
      { account: 'landlord', credit: 17_680_00, sub: 'rent' },
      { account: 'commission', credit: 2_000_00, sub: 'rent' },
      { account: 'vat_output', credit: 320_00, sub: 'rent' },
      { account: 'tax_payable', credit: 0, sub: 'rent' },
    ]);
    expect(fees).toEqual([2_000_00]);
  });

  it('takes money back with every sign turned when less counts as collected than was', () => {
    expect(collectionEntry([due('rent', { charged: 20_000_00, owed: 20_000_00, recognized: 20_000_00, taxBp: 750 })], perReceipt, noVat)).toEqual({
      gross: -20_000_00,
      rentOnly: true,
      lines: [
        { account: 'collected', credit: 20_000_00, sub: 'rent' },
        { account: 'pass_through', credit: 0, sub: 'rent' },
        { account: 'landlord', credit: -16_500_00, sub: 'rent' },
        { account: 'commission', credit: -2_000_00, sub: 'rent' },
        { account: 'vat_output', credit: 0, sub: 'rent' },
        { account: 'tax_payable', credit: -1_500_00, sub: 'rent' },
      ],
    });
  });
});
