import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, rowsOf } from '../db/database';
import { createTestApp } from '../test/app';
import { roleUrl, TEST_ROLES, testDatabaseKind } from '../test/database';
import { agencyWithOwner, type Agency } from '../test/estate';
import { dropDatabase, withAdmin } from '../test/postgres-admin';
import { openBackup, sealBackup, writePrivateFile } from './backup-file';
import { dumpPostgres, pgTool, restorePostgres } from './postgres-backup';

/** The SQL a custom-format dump would run, as text: what a thief holding the file can read. */
function dumpAsSql(dump: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool('pg_restore'), ['--file=-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pg_restore ${code}`))));
    child.stdin.end(Buffer.from(dump));
  });
}

describe.runIf(testDatabaseKind === 'postgres')('backup and restore on PostgreSQL (pg_dump)', { timeout: 180_000 }, () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let app: FastifyInstance;
  let owner: Agency;
  let ownerUrl: string;
  let dump: Uint8Array;
  let work: string;
  const restoredName = `makazi_restored_${process.pid}_${Date.now() % 100_000}`;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'makazi-pg-backup-'));
    app = await createTestApp();
    owner = await agencyWithOwner(app);
    const name = rowsOf<{ db: string }>(await app.database.db.execute(sql`SELECT current_database() AS db`))[0]!.db;
    ownerUrl = roleUrl(adminUrl, name, TEST_ROLES.owner);
    dump = await dumpPostgres(ownerUrl);
  });
  afterAll(async () => {
    await app?.close();
    await dropDatabase(adminUrl, restoredName).catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  });

  it('carries the people but no signing key, refresh token, session or one-time code', async () => {
    const text = await dumpAsSql(dump);
    const key = rowsOf<{ value: string }>(await app.database.db.execute(sql`SELECT value FROM server_secrets`))[0]!.value;
    const tokenHash = rowsOf<{ token_hash: string }>(await app.database.db.execute(sql`SELECT token_hash FROM refresh_tokens`))[0]!.token_hash;
    const codeHash = rowsOf<{ code_hash: string }>(await app.database.db.execute(sql`SELECT code_hash FROM email_codes`))[0]!.code_hash;
    const email = rowsOf<{ email: string }>(await app.database.db.execute(sql`SELECT email FROM users WHERE user_no = ${owner.userNo}`))[0]!.email;
    expect(text).toContain(email);
    for (const secret of [key, tokenHash, codeHash]) expect(text).not.toContain(secret);
    // A session's id may stay in the audit trail, but no session comes back open: its rows are not carried.
    expect(text).not.toMatch(/^COPY public\.(sessions|refresh_tokens|server_secrets|email_codes|rate_limits) /m);
  });

  it('is written 0600, and sealed with a passphrase opens only with it', async () => {
    const file = path.join(work, 'makazi.dump.age');
    await writePrivateFile(file, await sealBackup(dump, 'long pass phrase for the test', { scryptLogN: 12 }));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const opened = await openBackup(new Uint8Array(await readFile(file)), 'long pass phrase for the test');
    expect(Buffer.from(opened).equals(Buffer.from(dump))).toBe(true);
  });

  it('restores into an empty database, where no token from before works', async () => {
    await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${restoredName} OWNER ${TEST_ROLES.owner}`));
    const restoredOwner = roleUrl(adminUrl, restoredName, TEST_ROLES.owner);
    await restorePostgres(restoredOwner, dump);
    const database = await openPostgres(roleUrl(adminUrl, restoredName, TEST_ROLES.app), restoredOwner);
    const restored = await buildApp({ ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: undefined, deliverNotices: false, recoverStk: false }, { database });
    try {
      const users = rowsOf<{ n: number }>(await restored.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE user_no = ${owner.userNo}`));
      expect(users[0]!.n).toBe(1);
      const open = rowsOf<{ n: number }>(await restored.database.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE ended_at IS NULL`));
      expect(open[0]!.n).toBe(0);
      const me = await restored.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: owner.auth });
      expect(me.statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: owner.auth })).statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });
});
