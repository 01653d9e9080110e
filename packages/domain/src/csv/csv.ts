import { formatPlainAmount, type Cents } from '../money/money';
import { csvField } from './rfc4180';

/**
 * CSV for the office's spreadsheets, as RFC 4180 writes it: CRLF between
 * records, a field quoted when it holds a comma, a quote, CR or LF, a quote
 * inside doubled. A byte-order mark goes first, or Excel reads the UTF-8 of a
 * name like "Wanjirũ" as Latin-1.
 */
export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';

/**
 * How a column's values are written:
 * - `text`: free text a person typed (names, details). A spreadsheet runs a
 *   cell that starts with = + - @ (or a tab or CR) as a formula, so such a
 *   cell gets a leading apostrophe, which shows the text and runs nothing.
 * - `money`: cents, written as plain Ksh with two decimals and no separators
 *   (-1200.00), so a spreadsheet computes with it; a minus here is a number.
 * - `integer`: an id or a count.
 * - `date`: 'YYYY-MM-DD'.
 */
export type CsvKind = 'text' | 'money' | 'integer' | 'date';

export interface CsvColumn<Row> {
  header: string;
  kind: CsvKind;
  value: (row: Row) => string | number | null;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A text cell that a spreadsheet would run as a formula, made inert. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cell(kind: CsvKind, value: string | number | null): string {
  if (value === null) return '';
  switch (kind) {
    case 'text':
      return neutraliseFormula(String(value));
    case 'money':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new TypeError(`Not cents: ${value}`);
      return formatPlainAmount(value as Cents);
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new TypeError(`Not an integer: ${value}`);
      return String(value);
    case 'date':
      if (typeof value !== 'string' || !ISO_DATE.test(value)) throw new TypeError(`Not a date: ${value}`);
      return value;
  }
}

/** One record: its cells written by kind, then quoted where needed. */
export function csvRecord<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return columns.map((c) => csvField(cell(c.kind, c.value(row)))).join(',');
}

/** The header record: the columns' names as a person reads them. */
export function csvHeader(columns: readonly CsvColumn<unknown>[]): string {
  return columns.map((c) => csvField(neutraliseFormula(c.header))).join(',');
}

/** A whole document: byte-order mark, header, one record per row, each ended by CRLF. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records = [csvHeader(columns as readonly CsvColumn<unknown>[])];
  for (const row of rows) records.push(csvRecord(columns, row));
  return CSV_BOM + records.join(CRLF) + CRLF;
}

/**
 * The same document as `toCsv`, written as its rows arrive in batches: an
 * export of any length goes out while it is read, never held whole.
 */
export async function* csvStream<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<readonly Row[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvHeader(columns as readonly CsvColumn<unknown>[]) + CRLF;
  for await (const batch of batches) {
    if (batch.length > 0) yield batch.map((row) => csvRecord(columns, row)).join(CRLF) + CRLF;
  }
}

/** Exports answer at most this many rows; past it the caller narrows the filter. */
export const CSV_EXPORT_ROW_LIMIT = 50_000;

export const CSV_MESSAGES = {
  tooManyRows: `More than ${CSV_EXPORT_ROW_LIMIT.toLocaleString('en-US')} rows to export. Narrow the filter and try again.`,
} as const;
