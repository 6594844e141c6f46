import { allResources, columnOf, type FieldType, type ResourceDef } from '@gk/contracts';
import { type ColumnMetadata, type Kysely, sql, type TableMetadata } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import type { CoreTables } from './schema.js';
import { type ColumnKind, DYNAMIC_TABLES, TABLES, type TableDescription, VIEWS } from './tables.js';

/** The core tables (db/schema.ts, typed by hand, not described here); the compiler keeps this list complete. */
const CORE = {
  sys_user: true,
  sys_role: true,
  sys_user_role: true,
  sys_menu: true,
  sys_permission: true,
  sys_role_permission: true,
  sys_role_menu: true,
  sys_session: true,
  sys_login_failure: true,
  sys_setting: true,
  sys_dept: true,
  sys_role_dept: true,
  record_owner: true,
} as const satisfies Record<keyof CoreTables, true>;

/** the core tables count as typed (db/schema.ts): a resource on one of them needs no description here */
const CORE_TYPED: Record<string, TableDescription> = Object.fromEntries(Object.keys(CORE).map((name) => [name, {}]));

type Family = 'string' | 'text' | 'integer' | 'bigint' | 'decimal' | 'none';

/** a declared column type on either dialect (`varchar(200)` / `varchar`, `integer` / `int4`, …) as a family */
function familyOf(dataType: string): string {
  const t = dataType
    .toLowerCase()
    .replace(/\(.*\)$/, '')
    .trim();
  if (t === 'text') return 'text';
  if (['varchar', 'character varying', 'char', 'character', 'bpchar'].includes(t)) return 'string';
  if (['integer', 'int', 'int4', 'int2', 'smallint'].includes(t)) return 'integer';
  if (['bigint', 'int8'].includes(t)) return 'bigint';
  if (['real', 'numeric', 'decimal', 'double precision', 'float4', 'float8'].includes(t)) return 'decimal';
  if (t === '') return 'none';
  return t;
}

/** the column families a kind's TypeScript type reads correctly */
const FAMILIES: Record<ColumnKind, Family[]> = {
  id: ['integer'],
  str: ['string', 'text'],
  'str=': ['string', 'text'],
  'str?': ['string', 'text'],
  html: ['text'],
  // pg reads int8 as a number (db/index.ts), so an `int` may be a bigint (a view's count(*))
  int: ['integer', 'bigint'],
  'int=': ['integer', 'bigint'],
  'int?': ['integer', 'bigint'],
  // epoch milliseconds overflow a 32-bit integer
  bigint: ['bigint'],
  'bigint?': ['bigint'],
  sort: ['decimal'],
};

const nullable = (kind: ColumnKind) => kind.endsWith('?') || kind === 'html' || kind === 'sort';
const defaulted = (kind: ColumnKind) => kind.endsWith('=');

/**
 * How the described tables differ from the migrated ones, one line per difference (empty: they agree).
 * `tables` are the database's tables and views of the app's own schema.
 */
function differences(
  tables: readonly TableMetadata[],
  described: { tables: Record<string, TableDescription>; views: Record<string, TableDescription> },
  known: readonly string[],
): string[] {
  const out: string[] = [];
  const byName = new Map(tables.map((t) => [t.name, t]));
  const check = (name: string, columns: TableDescription, view: boolean) => {
    const table = byName.get(name);
    if (!table) return out.push(`${name}: described but not in the database`);
    if (table.isView !== view) out.push(`${name}: described as a ${view ? 'view' : 'table'}, is a ${table.isView ? 'view' : 'table'}`);
    const cols = new Map<string, ColumnMetadata>(table.columns.map((c) => [c.name, c]));
    for (const [col, kind] of Object.entries(columns)) {
      const c = cols.get(col);
      if (!c) {
        out.push(`${name}.${col}: described (${kind}) but not in the database`);
        continue;
      }
      const family = familyOf(c.dataType);
      // SQLite declares no type for a view's computed column
      if (!(view && family === 'none') && !FAMILIES[kind].includes(family as Family))
        out.push(`${name}.${col}: described ${kind}, the database has ${c.dataType}`);
      if (view) continue; // PostgreSQL reports every view column nullable
      if (kind === 'id') {
        if (!c.isAutoIncrementing) out.push(`${name}.${col}: described id, not generated in the database`);
        continue;
      }
      if (c.isNullable !== nullable(kind))
        out.push(`${name}.${col}: described ${kind}, the database has it ${c.isNullable ? 'nullable' : 'not null'}`);
      else if (!nullable(kind) && c.hasDefaultValue !== defaulted(kind))
        out.push(`${name}.${col}: described ${kind}, the database has ${c.hasDefaultValue ? 'a' : 'no'} default`);
    }
    for (const c of table.columns) if (!(c.name in columns)) out.push(`${name}.${c.name}: in the database, not described`);
  };
  for (const [name, columns] of Object.entries(described.tables)) check(name, columns, false);
  for (const [name, columns] of Object.entries(described.views)) check(name, columns, true);
  for (const name of known) if (!byName.has(name)) out.push(`${name}: listed but not in the database`);
  const all = new Set([...Object.keys(described.tables), ...Object.keys(described.views), ...known]);
  for (const t of tables) if (!all.has(t.name)) out.push(`${t.name}: in the database, described nowhere (db/tables.ts)`);
  return out.sort();
}

/** the column families a resource field's type is stored in */
const FIELD_FAMILIES: Record<FieldType, Family[]> = {
  text: ['string', 'text'],
  code: ['string', 'text'],
  image: ['string', 'text'],
  datetime: ['string'],
  html: ['text'],
  sort: ['decimal'],
  flag: ['integer'],
  int: ['integer', 'bigint'],
};
/** columns the machinery adds beside a description's fields: the key, the publish state (resources/publish.ts) */
const MACHINERY_COLUMNS = ['id', 'status', 'publish_time', 'offline_time'];

/**
 * A resource's table is read and written by name (`looseDb`) by the generic machinery: its description's
 * fields must be its columns, with a fitting type. A resource table without an entry in `TABLES` (a new
 * content type: its description is its type) is checked only this way, and then every column must be a field
 * of its description or one the machinery adds.
 */
function resourceDifferences(
  tables: readonly TableMetadata[],
  typed: Record<string, TableDescription>,
  resources: readonly ResourceDef[] = allResources(),
): string[] {
  const out: string[] = [];
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const def of resources) {
    const table = byName.get(def.table);
    if (!table) {
      out.push(`${def.table}: the table of resource ${def.name}, not in the database`);
      continue;
    }
    const stored = def.fields.filter((f) => !f.join && !f.lookup);
    for (const f of stored) {
      const c = table.columns.find((col) => col.name === columnOf(f));
      if (!c) out.push(`${def.table}.${columnOf(f)}: field ${def.name}.${f.name}, not in the database`);
      else if (!FIELD_FAMILIES[f.type].includes(familyOf(c.dataType) as Family))
        out.push(`${def.table}.${c.name}: field ${def.name}.${f.name} (${f.type}), the database has ${c.dataType}`);
    }
    if (def.table in typed) continue;
    const columns = new Set([...MACHINERY_COLUMNS, ...stored.map(columnOf)]);
    for (const c of table.columns)
      if (!columns.has(c.name)) out.push(`${def.table}.${c.name}: in the database, neither typed nor a field of ${def.name}`);
  }
  return out.sort();
}

describe.each(DIALECTS)('db/tables.ts against the migrated schema on %s', (dialect) => {
  const t = useTestApp(dialect);
  let migrated: TableMetadata[] = [];
  // tables reached only by name: listed as dynamic, or the table of a resource description
  const known = [...Object.keys(CORE), ...DYNAMIC_TABLES, ...allResources().map((def) => def.table)].filter((name) => !(name in TABLES));
  const described = { tables: TABLES, views: VIEWS };

  beforeAll(async () => {
    const db = t.current.ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const all = await db.introspection.getTables();
    if (dialect === 'postgres') {
      // the database holds the schemas of other test files too: only this app's counts
      const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
      migrated = all.filter((table) => table.schema === rows[0].s);
    } else {
      // SQLite lets a primary key that is not an INTEGER hold NULL (a quirk kept for old files) and reports it
      // nullable; it is the key all the same (row_count.tbl): read its primary keys as not null
      migrated = [];
      for (const table of all) {
        const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table.name}) where pk > 0`.execute(db);
        const keys = new Set(rows.map((r) => r.name));
        migrated.push({ ...table, columns: table.columns.map((c) => (keys.has(c.name) ? { ...c, isNullable: false } : c)) });
      }
    }
  });

  it('every described table, view and column exists with its kind, and every migrated table and column is described', () => {
    expect(migrated.map((table) => table.name)).toContain('news');
    expect(differences(migrated, described, known)).toEqual([]);
  });

  it("every resource description's stored fields are columns of its table with a fitting type", () => {
    expect(allResources().map((def) => def.table)).toContain('news');
    expect(resourceDifferences(migrated, { ...TABLES, ...CORE_TYPED })).toEqual([]);
  });

  it('a table, column, type, nullability or default the description lacks or misstates is reported', () => {
    const news = migrated.find((table) => table.name === 'news')!;
    const col = (name: string) => news.columns.find((c) => c.name === name)!;
    const changed: TableMetadata[] = [
      ...migrated.filter((table) => table.name !== 'news'),
      {
        ...news,
        columns: [
          ...news.columns.filter((c) => !['summary', 'count', 'content', 'status', 'create_time'].includes(c.name)),
          { ...col('count'), dataType: 'varchar(10)' },
          { ...col('content'), isNullable: false },
          { ...col('status'), hasDefaultValue: false },
          { ...col('create_time'), name: 'created_at' },
        ],
      },
      { name: 'survey', isView: false, columns: [{ ...col('title') }] },
    ];
    expect(differences(changed, described, known)).toEqual([
      'news.content: described html, the database has it not null',
      `news.count: described int=, the database has varchar(10)`,
      'news.create_time: described (str) but not in the database',
      'news.created_at: in the database, not described',
      'news.status: described str=, the database has no default',
      'news.summary: described (str=) but not in the database',
      'survey: in the database, described nowhere (db/tables.ts)',
    ]);
  });

  it("a resource table without a TABLES entry is checked against its description's fields", () => {
    const news = migrated.find((table) => table.name === 'news')!;
    const col = (name: string) => news.columns.find((c) => c.name === name)!;
    const survey = {
      name: 'survey',
      table: 'survey',
      fields: [
        { name: 'title', type: 'text', label: 'x' },
        { name: 'headcount', type: 'int', label: 'x' },
        { name: 'city', type: 'code', label: 'x' },
        { name: 'cityName', type: 'text', label: 'x', join: { table: 'city', key: 'code', via: 'city', select: 'name' } },
      ],
    } as unknown as ResourceDef;
    const tables: TableMetadata[] = [
      ...migrated,
      {
        name: 'survey',
        isView: false,
        columns: [col('id'), col('title'), { ...col('summary'), name: 'headcount' }, col('status'), { ...col('content'), name: 'salary' }],
      },
    ];
    expect(differences(tables, described, [...known, 'survey'])).toEqual([]);
    expect(resourceDifferences(tables, { ...TABLES, ...CORE_TYPED }, [survey])).toEqual([
      'survey.city: field survey.city, not in the database',
      `survey.headcount: field survey.headcount (int), the database has ${col('summary').dataType}`,
      'survey.salary: in the database, neither typed nor a field of survey',
    ]);
  });
});
