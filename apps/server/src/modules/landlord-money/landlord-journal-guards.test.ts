import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, estate, type Agency } from '../../test/estate';

let app: FastifyInstance;
let agency: Agency;
let landlordNo: number;
let propId: number;
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  ({ landlordNo, propId } = await estate(app, agency, { houses: 1 }));
});
afterAll(() => app.close());

// Drizzle wraps the database's refusal; the reason is the cause's message.
const exec = (query: ReturnType<typeof sql>) =>
  app.database.db.execute(query).catch((error: { cause?: unknown }) => {
    throw error.cause ?? error;
  });

/** One landlord-journal transaction with a debit and a credit line, as the services post them. */
const post = (debit: number, credit: number) =>
  exec(sql`
    WITH txn AS (
      INSERT INTO landlord_txns (agent_id, kind, landlord_no, prop_id, tenancy_id, journal_txn_id, posted_at, money_date, details, posted_by)
      VALUES (${agency.agentId}, 'expense', ${landlordNo}, ${propId}, NULL, NULL, now(), current_date, 'guard test', ${agency.userNo})
      RETURNING txn_id
    )
    INSERT INTO landlord_lines (txn_id, agent_id, account, sub_account, landlord_no, prop_id, tenancy_id, debit_cents, credit_cents)
    SELECT txn.txn_id, ${agency.agentId}::bigint, v.account, NULL, ${landlordNo}::bigint, ${propId}::bigint, NULL, v.debit, v.credit
    FROM txn, (VALUES ('landlord', ${debit}::bigint, 0::bigint), ('cash', 0::bigint, ${credit}::bigint)) AS v(account, debit, credit)`);

describe('the database guards the landlord journal', () => {
  it('takes a transaction whose debits equal its credits and refuses one whose differ, whatever the journal holds', async () => {
    await expect(post(500, 500)).resolves.toBeDefined();
    await expect(post(500, 499)).rejects.toThrow(/does not balance|permission denied/);
    await expect(post(500, 500)).resolves.toBeDefined();
  });
});
