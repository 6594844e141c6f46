// Times the Excel import (issue 26) in-process: a 10,000-row link file checked (/import/checkImport), imported
// (/import/doImport, which checks again first) and undone, through the app's own routes (inject), on SQLite (a file,
// as the product stores it) or PostgreSQL (`--pg postgres://…`).
//   node --import tsx bench/import-inproc.ts [--rows 10000] [--pg URL]
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { testConfig } from '../apps/server/src/config.js';
import { prepareApp } from '../apps/server/src/prepare.js';
import { form } from '../apps/server/src/test/xlsx.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const ROWS = Number(arg('rows', '10000'));
const PG = arg('pg', '');

async function linksFile(rows: number) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('links');
  ws.addRow(['名称', '链接地址', '排序', '启用']);
  for (let i = 0; i < rows; i++) ws.addRow([`基准链接 ${i}`, `https://bench.example/${i}`, i, 1]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const dataDir = fs.mkdtempSync('/tmp/gk-imp-');
let config = testConfig({ dataDir, sqliteFile: path.join(dataDir, 'app.db'), importMaxRows: 20_000, importMaxBytes: 4 * 1024 * 1024 });
let schema = '';
if (PG) {
  schema = `b_${crypto.randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.end();
  config = { ...config, databaseUrl: PG, databaseSchema: schema };
}
const { app } = await prepareApp(config);
const login = await app.inject({ method: 'POST', url: '/api/login/doLogin', payload: { username: 'admin', password: 'Admin_123456' } });
const token = login.json().data.token as string;
const call = async (url: string, parts?: Record<string, string | Buffer>) => {
  const started = performance.now();
  const f = parts ? form(parts) : null;
  const res = await app.inject({ method: 'POST', url: `/api/import/${url}`, payload: f?.payload, headers: { ...f?.headers, token } });
  const ms = performance.now() - started;
  const body = res.json();
  if (body.code !== 200) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, data: body.data };
};
const file = await linksFile(ROWS);
const check = await call('checkImport', { resource: 'link', file });
const qc = new Map<string, number>();
if (process.env.QC) (globalThis as { __qc?: Map<string, number> }).__qc = qc;
const done = await call('doImport', { resource: 'link', mode: 'all', file });
if (process.env.QC) {
  (globalThis as { __qc?: Map<string, number> }).__qc = undefined;
  for (const [k, v] of [...qc].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v, k.slice(0, 200));
}
// again, as updates (every row matched by its natural key), then both undone
const again = await call('doImport', { resource: 'link', mode: 'all', file });
const undoAgain = await call(`undoImport?id=${again.data.id}`);
const undo = await call(`undoImport?id=${done.data.id}`);
console.log(
  JSON.stringify({
    db: PG ? 'postgres' : 'sqlite',
    rows: ROWS,
    checkSeconds: +(check.ms / 1000).toFixed(2),
    importSeconds: +(done.ms / 1000).toFixed(2),
    updateSeconds: +(again.ms / 1000).toFixed(2),
    undoUpdateSeconds: +(undoAgain.ms / 1000).toFixed(2),
    undoAddSeconds: +(undo.ms / 1000).toFixed(2),
    adds: done.data.adds,
    updates: again.data.updates,
  }),
);
await app.close();
if (PG) {
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
}
fs.rmSync(dataDir, { recursive: true, force: true });
