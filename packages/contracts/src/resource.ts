import type { z } from 'zod';
import type { Endpoint } from './endpoints.js';
import { formFacts } from './form.js';
import { columnOf } from './list.js';

export { type FormFacts, type FormResource, formFacts, formResource, type GuardedFieldFact, schemaRequires } from './form.js';

/** What a webhook event says was done to a record (`<resource>.<action>`). */
export const WEBHOOK_ACTIONS = ['publish', 'unpublish', 'update', 'delete'] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];
/**
 * The event a webhook may choose besides `<resource>.<action>`: every change the site shows (all resources,
 * today's and tomorrow's). With a debounce, a burst of changes goes out as one `site.changed`.
 */
export const SITE_CHANGED = 'site.changed';
/** the longest debounce of a webhook, in seconds */
export const WEBHOOK_DEBOUNCE_MAX = 3600;

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
  /**
   * may be empty (null) in a reply; default: sort numbers and joined names may, other fields never (the delivery
   * OpenAPI marks each field by it; `db/tables.test.ts` checks it against the columns)
   */
  nullable?: boolean;
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

  // ---- capabilities: each module loops over the resources that declare one (no list of names elsewhere) ----

  /**
   * How its list's total is computed (docs/decisions.md "Totals"):
   * - `'count'` (default): `count(*)` of the filtered query (from the gram index alone when a title search's
   *   other filters are all copied into it);
   * - `'rowCount'`: an unfiltered list (and one filtered by 已发布 alone) reads the trigger-kept `row_count`
   *   (less what the delivery API's visibility hides); any other filter counts as `'count'`. Set only on a
   *   table whose counter a migration created (migration 014 and later).
   */
  total?: 'count' | 'rowCount';
  /**
   * It has a publish state (`...publishFields`, `publishFilter`, `publishSave` of resources/publish.ts) and
   * these two calls (their own permissions): `publish` (`?id=&publishTime=&offlineTime=`: on the site now or
   * at publishTime) and `unpublish` (`?id=`: a scheduled record back to a draft, a live one off the site now).
   * A save changing the state needs them too; the dashboard shows its drafts and scheduled records; the
   * delivery API shows only its records on the site now.
   */
  publishable?: { publish: Endpoint; unpublish: Endpoint };
  /**
   * A preview link (30 minutes, signed, no login) rendering the record as the public site would (title,
   * date, summary, rich-text body — the fields named here). `byId` takes `?id=` (a read permission; a holder
   * of `form` may send the form there too), `form` takes the unsaved form (its own write permission).
   */
  previewable?: {
    byId: Endpoint;
    form: Endpoint;
    /** the fields the page shows; default title / summary / content / publishTime (else createTime) */
    fields?: { title: string; summary?: string; content?: string; date?: string[] };
  };
  /**
   * A role's data scope (数据权限, `scope.ts`) limits which of its records a holder lists, opens, edits, publishes,
   * deletes and restores (lists, get, every write, revisions, the recycle bin, the dashboard counts; never the delivery
   * API). Each record belongs to the department and account that created it. Default (`isScoped`): every resource
   * with a list outside the admin-only modules, except the lists other records pick from (a table another
   * resource's `refs` names); `false` for a site-wide record every editor shares (the one live contact head).
   */
  scoped?: boolean;
  /** every save keeps the record as saved (历史版本, REVISIONS_KEEP per record), restorable */
  revisioned?: boolean;
  /**
   * a deleted record goes to the recycle bin (restorable with the same id). Default: every resource with a
   * delete outside the admin-only modules (`isRecyclable`); `false` makes deleting final.
   */
  recyclable?: boolean;
  /**
   * The webhook events it sends (`<name>.<action>`): `update` (a save, a toggle, a restore), `delete`, and for a
   * publishable resource `publish` (a publish call, a create or a recycle-bin restore already on the site, a
   * scheduled publish time passing) and `unpublish` (a call, an offline time passing). A resource delivered
   * `visible: 'window'` sends `publish` / `unpublish` when its window opens / closes. Each event names the
   * delivery paths it changes (`paths`, from `delivery` of it, of the record it is an item of, and of the
   * resources showing a name it holds).
   */
  webhook?: readonly WebhookAction[];
  /** how the delivery API (PUBLIC_API_PREFIX, no login, read-only) serves it; absent: not delivered */
  delivery?: DeliveryDef;
  /**
   * What the server keeps per process that a write of it changes: every process drops those caches when the
   * write's reply goes out (the change bus; `role`: sessions' roles and permissions; `delivery`: the delivery API's
   * site keys and content versions).
   */
  invalidates?: readonly ('session' | 'role' | 'permission' | 'menu' | 'delivery' | 'words')[];
  /**
   * counted on the home page: its number of records (its list screen's link), and for a publishable resource
   * its drafts and scheduled records waiting
   */
  dashboard?: boolean;
  /** its group and screens in the menu (resource-menu.ts): seeded, granted and routed with no other registration */
  menu?: import('./resource-menu.js').ResourceMenu;
  /**
   * Its records exist in every content locale (CONTENT_LOCALES, translation.ts): these fields have a value per
   * locale, and with `seo` (default) slug / metaTitle / metaDescription / keywords / ogImage / canonicalUrl / noindex
   * per locale. The staff get / save carry `translations`, the list its `translationStatus` and filter, the delivery
   * API `?locale=` with fallback, search per locale, slugs with redirects, the sitemap and feeds.
   */
  translatable?: import('./translation.js').TranslatableDef;
  /**
   * Excel import (导入 next to 导出, issue 26; resources/import.ts): a template of these columns, every row checked
   * with the save's own rules, matched to a stored record by id or by `key`, written in one transaction.
   */
  importable?: ImportDef;
  /**
   * 批量修改类型 (resources/batch.ts): the field holding its type (a code its `refs` check) and the list its picker reads;
   * the batch action saves each record with this field changed, through the save.
   */
  typeField?: { field: string; list: Endpoint };
}

/** How a resource is imported from a spreadsheet (`importable`). */
export interface ImportDef {
  /** the template's columns, in order: field names the save takes; default: every writable field but images */
  fields?: readonly string[];
  /** the natural key that matches a row without an id to a stored record (one field, or several together) */
  key?: string | readonly string[];
  /**
   * columns written as a referenced row's name (a news type by its name, a product's supplier, a user's department
   * and roles): the field takes the `key` of the `table` row whose `name` (or key) the cell gives; `many`: several
   * names separated by `,` or `、` (an array of keys)
   */
  lookups?: Readonly<Record<string, ImportLookup>>;
  /** the label of a column that is no field of the description (a user's roles), by field name */
  labels?: Readonly<Record<string, string>>;
}

/** A column written as the name of a row of another table (`ImportDef.lookups`). */
export interface ImportLookup {
  table: string;
  /** the column the field stores (`id`, `code`) */
  key: string;
  /** the column the cell names */
  name: string;
  many?: boolean;
  /** message key when a name is not found (`{value}`: the name); default `import.lookupUnknown` */
  message?: string;
}

/** One path of the delivery API, described by the resource it serves (resources/delivery.ts builds the table). */
export interface DeliveryPath {
  /** relative to the prefix, `{id}` for the record id */
  path: string;
  summary: string;
  /** the OpenAPI operationId (unique over the API) */
  operationId: string;
}

/**
 * The delivery API of one resource. Fields exposed: every field but hidden and internal ones (`status`,
 * `offlineTime`, `enableFlag`, `createTime`; `publicFields`), rich-text bodies only on a single record.
 * Rows shown: for a publishable resource only those on the site now; `visible: 'window'` enabled rows inside
 * their publish / offline times.
 */
export interface DeliveryDef {
  /**
   * the list: `page` (query `page`, `pageSize` ≤ 100, `keyword`; rows + total + meta) or `all` (up to 100 rows as
   * `data`, in list order); every list takes `fields`, and the query language its `query` declares
   */
  list?: DeliveryPath & {
    reply: 'page' | 'all';
    /** query parameter → this resource's list filter param (`keyword` → `title`); each is an optional text */
    filters?: Record<string, string>;
    /** query parameters that are record ids (validated as such), → list filter param */
    idFilters?: Record<string, string>;
    /** list filters always applied (`{ enableFlag: 1 }`) */
    fixed?: Record<string, unknown>;
    /** its query language: sort, filters, full-text search (README "The delivery query language") */
    query?: DeliveryQuery;
  };
  /** one record by id (`/news/{id}`), 404 when absent or not shown */
  get?: DeliveryPath & {
    /** its items: the shown rows of another resource (by name), its list filter `filter` = this record's id */
    items?: { resource: string; filter: string };
  };
  /** the one record of a single-record resource (`/company`): the first row its list shows */
  single?: DeliveryPath & { fixed?: Record<string, unknown> };
  /** `POST` counting a visit of a shown record in its `count` field, once per address and hour */
  view?: DeliveryPath;
  /** which rows a reader sees; default `published` for a publishable resource, else every row */
  visible?: 'published' | 'window' | 'all';
}

/**
 * How a delivery list filters by a public field (the query parameter is the field's name):
 * - `eq`: equal to the value (`?type=hydt`);
 * - `flag`: 0 or 1 (`?isTop=1`);
 * - `id`: a record id (`?supplierId=3`);
 * - `range`: a date-time field between `{field}From` and `{field}To`, both inclusive, each optional: a day
 *   (`2026-11-26`, the whole day in TZ_NAME) or a date-time (`2026-11-26T15:00:00+08:00`; without an offset, TZ_NAME).
 */
export type DeliveryFilterKind = 'eq' | 'flag' | 'id' | 'range';

/** The query language of a delivery list, beyond `page`, `pageSize` and `fields` (which every list takes). */
export interface DeliveryQuery {
  /** the fields `sort` accepts (`sort=title`, `sort=-publishTime` descending); without `sort`, the list's order */
  sort?: readonly string[];
  /** the fields it filters by, each its way */
  filters?: Readonly<Record<string, DeliveryFilterKind>>;
  /** the fields `q` searches (text and rich text, tags left out): the record must hold every term of `q` */
  search?: readonly string[];
}

export { columnOf, snake } from './list.js';

const registry = new Map<string, ResourceDef>();

/** the resources events are sent for, and which actions each has (kept by `defineResource` from `webhook`) */
export const WEBHOOK_RESOURCES: Record<string, readonly WebhookAction[]> = {};
/** every webhook event (`<resource>.<action>`), in description order */
export const WEBHOOK_EVENTS: string[] = [];

export function defineResource<const R extends ResourceDef>(def: R): R {
  registry.set(def.name, def);
  if (def.webhook?.length) {
    WEBHOOK_RESOURCES[def.name] = def.webhook;
    WEBHOOK_EVENTS.push(...def.webhook.map((a) => `${def.name}.${a}`));
  }
  return def;
}

export function allResources(): ResourceDef[] {
  return [...registry.values()];
}

/** the registered description of this name, if any */
export function resourceByName(name: string): ResourceDef | undefined {
  return registry.get(name);
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

/** a field a button guards: its toggle's permission, and the value a create gets without it (undefined: any value) */
export interface GuardedField {
  field: FieldDef;
  /** the toggle endpoint's path (its permission key) */
  permission: string;
  createDefault: unknown;
}

/**
 * The fields a button permission guards: every field with a toggle endpoint (置顶, 热门, 启用 …). A save without that
 * permission may not change one (a create: give it another value than its default; an update: another value than
 * the stored one, or than its pending draft's); sending the same value is fine. The server refuses such a save
 * (crud/service.ts); the forms show the control disabled with the missing-permission tooltip.
 */
export function guardedFieldsOf(def: ResourceDef): GuardedField[] {
  return formFacts(def).guarded.flatMap((g) => {
    const field = def.fields.find((f) => f.name === g.name);
    return field ? [{ field, permission: g.permission, createDefault: g.createDefault }] : [];
  });
}
