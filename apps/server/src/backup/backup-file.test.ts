import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPgliteClient, openPglite, rowsOf, wrapPglite } from '../db/database';
import { runPgliteTemplate, testDatabaseKind } from '../test/database';
import { agencyWithOwner, type Agency } from '../test/estate';
import { BackupFileError, isEncrypted, openBackup, sealBackup, writePrivateFile } from './backup-file';
import { restoreDump, scrubbedDump } from './pglite-backup';

const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: undefined };

/** Names and modes of a ustar tarball's members, read straight from the headers. */
function members(gzipped: Uint8Array): { name: string; mode: number }[] {
  const tar = gunzipSync(gzipped);
  const out: { name: string; mode: number }[] = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, length: number) => header.subarray(from, from + length).toString('latin1').replace(/\0.*$/s, '').trim();
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    out.push({ name, mode: parseInt(field(100, 8), 8) });
    const size = parseInt(field(124, 12) || '0', 8);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

/** Each query's rows, asked of one database opened from the copy. */
async function rowsIn(bytes: Uint8Array, ...queries: string[]) {
  const database = wrapPglite(await createPgliteClient({ loadDataDir: new Blob([bytes as Uint8Array<ArrayBuffer>]) }), { checkpointOnClose: false });
  try {
    const answers: Record<string, unknown>[][] = [];
    for (const query of queries) answers.push(rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(query))));
    return answers;
  } finally {
    await database.close();
  }
}

describe.runIf(testDatabaseKind === 'pglite')('what a backup file holds', { timeout: 180_000 }, () => {
  let work: string;
  let dir: string;
  let app: FastifyInstance;
  let owner: Agency;
  let copy: Uint8Array;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'makazi-backup-file-'));
    dir = path.join(work, 'data');
    // A new data directory starts from the run's migrated template, as a first start of the built server does.
    app = await buildApp(config, { database: await openPglite(dir, { template: await runPgliteTemplate() }) });
    owner = await agencyWithOwner(app);
    ({ bytes: copy } = await scrubbedDump(await app.database.dump!()));
  }, 180_000);
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  });

  it('holds no signing key, no refresh token and no open session, but keeps the people', async () => {
    const [secrets, refreshTokens, openSessions, people] = await rowsIn(
      copy,
      'SELECT name FROM server_secrets',
      'SELECT token_hash FROM refresh_tokens',
      'SELECT session_id FROM sessions WHERE ended_at IS NULL',
      'SELECT count(*)::int AS n FROM users',
    );
    expect(secrets).toEqual([]);
    expect(refreshTokens).toEqual([]);
    expect(openSessions).toEqual([]);
    expect(people![0]!.n).toBeGreaterThan(0);
  });

  it('names its members relative to the data directory, files 0600 and folders 0700', () => {
    const list = members(copy);
    expect(list.length).toBeGreaterThan(500);
    expect(list.filter((m) => m.name.startsWith('/') || m.name.split('/').includes('..'))).toEqual([]);
    expect(list.find((m) => m.name === 'PG_VERSION')?.mode).toBe(0o600);
    expect([...new Set(list.map((m) => m.mode))].sort()).toEqual([0o600, 0o700]);
  });

  it('is written 0600 whatever the umask', async () => {
    const file = path.join(work, 'copy.tar.gz');
    const before = process.umask(0);
    try {
      await writePrivateFile(file, copy);
    } finally {
      process.umask(before);
    }
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file)).equals(copy)).toBe(true);
  });

  it('is encrypted with a passphrase, and opens only with it', async () => {
    // A cheaper key derivation than the default 2^18 keeps the test quick; the format is the same.
    const sealed = await sealBackup(copy, 'correct horse battery staple', { scryptLogN: 12 });
    expect(isEncrypted(sealed)).toBe(true);
    expect(Buffer.from(sealed).includes(Buffer.from('PG_VERSION'))).toBe(false);
    expect(Buffer.from(await openBackup(sealed, 'correct horse battery staple')).equals(copy)).toBe(true);
    await expect(openBackup(sealed, 'wrong horse battery staple')).rejects.toThrow(BackupFileError);
    await expect(openBackup(sealed, undefined)).rejects.toThrow(/set BACKUP_PASSPHRASE/);
    expect(await openBackup(copy, undefined)).toBe(copy);
  });

  it('a restore makes a new signing key: tokens from before it are refused', async () => {
    const raw = await app.database.dump!();
    const me = { headers: owner.auth, method: 'POST' as const, url: '/api/userauth/authenticateuser' };
    expect((await app.inject(me)).statusCode).toBe(200);
    const keyBefore = rowsOf<{ value: string }>(await app.database.db.execute(sql`SELECT value FROM server_secrets`))[0]!.value;
    await app.close();
    // Even the server's own raw copy, key and sessions included, is restored without them.
    await restoreDump(dir, raw);
    app = await buildApp(config, { database: await openPglite(dir) });
    const keyAfter = rowsOf<{ value: string }>(await app.database.db.execute(sql`SELECT value FROM server_secrets`))[0]!.value;
    expect(keyAfter).not.toBe(keyBefore);
    expect((await app.inject(me)).statusCode).toBe(401);
    const modes = await stat(path.join(dir, 'PG_VERSION'));
    expect(modes.mode & 0o777).toBe(0o600);
  });
});
