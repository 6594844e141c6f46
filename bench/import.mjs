// The Excel import step of `npm run bench` (issue 26): a 10,000-row friendly-link .xlsx checked
// (/import/checkImport) and imported (/import/doImport, mode all) through the running product, each timed from the
// request to its answer; the import is then undone so the later steps see the data as generated.
// The bar on SQLite: checked in under 5 s, imported in under 10 s.
import ExcelJS from 'exceljs';

const ROWS = 10_000;

async function linksFile(rows) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('links');
  ws.addRow(['名称', '链接地址', '排序', '是否启用']);
  for (let i = 0; i < rows; i++) ws.addRow([`基准链接 ${i}`, `https://bench.example/${i}`, i, 1]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function post(base, token, path, fields, file) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file]), 'links.xlsx');
  const started = performance.now();
  const res = await fetch(`${base}/api/import/${path}`, { method: 'POST', headers: { token }, body: form });
  const body = await res.json();
  const ms = Math.round(performance.now() - started);
  if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, data: body.data };
}

/** `{ rows, checkSeconds, importSeconds }` of one 10,000-row import against `base` */
export async function measureImport(base, token, rows = ROWS) {
  const file = await linksFile(rows);
  const check = await post(base, token, 'checkImport', { resource: 'link' }, file);
  const done = await post(base, token, 'doImport', { resource: 'link', mode: 'all' }, file);
  const undo = await fetch(`${base}/api/import/undoImport?id=${done.data.id}`, { method: 'POST', headers: { token } });
  if ((await undo.json()).code !== 200) throw new Error('undoImport failed');
  return { rows, fileKb: Math.round(file.length / 1024), checkSeconds: check.ms / 1000, importSeconds: done.ms / 1000 };
}
