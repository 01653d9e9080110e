import { describe, expect, it } from 'vitest';
import { randomUuid } from './random-uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('uses crypto.randomUUID where the page is a secure context', () => {
    const source = { getRandomValues: crypto.getRandomValues.bind(crypto), randomUUID: () => 'from-randomUUID' };
    expect(randomUuid(source)).toBe('from-randomUUID');
  });

  it('makes a version-4 UUID from getRandomValues where randomUUID is missing (plain http)', () => {
    const source = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const keys = new Set(Array.from({ length: 200 }, () => randomUuid(source)));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(V4);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    const ones = { getRandomValues: <T extends ArrayBufferView | null>(a: T) => (new Uint8Array((a as unknown as Uint8Array).buffer).fill(0xff), a) };
    expect(randomUuid(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
