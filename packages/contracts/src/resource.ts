import type { z } from 'zod';
import type { Endpoint } from './endpoints.js';

/**
 * A resource is described once here and read by both sides: the server builds its list / get / save /
 * delete / toggle routes from it, the web builds its list columns, search form and detail form from it.
 */
export type FieldType =
  /** plain text */
  | 'text'
  /** a short code (exact match) */
  | 'code'
  /** rich text HTML, sanitized on save */
  | 'html'
  /** an image URL (`/img/{name}`) */
  | 'image'
  /** a sort number, up to 6 decimals */
  | 'sort'
  /** a 0/1 flag */
  | 'flag'
  /** an integer */
  | 'int'
  /** `YYYY-MM-DD HH:mm:ss`, set by the server */
  | 'datetime';

export interface FieldDef {
  /** the API's camelCase name (SPEC point 3) */
  name: string;
  /** database column; default: snake_case of name */
  column?: string;
  type: FieldType;
  /** i18n key of the label */
  label: string;
  /** never written by a save (createTime, joined names) */
  readOnly?: boolean;
  /** a name read from a referenced row: this field = ref.table.select where ref.table.key = this row's ref.via */
  join?: { table: string; key: string; via: string; select: string };
  /** a label looked up from a fixed code list by another field's code (not a column; read-only, not sortable) */
  lookup?: { via: string; options: readonly { code: string; name: string }[] };
  /** shown as a list column by default */
  list?: boolean;
  /** the list may sort by it (server whitelist) */
  sortable?: boolean;
  /** never returned by the API (password hashes) */
  hidden?: boolean;
}

export interface FilterDef {
  /** the query parameter */
  param: string;
  /** the field it filters */
  field: string;
  /**
   * substring, exact, date from (inclusive), date to (inclusive), any of several fields by substring, or the
   * publish state read against now (`status` / `publishTime` / `offlineTime`, see resources/publish.ts)
   */
  op: 'like' | 'eq' | 'from' | 'to' | 'keyword' | 'publishState';
  /** for 'keyword': the fields it searches */
  fields?: string[];
  /** the only values accepted (label: message key), offered as a select by the list screen */
  options?: readonly { value: string; label: string }[];
}

export interface ResourceDef {
  /** e.g. 'news' */
  name: string;
  /** permission / menu module */
  module: string;
  table: string;
  /** i18n key of one record's name, e.g. 'news.entity' */
  label: string;
  fields: FieldDef[];
  /** the save body (without id); rules and messages of SPEC point 5 */
  save: z.ZodType<Record<string, unknown>>;
  /** the list filters (paging, sortField, sortOrder are added by the server) */
  filters: FilterDef[];
  endpoints: {
    /** absent for a single-record resource (the company profile), whose module adds its own get / save */
    list?: Endpoint;
    save?: Endpoint;
    get?: Endpoint;
    del?: Endpoint;
    /** extra list paths answering the same (aliases SPEC names) */
    aliases?: Endpoint[];
  };
  /** toggles: field name → endpoint answering `?id=&flag=` */
  toggles?: Record<string, Endpoint>;
  /** the get endpoint's reply: the usual envelope (default), or the entity itself (SPEC 7 getBusinessType) */
  getReply?: 'envelope' | 'entity';
  /** delete takes a JSON array of ids (or `{ids}`), or one `?id=` */
  del: 'ids' | 'id';
  /** default order, most significant first; id desc is always appended for stability */
  order: [string, 'asc' | 'desc'][];
  /** per-list field display configuration (SPEC point 7 field configuration) */
  modelType?: string;
  /** values that must be unique, with the message key for a clash */
  unique?: { field: string; message: string }[];
  /** rows elsewhere that reference this resource: deleting a referenced row is refused */
  usedBy?: { table: string; column: string; field: string; message: string }[];
  /** a referenced row must exist: field → table/key, with the message key when it does not */
  refs?: { field: string; table: string; key: string; message: string }[];
  /**
   * A gram index serving substring search on one text field (1- and 2-character Chinese words and longer),
   * with copies of the fields the list filters by equality and orders by, so a search pages in index order.
   */
  textIndex?: { field: string; param: string; copy: string[] };
  /** the default page size of its list screen (SPEC point 9) */
  pageSize?: number;
  /**
   * The database keeps this table's row count (`row_count`, trigger-maintained, migration 014 and later):
   * an unfiltered list answers its total from there instead of `count(*)`. Set only on a table whose
   * counter a migration created.
   */
  counted?: boolean;
  /** its group and screens in the menu (resource-menu.ts): seeded, granted and routed with no other registration */
  menu?: import('./resource-menu.js').ResourceMenu;
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const columnOf = (f: FieldDef) => f.column ?? snake(f.name);

const registry = new Map<string, ResourceDef>();

export function defineResource<const R extends ResourceDef>(def: R): R {
  registry.set(def.name, def);
  return def;
}

export function allResources(): ResourceDef[] {
  return [...registry.values()];
}

/** Fields holding image URLs or HTML that may embed images: what /upload/delImage must check. */
export function imageReferences(): { table: string; column: string; type: 'image' | 'html' }[] {
  return allResources().flatMap((r) =>
    r.fields
      .filter((f) => (f.type === 'image' || f.type === 'html') && !f.join)
      .map((f) => ({ table: r.table, column: columnOf(f), type: f.type as 'image' | 'html' })),
  );
}

/** The two filters of a date range on one field, whole days (`yyyy-MM-dd`): `startTime` from, `endTime` to. */
export const dateRange = (field: string, start = 'startTime', end = 'endTime'): FilterDef[] => [
  { param: start, field, op: 'from' },
  { param: end, field, op: 'to' },
];
