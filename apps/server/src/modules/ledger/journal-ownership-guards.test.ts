import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, type Agency } from '../../test/estate';

/** The guards of migration 0012: whose lines, which accounts, whole transactions, kept balances. */
let app: FastifyInstance;
let a: Agency;
let b: Agency;
let tenancyA: number;
let tenancyB: number;
let ledgerB: number;
let userNo: number;
beforeAll(async () => {
  app = await createTestApp();
  a = await agencyWithOwner(app);
  b = await agencyWithOwner(app);
  const ea = await estate(app, a, { houses: 1 });
  const eb = await estate(app, b, { houses: 1 });
  tenancyA = await bookOk(app, a, ea.houseIds[0]!, await ea.tenant());
  tenancyB = await bookOk(app, b, eb.houseIds[0]!, await eb.tenant());
  ledgerB = Number(rowsOf<{ id: number }>(await app.database.db.execute(sql`SELECT ledger_id AS id FROM ledgers WHERE agent_id = ${b.agentId} LIMIT 1`))[0]!.id);
  userNo = a.userNo;
});
afterAll(() => app.close());

const exec = (query: ReturnType<typeof sql>) =>
  app.database.db.execute(query).catch((error: { cause?: unknown }) => {
    throw error.cause ?? error;
  });

/** A transaction of agency A on its own tenancy, with the lines given. */
const postA = (lines: ReturnType<typeof sql>, kind = 'receipt') =>
  exec(sql`
    WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by, receipt_no)
      VALUES (${a.agentId}, ${kind}, ${tenancyA}, now(), 'forged', ${userNo}, ${kind === 'receipt' ? 999_999 : null})
      RETURNING txn_id
    )
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
    ${lines}`);

describe('a line belongs to its transaction', () => {
  it("refuses agency A's transaction that debits B's ledger and credits B's tenancy", async () => {
    await expect(
      postA(sql`
        SELECT txn_id, ${a.agentId}::bigint, 'ledger', NULL::text, NULL::bigint, ${ledgerB}::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyB}::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/another agent, tenancy or ledger/);
  });

  it("refuses a line carrying another agent's id", async () => {
    await expect(
      postA(sql`
        SELECT txn_id, ${b.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/another agent, tenancy or ledger/);
  });

  it('refuses an unknown account, sub-account or kind', async () => {
    await expect(
      postA(sql`
        SELECT txn_id, ${a.agentId}::bigint, 'typo_acount', NULL::text, NULL::bigint, NULL::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/journal_lines_account_known/);
    await expect(
      postA(sql`
        SELECT txn_id, ${a.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'whatever', ${tenancyA}::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/journal_lines_tenant_has_sub_account/);
    await expect(
      postA(
        sql`SELECT txn_id, ${a.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 500, 0 FROM txn
            UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 0, 500 FROM txn`,
        'whatever',
      ),
    ).rejects.toThrow(/journal_kind_known/);
  });

});

/**
 * The journal's references (a line's transaction, tenancy and ledger; a
 * transaction's tenancy, agent and reversed original) are checked once per
 * statement by triggers, not by foreign keys (migration 0017). Each bad
 * reference is refused, also when it is one row among good ones, and the rows
 * referred to cannot be removed or re-keyed.
 */
describe('references the journal makes', () => {
  const NO_SUCH = 987_654_321;

  it('refuses a line naming a ledger that does not exist', async () => {
    await expect(
      postA(sql`
        SELECT txn_id, ${a.agentId}::bigint, 'ledger', NULL::text, NULL::bigint, ${NO_SUCH}::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/names a transaction, tenancy or ledger that does not exist/);
  });

  it('refuses a line naming a tenancy that does not exist', async () => {
    await expect(
      postA(sql`
        SELECT txn_id, ${a.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${NO_SUCH}::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/names a transaction, tenancy or ledger that does not exist/);
  });

  it('refuses lines naming a transaction that does not exist, alone or beside a good one', async () => {
    await expect(
      exec(sql`INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
               VALUES (${NO_SUCH}, ${a.agentId}, 'tenant', 'rent', ${tenancyA}, 500, 0),
                      (${NO_SUCH}, ${a.agentId}, 'rent_income', NULL, NULL, 0, 500)`),
    ).rejects.toThrow(/names a transaction, tenancy or ledger that does not exist/);
    // The good transaction's lines and one bad pair in one statement: all refused.
    await expect(
      postA(
        sql`SELECT txn_id, ${a.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 0, 500 FROM txn
            UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 500, 0 FROM txn
            UNION ALL SELECT ${NO_SUCH}::bigint, ${a.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 0, 500
            UNION ALL SELECT ${NO_SUCH}::bigint, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 500, 0`,
        'deposit_applied',
      ),
    ).rejects.toThrow(/names a transaction, tenancy or ledger that does not exist/);
    const left = rowsOf(await app.database.db.execute(sql`SELECT 1 FROM journal_lines WHERE txn_id = ${NO_SUCH}`));
    expect(left).toEqual([]);
  });

  /** A transaction with the columns given, and balanced lines on its own tenancy. */
  const postTxn = (agentId: number, tenancyId: number, extra: { reverses?: number; postedBy?: number } = {}) =>
    exec(sql`
      WITH txn AS (
        INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by, reverses_txn_id)
        VALUES (${agentId}, ${extra.reverses ? 'reversal' : 'deposit_applied'}, ${tenancyId}, now(), 'forged', ${extra.postedBy ?? userNo}, ${extra.reverses ?? null}::bigint)
        RETURNING txn_id, agent_id, tenancy_id
      )
      INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
      SELECT txn_id, agent_id, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 500, 0 FROM txn
      UNION ALL SELECT txn_id, agent_id, 'tenant', 'rent', tenancy_id, NULL, 0, 500 FROM txn`);

  it('refuses a transaction naming a tenancy, an agent or a poster that does not exist', async () => {
    await expect(postTxn(a.agentId, NO_SUCH)).rejects.toThrow(/names a tenancy, agent, poster or original that does not exist/);
    await expect(postTxn(NO_SUCH, tenancyA)).rejects.toThrow(/names a tenancy, agent, poster or original that does not exist/);
    await expect(postTxn(a.agentId, tenancyA, { postedBy: NO_SUCH })).rejects.toThrow(/names a tenancy, agent, poster or original/);
  });

  it("refuses a reversal of a transaction that does not exist, or of another agency's", async () => {
    await expect(postTxn(a.agentId, tenancyA, { reverses: NO_SUCH })).rejects.toThrow(/names a tenancy, agent, poster or original/);
    const [ofB] = rowsOf<{ id: number }>(await app.database.db.execute(sql`SELECT max(txn_id) AS id FROM journal_transactions WHERE agent_id = ${b.agentId}`));
    await expect(postTxn(a.agentId, tenancyA, { reverses: Number(ofB!.id) })).rejects.toThrow(/names a tenancy, agent, poster or original/);
  });

  it('refuses a transaction naming a missing tenancy among good ones in one statement', async () => {
    await expect(
      exec(sql`
        WITH txn AS (
          INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
          VALUES (${a.agentId}, 'deposit_applied', ${tenancyA}, now(), 'forged', ${userNo}),
                 (${a.agentId}, 'deposit_applied', ${NO_SUCH}, now(), 'forged', ${userNo})
          RETURNING txn_id, agent_id, tenancy_id
        )
        INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
        SELECT txn_id, agent_id, 'rent_income', NULL::text, NULL::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, agent_id, 'tenant', 'rent', tenancy_id, 0, 500 FROM txn`),
    ).rejects.toThrow(/does not exist/);
  });

  it('still posts a good transaction through the same raw SQL', async () => {
    await postTxn(a.agentId, tenancyA);
    const [row] = rowsOf<{ n: number }>(await app.database.db.execute(sql`SELECT count(*)::int AS n FROM journal_transactions WHERE details = 'forged'`));
    expect(Number(row!.n)).toBe(1);
  });

  it('refuses to delete, truncate or re-key a tenancy, a ledger or a user', async () => {
    const refused = /the journal refers to|permission denied/;
    await expect(exec(sql`DELETE FROM tenancies WHERE tenancy_id = ${tenancyB}`)).rejects.toThrow(/the journal refers to tenancies/);
    await expect(exec(sql`UPDATE tenancies SET tenancy_id = DEFAULT WHERE tenancy_id = ${tenancyB}`)).rejects.toThrow(/the journal refers to tenancies/);
    await expect(exec(sql`TRUNCATE tenancies CASCADE`)).rejects.toThrow(refused);
    await expect(exec(sql`DELETE FROM ledgers WHERE ledger_id = ${ledgerB}`)).rejects.toThrow(/the journal refers to ledgers/);
    await expect(exec(sql`UPDATE ledgers SET ledger_id = DEFAULT WHERE ledger_id = ${ledgerB}`)).rejects.toThrow(/the journal refers to ledgers/);
    await expect(exec(sql`TRUNCATE ledgers CASCADE`)).rejects.toThrow(refused);
    await expect(exec(sql`DELETE FROM users WHERE user_no = ${b.userNo}`)).rejects.toThrow(/the journal refers to users/);
    await expect(exec(sql`UPDATE users SET user_no = DEFAULT WHERE user_no = ${b.userNo}`)).rejects.toThrow(/the journal refers to users/);
    await expect(exec(sql`TRUNCATE users CASCADE`)).rejects.toThrow(refused);
    const [left] = rowsOf<{ t: number; g: number }>(
      await app.database.db.execute(sql`SELECT (SELECT count(*) FROM tenancies WHERE tenancy_id = ${tenancyB})::int AS t,
                                               (SELECT count(*) FROM ledgers WHERE ledger_id = ${ledgerB})::int AS g`),
    );
    expect([Number(left!.t), Number(left!.g)]).toEqual([1, 1]);
  });
});

describe('whole transactions and kept balances', () => {
  it('refuses a transaction without lines', async () => {
    await expect(
      exec(sql`INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by, charge_month)
               VALUES (${a.agentId}, 'rent_charge', ${tenancyA}, now(), 'empty', ${userNo}, '2031-01-01')`),
    ).rejects.toThrow(/has no lines/);
    const left = rowsOf(await app.database.db.execute(sql`SELECT txn_id FROM journal_transactions WHERE details = 'empty'`));
    expect(left).toEqual([]);
  });

  // On PostgreSQL the app's role has no TRUNCATE at all; the trigger answers where it has (PGlite).
  it('refuses a direct write to tenancy_balances, even one that touches no row', async () => {
    await expect(exec(sql`INSERT INTO tenancy_balances (tenancy_id, balance_cents) VALUES (${tenancyA}, 0) ON CONFLICT (tenancy_id) DO UPDATE SET balance_cents = 0`)).rejects.toThrow(/kept by the journal/);
    await expect(exec(sql`UPDATE tenancy_balances SET balance_cents = 0 WHERE false`)).rejects.toThrow(/kept by the journal/);
    await expect(exec(sql`DELETE FROM tenancy_balances WHERE tenancy_id = ${tenancyB}`)).rejects.toThrow(/kept by the journal/);
  });

  it('refuses TRUNCATE of tenancy_balances', async () => {
    await expect(exec(sql`TRUNCATE tenancy_balances`)).rejects.toThrow(/kept by the journal|permission denied/);
  });

  it('refuses a second receipt with the same number for one agency, and a receipt without one', async () => {
    const receipt = (no: number | null) =>
      exec(sql`
        WITH txn AS (
          INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by, receipt_no)
          VALUES (${a.agentId}, 'receipt', ${tenancyA}, now(), 'cash', ${userNo}, ${no}::bigint) RETURNING txn_id
        )
        INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
        SELECT txn_id, ${a.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 100, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 0, 100 FROM txn`);
    await receipt(424_242);
    await expect(receipt(424_242)).rejects.toThrow(/journal_receipt_number_per_agent/);
    await expect(receipt(null)).rejects.toThrow(/journal_receipt_has_number/);
  });
});
