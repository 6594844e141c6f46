import {
  columnOf,
  type FieldDef,
  IMPORT_NAME_SEPARATOR,
  IMPORT_PREVIEW_ROWS,
  type ImportCheckReply,
  type ImportError,
  type ImportLookup,
  type ImportPreviewRow,
  importFieldsOf,
  importKeyOf,
  LANGS,
  type ResourceDef,
  translate,
} from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { inScope, scopeFor } from '../../crud/scope.js';
import { type AnyDb, looseDb } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { t } from '../../http/reply.js';
import type { SheetData } from './xlsx.js';

type Row = Record<string, unknown>;

/** one column of a resource's import: a field the save takes (or the record id) */
export interface ImportColumn {
  field: string;
  /** message key of its label */
  label: string;
  def?: FieldDef;
  lookup?: ImportLookup;
}

export const ID_COLUMN: ImportColumn = { field: 'id', label: 'common.f.code' };

/** the template's columns: the id first (fill it to update), then the resource's import fields */
export function columnsOf(def: ResourceDef): ImportColumn[] {
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const imp = def.importable ?? {};
  return [
    ID_COLUMN,
    ...importFieldsOf(def).map((field) => ({
      field,
      label: imp.labels?.[field] ?? byName.get(field)?.label ?? field,
      def: byName.get(field),
      lookup: imp.lookups?.[field],
    })),
  ];
}

/** a row ready to be written: its payload for `Crud.save` (with `id` for an update) */
export interface ValidRow {
  row: number;
  action: 'add' | 'update';
  id: number | null;
  payload: Row;
}

export interface CheckResult {
  reply: ImportCheckReply;
  valid: ValidRow[];
}

const CHUNK = 500;
const chunks = <T>(xs: T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
};
/** lets other requests be served between chunks of a long check or import */
export const breathe = () => new Promise<void>((r) => setImmediate(r));

const norm = (s: string) => s.trim().toLowerCase();

/** lookup table: a name (or the key itself) → the key the field stores */
async function lookupMap(db: AnyDb, l: ImportLookup): Promise<Map<string, unknown>> {
  const rows = (await looseDb(db).selectFrom(l.table).select([l.key, l.name]).execute()) as Row[];
  const map = new Map<string, unknown>();
  // a key written as such wins over a name that happens to spell it only when no name does
  for (const r of rows) map.set(String(r[l.key]), r[l.key]);
  for (const r of rows) map.set(String(r[l.name]).trim(), r[l.key]);
  return map;
}

/** the names of a lookup's rows, for the template's drop-down */
export async function lookupNames(db: AnyDb, l: ImportLookup): Promise<string[]> {
  const rows = (await looseDb(db).selectFrom(l.table).select(l.name).orderBy(l.name).limit(2000).execute()) as Row[];
  return rows.map((r) => String(r[l.name]));
}

/**
 * Checks every row of a sheet as its save would (the save schema, references, uniqueness, duplicates inside the
 * file, data scope), matching each to a stored record by id or by the natural key. Nothing is written.
 */
export async function checkSheet(ctx: Ctx, def: ResourceDef, sheet: SheetData, req: FastifyRequest): Promise<CheckResult> {
  const db = ctx.db as unknown as AnyDb;
  const loose = looseDb(db);
  const all = columnsOf(def);
  // headers: a column's label in any language, or its field name
  const byHeader = new Map<string, ImportColumn>();
  for (const c of all) {
    byHeader.set(norm(c.field), c);
    for (const lang of LANGS) byHeader.set(norm(translate(lang, c.label)), c);
  }
  const cols: (ImportColumn | null)[] = [];
  const seen = new Set<string>();
  sheet.headers.forEach((h, i) => {
    if (!h) {
      if (sheet.rows.some((r) => (r.cells[i] ?? '').trim() !== '')) throw badRequest('import.unknownColumn', { column: columnLetter(i) });
      cols.push(null);
      return;
    }
    const c = byHeader.get(norm(h));
    if (!c) throw badRequest('import.unknownColumn', { column: h });
    if (seen.has(c.field)) throw badRequest('import.duplicateColumn', { column: h });
    seen.add(c.field);
    cols.push(c);
  });
  for (const r of sheet.rows)
    for (let i = sheet.headers.length; i < r.cells.length; i++)
      if ((r.cells[i] ?? '').trim() !== '') throw badRequest('import.unknownColumn', { column: columnLetter(i) });
  const headerOf = new Map<string, string>();
  cols.forEach((c, i) => c && headerOf.set(c.field, sheet.headers[i]));
  const header = (field: string) => headerOf.get(field) ?? t(req, all.find((c) => c.field === field)?.label ?? field);
  const idIdx = cols.findIndex((c) => c?.field === 'id');
  const keyFields = importKeyOf(def);
  const keyIdx = keyFields.map((f) => cols.findIndex((c) => c?.field === f));
  const hasKey = keyFields.length > 0 && keyIdx.every((i) => i >= 0);
  const byName = new Map(def.fields.map((f) => [f.name, f]));

  const errors: ImportError[] = [];
  const rowErrors = new Map<number, ImportError[]>();
  const fail = (row: number, field: string, msg: string) => {
    const e = { row, column: header(field), msg };
    errors.push(e);
    const list = rowErrors.get(row) ?? [];
    list.push(e);
    rowErrors.set(row, list);
  };

  // ---- matching: by id, else by the natural key
  const ids = new Set<number>();
  const idOf = new Map<number, number | null>();
  for (const r of sheet.rows) {
    const text = idIdx >= 0 ? (r.cells[idIdx] ?? '').trim() : '';
    if (!text) continue;
    const n = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) {
      fail(r.row, 'id', t(req, 'import.notFound', { id: text }));
      idOf.set(r.row, null);
    } else {
      ids.add(n);
      idOf.set(r.row, n);
    }
  }
  const stored = new Map<number, Row>();
  for (const part of chunks([...ids]))
    for (const s of (await loose.selectFrom(def.table).selectAll().where('id', 'in', part).execute()) as Row[]) stored.set(Number(s.id), s);
  const keyText = (r: { cells: string[] }) => keyIdx.map((i) => (r.cells[i] ?? '').trim()).join('\u0000');
  const byKey = new Map<string, number>();
  if (hasKey) {
    const first = keyFields[0];
    const col = columnOf(byName.get(first)!);
    const values = [...new Set(sheet.rows.filter((r) => !idOf.has(r.row)).map((r) => (r.cells[keyIdx[0]] ?? '').trim()))].filter(Boolean);
    for (const part of chunks(values))
      for (const s of (await loose.selectFrom(def.table).selectAll().where(col, 'in', part).execute()) as Row[]) {
        const k = keyFields.map((f) => String(s[columnOf(byName.get(f)!)] ?? '').trim()).join('\u0000');
        if (!byKey.has(k)) byKey.set(k, Number(s.id));
        stored.set(Number(s.id), s);
      }
  }
  // data scope of the records an update would change
  const scope = scopeFor(def, req);
  const owners = new Map<number, { dept_id: number | null; user_id: number | null }>();
  if (scope)
    for (const part of chunks([...stored.keys()]))
      for (const o of await db
        .selectFrom('record_owner')
        .select(['record_id', 'dept_id', 'user_id'])
        .where('resource', '=', def.name)
        .where('record_id', 'in', part)
        .execute())
        owners.set(Number(o.record_id), o);

  // ---- lookups, references, unique values
  const lookups = new Map<string, Map<string, unknown>>();
  for (const c of all) if (c.lookup && cols.includes(c)) lookups.set(c.field, await lookupMap(db, c.lookup));
  const refSets = new Map<string, Set<string>>();
  for (const ref of def.refs ?? [])
    if (!lookups.has(ref.field) && cols.some((c) => c?.field === ref.field))
      refSets.set(
        ref.field,
        new Set(((await looseDb(db).selectFrom(ref.table).select(ref.key).execute()) as Row[]).map((r) => String(r[ref.key]))),
      );
  const uniqueTaken = new Map<string, Map<string, number>>();
  for (const u of def.unique ?? []) {
    const idx = cols.findIndex((c) => c?.field === u.field);
    if (idx < 0) continue;
    const col = columnOf(byName.get(u.field)!);
    const values = [...new Set(sheet.rows.map((r) => (r.cells[idx] ?? '').trim()))].filter(Boolean);
    const taken = new Map<string, number>();
    for (const part of chunks(values))
      for (const s of (await loose.selectFrom(def.table).select(['id', col]).where(col, 'in', part).execute()) as Row[])
        taken.set(String(s[col]), Number(s.id));
    uniqueTaken.set(u.field, taken);
  }

  const valid: ValidRow[] = [];
  const preview: ImportPreviewRow[] = [];
  const targetRow = new Map<number, number>();
  const keyRow = new Map<string, number>();
  const uniqueRow = new Map<string, Map<string, number>>();
  let adds = 0;
  let updates = 0;
  let n = 0;
  for (const r of sheet.rows) {
    if (++n % 1000 === 0) await breathe();
    // its target
    let target: number | null = null;
    const idText = idOf.get(r.row);
    if (idText != null) {
      if (!stored.has(idText)) fail(r.row, 'id', t(req, 'import.notFound', { id: idText }));
      else target = idText;
    } else if (!idOf.has(r.row) && hasKey) {
      const k = keyText(r);
      if (k.replaceAll('\u0000', '')) {
        const prev = keyRow.get(k);
        if (prev != null) fail(r.row, keyFields[0], t(req, 'import.duplicate', { row: prev }));
        else keyRow.set(k, r.row);
        target = byKey.get(k) ?? null;
      }
    }
    if (target != null) {
      const prev = targetRow.get(target);
      if (prev != null && idText != null) fail(r.row, 'id', t(req, 'import.duplicate', { row: prev }));
      else targetRow.set(target, r.row);
      if (scope && !inScope(scope, owners.get(target))) fail(r.row, idText != null ? 'id' : keyFields[0], t(req, 'scope.denied'));
    }
    // its values: an update starts from the stored record (a blank cell keeps its value)
    const payload: Row = {};
    const existing = target != null ? stored.get(target) : undefined;
    if (existing) for (const c of all) if (c.def && !c.def.readOnly && !c.def.hidden) payload[c.field] = existing[columnOf(c.def)] ?? null;
    const shown: Record<string, string> = {};
    /** fields already refused in this row (a name not found): the schema's word on them is not added */
    const refused = new Set<string>();
    cols.forEach((c, i) => {
      if (!c || c.field === 'id') return;
      const text = r.cells[i] ?? '';
      shown[sheet.headers[i]] = text;
      if (text.trim() === '') return;
      if (c.lookup) {
        const map = lookups.get(c.field)!;
        const names = c.lookup.many
          ? text
              .split(IMPORT_NAME_SEPARATOR)
              .map((s) => s.trim())
              .filter(Boolean)
          : [text.trim()];
        const keys: unknown[] = [];
        for (const name of names) {
          if (!map.has(name)) {
            fail(r.row, c.field, t(req, c.lookup.message ?? 'import.lookupUnknown', { value: name }));
            refused.add(c.field);
            return;
          }
          keys.push(map.get(name));
        }
        payload[c.field] = c.lookup.many ? keys : keys[0];
        return;
      }
      const type = c.def?.type;
      payload[c.field] = type === 'int' || type === 'sort' || type === 'flag' ? text.trim() : text;
    });
    // the save's own rules
    const parsed = def.save.safeParse(target != null ? { ...payload, id: target } : payload);
    if (!parsed.success) {
      const done = new Set<string>(refused);
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? all[1]?.field ?? 'id');
        if (done.has(field)) continue;
        done.add(field);
        const p = (issue as { params?: Record<string, unknown> }).params;
        const params: Record<string, string | number> = {};
        if (p) for (const [k, v] of Object.entries(p)) params[k] = String(v);
        const key = /^[a-z][\w]*(\.[\w]+)+$/i.test(issue.message) ? issue.message : 'err.invalidField';
        if (key === 'err.invalidField') params.field = header(field);
        fail(r.row, field, t(req, key, params));
      }
    } else {
      const data = parsed.data as Row;
      for (const ref of def.refs ?? []) {
        const set = refSets.get(ref.field);
        const v = data[ref.field];
        if (set && v != null && v !== '' && !set.has(String(v))) fail(r.row, ref.field, t(req, ref.message));
      }
      for (const u of def.unique ?? []) {
        const taken = uniqueTaken.get(u.field);
        const v = data[u.field];
        if (!taken || v == null || v === '') continue;
        const holder = taken.get(String(v));
        if (holder != null && holder !== target) {
          fail(r.row, u.field, t(req, u.message));
          continue;
        }
        const inFile = uniqueRow.get(u.field) ?? new Map<string, number>();
        uniqueRow.set(u.field, inFile);
        const prev = inFile.get(String(v));
        if (prev != null) fail(r.row, u.field, t(req, 'import.duplicate', { row: prev }));
        else inFile.set(String(v), r.row);
      }
    }
    if (rowErrors.has(r.row)) continue;
    const action = target != null ? 'update' : 'add';
    if (action === 'add') adds++;
    else updates++;
    valid.push({ row: r.row, action, id: target, payload: target != null ? { ...payload, id: target } : payload });
    if (preview.length < IMPORT_PREVIEW_ROWS) preview.push({ row: r.row, action, values: shown });
  }
  errors.sort((a, b) => a.row - b.row);
  return { reply: { rows: sheet.rows.length, adds, updates, errors, preview }, valid };
}

/** A, B … Z, AA … as a spreadsheet names column `i` (0-based) */
export function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
