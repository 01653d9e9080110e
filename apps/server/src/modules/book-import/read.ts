import { inflateRawSync } from 'node:zlib';
import { BOOK_IMPORT_MAX_ROWS, BOOK_IMPORT_MAX_UNZIPPED_BYTES, BOOK_IMPORT_MESSAGES, parseCsv } from '@makazi/domain';
import ExcelJS from 'exceljs';
import { Invalid } from '../../errors';

/** One sheet as read: its name, its header row, and each data row's cells as text with its spreadsheet row number. */
export interface RawSheet {
  name: string;
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An encrypted .xlsx is a compound file holding these streams (MS-OFFCRYPTO); an old .xls holds neither. */
const ENCRYPTED_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

/** 'A', …, 'Z', 'AA': a column's letters, for naming a cell. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * Every entry of the zip inflated with a bound on the total, before the
 * workbook reader sees it: the sizes a zip declares can lie, the inflater's
 * output limit cannot. A workbook that opens to more is refused unread.
 */
export function checkUnzippedSize(file: Buffer, limit = BOOK_IMPORT_MAX_UNZIPPED_BYTES) {
  let end = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 65_535); i--) {
    if (file.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Invalid(BOOK_IMPORT_MESSAGES.unreadable);
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let total = 0;
  for (let e = 0; e < entries; e++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw new Invalid(BOOK_IMPORT_MESSAGES.unreadable);
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;
    if (local + 30 > file.length) throw new Invalid(BOOK_IMPORT_MESSAGES.unreadable);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = file.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, limit - total + 1) }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Invalid(BOOK_IMPORT_MESSAGES.zipBomb);
        throw new Invalid(BOOK_IMPORT_MESSAGES.unreadable);
      }
    } else throw new Invalid(BOOK_IMPORT_MESSAGES.unreadable);
    if (total > limit) throw new Invalid(BOOK_IMPORT_MESSAGES.zipBomb);
  }
}

/** A cell's value as the text a person typed: dates as YYYY-MM-DD, a formula refused by the caller. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

const isFormula = (value: ExcelJS.CellValue) =>
  typeof value === 'object' && value !== null && !(value instanceof Date) && ('formula' in value || 'sharedFormula' in value);

/** Merged ranges of a sheet ('A1:B1'), as exceljs keeps them. */
function mergesOf(sheet: ExcelJS.Worksheet): string[] {
  return (sheet.model as { merges?: string[] }).merges ?? [];
}

async function readWorkbook(file: Buffer): Promise<RawSheet[]> {
  checkUnzippedSize(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new Invalid(BOOK_IMPORT_MESSAGES.unreadable);
  }
  const sheets: RawSheet[] = [];
  let rowCount = 0;
  for (const sheet of workbook.worksheets) {
    if (mergesOf(sheet).some((range) => /^[A-Z]+1:/.test(range))) {
      throw new Invalid(BOOK_IMPORT_MESSAGES.mergedHeader(sheet.name));
    }
    rowCount += Math.max(0, sheet.actualRowCount - 1);
    if (rowCount > BOOK_IMPORT_MAX_ROWS) throw new Invalid(BOOK_IMPORT_MESSAGES.tooManyRows);
    const headers: string[] = [];
    const rows: RawSheet['rows'] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        if (isFormula(cell.value)) throw new Invalid(BOOK_IMPORT_MESSAGES.formula(sheet.name, cell.address));
        cells[col - 1] = cellText(cell.value).trim();
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      if (number === 1) headers.push(...cells);
      else if (cells.some((c) => c !== '')) rows.push({ row: number, cells });
    });
    if (headers.length > 0) sheets.push({ name: sheet.name, headers, rows });
  }
  return sheets;
}

function readCsv(file: Buffer, name: string): RawSheet[] {
  if (file.includes(0)) throw new Invalid(BOOK_IMPORT_MESSAGES.notSpreadsheet);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file);
  const lines = parseCsv(text);
  if (lines.length - 1 > BOOK_IMPORT_MAX_ROWS) throw new Invalid(BOOK_IMPORT_MESSAGES.tooManyRows);
  const [header, ...body] = lines;
  if (!header || header.every((h) => h.trim() === '')) throw new Invalid(BOOK_IMPORT_MESSAGES.notSpreadsheet);
  const rows: RawSheet['rows'] = [];
  body.forEach((cells, i) => {
    // A formula typed into a CSV is text that a spreadsheet would compute on opening: refused like a workbook's.
    const formulaAt = cells.findIndex((c) => /^=[A-Za-z(]/.test(c.trim()));
    if (formulaAt >= 0) throw new Invalid(BOOK_IMPORT_MESSAGES.formula(name, `${columnLetters(formulaAt)}${i + 2}`));
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: i + 2, cells: cells.map((c) => c.trim()) });
  });
  return [{ name, headers: header.map((h) => h.trim()), rows }];
}

/** Reads the upload by its bytes (never by what the browser says it is): a workbook, a CSV, or a clear refusal. */
export async function readBook(file: Buffer, name = ''): Promise<RawSheet[]> {
  if (file.length === 0) throw new Invalid(BOOK_IMPORT_MESSAGES.nothingToImport);
  if (file.subarray(0, 4).equals(ZIP)) return readWorkbook(file);
  if (file.subarray(0, 8).equals(CFB)) {
    throw new Invalid(file.includes(ENCRYPTED_STREAM) ? BOOK_IMPORT_MESSAGES.passwordProtected : BOOK_IMPORT_MESSAGES.notSpreadsheet);
  }
  // Anything else must at least be text a CSV could be: a PDF, an image or an old binary format is not.
  const head = file.subarray(0, 4096);
  const binary = head.some((b) => b === 0 || (b < 9 && b !== 0) || (b > 13 && b < 32 && b !== 27));
  if (binary || /^%PDF/.test(head.toString('latin1'))) throw new Invalid(BOOK_IMPORT_MESSAGES.notSpreadsheet);
  const base = name.replace(/\.[^.]*$/, '') || 'CSV';
  return readCsv(file, base);
}
