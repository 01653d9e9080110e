import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositRefundDetails, depositSettlement, depositTrueUp, isUpToDate, monthLapse, refundSplit, rentArrears } from './balance';

describe('monthLapse', () => {
  it.each([
    [0, 10_000, 0],
    [-5_000, 10_000, 0],
    [10_000, 10_000, 1],
    [10_001, 10_000, 2],
    [5_000, 10_000, 1],
    [30_000, 10_000, 3],
  ])('balance %d on rent %d → %d months', (balance, rent, months) => {
    expect(monthLapse(balance, rent)).toBe(months);
  });

  it('never undercounts: lapse × rent covers the balance, one month less does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 7 }),
        (balance, rent) => {
          const lapse = monthLapse(balance, rent);
          expect(lapse * rent).toBeGreaterThanOrEqual(balance);
          expect((lapse - 1) * rent).toBeLessThan(balance);
        },
      ),
    );
  });

  it('calls zero or less up to date', () => {
    expect(isUpToDate(0)).toBe(true);
    expect(isUpToDate(-1)).toBe(true);
    expect(isUpToDate(1)).toBe(false);
  });
});

describe('rent apart from deposit', () => {
  it('counts a fresh booking with its deposit unpaid as one month, not three', () => {
    const fresh = { balance: 3_000_000, depositDue: 2_000_000, depositHeld: 0 };
    expect(rentArrears(fresh)).toBe(1_000_000);
    expect(monthLapse(rentArrears(fresh), 1_000_000)).toBe(1);
  });

  it('applies the held deposit to rent arrears only, and leaves the rest refundable', () => {
    expect(depositSettlement({ balance: 3_000_000, depositDue: 0, depositHeld: 2_000_000 })).toEqual({
      apply: 2_000_000,
      refundable: 0,
    });
    expect(depositSettlement({ balance: 500_000, depositDue: 0, depositHeld: 2_000_000 })).toEqual({
      apply: 500_000,
      refundable: 1_500_000,
    });
    expect(depositSettlement({ balance: -100, depositDue: 0, depositHeld: 2_000_000 })).toEqual({
      apply: 0,
      refundable: 2_000_000,
    });
    expect(depositSettlement({ balance: 3_000_000, depositDue: 2_000_000, depositHeld: 0 })).toEqual({
      apply: 0,
      refundable: 0,
    });
  });

  it('never applies more than is held or owed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 8), max: 10 ** 8 }),
        fc.integer({ min: -(10 ** 8), max: 10 ** 8 }),
        fc.integer({ min: 0, max: 10 ** 8 }),
        (balance, depositDue, depositHeld) => {
          const { apply, refundable } = depositSettlement({ balance, depositDue, depositHeld });
          expect(apply).toBeGreaterThanOrEqual(0);
          expect(apply).toBeLessThanOrEqual(depositHeld);
          expect(apply).toBeLessThanOrEqual(Math.max(balance - depositDue, 0));
          expect(apply + refundable).toBe(depositHeld);
        },
      ),
    );
  });
});

describe('the deposit at the end of a tenancy', () => {
  it('releases a deposit never paid, absorbs one paid above its charge, moves what is not held to rent', () => {
    expect(depositTrueUp({ balance: 3_000_000, depositDue: 1_000_000, depositHeld: 1_000_000 })).toEqual({
      release: 1_000_000,
      absorb: 0,
      toRent: 0,
    });
    expect(depositTrueUp({ balance: -1_000_000, depositDue: -1_000_000, depositHeld: 3_000_000 })).toEqual({
      release: 0,
      absorb: 1_000_000,
      toRent: 0,
    });
    expect(depositTrueUp({ balance: -2_000_000, depositDue: -2_000_000, depositHeld: 500_000 })).toEqual({
      release: 0,
      absorb: 500_000,
      toRent: 1_500_000,
    });
    expect(depositTrueUp({ balance: 0, depositDue: 0, depositHeld: 0 })).toEqual({
      release: 0,
      absorb: 0,
      toRent: 0,
    });
    expect(depositTrueUp({ balance: 0, depositDue: -100, depositHeld: -50 })).toEqual({
      release: 0,
      absorb: 0,
      toRent: 100,
    });
  });

  it('refunds the held deposit first, then the credit, and never more than both', () => {
    const m = { balance: -300_000, depositDue: 0, depositHeld: 500_000 };
    expect(refundSplit(m, 200_000)).toEqual({ fromDeposit: 200_000, fromCredit: 0 });
    expect(refundSplit(m, 500_000)).toEqual({ fromDeposit: 500_000, fromCredit: 0 });
    expect(refundSplit(m, 800_000)).toEqual({ fromDeposit: 500_000, fromCredit: 300_000 });
    expect(refundSplit(m, 800_001)).toBeNull();
    expect(refundSplit(m, 0)).toBeNull();
    expect(refundSplit({ balance: 100, depositDue: 0, depositHeld: 0 }, 1)).toBeNull();
    expect(refundSplit({ balance: 0, depositDue: 0, depositHeld: -5 }, 1)).toBeNull();
  });
});

describe('the edges mutation testing found untested (bench/mutation.md)', () => {
  it('counts no month in arrears with nothing owed or no rent, and one for a cent owed', () => {
    expect(monthLapse(0, 1_000_000)).toBe(0);
    expect(monthLapse(1, 1_000_000)).toBe(1);
    expect(monthLapse(500_000, 0)).toBe(0);
  });

  it('leaves other charges out of the rent arrears', () => {
    expect(rentArrears({ balance: 500_000, depositDue: 100_000, chargesDue: 50_000 })).toBe(350_000);
  });

  it("says a deposit refund's amount on its statement line", () => {
    expect(depositRefundDetails('Deposit refund: M-Pesa', 'Ksh 5,000.00')).toBe('Deposit refund: M-Pesa (Ksh 5,000.00 paid back from the deposit held)');
  });
});
