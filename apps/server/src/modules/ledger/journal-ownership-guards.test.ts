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

  it('refuses a line naming a tenancy or ledger that does not exist', async () => {
    await expect(
      postA(sql`
        SELECT txn_id, ${a.agentId}::bigint, 'ledger', NULL::text, NULL::bigint, 987654321::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', ${tenancyA}::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/foreign key/);
    await expect(
      postA(sql`
        SELECT txn_id, ${a.agentId}::bigint, 'rent_income', NULL::text, NULL::bigint, NULL::bigint, 500, 0 FROM txn
        UNION ALL SELECT txn_id, ${a.agentId}::bigint, 'tenant', 'rent', 987654321::bigint, NULL, 0, 500 FROM txn`),
    ).rejects.toThrow(/foreign key/);
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
