import writeExcelFile, { type Cell as LibCell, type SheetData } from 'write-excel-file/universal';

/**
 * The list export's workbook: one sheet, a bold frozen header row, text and number cells, column widths, written
 * by `write-excel-file` (a well-kept writer whose ZIP is deflated by fflate: the hand-written STORE writer made
 * files about 16× too large, issue 26). Loaded on demand with the 导出 button only (exportList.ts).
 */
export type Cell = string | number | null | undefined;

export interface SheetSpec {
  name: string;
  header: string[];
  rows: Cell[][];
  /** column widths in characters (default: from the content, 8–60) */
  widths?: number[];
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A text a spreadsheet program would take as a formula (= + - @, and the tab / carriage return that some
 * programs strip before looking) is written with a leading apostrophe, so opening or re-saving the export
 * never runs it (CSV / formula injection, OWASP's advice).
 */
export function safeText(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** Display width of a text: CJK characters count double. */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\uffff]/.test(ch) ? 2 : 1;
  return w;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

function cellOf(v: Cell): LibCell {
  if (v == null || v === '') return null;
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v, type: Number } : null;
  return { value: safeText(v), type: String };
}

/** The .xlsx workbook (one sheet) as a Blob. */
export async function buildXlsx(spec: SheetSpec): Promise<Blob> {
  const widths =
    spec.widths ??
    spec.header.map((h, c) => {
      let w = textWidth(h);
      for (const r of spec.rows.slice(0, 500)) w = Math.max(w, textWidth(String(r[c] ?? '')));
      return Math.min(60, Math.max(8, w + 2));
    });
  const data: SheetData = [
    spec.header.map((h) => ({ value: safeText(h), type: String, fontWeight: 'bold' as const, backgroundColor: '#F2F4F7' })),
    ...spec.rows.map((r) => r.map(cellOf)),
  ];
  return writeExcelFile(data, {
    sheet: sheetName(spec.name),
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
}
