import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../clock';
import type { Database } from '../db/database';
import { openTestDatabase } from '../test/database';
import { loadTokens, TokenExpired, TokenInvalid, type Tokens } from './tokens';

let database: Database;
const clock = manualClock(new Date('2026-11-24T09:00:00Z'));
let tokens: Tokens;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  tokens = await loadTokens(database.db, clock);
});
afterAll(() => database.close());

describe('tokens', () => {
  it('check what they signed, for its purpose, until it expires', async () => {
    const token = await tokens.sign('access', { sub: 7, sid: 's' }, 60);
    expect(await tokens.verify('access', token)).toMatchObject({
      sub: 7,
      sid: 's',
      pur: 'access',
      iss: 'makazi',
    });
    await expect(tokens.verify('end-session', token)).rejects.toBeInstanceOf(TokenInvalid);
    await expect(tokens.verify('access', `${token.slice(0, -2)}xx`)).rejects.toBeInstanceOf(TokenInvalid);
    clock.advance(61_000);
    await expect(tokens.verify('access', token)).rejects.toBeInstanceOf(TokenExpired);
  });

  it('agree with another process on the same database: one key, kept there', async () => {
    const other = await loadTokens(database.db, clock);
    expect(await other.verify('access', await tokens.sign('access', { sub: 8 }, 60))).toMatchObject({
      sub: 8,
    });
    expect(other.digest('123456')).toBe(tokens.digest('123456'));
  });

  it('import the key once, not on every signature and check', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    try {
      for (let i = 0; i < 3; i++) await tokens.verify('access', await tokens.sign('access', { sub: i }, 60));
      expect(importKey).not.toHaveBeenCalled();
    } finally {
      importKey.mockRestore();
    }
  });
});
