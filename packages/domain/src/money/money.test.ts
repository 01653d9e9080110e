import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatAmount, formatKsh, formatMoneyInput, parseMoney, stripMoneyInput } from './money';

describe('parseMoney', () => {
  it.each([
    ['15,000.50', 1_500_050],
    ['9,999,999.99', 999_999_999],
    ['0.1', 10],
    ['0.2', 20],
    ['12', 1200],
    [' 7.05 ', 705],
    [2500, 250_000],
  ])('%s → %d cents', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it('adds 0.1 and 0.2 exactly, in cents', () => {
    expect(parseMoney('0.1')! + parseMoney('0.2')!).toBe(parseMoney('0.3'));
  });

  it.each(['', 'abc', '1.234', '-5', '1.2.3', '.5', '1e3', '12,34a'])('refuses %j', (input) => {
    expect(parseMoney(input)).toBeNull();
  });

  it('round-trips every amount through formatting', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        expect(parseMoney(formatAmount(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatting', () => {
  it('writes Ksh with separators and two decimals', () => {
    expect(formatKsh(1_500_050)).toBe('Ksh 15,000.50');
    expect(formatKsh(0)).toBe('Ksh 0.00');
    expect(formatAmount(-120_000)).toBe('-1,200.00');
  });

});

describe('formatMoneyInput (docs/validation.md#money-input)', () => {
  it.each([
    ['1234567', '1,234,567'],
    ['12a3b4', '1,234'],
    ['1..5', '1.5'],
    ['15000.567', '15,000.56'],
    ['1.2.3', '1.23'],
    ['', ''],
    ['abc', ''],
    ['.5', '0.5'],
    ['007', '7'],
    ['1,000', '1,000'],
    ['1000.', '1,000.'],
  ])('%j → %j', (raw, shown) => {
    expect(formatMoneyInput(raw)).toBe(shown);
  });

  it('is stable: formatting what it shows changes nothing, and stripping gives a parseable amount', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,a ') }), (raw) => {
        const shown = formatMoneyInput(raw);
        expect(formatMoneyInput(shown)).toBe(shown);
        const sent = stripMoneyInput(shown);
        if (sent !== '' && !sent.endsWith('.')) expect(parseMoney(sent)).not.toBeNull();
      }),
    );
  });
});

describe('amountToCents', () => {
  it('turns API amounts back into the same cents', () => {
    expect(amountToCents(15000.5)).toBe(1_500_050);
    expect(amountToCents(-1200)).toBe(-120_000);
    expect(amountToCents(0.29)).toBe(29);
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (cents) => {
        expect(amountToCents(centsToAmount(cents))).toBe(cents);
      }),
    );
  });
});
