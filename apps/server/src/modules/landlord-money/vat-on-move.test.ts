import { describe, expect, it } from 'vitest';
import { vatOnMove } from './resplit';

describe('the VAT a re-split moves with commission (decision 054)', () => {
  it('is the rate on the commission moved when the whole stretch was collected while VAT-registered, both ways', () => {
    expect(vatOnMove(-400, 20_000_00, 20_000_00, 1600)).toBe(-64);
    expect(vatOnMove(400, 20_000_00, 20_000_00, 1600)).toBe(64);
    // Rounded half away from zero: 16% of 3 cents is 0.48, of 4 cents 0.64.
    expect(vatOnMove(3, 100, 100, 1600)).toBe(0);
    expect(vatOnMove(4, 100, 100, 1600)).toBe(1);
    expect(vatOnMove(-4, 100, 100, 1600)).toBe(-1);
  });

  it('is nothing when no commission moves, nothing was collected, or none of it while registered', () => {
    expect(vatOnMove(0, 20_000_00, 20_000_00, 1600)).toBe(0);
    expect(vatOnMove(-400, 20_000_00, 0, 1600)).toBe(0);
    expect(vatOnMove(-400, 0, 0, 1600)).toBe(0);
  });

  it('covers only the part collected while registered, when registration began inside the stretch', () => {
    // Half the money came in after registration: VAT on half the move.
    expect(vatOnMove(-400_00, 40_000_00, 20_000_00, 1600)).toBe(-32_00);
    expect(vatOnMove(-400_00, 40_000_00, 10_000_00, 1600)).toBe(-16_00);
  });
});
