import type { Filters, SearchFieldConfig } from './SearchForm';

/**
 * A list's state in the URL's search params, so a filtered list survives a reload, the back button and a
 * shared link: the filters under their own query-parameter names (as the list call sends them), then
 * `page`, `size` and `sort` (`field.asc` / `field.desc`). Defaults are left out (`?` alone is page 1 of the
 * default size, unsorted, unfiltered).
 */
export interface ListQuery {
  filters: Filters;
  pageNumber: number;
  pageSize: number;
  sortField: string | null;
  sortOrder: 'asc' | 'desc' | null;
}

export const URL_KEYS = { page: 'page', size: 'size', sort: 'sort' } as const;

/** The filter parameters a search form may produce, with whether each carries a number. */
function filterParams(search: SearchFieldConfig[]): Map<string, 'number' | 'text' | 'auto'> {
  const out = new Map<string, 'number' | 'text' | 'auto'>();
  for (const f of search) {
    if (f.widget === 'dateRange') {
      out.set(f.start ?? 'startTime', 'text');
      out.set(f.end ?? 'endTime', 'text');
    } else if (f.widget === 'flag') out.set(f.name, 'number');
    else if (f.widget === 'select') out.set(f.name, 'auto');
    else if (f.widget === 'remote') out.set(f.name, f.remote.valueKey === 'id' ? 'auto' : 'text');
    else out.set(f.name, 'text');
  }
  return out;
}

const positive = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** How a resource's list reads its query from the URL: the default page size, the sizes offered, the sortable fields. */
export function listDefaults(
  resource: { pageSize?: number; fields: readonly { name: string; sortable?: boolean }[] },
  pageSizes: readonly number[],
) {
  const sortable = resource.fields.filter((f) => f.sortable).map((f) => f.name);
  return { pageSize: resource.pageSize ?? 20, pageSizes, sortable };
}

/** The body of the list call: filters, paging and sort. */
export function listBody(q: ListQuery, base?: Record<string, string | number>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base, ...q.filters, pageNumber: q.pageNumber, pageSize: q.pageSize };
  if (q.sortField && q.sortOrder) {
    body.sortField = q.sortField;
    body.sortOrder = q.sortOrder;
  }
  return body;
}

/** The list state a URL describes (unknown or malformed parameters fall back to the defaults). */
export function parseListQuery(
  params: URLSearchParams,
  search: SearchFieldConfig[],
  defaults: { pageSize: number; pageSizes: readonly number[]; sortable: readonly string[] },
): ListQuery {
  const filters: Filters = {};
  for (const [name, kind] of filterParams(search)) {
    const raw = params.get(name);
    if (raw == null || raw.trim() === '') continue;
    // a select offers only its options: a stale or hand-made value falls back to 全部
    const select = search.find((f) => f.name === name && f.widget === 'select');
    if (select?.widget === 'select' && !select.options.some((o) => String(o.value) === raw)) continue;
    const num = Number(raw);
    filters[name] = kind === 'number' || (kind === 'auto' && /^-?\d+(\.\d+)?$/.test(raw) && Number.isFinite(num)) ? num : raw;
    if (kind === 'number' && !Number.isFinite(num)) delete filters[name];
  }
  const size = positive(params.get(URL_KEYS.size), defaults.pageSize);
  const [field, order] = (params.get(URL_KEYS.sort) ?? '').split('.');
  const sorted = !!field && defaults.sortable.includes(field) && (order === 'asc' || order === 'desc');
  return {
    filters,
    pageNumber: positive(params.get(URL_KEYS.page), 1),
    pageSize: defaults.pageSizes.includes(size) ? size : defaults.pageSize,
    sortField: sorted ? field : null,
    sortOrder: sorted ? (order as 'asc' | 'desc') : null,
  };
}

/** The URL search params of a list state (defaults omitted); other parameters of `base` are kept. */
export function toSearchParams(
  q: ListQuery,
  defaultSize: number,
  base?: URLSearchParams,
  search: SearchFieldConfig[] = [],
): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const name of filterParams(search).keys()) out.delete(name);
  for (const key of Object.values(URL_KEYS)) out.delete(key);
  for (const [k, v] of Object.entries(q.filters)) out.set(k, String(v));
  if (q.pageNumber > 1) out.set(URL_KEYS.page, String(q.pageNumber));
  if (q.pageSize !== defaultSize) out.set(URL_KEYS.size, String(q.pageSize));
  if (q.sortField && q.sortOrder) out.set(URL_KEYS.sort, `${q.sortField}.${q.sortOrder}`);
  return out;
}

/** The search form's values for the filters of a URL (a date range joins its two parameters again). */
export function formValues(filters: Filters, search: SearchFieldConfig[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of search) {
    if (f.widget === 'dateRange') {
      const a = filters[f.start ?? 'startTime'];
      const b = filters[f.end ?? 'endTime'];
      out[f.name] = a || b ? [a ? String(a) : null, b ? String(b) : null] : undefined;
    } else if (filters[f.name] !== undefined) out[f.name] = filters[f.name];
    else if (f.widget === 'flag' || (f.widget === 'select' && f.all)) out[f.name] = 'all';
    else out[f.name] = undefined;
  }
  return out;
}

/** The query each list was last shown with (path → search text), so a detail page goes back to the same list. */
const lastQuery = new Map<string, string>();

export function rememberListQuery(path: string, search: string): void {
  if (search) lastQuery.set(path, search);
  else lastQuery.delete(path);
}

/** A list's path with the filters, page and sort it was last shown with. */
export function listHref(path: string): string {
  const search = lastQuery.get(path);
  return search ? `${path}?${search}` : path;
}
