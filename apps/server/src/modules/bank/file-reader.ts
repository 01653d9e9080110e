import { BANK_MESSAGES, parseCsv } from '@makazi/domain';
import ExcelJS from 'exceljs';
import { Invalid } from '../../errors';

/** At most this many rows are read: a statement of 50,000 transactions and its heading lines. */
export const MAX_FILE_ROWS = 50_100;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An OLE compound file: an old .xls, or an .xlsx saved with a password (Excel encrypts it into one). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

const two = (n: number) => String(n).padStart(2, '0');

/** A cell as the person sees it: dates as DD/MM/YYYY (the statement's own spelling), a formula's value. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${two(value.getUTCDate())}/${two(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

async function readWorkbook(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new Invalid(BANK_MESSAGES.unreadableWorkbook);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Invalid(BANK_MESSAGES.unreadableWorkbook);
  if (sheet.rowCount > MAX_FILE_ROWS) throw new Invalid(BANK_MESSAGES.tooManyRows);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

/**
 * A bank statement file as rows of cell texts, read here on the server from
 * the file's own bytes: an .xlsx workbook's first sheet, or CSV text.
 */
export async function readStatementFile(bytes: Buffer): Promise<string[][]> {
  if (bytes.length === 0) throw new Invalid(BANK_MESSAGES.fileRequired);
  if (startsWith(bytes, ZIP)) return readWorkbook(bytes);
  if (startsWith(bytes, OLE)) throw new Invalid(BANK_MESSAGES.unreadableWorkbook);
  const text = bytes.toString('utf8');
  // Text has no NUL and decodes cleanly; anything else (a PDF, an image) is not a statement export.
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw new Invalid(BANK_MESSAGES.notSpreadsheet);
  const rows = parseCsv(text);
  if (rows.length > MAX_FILE_ROWS) throw new Invalid(BANK_MESSAGES.tooManyRows);
  return rows;
}
