import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountingDate } from '../time/accounting-month';
import { formatPlainAmount } from '../money/money';
import { CSV_BOM, csvStream, neutraliseFormula, toCsv, type CsvColumn } from './csv';

/** RFC 4180 read back by the book, written apart from the encoder so the two can disagree. */
function parseCsv(document: string): string[][] {
  expect(document.startsWith(CSV_BOM)).toBe(true);
  const text = document.slice(CSV_BOM.length);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r')
        throw new Error(`text after a closing quote at ${i}`);
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text[i] === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`bare CR at ${i}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      if (text[i] === '\n' || text[i] === '"') throw new Error(`unquoted ${JSON.stringify(text[i])} at ${i}`);
      field += text[i++];
    }
  }
  if (field !== '' || record.length) throw new Error('last record not ended by CRLF');
  return records;
}

type Row = { name: string; details: string; amount: number; id: number; day: string | null };
const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Tenant name', kind: 'text', value: (r) => r.name },
  { header: 'Details, as typed', kind: 'text', value: (r) => r.details },
  { header: 'Amount (Ksh)', kind: 'money', value: (r) => r.amount },
  { header: 'Tenancy id', kind: 'integer', value: (r) => r.id },
  { header: 'Date', kind: 'date', value: (r) => r.day },
];

describe('the CSV encoder', () => {
  it('writes a BOM, a human header, CRLF records, plain amounts and quoted fields', () => {
    const csv = toCsv(COLUMNS, [
      {
        name: 'Wanjirũ Kamau',
        details: 'Rent, "March"\r\nand more',
        amount: 1250000,
        id: 7,
        day: '2026-03-01',
      },
      { name: 'Ochieng', details: 'Overpaid', amount: -120050, id: 12, day: null },
    ]);
    expect(csv).toBe(
      '\uFEFFTenant name,"Details, as typed",Amount (Ksh),Tenancy id,Date\r\n' +
        'Wanjirũ Kamau,"Rent, ""March""\r\nand more",12500.00,7,2026-03-01\r\n' +
        'Ochieng,Overpaid,-1200.50,12,\r\n',
    );
  });

  it('makes text that a spreadsheet would run as a formula inert, and leaves negative amounts numbers', () => {
    const csv = toCsv(COLUMNS, [
      { name: '=HYPERLINK("http://evil","x")', details: '+254712345678', amount: -5, id: 1, day: null },
      { name: '@SUM(A1)', details: '-2+3', amount: 0, id: 2, day: null },
      { name: '\tTabbed', details: '\rreturn', amount: 100, id: 3, day: null },
    ]);
    const [, ...rows] = parseCsv(csv);
    expect(rows).toEqual([
      [`'=HYPERLINK("http://evil","x")`, `'+254712345678`, '-0.05', '1', ''],
      ["'@SUM(A1)", "'-2+3", '0.00', '2', ''],
      ["'\tTabbed", "'\rreturn", '1.00', '3', ''],
    ]);
  });

  it('refuses a value of the wrong kind rather than writing it', () => {
    const bad = (row: Partial<Row>) => () =>
      toCsv(COLUMNS, [{ name: 'a', details: 'b', amount: 1, id: 1, day: null, ...row }]);
    expect(bad({ amount: 12.5 })).toThrow(TypeError);
    expect(bad({ id: Number.NaN })).toThrow(TypeError);
    expect(bad({ day: '1/3/2026' })).toThrow(TypeError);
  });

  it('reads back, cell for cell, what it wrote (text made inert, amounts in cents)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'ũ', ' ', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'", '1', '.'),
    });
    const row = fc.record({
      name: text,
      details: fc.string({ unit: 'grapheme' }),
      amount: fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
      id: fc.nat(),
      day: fc.option(
        fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map(accountingDate),
      ),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const [header, ...records] = parseCsv(toCsv(COLUMNS, rows));
        expect(header).toEqual(COLUMNS.map((c) => c.header));
        expect(records).toEqual(
          rows.map((r) => [
            neutraliseFormula(r.name),
            neutraliseFormula(r.details),
            formatPlainAmount(r.amount),
            String(r.id),
            r.day ?? '',
          ]),
        );
        for (const [i, r] of rows.entries()) {
          const [name, , amount] = records[i]!;
          // Inert text is the original behind one apostrophe; an amount parses back to its cents.
          expect(name === r.name || name === `'${r.name}`).toBe(true);
          expect(/^[=+\-@\t\r]/.test(name!)).toBe(false);
          expect(Math.round(Number(amount) * 100)).toBe(r.amount);
        }
      }),
    );
  });
});

describe('the streamed CSV', () => {
  const columns: CsvColumn<{ name: string; cents: number }>[] = [
    { header: 'Name', kind: 'text', value: (r) => r.name },
    { header: 'Amount', kind: 'money', value: (r) => r.cents },
  ];
  async function* batches<T>(rows: T[][]) {
    for (const batch of rows) yield batch;
  }
  const whole = async (chunks: AsyncIterable<string>) => {
    let text = '';
    for await (const chunk of chunks) text += chunk;
    return text;
  };

  it('writes the same document as toCsv, however the rows are batched (empty batches and none at all included)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.record({ name: fc.string(), cents: fc.integer({ min: -1e9, max: 1e9 }) }), { maxLength: 4 }), { maxLength: 5 }),
        async (split) => {
          expect(await whole(csvStream(columns, batches(split)))).toBe(toCsv(columns, split.flat()));
        },
      ),
    );
  });

  it('sends the header before the first batch is read', async () => {
    let read = false;
    async function* slow() {
      read = true;
      yield [{ name: 'Wanjirũ', cents: 100 }];
    }
    const chunks = csvStream(columns, slow());
    const first = await chunks.next();
    expect(first.value).toBe(`${CSV_BOM}Name,Amount\r\n`);
    expect(read).toBe(false);
  });
});
