import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openPglite, rowsOf, type Database } from '../db/database';
import { runPgliteTemplate, testDatabaseKind } from '../test/database';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../test/estate';
import { BackupRefused, restoreDump, verifyDump } from './pglite-backup';

const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: undefined };
const receipts = async (database: Database) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM journal_transactions WHERE kind = 'receipt'`))[0]!.n);

// PGlite only: PostgreSQL is backed up with pg_dump.
describe.runIf(testDatabaseKind === 'pglite')('backup and restore of the embedded database', () => {
  let dir: string;
  let app: FastifyInstance;
  let agency: Agency;
  let tenancyId: number;
  let dump: Uint8Array;
  let receiptsInDump: number;

  beforeAll(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'makazi-backup-')), 'data');
    // A new data directory starts from the run's migrated template, as a first start of the built server does.
    app = await buildApp(config, { database: await openPglite(dir, { template: await runPgliteTemplate() }) });
    agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await rm(path.dirname(dir), { recursive: true, force: true });
  });

  it('takes a consistent copy while payments are being posted, and its books check out', async () => {
    const paying = Array.from({ length: 6 }, (_, i) => pay(app, agency, tenancyId, '1,000', `backup-while-paying-${i}`));
    [dump] = await Promise.all([app.database.dump!(), ...paying]);
    const report = await verifyDump(dump);
    expect(report.problems).toEqual([]);
    expect(report.tenancies).toBe(1);
    expect(report.migrations).toBe(await app.database.appliedMigrations());
    receiptsInDump = report.transactions - 2; // the booking's deposit and first month's rent
    expect(receiptsInDump).toBeGreaterThanOrEqual(0);
    expect(receiptsInDump).toBeLessThanOrEqual(6);
  });

  it('refuses to restore while a server holds the data directory', async () => {
    await expect(restoreDump(dir, dump)).rejects.toThrow(DataDirLockedError);
    expect(await receipts(app.database)).toBe(6);
  });

  it('restores the copy once the server has stopped, moving the replaced data aside', async () => {
    expect((await pay(app, agency, tenancyId, '500', 'after-the-backup')).statusCode).toBe(200);
    await app.close();
    const report = await restoreDump(dir, dump);
    expect(report.problems).toEqual([]);
    expect(report.previous).toMatch(/data\.before-restore-/);
    expect(await readdir(report.previous!)).toContain('PG_VERSION');

    const restored = await openPglite(dir);
    expect(await receipts(restored)).toBe(receiptsInDump);
    await restored.close();
  });

  it('refuses a copy whose books do not balance, leaving the data as it was', async () => {
    const broken = await openPglite(undefined, { template: await runPgliteTemplate() });
    await broken.migrate();
    const tampered = await buildApp(config, { database: broken });
    const other = await agencyWithOwner(tampered);
    const { houseIds, tenant } = await estate(tampered, other, { houses: 1 });
    const id = await bookOk(tampered, other, houseIds[0]!, await tenant());
    // Someone with the files edits the journal behind the guards' back.
    await broken.db.execute(sql`SET session_replication_role = replica`);
    await broken.db.execute(sql`UPDATE journal_lines SET debit_cents = debit_cents + 100 WHERE tenancy_id = ${id}`);
    const bad = await broken.dump!();
    await tampered.close();

    const report = await verifyDump(bad);
    expect(report.problems.join('; ')).toMatch(/debits and credits differ.*balances that differ/);
    await expect(restoreDump(dir, bad)).rejects.toThrow(BackupRefused);
    const still = await openPglite(dir);
    expect(await receipts(still)).toBe(receiptsInDump);
    await still.close();
  });
});
