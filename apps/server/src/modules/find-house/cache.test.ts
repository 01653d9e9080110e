import { describe, expect, it } from 'vitest';
import { versionedCache } from './cache';

describe('the Find House page cache', () => {
  it('reads a page once per listing version, and again once the version moves', async () => {
    const cache = versionedCache<string>();
    let reads = 0;
    const load = async () => `page read ${++reads}`;
    expect(await cache.get('nairobi', 1, load)).toBe('page read 1');
    expect(await cache.get('nairobi', 1, load)).toBe('page read 1');
    expect(await cache.get('nairobi', 2, load)).toBe('page read 2');
    expect(reads).toBe(2);
  });

  it('drops every page of an older version at once', async () => {
    const cache = versionedCache<string>();
    await cache.get('a', 1, async () => 'a');
    await cache.get('b', 1, async () => 'b');
    expect(cache.size).toBe(2);
    await cache.get('c', 2, async () => 'c');
    expect(cache.size).toBe(1);
  });

  it('shares one read among visitors asking for the same page at once', async () => {
    const cache = versionedCache<string>();
    let reads = 0;
    let release!: (v: string) => void;
    const load = () => {
      reads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.get('k', 1, load), cache.get('k', 1, load)]);
    release('page');
    expect(await both).toEqual(['page', 'page']);
    expect(reads).toBe(1);
  });

  it('forgets a failed read, so the next visitor tries again', async () => {
    const cache = versionedCache<string>();
    await expect(cache.get('k', 1, () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('k', 1, async () => 'page')).toBe('page');
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const cache = versionedCache<string>(2);
    let reads = 0;
    const load = async () => String(++reads);
    await cache.get('a', 1, load);
    await cache.get('b', 1, load);
    await cache.get('a', 1, load);
    await cache.get('c', 1, load);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 1, load)).toBe('1');
    expect(await cache.get('b', 1, load)).toBe('4');
  });
});
