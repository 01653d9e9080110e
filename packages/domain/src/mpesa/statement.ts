import { parseMoney } from '../money/money';
import { MAX_ENTRY_CENTS } from './limits';
import { parseCsv } from '../csv/rfc4180';
import { parseCompletionTime } from './trans-time';

/**
 * The columns of the paybill statement the M-Pesa organisation portal exports
 * (Org portal → Account statement → Export CSV). The file starts with a few
 * lines about the account (holder, short code, period) before this header; the
 * column order is read from the header, never assumed.
 */
export const STATEMENT_COLUMNS = [
  'Receipt No.',
  'Completion Time',
  'Initiation Time',
  'Details',
  'Transaction Status',
  'Paid In',
  'Withdrawn',
  'Balance',
  'Balance Confirmed',
  'Reason Type',
  'Other Party Info',
  'Linked Transaction ID',
  'A/C No.',
] as const;

const REQUIRED = ['Receipt No.', 'Completion Time', 'Transaction Status', 'Paid In', 'A/C No.'] as const;

export interface StatementPayment {
  transId: string;
  transTime: Date;
  amountCents: number;
  accountReference: string;
  msisdn: string;
  payerName: string;
}

export interface ParsedStatement {
  payments: StatementPayment[];
  /** Rows that are not completed money in: withdrawals, charges, failed or reversed payments. */
  skipped: number;
  /** Completed money-in rows that cannot be read, with the reason (line numbers count from 1). */
  problems: { line: number; receiptNo: string; reason: string }[];
}

export class StatementFormatError extends Error {}

/** Why a money-in row of the statement cannot be read; shown on the preview in the reader's language. */
export const STATEMENT_PROBLEMS = {
  notCode: 'Receipt No. is not an M-Pesa code',
  notAmount: 'Paid In is not an amount',
  notTime: 'Completion Time is not a date and time',
  twice: 'Receipt No. appears twice in the file',
  unreadable: 'Unreadable row',
} as const;

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** '2547****123 - JOHN DOE' → phone and name; the phone is masked on newer statements. */
export function splitOtherParty(info: string): { msisdn: string; payerName: string } {
  const at = info.indexOf(' - ');
  if (at < 0)
    return /^[\d*+]+$/.test(info.trim())
      ? { msisdn: info.trim(), payerName: '' }
      : { msisdn: '', payerName: info.trim() };
  return { msisdn: info.slice(0, at).trim(), payerName: info.slice(at + 3).trim() };
}

/** The statement file's text; see `parseStatementRows`. */
export function parseStatement(text: string): ParsedStatement {
  return parseStatementRows(parseCsv(text));
}

/**
 * The statement as rows of cells. The browser splits the file into rows and
 * sends those: no single text of the request is longer than a cell.
 */
export function parseStatementRows(rows: string[][]): ParsedStatement {
  const headerAt = rows.findIndex((r) => r.some((f) => key(f) === key('Receipt No.')));
  if (headerAt < 0)
    throw new StatementFormatError('This is not an M-Pesa statement: no "Receipt No." column');
  const header = rows[headerAt]!.map(key);
  const col = (name: string) => header.indexOf(key(name));
  const missing = REQUIRED.filter((name) => col(name) < 0);
  if (missing.length > 0)
    throw new StatementFormatError(`The statement has no ${missing.map((m) => `"${m}"`).join(', ')} column`);

  const at = Object.fromEntries(STATEMENT_COLUMNS.map((name) => [name, col(name)])) as Record<
    (typeof STATEMENT_COLUMNS)[number],
    number
  >;
  const cell = (row: string[], name: (typeof STATEMENT_COLUMNS)[number]) =>
    at[name] >= 0 ? (row[at[name]] ?? '').trim() : '';

  const result: ParsedStatement = { payments: [], skipped: 0, problems: [] };
  const seen = new Set<string>();
  rows.slice(headerAt + 1).forEach((row, index) => {
    const line = headerAt + index + 2;
    if (row.every((f) => f.trim() === '')) return;
    const receiptNo = cell(row, 'Receipt No.').toUpperCase();
    const paidIn = cell(row, 'Paid In');
    if (key(cell(row, 'Transaction Status')) !== 'completed' || paidIn === '' || paidIn.startsWith('-')) {
      result.skipped++;
      return;
    }
    const amountCents = parseMoney(paidIn);
    if (amountCents === 0) {
      result.skipped++;
      return;
    }
    const transTime = parseCompletionTime(cell(row, 'Completion Time'));
    const problem = !/^[A-Z0-9]{6,20}$/.test(receiptNo)
      ? STATEMENT_PROBLEMS.notCode
      : amountCents === null || amountCents > MAX_ENTRY_CENTS
        ? STATEMENT_PROBLEMS.notAmount
        : transTime === null
          ? STATEMENT_PROBLEMS.notTime
          : seen.has(receiptNo)
            ? STATEMENT_PROBLEMS.twice
            : null;
    if (problem !== null || amountCents === null || transTime === null) {
      result.problems.push({ line, receiptNo, reason: problem ?? STATEMENT_PROBLEMS.unreadable });
      return;
    }
    seen.add(receiptNo);
    result.payments.push({
      transId: receiptNo,
      transTime,
      amountCents,
      accountReference: cell(row, 'A/C No.'),
      ...splitOtherParty(cell(row, 'Other Party Info')),
    });
  });
  return result;
}
