import { availableParallelism, loadavg } from 'node:os';
import { STATEMENT_COLUMNS } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, tenancyOf, type Agency } from '../../test/estate';
import { confirmation, darajaSender } from '../../test/fake-daraja';
import { setPaybill, statement } from '../../test/mpesa';
import { statementCsv, type StatementLine } from '../../test/statement-csv';

let app: FastifyInstance;
let agency: Agency;
let tenancies: number[];
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 4, rent: '10,000', deposit: '0' });
  tenancies = [];
  for (const houseId of place.houseIds)
    tenancies.push(await bookOk(app, agency, houseId, await place.tenant()));
  await setPaybill(app, agency);
});
afterAll(() => app.close());

const at = new Date('2025-01-10T07:00:00Z');
const receiptCount = async () =>
  Number(
    rowsOf<{ n: number }>(
      await app.database.db.execute(
        sql`SELECT count(*)::int AS n FROM journal_transactions WHERE agent_id = ${agency.agentId} AND kind = 'receipt'`,
      ),
    )[0]!.n,
  );

describe('statement import', () => {
  it('previews, then posts only completed money-in rows, each receipt once, whatever the column order', async () => {
    const lines: StatementLine[] = [
      { receiptNo: 'SAA0000001', at, paidIn: '5,000.00', account: String(tenancies[0]) },
      { receiptNo: 'SAA0000002', at, paidIn: '1,250.50', account: 'nobody' },
      { receiptNo: 'SAA0000003', at, withdrawn: '-200.00', account: '' },
      { receiptNo: 'SAA0000004', at, paidIn: '900.00', status: 'Failed', account: String(tenancies[1]) },
      { receiptNo: 'SAA0000005', at, paidIn: 'lots', account: String(tenancies[1]) },
    ];
    const csv = statementCsv(lines, [...STATEMENT_COLUMNS].reverse());
    const preview = await statement(app, agency, 'preview', csv);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      Matched: 1,
      Unmatched: 1,
      AlreadyRecorded: 0,
      MatchedAmount: 5000,
      UnmatchedAmount: 1250.5,
      Skipped: 2,
    });
    expect(preview.json().Problems).toEqual([
      { line: 11, receiptNo: 'SAA0000005', reason: 'Paid In is not an amount' },
    ]);
    const receiptsBefore = await receiptCount();
    expect(await receiptCount()).toBe(receiptsBefore);

    const before = (await tenancyOf(app, agency, tenancies[0]!)).RentBalance;
    const done = await statement(app, agency, 'import', csv);
    expect(done.json()).toEqual({ Posted: 1, Unmatched: 1, AlreadyRecorded: 0, Skipped: 2, Problems: 1 });
    expect((await tenancyOf(app, agency, tenancies[0]!)).RentBalance).toBe(before - 5000);
    const again = await statement(app, agency, 'import', csv);
    expect(again.json()).toMatchObject({ Posted: 0, Unmatched: 0, AlreadyRecorded: 2 });
    expect((await statement(app, agency, 'preview', csv)).json()).toMatchObject({
      Matched: 0,
      Unmatched: 0,
      AlreadyRecorded: 2,
    });
    expect(await receiptCount()).toBe(receiptsBefore + 1);
  });

  it('skips what a callback already recorded', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const daraja = darajaSender(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    );
    const settings = await setPaybill(app, agency);
    await daraja.confirm(
      settings.confirmationPath,
      confirmation({
        TransID: 'SAB0000001',
        BusinessShortCode: '600984',
        BillRefNumber: String(tenancies[2]),
        TransAmount: '700.00',
      }),
    );
    const before = (await tenancyOf(app, agency, tenancies[2]!)).RentBalance;
    const csv = statementCsv([
      { receiptNo: 'SAB0000001', at, paidIn: '700.00', account: String(tenancies[2]) },
    ]);
    expect((await statement(app, agency, 'preview', csv)).json().Rows[0]).toMatchObject({
      TransID: 'SAB0000001',
      Outcome: 'already recorded',
    });
    expect((await statement(app, agency, 'import', csv)).json()).toMatchObject({
      Posted: 0,
      AlreadyRecorded: 1,
    });
    expect((await tenancyOf(app, agency, tenancies[2]!)).RentBalance).toBe(before);
  });

  it('imports a 10,000-row statement in one transaction within seconds, with consecutive receipt numbers', async () => {
    const lines: StatementLine[] = Array.from({ length: 10_000 }, (_, i) => ({
      receiptNo: `SBC${String(i).padStart(7, '0')}`,
      at: new Date(at.getTime() + i * 1000),
      paidIn: `${(i % 50) + 1},000.${String(i % 100).padStart(2, '0')}`,
      account: i % 10 === 9 ? `unknown ${i}` : String(tenancies[i % 4]),
    }));
    const csv = statementCsv(lines);
    const started = performance.now();
    const preview = await statement(app, agency, 'preview', csv);
    const previewMs = performance.now() - started;
    expect(preview.json()).toMatchObject({ Matched: 9000, Unmatched: 1000, AlreadyRecorded: 0 });
    const firstNo = Number(
      rowsOf<{ n: number }>(
        await app.database.db.execute(
          sql`SELECT coalesce(max(last_no), 0)::int AS n FROM receipt_counters WHERE agent_id = ${agency.agentId}`,
        ),
      )[0]!.n,
    );
    const startImport = performance.now();
    const done = await statement(app, agency, 'import', csv);
    const importMs = performance.now() - startImport;
    expect(done.json()).toMatchObject({ Posted: 9000, Unmatched: 1000 });
    console.info(
      `10,000-row statement: preview ${Math.round(previewMs)} ms, import ${Math.round(importMs)} ms`,
    );
    // 30 s on an idle machine; a machine running more than one job per core stretches it in proportion.
    expect(importMs).toBeLessThan(30_000 * Math.max(1, loadavg()[0]! / availableParallelism()));
    const numbers = rowsOf<{ n: number; lo: number; hi: number }>(
      await app.database.db.execute(
        sql`SELECT count(*)::int AS n, min(receipt_no)::int AS lo, max(receipt_no)::int AS hi FROM journal_transactions WHERE agent_id = ${agency.agentId} AND idempotency_key LIKE 'mpesa:SBC%'`,
      ),
    )[0]!;
    expect(numbers).toEqual({ n: 9000, lo: firstNo + 1, hi: firstNo + 9000 });
    const expected = lines
      .filter((_, i) => i % 10 !== 9 && i % 4 === 0)
      .reduce((t, l) => t + Number(l.paidIn!.replace(/,/g, '')) * 100, 0);
    const credited = rowsOf<{ c: number }>(
      await app.database.db.execute(
        sql`SELECT sum(l.credit_cents)::bigint AS c FROM journal_lines l JOIN journal_transactions j ON j.txn_id = l.txn_id WHERE j.idempotency_key LIKE 'mpesa:SBC%' AND l.tenancy_id = ${tenancies[0]!}`,
      ),
    )[0]!;
    expect(Number(credited.c)).toBe(Math.round(expected));
  }, 600_000);

  it('is for admins of the agency: 403 for an employee, 404 for another agency; refuses a file that is not a statement', async () => {
    const csv = statementCsv([
      { receiptNo: 'SAC0000001', at, paidIn: '10.00', account: String(tenancies[0]) },
    ]);
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await statement(app, { ...worker, agentId: agency.agentId }, 'import', csv)).statusCode).toBe(
      403,
    );
    const other = await agencyWithOwner(app);
    expect((await statement(app, { ...other, agentId: agency.agentId }, 'import', csv)).statusCode).toBe(404);
    await setPaybill(app, other);
    expect((await statement(app, other, 'import', csv)).json()).toMatchObject({ Posted: 0, Unmatched: 1 });
    const notCsv = await statement(app, agency, 'preview', 'name,amount\nx,1');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().message).toBe('This is not an M-Pesa statement: no "Receipt No." column');
  });
});
