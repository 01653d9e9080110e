import { sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { rowsOf, type Database } from '../db/database';
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

  it('read tokens jose signs and write tokens jose reads: the sessions signed before the change stay valid', async () => {
    const key = await signingKey();
    const now = Math.floor(clock.now().getTime() / 1000);
    const fromJose = await new SignJWT({ uid: 9, pur: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('makazi')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    expect(await tokens.verify('access', fromJose)).toMatchObject({ uid: 9 });
    const ours = await tokens.sign('email-verified', { sub: 10 }, 60);
    const { payload } = await jwtVerify(ours, key, { issuer: 'makazi', algorithms: ['HS256'], currentDate: clock.now() });
    expect(payload).toMatchObject({ sub: 10, pur: 'email-verified', exp: now + 60, iat: now });
  });

  it('refuse what was not signed with the key, another algorithm, another issuer, and a token at its expiry second', async () => {
    const token = await tokens.sign('access', { sub: 7 }, 60);
    const [header, body, signature] = token.split('.') as [string, string, string];
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const refused = [
      `${encode({ alg: 'none' })}.${body}.`,
      `${header}.${encode({ ...claims, sub: 1 })}.${signature}`,
      `${header}.${body}`,
      `${header}.${body}.${signature}.x`,
      `${header}.${body}.${signature.slice(0, -4)}`,
      'not a token',
      '',
    ];
    for (const bad of refused) await expect(tokens.verify('access', bad)).rejects.toBeInstanceOf(TokenInvalid);

    const key = await signingKey();
    const now = Math.floor(clock.now().getTime() / 1000);
    const stranger = await new SignJWT({ uid: 7, pur: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('someone-else')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    await expect(tokens.verify('access', stranger)).rejects.toBeInstanceOf(TokenInvalid);
    const hs512 = await new SignJWT({ uid: 7, pur: 'access' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('makazi')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    await expect(tokens.verify('access', hs512)).rejects.toBeInstanceOf(TokenInvalid);
    const notYet = await new SignJWT({ uid: 7, pur: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('makazi')
      .setIssuedAt(now)
      .setNotBefore(now + 30)
      .setExpirationTime(now + 60)
      .sign(key);
    await expect(tokens.verify('access', notYet)).rejects.toBeInstanceOf(TokenInvalid);

    clock.advance(59_000);
    expect(await tokens.verify('access', token)).toMatchObject({ sub: 7 });
    clock.advance(1_000);
    await expect(tokens.verify('access', token)).rejects.toBeInstanceOf(TokenExpired);
  });
});

async function signingKey(): Promise<Uint8Array> {
  const rows = rowsOf<{ value: string }>(
    await database.db.execute(sql`SELECT value FROM server_secrets WHERE name = 'token_key'`),
  );
  return new Uint8Array(Buffer.from(rows[0]!.value, 'base64'));
}
