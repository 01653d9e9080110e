// `npm run csv --workspace @makazi/bench`: the tenancies and receipts CSV exports of
// an agency with 10,000 tenancies (BENCH_BIG overrides), through the HTTP
// route, on in-memory PGlite (or PostgreSQL with TEST_DATABASE_URL set).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { manualClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, type Database } from '../apps/server/src/db/database';
import { openTestDatabase } from '../apps/server/src/test/database';
import { load1, median } from './http';
import { seed } from './seed';

const BIG = Number(process.env.BENCH_BIG ?? 10_000);
const REPEATS = 5;

async function main() {
  const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const database: Database = kind === 'postgres' ? await openTestDatabase() : await openPglite(undefined);
  await database.migrate();
  const seeded = await seed(database.db, { agencies: 3, bigAgencyTenancies: BIG, otherAgencyTenancies: 500, housesPerProperty: 50, firstMonth: '2026-10-01' });
  const db = database.db;
  // One receipt per tenancy of the big agency, set-based, as the office would have taken them.
  await db.execute(sql`
    WITH ledger AS (SELECT ledger_id FROM ledgers WHERE agent_id = ${seeded.bigAgentId} AND ledger_name = 'Rent'),
    txns AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, receipt_no, posted_by)
      SELECT t.agent_id, 'receipt', t.tenancy_id, now(), 'Cash, "bench"', row_number() OVER (ORDER BY t.tenancy_id), ${seeded.ownerUserNo}
      FROM tenancies t WHERE t.agent_id = ${seeded.bigAgentId}
      RETURNING txn_id, agent_id, tenancy_id)
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, ledger_id, debit_cents, credit_cents)
    SELECT txn_id, agent_id, 'ledger', NULL, NULL, (SELECT ledger_id FROM ledger), 100000, 0 FROM txns
    UNION ALL
    SELECT txn_id, agent_id, 'tenant', 'rent', tenancy_id, NULL, 0, 100000 FROM txns`);
  const clock = manualClock(new Date());
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), webDist: undefined, port: 0 };
  const app = await buildApp(config, { database, clock });
  try {
    const sessionId = randomUUID();
    await db.execute(sql`INSERT INTO sessions (session_id, user_no, started_at, last_refreshed_at)
      VALUES (${sessionId}, ${seeded.ownerUserNo}, now(), now())`);
    const token = await app.tokens.sign('access', { sub: seeded.ownerUserNo, sid: sessionId }, 3600);
    const routes = {
      tenancies: `/api/tenancy/tenancies.csv?managingAgentId=${seeded.bigAgentId}`,
      'tenancies filtered': `/api/tenancy/tenancies.csv?managingAgentId=${seeded.bigAgentId}&filterBy=Property_name&filterValue=court`,
      receipts: `/api/pmMoneyTransactions/receipts.csv?agentId=${seeded.bigAgentId}`,
    };
    for (const [name, url] of Object.entries(routes)) {
      const ms: number[] = [];
      let rows = 0;
      let bytes = 0;
      for (let i = 0; i < REPEATS; i++) {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        ms.push(performance.now() - t);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        rows = res.body.split('\r\n').length - 2;
        bytes = res.rawPayload.length;
      }
      console.log(
        `[${kind}] ${name} CSV: ${rows} rows, ${(bytes / 1024).toFixed(0)} KB, median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}) over ${REPEATS} [load ${load1()}]`,
      );
    }
  } finally {
    await app.close();
  }
}

await main();
