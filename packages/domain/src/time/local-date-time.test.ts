import { describe, expect, it } from 'vitest';

import { formatLocalDateTime } from './local-date-time';

describe('formatLocalDateTime', () => {
  it('writes the local wall-clock time, zero-padded', () => {
    expect(formatLocalDateTime(new Date(2024, 0, 5, 7, 3, 9))).toBe('2024-01-05 07:03:09');
    expect(formatLocalDateTime(new Date(2024, 11, 31, 23, 59, 59))).toBe('2024-12-31 23:59:59');
  });
});
