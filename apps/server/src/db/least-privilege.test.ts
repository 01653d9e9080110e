import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { roleUrl, TEST_ROLES, testDatabaseKind } from '../test/database';
import { agencyWithOwner, bookOk, estate, pay } from '../test/estate';
import { rowsOf } from './database';

// Drizzle wraps the database's refusal; the reason is the cause's message.
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { cause?: { message?: string }; message: string }) => error.cause?.message ?? error.message,
  );

describe.runIf(testDatabaseKind === 'postgres')('the app role on PostgreSQL (MIGRATION_DATABASE_URL beside DATABASE_URL)', () => {
  let app: FastifyInstance;
  let owner: pg.Client;
  let txnId: number;
  const exec = (query: ReturnType<typeof sql>) => refusal(app.database.db.execute(query));

  beforeAll(async () => {
    app = await createTestApp();
    const agency = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
    const tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
    expect((await pay(app, agency, tenancyId, '1,000', 'least-privilege-1')).statusCode).toBe(200);
    txnId = Number(rowsOf<{ id: string }>(await app.database.db.execute(sql`SELECT max(txn_id) AS id FROM journal_lines`))[0]!.id);
    const name = rowsOf<{ db: string }>(await app.database.db.execute(sql`SELECT current_database() AS db`))[0]!.db;
    owner = new pg.Client({ connectionString: roleUrl(process.env.TEST_DATABASE_URL!, name, TEST_ROLES.owner) });
    await owner.connect();
  });
  afterAll(async () => {
    await owner?.end();
    await app?.close();
  });

  it('runs as a role that is neither a superuser nor the owner of any table', async () => {
    const [me] = rowsOf<{ role: string; superuser: boolean; owns: number }>(
      await app.database.db.execute(sql`
        SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
               (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owns`),
    );
    expect(me).toEqual({ role: TEST_ROLES.app, superuser: false, owns: 0 });
  });

  it('reads and appends to the journal, and may not update, delete or truncate it', async () => {
    expect(await exec(sql`SELECT count(*) FROM journal_lines`)).toBe('allowed');
    expect(await exec(sql`UPDATE journal_lines SET debit_cents = 0 WHERE txn_id = ${txnId}`)).toMatch(/permission denied for table journal_lines/);
    expect(await exec(sql`DELETE FROM journal_transactions WHERE txn_id = ${txnId}`)).toMatch(/permission denied for table journal_transactions/);
    expect(await exec(sql`TRUNCATE journal_lines`)).toMatch(/permission denied/);
    expect(await exec(sql`SELECT * FROM journal_lines WHERE txn_id = ${txnId} FOR UPDATE`)).toMatch(/permission denied/);
  });

  it('cannot switch the guards off: no ALTER TABLE, DISABLE TRIGGER, DROP, new trigger or session_replication_role', async () => {
    expect(await exec(sql`ALTER TABLE journal_lines DISABLE TRIGGER ALL`)).toMatch(/must be owner/);
    expect(await exec(sql`ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_append_only`)).toMatch(/must be owner/);
    expect(await exec(sql`ALTER TABLE tenancies ADD COLUMN note text`)).toMatch(/must be owner/);
    expect(await exec(sql`DROP TRIGGER journal_lines_append_only ON journal_lines`)).toMatch(/must be owner/);
    expect(await exec(sql`DROP FUNCTION journal_refuse_change() CASCADE`)).toMatch(/must be owner/);
    expect(await exec(sql`CREATE TRIGGER sneak BEFORE INSERT ON journal_lines FOR EACH ROW EXECUTE FUNCTION journal_refuse_change()`)).toMatch(
      /permission denied|must be owner/,
    );
    expect(await exec(sql`SET session_replication_role = replica`)).toMatch(/permission denied/);
    expect(await exec(sql`ALTER ROLE current_user SET session_replication_role = replica`)).toMatch(/permission denied/);
  });

  it('leaves the guards standing for the owner too: the journal refuses changes by anyone', async () => {
    await expect(owner.query('UPDATE journal_lines SET debit_cents = 0 WHERE txn_id = $1', [txnId])).rejects.toThrow(/append-only/);
    await expect(owner.query('DELETE FROM journal_transactions WHERE txn_id = $1', [txnId])).rejects.toThrow(/append-only/);
  });
});
