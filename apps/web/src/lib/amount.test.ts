import { describe, expect, it } from 'vitest';

import { amountToCents } from '@makazi/domain';

import { kshOf } from './amount';

describe('amounts from the API', () => {
  it('turns Ksh numbers into exact cents', () => {
    expect(amountToCents(15000.5)).toBe(1500050);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(-1200)).toBe(-120000);
    expect(amountToCents(0)).toBe(0);
  });

  it('formats through the domain', () => {
    expect(kshOf(15000.5)).toBe('Ksh 15,000.50');
    expect(kshOf(-250)).toBe('Ksh -250.00');
  });
});
