import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rowsOf } from '../db/database';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'makazi';

export type TicketPurpose = 'access' | 'email-verified' | 'end-session';

export class TokenExpired extends Error {}
export class TokenInvalid extends Error {}

/**
 * Signs and checks the server's tokens: short-lived access tokens and
 * single-purpose tickets. The key is made once and kept in the database, so
 * every server process and every restart agrees on it.
 */
export interface Tokens {
  sign(purpose: TicketPurpose, claims: Record<string, string | number>, ttlSeconds: number): Promise<string>;
  verify(purpose: TicketPurpose, token: string): Promise<Record<string, unknown>>;
  /** A keyed digest for values stored only as hashes (codes, refresh tokens). */
  digest(value: string): string;
  digestEquals(value: string, digest: string): boolean;
}

export async function loadTokens(db: Db, clock: Clock): Promise<Tokens> {
  const secret = await loadSigningKey(db);
  // Imported once: given the raw bytes, jose imports a key on every signature and check, half of a check's cost.
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  const digest = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');

  return {
    async sign(purpose, claims, ttlSeconds) {
      const now = seconds();
      return new SignJWT({ ...claims, pur: purpose })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    async verify(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (payload.pur !== purpose) throw new TokenInvalid('wrong purpose');
        return payload;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new TokenExpired();
        throw new TokenInvalid(String(error));
      }
    },
    digest,
    digestEquals(value, expected) {
      const a = Buffer.from(digest(value));
      const b = Buffer.from(expected);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

async function loadSigningKey(db: Db): Promise<Uint8Array> {
  const fresh = randomBytes(32).toString('base64');
  // Two processes starting at once both insert; the first one's key wins for both.
  await db.execute(
    sql`INSERT INTO server_secrets (name, value) VALUES ('token_key', ${fresh}) ON CONFLICT (name) DO NOTHING`,
  );
  const result = await db.execute(sql`SELECT value FROM server_secrets WHERE name = 'token_key'`);
  const value = rowsOf<{ value: string }>(result)[0]?.value;
  if (!value) throw new Error('token signing key missing');
  return new Uint8Array(Buffer.from(value, 'base64'));
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}
