import { formatBytes } from '@gk/contracts';
import type ExcelJS from 'exceljs';
import { Unzip, UnzipInflate } from 'fflate';
import { type AppError, badRequest } from '../../http/errors.js';

/**
 * Reading an uploaded .xlsx safely (issue 26): the bytes must be a zip (magic bytes), its real unpacked size is
 * counted by inflating it as a stream before any spreadsheet parsing (a zip bomb stops at the cap, whatever its
 * entries declare), its data rows are counted from the sheet XML on the way (a file over IMPORT_MAX_ROWS is refused
 * before ExcelJS builds it), then ExcelJS reads it: merged cells are refused, a formula cell is its formula's text.
 */

/** limits of one file */
export interface XlsxLimits {
  /** the most unpacked bytes of all entries together */
  maxUnpacked: number;
  /** the most data rows (row 1 is the header) */
  maxRows: number;
}

/** unpacked ÷ packed beyond which a large archive is a bomb, whatever the cap (real workbooks stay well below) */
const MAX_RATIO = 200;
/** archives unpacking to less than this are never refused by ratio */
const RATIO_FLOOR = 8 * 1024 * 1024;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Inflates every entry as a stream, counting bytes (never holding them): refuses beyond the cap or the ratio.
 * Returns the largest number of `<row` elements of a worksheet.
 */
export function checkZip(bytes: Buffer, limits: XlsxLimits): { rows: number } {
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest('import.notXlsx');
  let total = 0;
  let refused: AppError | null = null;
  let maxRows = 0;
  let broken = false;
  const bomb = () => badRequest('import.zipBomb', { limit: formatBytes(limits.maxUnpacked) });
  const unzip = new Unzip((file) => {
    if (refused || broken) return;
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/.test(file.name);
    let rows = 0;
    let tail = '';
    file.ondata = (err, chunk, final) => {
      if (refused) return;
      if (err) {
        broken = true;
        return;
      }
      total += chunk.length;
      if (total > limits.maxUnpacked || (total > RATIO_FLOOR && total > bytes.length * MAX_RATIO)) {
        refused = bomb();
        file.terminate();
        return;
      }
      if (sheet) {
        // `<row ` or `<row>` (never `<rowBreaks`); a chunk boundary inside one is caught by the kept tail
        const text = tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString('latin1');
        rows += text.match(/<row[\s>]/g)?.length ?? 0;
        tail = text.slice(-5);
        if (/<row[\s>]/.test(tail)) rows -= tail.match(/<row[\s>]/g)?.length ?? 0;
        if (final) maxRows = Math.max(maxRows, rows);
      }
    };
    try {
      file.start();
    } catch {
      broken = true;
    }
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    if (!refused) broken = true;
  }
  if (refused) throw refused;
  if (broken) throw badRequest('import.notXlsx');
  // the header row is not data
  const dataRows = Math.max(0, maxRows - 1);
  if (dataRows > limits.maxRows) throw badRequest('import.tooManyRows', { rows: dataRows, max: limits.maxRows });
  return { rows: dataRows };
}

/** a cell as text: a formula as its source (`=1+2`, never its cached result), a date as `YYYY-MM-DD HH:mm:ss` */
export function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    // the sheet's wall-clock time (ExcelJS gives it as UTC)
    const iso = value.toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  if (typeof value === 'object') {
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

/** the first sheet read: its header texts and each data row's texts (row number as the spreadsheet shows it) */
export interface SheetData {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

/** Reads the first worksheet (the zip already checked). Refuses a file ExcelJS cannot read, or with merged cells. */
export async function readSheet(bytes: Buffer): Promise<SheetData> {
  // ExcelJS (~7 MB of heap, more of code) loads with the first import, not with every process
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('import.notXlsx');
  }
  const ws = wb.worksheets.find((w) => w.state !== 'hidden' && w.state !== 'veryHidden') ?? wb.worksheets[0];
  if (!ws) throw badRequest('import.notXlsx');
  const merges = ws.model.merges ?? [];
  if (merges.length) throw badRequest('import.merged', { range: merges.slice(0, 3).join(', ') });
  const headers: string[] = [];
  const rows: SheetData['rows'] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const values = r.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    let any = false;
    for (let c = 1; c < values.length; c++) {
      const text = cellText(values[c]);
      cells[c - 1] = text;
      if (text.trim() !== '') any = true;
    }
    if (rowNumber === 1) headers.push(...Array.from(cells, (v) => (v ?? '').trim()));
    else if (any) rows.push({ row: rowNumber, cells });
  });
  return { headers, rows };
}
