import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, rowsOf } from '../db/database';
import { signInAgain } from '../test/accounts';
import { runPgliteTemplate, testDatabaseKind } from '../test/database';
import { agencyWithOwner, bookOk, estate, type Agency } from '../test/estate';
import { openBackup, sealBackup } from './backup-file';
import { restoreDump, scrubbedDump } from './pglite-backup';

const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: undefined };

/** Every form a secret could take in the files: as stored, its raw bytes, its hex. */
function forms(value: string, encoding: 'utf8' | 'base64' = 'utf8'): Buffer[] {
  const raw = Buffer.from(value, encoding);
  return encoding === 'base64' ? [Buffer.from(value), raw, Buffer.from(raw.toString('hex')), Buffer.from(raw.toString('base64url'))] : [raw];
}

// Issue 34: a plain backup of the embedded database held PGlite's raw pages and
// write-ahead log, and with them the signing key and live sessions.
describe.runIf(testDatabaseKind === 'pglite')('a plain backup of the embedded database', () => {
  let dir: string;
  let app: FastifyInstance;
  let agency: Agency;
  let key: string;
  let sessionIds: string[];
  let refreshHashes: string[];
  let archive: Uint8Array;

  beforeAll(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'makazi-plain-backup-')), 'data');
    app = await buildApp(config, { database: await openPglite(dir, { template: await runPgliteTemplate() }) });
    agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    await bookOk(app, agency, houseIds[0]!, await tenant());
    const db = app.database.db;
    key = rowsOf<{ value: string }>(await db.execute(sql`SELECT value FROM server_secrets WHERE name = 'token_key'`))[0]!.value;
    sessionIds = rowsOf<{ id: string }>(await db.execute(sql`SELECT session_id AS id FROM sessions`)).map((r) => r.id);
    refreshHashes = rowsOf<{ h: string }>(await db.execute(sql`SELECT token_hash AS h FROM refresh_tokens`)).map((r) => r.h);
    expect(sessionIds).toContain(agency.sessionId);
    const { bytes, report } = await scrubbedDump(await app.database.dump!(), await runPgliteTemplate());
    expect(report.problems).toEqual([]);
    archive = await sealBackup(bytes, undefined);
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await rm(path.dirname(dir), { recursive: true, force: true });
  });

  it('holds neither the signing key nor any session or refresh token, in any page or log of the archive', async () => {
    const files = gunzipSync(Buffer.from(archive));
    const needles = [
      ...forms(key, 'base64'),
      ...sessionIds.flatMap((id) => [...forms(id), Buffer.from(id.replace(/-/g, '')), Buffer.from(id.replace(/-/g, ''), 'hex')]),
      ...refreshHashes.flatMap((h) => forms(h)),
      ...forms(agency.refreshCookie),
      ...forms(agency.accessToken),
    ];
    const found = needles.filter((needle) => files.includes(needle) || Buffer.from(archive).includes(needle));
    expect(found.map(String)).toEqual([]);
  });

  it('lets nobody sign in from it once restored: old tokens, refresh cookies and tokens signed with the old key are refused', async () => {
    await app.close();
    await restoreDump(dir, await openBackup(archive, undefined));
    app = await buildApp(config, { database: await openPglite(dir) });
    const fresh = rowsOf<{ value: string }>(await app.database.db.execute(sql`SELECT value FROM server_secrets WHERE name = 'token_key'`))[0]!.value;
    expect(fresh).not.toBe(key);

    const whoAmI = (authorization: string) => app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: { authorization } });
    expect((await whoAmI(agency.auth.authorization)).statusCode).toBe(401);
    const refreshed = await app.inject({ method: 'GET', url: '/api/userauth/refreshAccessToken', cookies: { makazi_refresh: agency.refreshCookie } });
    expect(refreshed.statusCode).toBe(401);
    // Had the key been in the file: a token for the agency admin's session, signed with it.
    const now = Math.floor(Date.now() / 1000);
    // As the server signs them: the user's number as `sub`, the session as `sid`.
    const forged = await new SignJWT({ sub: agency.userNo, sid: agency.sessionId, pur: 'access' } as unknown as JWTPayload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('makazi')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(Buffer.from(key, 'base64'));
    expect((await whoAmI(`Bearer ${forged}`)).statusCode).toBe(401);
    const settings = await app.inject({ method: 'GET', url: `/api/mpesa/daraja?managingAgentId=${agency.agentId}`, headers: { authorization: `Bearer ${forged}` } });
    expect(settings.statusCode).toBe(401);

    // The people sign in again with their passwords, and their books are there.
    const again = await signInAgain(app, agency);
    expect((await whoAmI(again.auth.authorization)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/mpesa/daraja?managingAgentId=${agency.agentId}`, headers: again.auth })).statusCode).toBe(200);
  });
});
