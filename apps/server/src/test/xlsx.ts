import crypto from 'node:crypto';
import ExcelJS from 'exceljs';

/** a cell of a test spreadsheet: a value, or a formula (its source is what an import must take) */
export type Cell = string | number | { formula: string } | null;

/** an .xlsx of one sheet: the header row, then the rows (`edit` may change the sheet before it is written) */
export async function xlsx(header: string[], rows: Cell[][], edit?: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  edit?.(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** a multipart body as the import calls take it (a Buffer part is the file `a.xlsx`), for `app.inject` */
export function form(parts: Record<string, string | Buffer>) {
  const boundary = `----gk${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, v] of Object.entries(parts)) {
    const file = Buffer.isBuffer(v);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.xlsx"' : ''}\r\n${file ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
      ),
      file ? v : Buffer.from(v),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
