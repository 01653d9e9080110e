import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, runInvoices, statementOf, type Agency } from '../../test/estate';
import { landlordBalances, trustOf } from '../../test/landlord';
import { checkUnzippedSize } from './read';

/**
 * Importing the agency's book (issue 35 part 3, decision 052): the template,
 * a preview that names every bad row, one transaction on confirm, the same
 * file twice changing nothing, and bad files refused with nothing written.
 */
const clock = manualClock(new Date('2026-10-20T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = (agency: Agency, step: 'preview' | 'confirm', body: Buffer, type = XLSX, extra = '') =>
  app.inject({
    method: 'POST',
    url: `/api/book-import/${step}?managingAgentId=${agency.agentId}${extra}`,
    headers: { ...agency.auth, 'content-type': type },
    payload: body,
  });
const goLive = (agency: Agency, month: string) =>
  app.inject({ method: 'POST', url: '/api/opening-balances/go-live', headers: agency.auth, payload: { managingAgentId: agency.agentId, GoLiveMonth: month } });
const counts = async (agency: Agency) => {
  const res = await app.inject({ method: 'GET', url: `/api/properties/getAllPropertiesByAgentId?agentId=${agency.agentId}`, headers: agency.auth });
  return res.statusCode === 200 ? (res.json() as unknown[]).length : -1;
};

type Sheets = Partial<Record<'Landlords' | 'Properties' | 'Houses' | 'Tenants' | 'Tenancies' | 'Meters', (string | number | Date)[][]>>;
async function workbook(sheets: Sheets, dress?: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const row of rows) ws.addRow(row);
  }
  dress?.(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const H = {
  Landlords: ['First name', 'Last name', 'Phone', 'Email', 'ID number', 'KRA PIN', 'Owed to landlord at go-live'],
  Properties: ['Property name', 'Landlord phone', 'Rental units', 'County', 'Town', 'Area/Estate'],
  Houses: ['Property name', 'House number', 'Description', 'Rent', 'Deposit'],
  Tenants: ['First name', 'Last name', 'Phone', 'Email', 'ID number'],
  Tenancies: ['Property name', 'House number', 'Tenant phone', 'Start date', 'Rent', 'Deposit', 'Rent arrears', 'Water arrears', 'Deposit held', 'Credit held'],
};

/** Two landlords, two properties, three houses, three tenants and their tenancies with arrears, deposits and a credit. */
function book(overrides: { tenantPhone?: string; startDate?: string | Date } = {}): Sheets {
  return {
    Landlords: [H.Landlords, ['Wanjiru', 'Kamau', '0722 555 111', 'wanjiru@example.com', '12345678', 'A123456789B', '15,000'], ['Juma', 'Mwangi', '0722555222', '', '', '', '']],
    Properties: [H.Properties, ['Baraka Court', '0722555111', 10, 'Nairobi', 'Nairobi', 'Kilimani'], ['Tumaini Flats', '0722555222', 5, 'Kiambu', 'Thika', 'Makongeni']],
    Houses: [H.Houses, ['Baraka Court', 'A1', 'Two bedroom', '20,000', '20,000'], ['Baraka Court', 'A2', 'Two bedroom', '20,000', '20,000'], ['Tumaini Flats', 'B1', 'Bedsitter', 8000, 8000]],
    Tenants: [
      H.Tenants,
      ['Otieno', 'Ochieng', overrides.tenantPhone ?? '0733444222', '', '23456789'],
      ['Achieng', 'Atieno', '0733444333', '', '34567890'],
      ['Kiprop', 'Kibet', '0733444444', '', '4567890'],
    ],
    Tenancies: [
      H.Tenancies,
      ['Baraka Court', 'A1', '0733444222', overrides.startDate ?? '01/03/2024', '', '', '12,000', '500', '20,000', ''],
      ['Baraka Court', 'A2', '0733444333', '2025-06-01', '', '', '', '', '20,000', '3,000'],
      ['Tumaini Flats', 'B1', '0733444444', '5 Jan 2025', '', '', '8,000', '', '', ''],
    ],
  };
}

describe('the template', () => {
  it('is one workbook with a sheet per record kind, headers in English or Kiswahili, the rules in each header’s note and an example row', async () => {
    const agency = await agencyWithOwner(app);
    for (const [lang, sheet, header] of [
      ['en', 'Tenancies', 'Deposit held'],
      ['sw', 'Upangaji', 'Amana iliyoshikiliwa'],
      ['en', 'Tenancies', 'Service charge arrears'],
      ['sw', 'Upangaji', 'Malimbikizo ya ada ya huduma'],
      ['en', 'Tenants', 'KRA PIN'],
      ['sw', 'Wapangaji', 'PIN ya KRA'],
      ['en', 'Properties', 'Service charge'],
      ['en', 'Agreements', 'Commission %'],
      ['sw', 'Mikataba', 'Kamisheni %'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/book-import/template?managingAgentId=${agency.agentId}&lang=${lang}`, headers: agency.auth });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets).toHaveLength(7);
      const ws = wb.getWorksheet(sheet)!;
      const headers = (ws.getRow(1).values as unknown[]).slice(1);
      expect(headers).toContain(header);
      expect(ws.getRow(1).getCell(4).note).toBeTruthy();
      // Each header carries its rule.
      expect(ws.getRow(1).getCell(headers.indexOf(header) + 1).note).toBeTruthy();
      expect(ws.actualRowCount).toBe(2);
    }
  });

  it('brings in the tenant’s KRA PIN, the service charge and its arrears, and the landlord’s management agreement, once', async () => {
    const agency = await agencyWithOwner(app);
    expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
    const file = (await app.inject({ method: 'GET', url: `/api/book-import/template?managingAgentId=${agency.agentId}&lang=en`, headers: agency.auth })).rawPayload;
    const preview = await upload(agency, 'preview', file);
    expect(preview.json().ProblemCount, preview.body).toBe(0);
    expect(preview.json().Sheets).toContainEqual({ Sheet: 'agreements', Rows: 1, Create: 1, Match: 0 });
    expect((await upload(agency, 'confirm', file)).statusCode).toBe(200);

    const list = (await app.inject({ method: 'GET', url: `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${agency.agentId}`, headers: agency.auth })).json() as
      | { TenancyId: number; ClientNo: number }[]
      | { rows: { TenancyId: number; ClientNo: number }[] };
    const [tenancy] = Array.isArray(list) ? list : list.rows;
    const [property] = (await app.inject({ method: 'GET', url: `/api/properties/getAllPropertiesByAgentId?agentId=${agency.agentId}`, headers: agency.auth })).json() as { PropId: number }[];
    const client = await app.inject({ method: 'GET', url: `/api/client/getClientByClientNo?clientNo=${tenancy!.ClientNo}&managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(client.json()[0].Kra_pin).toBe('A987654321Z');
    const lines = (await statementOf(app, agency, tenancy!.TenancyId)).json() as { TransactionDetails: string; Debit: number }[];
    expect(lines).toContainEqual(expect.objectContaining({ TransactionDetails: expect.stringContaining('Service charge'), Debit: 3000 }));
    const agreements = await app.inject({ method: 'GET', url: `/api/landlord-money/agreements?managingAgentId=${agency.agentId}&PropId=${property!.PropId}`, headers: agency.auth });
    expect(agreements.json()).toEqual([
      expect.objectContaining({ EffectiveFrom: '2024-03-01', CommissionPercent: '10.00', PayoutMethod: 'bank', PayoutBank: 'Equity Bank', PayoutAccount: '0123456789', RemittanceDay: 10 }),
    ]);

    const again = await upload(agency, 'preview', file);
    expect(again.json().Sheets).toContainEqual({ Sheet: 'agreements', Rows: 1, Create: 0, Match: 1 });
    expect((await upload(agency, 'confirm', file)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/landlord-money/agreements?managingAgentId=${agency.agentId}&PropId=${property!.PropId}`, headers: agency.auth })).json()).toHaveLength(1);
    const after = (await statementOf(app, agency, tenancy!.TenancyId)).json() as unknown[];
    expect(after).toHaveLength(lines.length);
  });

  it('goes in as it is, once: the second import of the same file changes nothing', async () => {
    const agency = await agencyWithOwner(app);
    expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/api/book-import/template?managingAgentId=${agency.agentId}&lang=sw`, headers: agency.auth });
    const file = res.rawPayload;
    const preview = await upload(agency, 'preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().ProblemCount).toBe(0);
    const first = await upload(agency, 'confirm', file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Created).toEqual({ Landlords: 1, Properties: 1, Houses: 1, Tenants: 1, Tenancies: 1 });
    expect(first.json().Balances).toEqual({ Tenancies: 1, Landlords: 1, Meters: 1 });
    const second = await upload(agency, 'confirm', file);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().Created).toEqual({ Landlords: 0, Properties: 0, Houses: 0, Tenants: 0, Tenancies: 0 });
    expect(second.json().Balances).toEqual({ Tenancies: 0, Landlords: 0, Meters: 0 });
  });
});

describe('the preview and the import', () => {
  it('names each bad row with its sheet, row, column and the hand-entry form’s message, and confirm then writes nothing', async () => {
    const agency = await agencyWithOwner(app);
    expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
    const file = await workbook(book({ tenantPhone: '0722 55 111', startDate: '31/02/2025' }));
    const preview = await upload(agency, 'preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().Problems).toEqual([
      { Sheet: 'tenants', Row: 2, Column: 'phone', Value: '0722 55 111', Message: 'Please enter valid phone number' },
      { Sheet: 'tenancies', Row: 2, Column: 'start_date', Value: '31/02/2025', Message: 'Write the date as DD/MM/YYYY, YYYY-MM-DD or D MMM YYYY (5 Jan 2025)' },
    ]);
    const confirm = await upload(agency, 'confirm', file);
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe('The file has problems: mend the rows named in the preview and upload it again');
    expect(await counts(agency)).toBe(0);
  });

  it('reads dates as DD/MM/YYYY, YYYY-MM-DD, D MMM YYYY and real dates; imports all in one transaction; the first month charges from go-live on top of the balances brought forward', async () => {
    const agency = await agencyWithOwner(app);
    expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
    const file = await workbook(book({ startDate: new Date(Date.UTC(2024, 2, 1)) }));
    const preview = await upload(agency, 'preview', file);
    expect(preview.json().ProblemCount, preview.body).toBe(0);
    expect(preview.json().Sheets).toContainEqual({ Sheet: 'tenancies', Rows: 3, Create: 3, Match: 0 });
    expect(preview.json().Balances).toEqual({ Tenancies: 3, Landlords: 1, Meters: 0, AlreadyEntered: 0 });
    const confirm = await upload(agency, 'confirm', file);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await counts(agency)).toBe(2);

    const again = await upload(agency, 'preview', file);
    expect(again.json().Sheets).toContainEqual({ Sheet: 'tenancies', Rows: 3, Create: 0, Match: 3 });
    expect(again.json().Matches).toContainEqual(expect.objectContaining({ Sheet: 'landlords', Row: 2, By: 'kra_pin' }));
    expect(again.json().Balances.AlreadyEntered).toBe(4);

    clock.set(new Date('2026-11-02T09:00:00Z'));
    const { signInAgain } = await import('../../test/accounts');
    Object.assign(agency, await signInAgain(app, agency));
    expect((await runInvoices(app, agency)).json().months).toEqual(['2026-11-01']);
    const tenancies = (await app.inject({ method: 'GET', url: `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${agency.agentId}`, headers: agency.auth })).json() as
      | { TenancyId: number; House_number: string; RentBalance: number }[]
      | { rows: { TenancyId: number; House_number: string; RentBalance: number }[] };
    const list = Array.isArray(tenancies) ? tenancies : tenancies.rows;
    const a1 = list.find((t) => t.House_number === 'A1')!;
    const lines = (await statementOf(app, agency, a1.TenancyId)).json() as { TransactionDetails: string; Debit: number; Balance: number }[];
    expect(lines.map((l) => l.TransactionDetails)).toEqual(expect.arrayContaining(['Rent for November 2026']));
    // 12,000 rent and 500 water brought forward, then November's 20,000.
    expect(lines.at(-1)!.Balance).toBe(32500);
    // Wanjiru's 15,000 brought forward, and the 3,000 credit A2's tenant held, which paid November's rent.
    expect((await landlordBalances(app, agency)).map((b) => b.Balance)).toContain(18000);
    expect((await trustOf(app, agency)).Difference).toBe(0);
    clock.set(new Date('2026-10-20T09:00:00Z'));
  });

  it('names a bad tenant KRA PIN, service charge arrears with no service charge and a bad agreement by the client and agreement forms’ words; writes nothing', async () => {
    const agency = await agencyWithOwner(app);
    expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
    const bad = book();
    bad.Tenants = [[...H.Tenants, 'KRA PIN'], ...bad.Tenants!.slice(1).map((r, i) => [...r, i === 1 ? 'A12345B' : ''])];
    bad.Tenancies = [[...H.Tenancies, 'Service charge arrears'], ...bad.Tenancies!.slice(1).map((r, i) => [...r, i === 2 ? '1,500' : ''])];
    const agreement = ['Property name', 'Effective from', 'Commission %', 'Fixed monthly fee', 'Payout method', 'Payout bank', 'Payout account', 'Payout phone', 'Remittance day'];
    (bad as Record<string, unknown[][]>).Agreements = [
      agreement,
      ['Baraka Court', '01/03/2024', '120', '', 'bank', 'Equity Bank', '0123', '', '10'],
      ['Tumaini Flats', '01/03/2024', '8%', '', 'bank', '', '', '', '10'],
      ['Baraka Court', '01/04/2024', '10', '', 'mpesa', '', '', '0722555111', '31'],
      ['Nyota Plaza', '01/04/2024', '10', '', 'mpesa', '', '', '0722555111', '5'],
    ];
    const file = await workbook(bad);
    const preview = await upload(agency, 'preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().Problems).toEqual([
      { Sheet: 'tenants', Row: 3, Column: 'kra_pin', Value: 'A12345B', Message: 'A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B' },
      // The tenant's row is refused, so the tenancy naming it finds no tenant.
      { Sheet: 'tenancies', Row: 3, Column: 'tenant_phone', Value: '0733444333', Message: 'No tenant with this phone is in the file or on Makazi' },
      { Sheet: 'tenancies', Row: 4, Column: 'service_charge_arrears', Value: '1,500', Message: 'This property has no service charge: give its monthly service charge on the Properties sheet' },
      { Sheet: 'agreements', Row: 2, Column: 'commission_percent', Value: '120', Message: 'Enter a commission between 0.00 and 100.00 percent, with at most 2 decimals' },
      { Sheet: 'agreements', Row: 3, Column: 'payout_account', Value: '', Message: 'Enter the bank and the account number for a bank payout' },
      { Sheet: 'agreements', Row: 4, Column: 'remittance_day', Value: '31', Message: 'The remittance day is a day of the month from 1 to 28' },
      { Sheet: 'agreements', Row: 5, Column: 'property_name', Value: 'Nyota Plaza', Message: 'No property with this name is in the file or on Makazi' },
    ]);
    const confirm = await upload(agency, 'confirm', file);
    expect(confirm.statusCode).toBe(400);
    expect(await counts(agency)).toBe(0);
  });

  it('a house let to someone else is named, not booked twice', async () => {
    const agency = await agencyWithOwner(app);
    expect((await goLive(agency, '2026-11')).statusCode).toBe(200);
    expect((await upload(agency, 'confirm', await workbook(book()))).statusCode).toBe(200);
    const other = book();
    other.Tenants!.push(['Mary', 'Wairimu', '0733999888', '', '56789012']);
    other.Tenancies![1] = ['Baraka Court', 'A1', '0733999888', '01/03/2024', '', '', '', '', '', ''];
    const preview = await upload(agency, 'preview', await workbook(other));
    expect(preview.json().Problems).toEqual([
      expect.objectContaining({ Sheet: 'tenancies', Row: 2, Column: 'house_number', Message: 'This house is already occupied.' }),
    ]);
  });

  it('reads a CSV of another layout once its columns are mapped, and remembers the mapping', async () => {
    const agency = await agencyWithOwner(app);
    const csv = Buffer.from('Jina,Ukoo,Simu ya mkononi,Kitambulisho\r\nOtieno,Ochieng,0733444222,23456789\r\n');
    const before = await upload(agency, 'preview', csv, 'text/csv');
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe('The columns of this file match none of the template’s sheets: map its columns first');
    const save = await app.inject({
      method: 'POST',
      url: '/api/book-import/mapping',
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, Sheet: 'tenants', Columns: { first_name: 'Jina', last_name: 'Ukoo', phone: 'Simu ya mkononi', id_number: 'Kitambulisho' } },
    });
    expect(save.statusCode, save.body).toBe(200);
    const saved = await app.inject({ method: 'GET', url: `/api/book-import/mapping?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(saved.json()).toEqual([{ Sheet: 'tenants', Columns: { first_name: 'Jina', last_name: 'Ukoo', phone: 'Simu ya mkononi', id_number: 'Kitambulisho' } }]);
    const after = await upload(agency, 'preview', csv, 'text/csv');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().Sheets).toEqual([{ Sheet: 'tenants', Rows: 1, Create: 1, Match: 0 }]);
  });

  it('reports its progress', async () => {
    const agency = await agencyWithOwner(app);
    const res = await app.inject({ method: 'GET', url: `/api/book-import/progress?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(res.json()).toEqual({ Stage: 'idle', Done: 0, Total: 0 });
    await upload(agency, 'preview', await workbook(book()));
    const after = await app.inject({ method: 'GET', url: `/api/book-import/progress?managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(after.json().Stage).toBe('done');
  });
});

/** A zip holding one entry, deflated. */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  // The declared size lies, as a bomb's does.
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralAt = 30 + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

describe('bad files: a clear message and nothing written', () => {
  let agency: Agency;
  beforeAll(async () => {
    agency = await agencyWithOwner(app);
  });
  const refused = async (body: Buffer, message: string, type = XLSX, status = 400) => {
    const res = await upload(agency, 'confirm', body, type);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await counts(agency)).toBe(0);
  };

  it('not a spreadsheet', async () => {
    await refused(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'This file is not a spreadsheet: upload an .xlsx workbook or a .csv file', 'application/octet-stream');
    await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'This file is not a spreadsheet: upload an .xlsx workbook or a .csv file', 'application/octet-stream');
  });

  it('a password-protected workbook', async () => {
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512), Buffer.from('EncryptionInfo', 'utf16le'), Buffer.from('EncryptedPackage', 'utf16le')]);
    await refused(cfb, 'This workbook is protected by a password: save it without one and upload it again');
  });

  it('formulas instead of values', async () => {
    const file = await workbook(book(), (wb) => {
      wb.getWorksheet('Houses')!.getCell('D3').value = { formula: 'D2*1', result: 20000 };
    });
    await refused(file, 'Sheet Houses, cell D3 holds a formula: paste the values instead (Paste special → Values)');
    await refused(Buffer.from('First name,Last name,Phone,ID number\r\nOtieno,Ochieng,=HYPERLINK("x"),23456789\r\n'), 'Sheet CSV, cell C2 holds a formula: paste the values instead (Paste special → Values)', 'text/csv');
  });

  it('merged header cells', async () => {
    const file = await workbook(book(), (wb) => wb.getWorksheet('Houses')!.mergeCells('D1:E1'));
    await refused(file, 'Sheet Houses has merged header cells: unmerge them so each column has its own header');
  });

  it('more than 20 MB', async () => {
    await refused(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), 'The file is larger than 20 MB: split it and import each part', 'text/csv', 413);
  });

  it('more than 100,000 rows', async () => {
    const csv = `First name,Last name,Phone,ID number\r\n${'Otieno,Ochieng,0733444222,23456789\r\n'.repeat(100_001)}`;
    await refused(Buffer.from(csv), 'The file has more than 100,000 rows: split it and import each part', 'text/csv');
  });

  it('a zip bomb: refused by what it inflates to, whatever it declares', async () => {
    expect(() => checkUnzippedSize(zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(2 * 1024 * 1024)), 1024 * 1024)).toThrow('The workbook opens to far more than its size');
    expect(() => checkUnzippedSize(zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(512 * 1024)), 1024 * 1024)).not.toThrow();
    await refused(zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(201 * 1024 * 1024)), 'The workbook opens to far more than its size: it is refused as unsafe');
  });
});
