// Times importing a whole agency's book: a workbook of N tenancies (default
// 5,000) with their landlords, properties, houses, tenants and balances,
// preview then confirm, three samples (each a new book into the same
// agency), median and range. Decision 052; results in RESULTS.md.
//   npx tsx bench/book-import.ts                     (PostgreSQL)
//   KIND=pglite npx tsx bench/book-import.ts
//   PHASES=1 … prints each progress stage's seconds (reading, checking, writing 0–4, balances 0–2)
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { systemClock } from '../apps/server/src/clock';
import type { Tx } from '../apps/server/src/db/database';
import { statisticsKeeper } from '../apps/server/src/db/statistics';
import { bookImportService } from '../apps/server/src/modules/book-import/service';
import { openingBalanceService } from '../apps/server/src/modules/opening-balances/service';
import { openBenchDatabase } from './database-bench';
import { seed } from './seed';

const N = Number(process.env.N ?? 5_000);
const kind = process.env.KIND === 'pglite' ? 'pglite' : 'postgres';
const PER_PROPERTY = 25;
const PER_LANDLORD = 4;

async function book(sample: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const props = Math.ceil(N / PER_PROPERTY);
  const landlords = Math.ceil(props / PER_LANDLORD);
  const phone = (kind: number, i: number) => `07${kind}${sample}${String(i).padStart(6, '0')}`;
  const ll = wb.addWorksheet('Landlords');
  ll.addRow(['First name', 'Last name', 'Phone', 'Email', 'ID number', 'KRA PIN', 'Owed to landlord at go-live']);
  for (let i = 0; i < landlords; i++) ll.addRow(['Land', `Lord ${i}`, phone(1, i), '', '', '', i % 2 ? '10,000' : '']);
  const pr = wb.addWorksheet('Properties');
  pr.addRow(['Property name', 'Landlord phone', 'Rental units', 'County', 'Town', 'Area/Estate']);
  for (let p = 0; p < props; p++) pr.addRow([`Block ${sample}-${p}`, phone(1, Math.floor(p / PER_LANDLORD)), PER_PROPERTY, 'Nairobi', 'Nairobi', 'Kilimani']);
  const ho = wb.addWorksheet('Houses');
  ho.addRow(['Property name', 'House number', 'Description', 'Rent', 'Deposit']);
  const te = wb.addWorksheet('Tenants');
  te.addRow(['First name', 'Last name', 'Phone', 'Email', 'ID number']);
  const ty = wb.addWorksheet('Tenancies');
  ty.addRow(['Property name', 'House number', 'Tenant phone', 'Start date', 'Rent arrears', 'Water arrears', 'Deposit held', 'Credit held']);
  for (let i = 0; i < N; i++) {
    const property = `Block ${sample}-${Math.floor(i / PER_PROPERTY)}`;
    const house = `H${i % PER_PROPERTY}`;
    ho.addRow([property, house, 'Two bedroom', '15,000', '15,000']);
    te.addRow(['Ten', `Ant ${i}`, phone(2, i), '', String(10_000_000 + i).slice(0, 8)]);
    ty.addRow([property, house, phone(2, i), '01/03/2024', i % 3 ? '4,500' : '', i % 5 ? '' : '300', '15,000', i % 3 ? '' : '1,000']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const database = await openBenchDatabase(kind);
await database.migrate();
const seeded = await seed(database.db, { agencies: 1, bigAgencyTenancies: 1, otherAgencyTenancies: 0, housesPerProperty: 1, firstMonth: '2026-10-01' });
const db = database.db;
const agentId = seeded.bigAgentId;
await db.execute(sql`INSERT INTO invoicing_settings (agent_id, go_live_month, updated_at, updated_by) VALUES (${agentId}, '2026-11-01', now(), ${seeded.ownerUserNo})
  ON CONFLICT (agent_id) DO UPDATE SET go_live_month = '2026-11-01'`);
/** PHASES=1: also every statement of the import's transaction that takes over half a second, with its first words. */
if (process.env.PHASES === '1') {
  const dialect = new PgDialect();
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: (tx: Tx) => Promise<unknown>, config?: unknown) =>
    transaction(async (tx) => {
      const execute = tx.execute.bind(tx);
      tx.execute = ((query: SQL) => {
        const t = performance.now();
        const done = () => {
          const ms = performance.now() - t;
          if (ms > 500) console.log(`    ${(ms / 1000).toFixed(1)} s  ${dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').slice(0, 110)}`);
        };
        const result = execute(query);
        return result.then((r) => (done(), r));
      }) as typeof tx.execute;
      return work(tx);
    }, config as never)) as typeof db.transaction;
}
const statistics = statisticsKeeper({ db, kind, log: { warn: console.warn, debug: () => {} } });
const service = bookImportService({ db, clock: systemClock, openingBalances: openingBalanceService({ db, clock: systemClock }), statistics });
/** PHASES=1: the seconds each stage of the progress the screen shows took, to see where an import spends its time. */
function watchStages(t: number) {
  if (process.env.PHASES !== '1') return () => {};
  let last = '';
  let since = t;
  const stages: string[] = [];
  const note = () => {
    const p = service.progress(agentId);
    const now = performance.now();
    const at = `${p.Stage} ${p.Stage === 'writing' || p.Stage === 'balances' ? p.Done : ''}`.trim();
    if (at !== last) {
      if (last) stages.push(`${last} ${((now - since) / 1000).toFixed(1)} s`);
      last = at;
      since = now;
    }
  };
  const timer = setInterval(note, 20);
  return () => {
    note();
    clearInterval(timer);
    console.log(`  stages: ${stages.join(', ')}`);
  };
}
const caller = { userNo: seeded.ownerUserNo, clientNo: 0, sessionId: 'bench' };
const seconds: number[] = [];
for (let sample = 1; sample <= 3; sample++) {
  const file = await book(sample);
  const t = performance.now();
  const stages = watchStages(t);
  const preview = await service.preview(agentId, file, 'book.xlsx');
  if (preview.ProblemCount > 0) throw new Error(JSON.stringify(preview.Problems.slice(0, 3)));
  const previewed = performance.now();
  const done = await service.confirm(agentId, caller, file, 'book.xlsx');
  const s = (performance.now() - t) / 1000;
  seconds.push(s);
  stages();
  console.log(
    `[${kind}] sample ${sample}: ${(file.length / 1024).toFixed(0)} KB, ${done.Created.Tenancies} tenancies, ${done.Balances.Tenancies} with balances: ` +
      `preview ${((previewed - t) / 1000).toFixed(2)} s, preview + confirm ${s.toFixed(2)} s`,
  );
}
seconds.sort((a, b) => a - b);
console.log(`[${kind}] ${N.toLocaleString('en-US')} tenancies: median ${seconds[1]!.toFixed(2)} s, range ${seconds[0]!.toFixed(2)}–${seconds[2]!.toFixed(2)} s`);
await statistics.stop();
await database.close();
