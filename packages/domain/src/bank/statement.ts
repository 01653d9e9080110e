import { parseMoney } from '../money/money';
import { MAX_ENTRY_CENTS } from '../mpesa/limits';
import { BANK_MESSAGES, BANK_ROW_PROBLEMS } from './bank-messages';
import type { BankColumns } from './presets';

export interface BankDeposit {
  /** The bank's reference for the transaction: one receipt per reference and bank account. */
  reference: string;
  /** The day the money came, YYYY-MM-DD. */
  day: string;
  amountCents: number;
  /** What the depositor gave as the account: matched as a paybill account number is. */
  accountReference: string;
  narrative: string;
}

export interface ParsedBankStatement {
  deposits: BankDeposit[];
  /** Rows that are not money in: withdrawals, charges, balances brought forward. */
  skipped: number;
  problems: { line: number; reference: string; reason: string }[];
}

export class BankStatementError extends Error {}

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** "15/01/2025", "15/01/2025 10:22", "15-01-2025" → "2025-01-15"; null when it is no such day. */
export function parseBankDate(text: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "KShs 1,234.00", "KES 1,234.00", "Ksh1234", "1,234.00 CR" → cents; null when it is no amount. */
export function parseBankAmount(text: string): number | null {
  const bare = text
    .trim()
    .replace(/^(kshs?\.?|kes)\s*/i, '')
    .replace(/\s*(cr)$/i, '')
    .trim();
  return parseMoney(bare);
}

/**
 * The depositor's account reference: the part after "#" where the narrative
 * carries one (Equity's paybill 247247 deposits read "<account>#<reference>"),
 * else the depositor's reference column, else the narrative.
 */
export function depositorReferenceOf(depositorReference: string, narrative: string): string {
  const hash = /#\s*([A-Za-z0-9][A-Za-z0-9-/]*)/.exec(`${depositorReference} ${narrative}`);
  if (hash) return hash[1]!;
  return depositorReference.trim() || narrative.trim();
}

/**
 * A bank statement as rows of cells, read with the bank account's columns.
 * The header is the first row that names the date, amount and reference
 * columns (banks put account details above it). Rows with nothing in the
 * money-in column are skipped; a money-in row that cannot be read is a problem.
 */
export function parseBankStatement(rows: string[][], columns: BankColumns): ParsedBankStatement {
  const required = [columns.date, columns.amount, columns.reference].map(key);
  const headerAt = rows.findIndex((r) => {
    const header = r.map(key);
    return required.every((name) => header.includes(name));
  });
  if (headerAt < 0) throw new BankStatementError(BANK_MESSAGES.noHeader);
  const header = rows[headerAt]!.map(key);
  const col = (name: string) => (name.trim() === '' ? -1 : header.indexOf(key(name)));
  const at = {
    date: col(columns.date),
    amount: col(columns.amount),
    reference: col(columns.reference),
    depositorReference: col(columns.depositorReference),
    narrative: col(columns.narrative),
  };
  const cell = (row: string[], index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');

  const result: ParsedBankStatement = { deposits: [], skipped: 0, problems: [] };
  const seen = new Set<string>();
  rows.slice(headerAt + 1).forEach((row, index) => {
    const line = headerAt + index + 2;
    if (row.every((f) => f.trim() === '')) return;
    const amountText = cell(row, at.amount);
    const amountCents = amountText === '' ? 0 : parseBankAmount(amountText);
    if (amountCents === 0 || amountText.startsWith('-')) {
      result.skipped++;
      return;
    }
    const reference = cell(row, at.reference).toUpperCase();
    const day = parseBankDate(cell(row, at.date));
    // A CSV cell with an unquoted comma shifts the cells after it: the amount read would be wrong, silently.
    const shifted = row.slice(header.length).some((f) => f.trim() !== '');
    const problem = shifted
      ? BANK_ROW_PROBLEMS.moreCells
      : amountCents === null || amountCents > MAX_ENTRY_CENTS
        ? BANK_ROW_PROBLEMS.notAmount
        : day === null
          ? BANK_ROW_PROBLEMS.notDate
          : reference === ''
            ? BANK_ROW_PROBLEMS.noReference
            : seen.has(reference)
              ? BANK_ROW_PROBLEMS.twice
              : null;
    if (problem !== null || amountCents === null || day === null) {
      result.problems.push({ line, reference, reason: problem ?? BANK_ROW_PROBLEMS.notAmount });
      return;
    }
    seen.add(reference);
    const narrative = cell(row, at.narrative);
    result.deposits.push({
      reference,
      day,
      amountCents,
      accountReference: depositorReferenceOf(cell(row, at.depositorReference), narrative),
      narrative,
    });
  });
  return result;
}
