import { describe, expect, it } from 'vitest';
import { levelCredit, type ChargeOwed } from './allocation';

const june: ChargeOwed[] = [
  { txnId: 10, sub: 'rent', month: '2026-05-01', amount: 2_000_000 },
  { txnId: 20, sub: 'rent', month: '2026-06-01', amount: 2_000_000 },
  { txnId: 21, sub: 'charge:1', month: '2026-06-01', amount: 100_000 },
  { txnId: 22, sub: 'charge:2', month: '2026-06-01', amount: 30_000 },
];

describe('credit pays every kind (decision 034)', () => {
  it('rent paid ahead pays the month’s other charges oldest first and the rest stays on rent', () => {
    const { moves, paid } = levelCredit(june, new Map([['rent', -200_000], ['charge:1', 100_000], ['charge:2', 30_000]]));
    expect(paid).toEqual([
      { txnId: 21, sub: 'charge:1', amount: 100_000 },
      { txnId: 22, sub: 'charge:2', amount: 30_000 },
    ]);
    expect(moves).toEqual([
      { sub: 'charge:1', amount: -100_000 },
      { sub: 'charge:2', amount: -30_000 },
      { sub: 'rent', amount: 130_000 },
    ]);
  });

  it('a credit too small pays the oldest open charge first, whatever its kind', () => {
    const charges: ChargeOwed[] = [
      { txnId: 5, sub: 'water', month: '2026-05-01', amount: 50_000 },
      { txnId: 20, sub: 'rent', month: '2026-06-01', amount: 2_000_000 },
      { txnId: 21, sub: 'charge:1', month: '2026-06-01', amount: 100_000 },
    ];
    // Rent in credit by 60,000 (paid ahead): it pays May's water, then part of June's service charge.
    const { paid } = levelCredit(charges, new Map([['rent', -60_000], ['water', 50_000], ['charge:1', 100_000]]));
    expect(paid).toEqual([
      { txnId: 5, sub: 'water', amount: 50_000 },
      { txnId: 21, sub: 'charge:1', amount: 10_000 },
    ]);
  });

  it('a waived penalty already paid moves to rent, where it pays rent still open', () => {
    const charges: ChargeOwed[] = [{ txnId: 20, sub: 'rent', month: '2026-06-01', amount: 2_000_000 }];
    const { moves, paid } = levelCredit(charges, new Map([['rent', 2_000_000], ['penalty', -50_000]]));
    expect(moves).toEqual([
      { sub: 'penalty', amount: 50_000 },
      { sub: 'rent', amount: -50_000 },
    ]);
    expect(paid).toEqual([{ txnId: 20, sub: 'rent', amount: 50_000 }]);
  });

  it('money taken back (the receipt whose credit paid them bounced) reopens the newest paid charges', () => {
    // Rent owes 41,300 against 40,000 charged: 1,300 of the money that paid the other kinds is gone.
    const { moves, paid } = levelCredit(june, new Map([['rent', 4_130_000], ['charge:1', 0], ['charge:2', 0]]));
    expect(paid).toEqual([]);
    expect(moves).toEqual([
      { sub: 'charge:1', amount: 100_000 },
      { sub: 'charge:2', amount: 30_000 },
      { sub: 'rent', amount: -130_000 },
    ]);
  });

  it('moves nothing when every kind lies between paid and owed whole, even with an older charge left open', () => {
    expect(levelCredit(june, new Map([['rent', 2_000_000], ['charge:1', 0], ['charge:2', 30_000]])).moves).toEqual([]);
    expect(levelCredit(june, new Map([['rent', -500_000]])).moves).toEqual([]);
  });

  it('leaves the deposit alone', () => {
    const charges: ChargeOwed[] = [{ txnId: 21, sub: 'charge:1', month: '2026-06-01', amount: 100_000 }];
    expect(levelCredit(charges, new Map([['deposit', -100_000], ['charge:1', 100_000]])).moves).toEqual([]);
  });
});
