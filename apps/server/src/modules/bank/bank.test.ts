import { BANK_PRESET_COLUMNS } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, reverse, type Agency } from '../../test/estate';

let app: FastifyInstance;
let agency: Agency;
let tenancies: number[];
let propId: number;
let houseNumbers: string[];
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 4, rent: '10,000', deposit: '0' });
  propId = place.propId;
  tenancies = [];
  for (const houseId of place.houseIds) tenancies.push(await bookOk(app, agency, houseId, await place.tenant()));
  houseNumbers = (
    rowsOf<{ house_number: string }>(
      await app.database.db.execute(sql`SELECT house_number FROM houses WHERE prop_id = ${propId} ORDER BY house_id`),
    )
  ).map((h) => h.house_number);
});
afterAll(() => app.close());

const addAccount = (who: Agency, body: Record<string, unknown>, agentId = who.agentId) =>
  app.inject({ method: 'POST', url: '/api/bank/accounts', headers: who.auth, payload: { managingAgentId: agentId, ...body } });

const importFile = (who: Agency, bankAccountId: number, file: Buffer | string, agentId = who.agentId) =>
  app.inject({
    method: 'POST',
    url: `/api/bank/statement/import?managingAgentId=${agentId}&bankAccountId=${bankAccountId}`,
    headers: { ...who.auth, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(file),
  });

const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await app.database.db.execute(query))[0]!.n);
const receipts = () =>
  count(sql`SELECT count(*)::int AS n FROM journal_transactions WHERE agent_id = ${agency.agentId} AND kind = 'receipt'`);

const equityCsv = (rows: string[][]) =>
  [
    ['Account Name', 'BARAKA HOMES CLIENT ACCOUNT'],
    ['Account Number', '0123456789012'],
    ['Transaction Date', 'Value Date', 'Narrative', 'Transaction Reference', 'Debit', 'Credit', 'Running Balance'],
    ...rows,
  ]
    .map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','))
    .join('\r\n');

describe('bank statement import', () => {
  let equity: number;

  it('adds a bank account with its preset columns and its own ledger; one name once', async () => {
    const res = await addAccount(agency, { name: 'Equity client a/c', preset: 'equity' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Equity client a/c', Preset: 'equity', Columns: BANK_PRESET_COLUMNS.equity, LedgerName: 'Equity client a/c' });
    equity = res.json().BankAccountId;
    const again = await addAccount(agency, { name: 'EQUITY CLIENT A/C', preset: 'kcb' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The agency already has a bank account with this name');
    expect((await addAccount(agency, { name: '', preset: 'equity' })).statusCode).toBe(400);
  });

  it("posts one receipt per bank reference, dated the day the money came, matched as the paybill matches (Equity's #account included); the rest wait unmatched", async () => {
    const before = await receipts();
    const csv = equityCsv([
      ['02/01/2025', '02/01/2025', `CASH DEPOSIT REF ${houseNumbers[0]}`, 'FT25002AAA', '', '', ''],
      ['02/01/2025', '02/01/2025', `MPS 2547XXXXX123 SKL2ABC 0123456789#${houseNumbers[0]} JANE W`, 'FT25002AAB', '', 'KShs 10,000.00', 'KShs 10,000.00'],
      ['03/01/2025', '03/01/2025', `0123456789#${propId}-${houseNumbers[1]}`, 'FT25003AAC', '', 'KShs 4,500.50', ''],
      ['04/01/2025', '04/01/2025', `AGENT DEP #${tenancies[2]}`, 'ft25004aad', '', 'KShs 1,000.00', ''],
      ['05/01/2025', '05/01/2025', 'CASH DEPOSIT #NOBODY9', 'FT25005AAE', '', 'KShs 2,000.00', ''],
      ['06/01/2025', '06/01/2025', 'LEDGER FEE', 'FT25006AAF', 'KShs 50.00', '', ''],
    ]);
    const res = await importFile(agency, equity, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Imported: true,
      Receipts: 3,
      Unmatched: 1,
      AlreadyImported: 0,
      Skipped: 2,
      ReceiptsAmount: 15500.5,
      UnmatchedAmount: 2000,
      Problems: [],
    });
    expect(await receipts()).toBe(before + 3);
    const posted = rowsOf<{ tenancy_id: string; posted_at: Date | string; ledger_name: string; idempotency_key: string }>(
      await app.database.db.execute(sql`
        SELECT j.tenancy_id, j.posted_at, g.ledger_name, j.idempotency_key FROM journal_transactions j
        JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger' JOIN ledgers g ON g.ledger_id = l.ledger_id
        WHERE j.agent_id = ${agency.agentId} AND j.idempotency_key LIKE 'bank:%' ORDER BY j.posted_at`),
    );
    expect(posted.map((p) => [Number(p.tenancy_id), new Date(p.posted_at).toISOString(), p.ledger_name, p.idempotency_key])).toEqual([
      [tenancies[0], '2025-01-01T21:00:00.000Z', 'Equity client a/c', `bank:${equity}:FT25002AAB`],
      [tenancies[1], '2025-01-02T21:00:00.000Z', 'Equity client a/c', `bank:${equity}:FT25003AAC`],
      [tenancies[2], '2025-01-03T21:00:00.000Z', 'Equity client a/c', `bank:${equity}:FT25004AAD`],
    ]);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/bank/deposits?managingAgentId=${agency.agentId}&bankAccountId=${equity}`,
      headers: agency.auth,
    });
    expect(listed.json().map((d: { Reference: string; Status: string; ReceiptNo: string | null }) => [d.Reference, d.Status, d.ReceiptNo !== null])).toEqual([
      ['FT25005AAE', 'unmatched', false],
      ['FT25004AAD', 'matched', true],
      ['FT25003AAC', 'matched', true],
      ['FT25002AAB', 'matched', true],
    ]);

    const twice = await importFile(agency, equity, csv);
    expect(twice.json()).toMatchObject({ Imported: true, Receipts: 0, Unmatched: 0, AlreadyImported: 4 });
    expect(await receipts()).toBe(before + 3);
  });

  it("waits in the same unmatched queue as M-Pesa's payments, where a clerk assigns it or sets it aside", async () => {
    const queue = async () =>
      (await app.inject({ method: 'GET', url: `/api/mpesa/unmatched?managingAgentId=${agency.agentId}`, headers: agency.auth })).json() as {
        PaymentId: number;
        TransID: string;
        Source: string;
        Amount: number;
      }[];
    const waiting = (await queue()).find((p) => p.TransID === 'FT25005AAE')!;
    expect(waiting).toMatchObject({ Source: 'bank', Amount: 2000 });
    const before = await receipts();
    const post = (body: object, url = '/api/mpesa/unmatched/assign') =>
      app.inject({ method: 'POST', url, headers: agency.auth, payload: { managingAgentId: agency.agentId, paymentId: waiting.PaymentId, source: 'bank', ...body } });
    const assigned = await post({ tenancyId: tenancies[3] });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().receiptNo).toMatch(/^RCT-/);
    expect(await receipts()).toBe(before + 1);
    const [posted] = rowsOf<{ posted_at: Date | string; tenancy_id: string }>(
      await app.database.db.execute(
        sql`SELECT posted_at, tenancy_id FROM journal_transactions WHERE agent_id = ${agency.agentId} AND idempotency_key = ${`bank:${equity}:FT25005AAE`}`,
      ),
    );
    expect([new Date(posted!.posted_at).toISOString(), Number(posted!.tenancy_id)]).toEqual(['2025-01-04T21:00:00.000Z', tenancies[3]]);
    expect((await post({ tenancyId: tenancies[3] })).statusCode).toBe(409);
    expect((await queue()).some((p) => p.TransID === 'FT25005AAE')).toBe(false);
    expect((await post({ note: 'Landlord repaid a loan' }, '/api/mpesa/unmatched/notrent')).statusCode).toBe(409);
  });

  it('a reversed bank receipt goes back to the unmatched queue, as a reversed M-Pesa receipt does, and is posted again once', async () => {
    const keyed = async (reference: string) =>
      rowsOf<{ txn_id: string; tenancy_id: string; idempotency_key: string; reversed: boolean }>(
        await app.database.db.execute(sql`
          SELECT j.txn_id, j.tenancy_id, j.idempotency_key,
                 EXISTS (SELECT 1 FROM journal_transactions x WHERE x.reverses_txn_id = j.txn_id) AS reversed
          FROM journal_transactions j
          WHERE j.agent_id = ${agency.agentId} AND j.kind = 'receipt' AND split_part(j.idempotency_key, '#', 1) = ${`bank:${equity}:${reference}`}
          ORDER BY j.txn_id`),
      );
    const queue = async () =>
      (await app.inject({ method: 'GET', url: `/api/mpesa/unmatched?managingAgentId=${agency.agentId}`, headers: agency.auth })).json() as {
        PaymentId: number;
        TransID: string;
        Source: string;
        Amount: number;
      }[];
    const [first] = await keyed('FT25003AAC');
    expect(Number(first!.tenancy_id)).toBe(tenancies[1]);
    expect((await reverse(app, agency, Number(first!.txn_id), 'Paid for the neighbour')).statusCode).toBe(200);

    const waiting = (await queue()).find((p) => p.TransID === 'FT25003AAC');
    expect(waiting).toMatchObject({ Source: 'bank', Amount: 4500.5 });
    const listed = await app.inject({ method: 'GET', url: `/api/bank/deposits?managingAgentId=${agency.agentId}&bankAccountId=${equity}`, headers: agency.auth });
    expect(listed.json().find((d: { Reference: string }) => d.Reference === 'FT25003AAC')).toMatchObject({ Status: 'unmatched', TenancyId: null, ReceiptNo: null });

    const assign = () =>
      app.inject({
        method: 'POST',
        url: '/api/mpesa/unmatched/assign',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, paymentId: waiting!.PaymentId, source: 'bank', tenancyId: tenancies[2] },
      });
    const posted = await assign();
    expect(posted.statusCode).toBe(200);
    expect((await assign()).statusCode).toBe(409);
    expect((await keyed('FT25003AAC')).map((r) => [Number(r.tenancy_id), r.idempotency_key, r.reversed])).toEqual([
      [tenancies[1], `bank:${equity}:FT25003AAC`, true],
      [tenancies[2], `bank:${equity}:FT25003AAC#2`, false],
    ]);
    expect((await queue()).some((p) => p.TransID === 'FT25003AAC')).toBe(false);
    const again = await app.inject({ method: 'GET', url: `/api/bank/deposits?managingAgentId=${agency.agentId}&bankAccountId=${equity}`, headers: agency.auth });
    expect(again.json().find((d: { Reference: string }) => d.Reference === 'FT25003AAC')).toMatchObject({
      Status: 'matched',
      TenancyId: tenancies[2],
      ReceiptNo: posted.json().receiptNo,
    });
  });

  it('reads an .xlsx export with date cells, and a KCB layout with its customer reference column', async () => {
    const kcb = (await addAccount(agency, { name: 'KCB collections', preset: 'kcb' })).json().BankAccountId as number;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['KCB BANK KENYA - ACCOUNT STATEMENT']);
    sheet.addRow(['Transaction Date', 'Value Date', 'Transaction Details', 'Bank Reference', 'Customer Reference', 'Money Out', 'Money In', 'Ledger Balance']);
    sheet.addRow([new Date(Date.UTC(2025, 1, 7)), new Date(Date.UTC(2025, 1, 7)), 'CHEQUE DEPOSIT', 'KCB0001', houseNumbers[3], '', 'KShs 7,000.00', '']);
    sheet.addRow([new Date(Date.UTC(2025, 1, 8)), new Date(Date.UTC(2025, 1, 8)), 'EFT', 'KCB0002', '0722000111', '', '3000', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(agency, kcb, file);
    expect(res.json()).toMatchObject({ Imported: true, Receipts: 1, Unmatched: 1, ReceiptsAmount: 7000, UnmatchedAmount: 3000 });
    // A phone number is never a way to a tenancy: the depositor's reference is.
    const listed = await app.inject({ method: 'GET', url: `/api/bank/deposits?managingAgentId=${agency.agentId}&bankAccountId=${kcb}`, headers: agency.auth });
    expect(listed.json()).toEqual([
      { Reference: 'KCB0002', Day: '2025-02-08', Amount: 3000, AccountReference: '0722000111', Status: 'unmatched', TenancyId: null, ReceiptNo: null },
      expect.objectContaining({ Reference: 'KCB0001', Day: '2025-02-07', Status: 'matched', TenancyId: tenancies[3] }),
    ]);
  });

  it('maps the columns of another layout once on the bank account', async () => {
    const other = (await addAccount(agency, { name: 'NCBA', preset: 'ncba' })).json().BankAccountId as number;
    const columns = { date: 'Posting Date', amount: 'Amount In', reference: 'Txn Ref', depositorReference: 'Paid For', narrative: '' };
    const mapped = await addAccount(agency, { bankAccountId: other, name: 'NCBA', preset: 'other', columns });
    expect(mapped.json()).toMatchObject({ Preset: 'other', Columns: columns });
    const csv = `Posting Date,Txn Ref,Paid For,Amount In\r\n09/03/2025,NC1,${tenancies[0]},"KShs 1,200.00"\r\n`;
    expect((await importFile(agency, other, csv)).json()).toMatchObject({ Receipts: 1, Unmatched: 0 });
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    const deposits = () => count(sql`SELECT count(*)::int AS n FROM bank_deposits WHERE agent_id = ${agency.agentId}`);
    const before = { receipts: await receipts(), deposits: await deposits() };
    const refusal = async (file: Buffer | string, message: string) => {
      const res = await importFile(agency, equity, file);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refusal(Buffer.alloc(0), 'Choose the bank statement file (.csv or .xlsx)');
    await refusal(Buffer.from('%PDF-1.4\u0000\u0001binary'), 'This file is neither a CSV nor an Excel workbook (.xlsx)');
    await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'The workbook cannot be read: save it again as .xlsx without a password');
    await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), 'The workbook cannot be read: save it again as .xlsx without a password');
    await refusal('Name,Amount\r\nJane,100\r\n', 'No header row with the mapped date, amount and reference columns was found');
    await refusal(equityCsv([['06/01/2025', '', 'FEE', 'FT9', 'KShs 5.00', '', '']]), 'The file holds no money-in rows');

    const bad = await importFile(
      agency,
      equity,
      equityCsv([
        ['10/01/2025', '', `#${houseNumbers[0]}`, 'FT25010AAA', '', 'KShs 1,000.00', ''],
        ['2025-01-11', '', `#${houseNumbers[0]}`, 'FT25011AAA', '', 'KShs 1,000.00', ''],
        ['12/01/2025', '', `#${houseNumbers[0]}`, 'FT25012AAA', '', 'KShs one thousand', ''],
      ]),
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({
      Imported: false,
      Receipts: 0,
      Problems: [
        { line: 5, reference: 'FT25011AAA', reason: 'The date is not a DD/MM/YYYY date' },
        { line: 6, reference: 'FT25012AAA', reason: 'The amount is not an amount in shillings' },
      ],
    });
    expect({ receipts: await receipts(), deposits: await deposits() }).toEqual(before);
  });

  it("is for the agency's admins: 403 for a hired user, 404 for another agency and for another agency's bank account", async () => {
    const csv = equityCsv([['10/01/2025', '', `#${houseNumbers[0]}`, 'FT25099ZZZ', '', 'KShs 1,000.00', '']]);
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    const hired = { ...worker, agentId: agency.agentId };
    expect((await importFile(hired, equity, csv)).statusCode).toBe(403);
    expect((await addAccount(hired, { name: 'Sneaky', preset: 'equity' })).statusCode).toBe(403);
    const other = await agencyWithOwner(app);
    expect((await importFile(other, equity, csv, agency.agentId)).statusCode).toBe(404);
    // Its own agency named, our bank account's id: not found, and nothing posted to our tenants.
    const before = await receipts();
    const theirs = await importFile(other, equity, csv);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Bank account not found');
    expect(
      (await app.inject({ method: 'GET', url: `/api/bank/deposits?managingAgentId=${other.agentId}&bankAccountId=${equity}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(await receipts()).toBe(before);
  });
});
