import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate } from '../../test/estate';

let app: FastifyInstance;
let txnId: number;
let agentId: number;
let tenancyId: number;
beforeAll(async () => {
  app = await createTestApp();
  const agency = await agencyWithOwner(app);
  agentId = agency.agentId;
  const { houseIds, tenant } = await estate(app, agency, { houses: 1 });
  tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant());
  const rows = await app.database.db.execute(sql`SELECT max(txn_id) AS id FROM journal_transactions`);
  txnId = Number((rows as unknown as { rows: { id: number }[] }).rows[0]!.id);
});
afterAll(() => app.close());

// Drizzle wraps the database's refusal; the reason is the cause's message. On
// PostgreSQL the app's role may not even try (least-privilege.test.ts).
const exec = (query: ReturnType<typeof sql>) =>
  app.database.db.execute(query).catch((error: { cause?: unknown }) => {
    throw error.cause ?? error;
  });

describe('the database guards the journal', () => {
  it('refuses to update or delete a posted line or transaction', async () => {
    await expect(exec(sql`UPDATE journal_lines SET debit_cents = debit_cents + 1 WHERE txn_id = ${txnId}`)).rejects.toThrow(/append-only|permission denied/);
    await expect(exec(sql`DELETE FROM journal_lines WHERE txn_id = ${txnId}`)).rejects.toThrow(/append-only|permission denied/);
    await expect(exec(sql`UPDATE journal_transactions SET details = 'x' WHERE txn_id = ${txnId}`)).rejects.toThrow(/append-only|permission denied/);
    await expect(exec(sql`DELETE FROM journal_transactions WHERE txn_id = ${txnId}`)).rejects.toThrow(/append-only|permission denied/);
  });

  it('refuses a transaction whose debits and credits differ', async () => {
    await expect(
      exec(sql`
        WITH txn AS (
          INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, posted_by)
          SELECT ${agentId}::bigint, 'deposit_charge', ${tenancyId}::bigint, now(), 'lopsided', posted_by FROM journal_transactions WHERE txn_id = ${txnId}
          RETURNING txn_id
        )
        INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
        SELECT txn_id, ${agentId}::bigint, 'tenant', 'deposit', ${tenancyId}::bigint, 1000, 0 FROM txn
        UNION ALL SELECT txn_id, ${agentId}::bigint, 'deposits_billed', NULL, NULL, 0, 999 FROM txn`),
    ).rejects.toThrow(/does not balance/);
  });

  it('refuses a line that is both or neither debit and credit, or negative', async () => {
    for (const [debit, credit] of [[0, 0], [5, 5], [-5, 0]]) {
      await expect(
        exec(sql`INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
                 VALUES (${txnId}, ${agentId}, 'tenant', 'rent', ${tenancyId}, ${debit}, ${credit})`),
      ).rejects.toThrow(/journal_lines_one_sided_positive/);
    }
  });
});

describe('tenancy balances follow the journal', () => {
  it('equal the sum of each tenant account, and refuse direct writes', async () => {
    const rows = await exec(sql`
      SELECT t.tenancy_id FROM tenancies t
      LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
      LEFT JOIN (SELECT tenancy_id, sum(debit_cents - credit_cents) AS s FROM journal_lines WHERE account = 'tenant' GROUP BY tenancy_id) j
        ON j.tenancy_id = t.tenancy_id
      WHERE coalesce(b.balance_cents, 0) <> coalesce(j.s, 0)`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
    await expect(exec(sql`UPDATE tenancy_balances SET balance_cents = 0 WHERE tenancy_id = ${tenancyId}`)).rejects.toThrow(/kept by the journal/);
    await expect(exec(sql`DELETE FROM tenancy_balances WHERE tenancy_id = ${tenancyId}`)).rejects.toThrow(/kept by the journal/);
  });
});
