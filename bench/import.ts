// Times M-Pesa statement imports into one agency, three in a row, and names
// every statement of the import's transaction that took 50 ms or more; with
// EXPLAIN=1 each bulk statement's plan and triggers too (run in a savepoint
// that is rolled back, then for real). Where decision 033's figures come from.
//   npm run import --workspace @makazi/bench          (PostgreSQL, 10,000 rows)
//   KIND=pglite N=2000 npm run import --workspace @makazi/bench
import { parseCsv, parseStatementRows } from '@makazi/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../apps/server/src/db/database';
import { recordPayments } from '../apps/server/src/modules/mpesa/recording';
import { statementCsv } from '../apps/server/src/test/statement-csv';
import { openBenchDatabase, vacuumAsAdmin } from './database-bench';
import { seed } from './seed';

const N = Number(process.env.N ?? 10_000);
const kind = process.env.KIND === 'pglite' ? 'pglite' : 'postgres';
const explain = process.env.EXPLAIN === '1';

/** The statement's text, its parameters left out, on one line. */
function textOf(query: SQL): string {
  return query.queryChunks
    .map((c) => (typeof c === 'object' && c !== null && 'value' in c && Array.isArray(c.value) ? c.value.join('') : '?'))
    .join('')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
}

/** The transaction's `execute`, timed: each slow statement is printed. */
function timedStatements(tx: DbOrTx): DbOrTx {
  const execute = tx.execute.bind(tx);
  const timed = async (query: SQL) => {
    if (explain && /^\s*WITH staged/.test(textOf(query))) {
      await tx
        .transaction(async (sp) => {
          const plan = await sp.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
          console.log(rowsOf<Record<string, string>>(plan).map((r) => r['QUERY PLAN']).join('\n'));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    }
    const t = performance.now();
    const result = await execute(query);
    const ms = performance.now() - t;
    if (ms >= 50) console.log(`  ${ms.toFixed(0)} ms  ${textOf(query)}`);
    return result;
  };
  return Object.assign(Object.create(tx) as DbOrTx, { execute: timed });
}

const database = await openBenchDatabase(kind);
await database.migrate();
const seeded = await seed(database.db, { agencies: 3, bigAgencyTenancies: N, otherAgencyTenancies: 100, housesPerProperty: 50, firstMonth: '2026-10-01' });
if (kind === 'postgres') await vacuumAsAdmin(database);
const db = database.db;
const agentId = seeded.bigAgentId;
const tenancies = rowsOf<{ id: number }>(
  await db.execute(sql`SELECT tenancy_id::int AS id FROM tenancies WHERE agent_id = ${agentId} ORDER BY 1`),
).map((r) => r.id);
const [ledger] = rowsOf<{ id: number }>(await db.execute(sql`SELECT ledger_id::int AS id FROM ledgers WHERE agent_id = ${agentId} LIMIT 1`));
let transId = 0;
for (let round = 1; round <= 3; round++) {
  const from = new Date(Date.UTC(2026, 10, round, 7));
  const lines = Array.from({ length: N }, (_, i) => ({
    receiptNo: `TB${String(++transId).padStart(8, '0')}`,
    at: new Date(from.getTime() + i * 1000),
    paidIn: '1,000.00',
    account: String(tenancies[i % tenancies.length]),
  }));
  const payments = parseStatementRows(parseCsv(statementCsv(lines))).payments;
  const t = performance.now();
  const recorded = await db.transaction((tx) =>
    recordPayments(timedStatements(tx), payments, {
      agentId,
      ledgerId: ledger!.id,
      source: 'import',
      receivedAt: new Date('2026-11-20T07:00:00Z'),
      postedBy: seeded.ownerUserNo,
    }),
  );
  console.log(`[${kind}] import ${round}: ${N.toLocaleString('en-US')} rows, ${recorded.posted} posted in ${((performance.now() - t) / 1000).toFixed(2)} s`);
}
const [landlord] = rowsOf<{ lines: number; balance: string }>(
  await db.execute(sql`SELECT count(*)::int AS lines, coalesce(sum(credit_cents - debit_cents), 0)::text AS balance
                       FROM landlord_lines WHERE agent_id = ${agentId} AND account = 'landlord'`),
);
console.log(`[${kind}] landlord lines ${landlord!.lines}, owed to landlords ${landlord!.balance} cents`);
await database.close();
