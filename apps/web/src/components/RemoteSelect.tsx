import { LIMITS } from '@gk/contracts';
import { Divider, Pagination, Select, type SelectProps } from 'antd';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../api/request';
import './components.css';

/**
 * A select fed by a remote list (SPEC points 4 and 7 "Pickers"): body `{ query, pageNumber, pageSize: 10 }`,
 * rows with code/name or id/name (`rows`+`total`, or `list`+`intTotal`), pages of 10 with a keyword search
 * and a pager inside the dropdown. The first unfiltered page is cached per url in sessionStorage, and the
 * current value keeps its label even when it is not on the loaded page.
 */
export const REMOTE_PAGE_SIZE = LIMITS.remoteSelectPageSize;
const SEARCH_DEBOUNCE_MS = 300;

type Row = Record<string, unknown>;
type Value = string | number;

export interface RemotePage {
  rows: Row[];
  total: number;
}

export interface RemoteSelectProps {
  /** the list path, e.g. `/news/getTypeList` */
  url: string;
  /** the row field used as value (default `code`) */
  valueKey?: string;
  /** the row field shown (default `name`) */
  labelKey?: string;
  value?: Value | null;
  onChange?: (value: Value | null, row?: Row) => void;
  onBlur?: () => void;
  /** the label of the current value when the caller knows it (e.g. the record's typeName) */
  valueLabel?: string | null;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
  status?: SelectProps['status'];
}

export const remoteCacheKey = (url: string) => `remote-select:${url}`;

/** The page clamped between 1 and the last page (ceil(total / size), at least 1). */
export function clampPage(page: number, total: number, size: number = REMOTE_PAGE_SIZE): number {
  const last = Math.max(1, Math.ceil(Math.max(0, total) / size));
  return Math.min(Math.max(1, Math.floor(page) || 1), last);
}

function readCache(url: string): RemotePage | null {
  try {
    const raw = sessionStorage.getItem(remoteCacheKey(url));
    if (!raw) return null;
    const v = JSON.parse(raw) as RemotePage;
    return Array.isArray(v.rows) && typeof v.total === 'number' ? v : null;
  } catch {
    return null;
  }
}

function writeCache(url: string, page: RemotePage) {
  try {
    sessionStorage.setItem(remoteCacheKey(url), JSON.stringify(page));
  } catch {
    // storage full or disabled: the select still works without the cache
  }
}

/** Forgets the cached first page of a list (after its rows changed). */
export function clearRemoteCache(url: string) {
  try {
    sessionStorage.removeItem(remoteCacheKey(url));
  } catch {
    // nothing cached
  }
}

function normalize(reply: Record<string, unknown>): RemotePage {
  const rows = (Array.isArray(reply.rows) ? reply.rows : Array.isArray(reply.list) ? reply.list : []) as Row[];
  const total = Number(reply.total ?? reply.intTotal ?? rows.length) || 0;
  return { rows, total };
}

/** One page of a remote list; the first unfiltered page comes from / goes to the session cache. */
export async function fetchRemotePage(url: string, query: string, pageNumber: number, signal?: AbortSignal): Promise<RemotePage> {
  const first = query === '' && pageNumber === 1;
  if (first) {
    const cached = readCache(url);
    if (cached) return cached;
  }
  const reply = await post<Record<string, unknown>>(url, { query, pageNumber, pageSize: REMOTE_PAGE_SIZE }, { signal });
  const page = normalize(reply);
  if (first) writeCache(url, page);
  return page;
}

export function RemoteSelect({
  url,
  valueKey = 'code',
  labelKey = 'name',
  value,
  onChange,
  onBlur,
  valueLabel,
  placeholder,
  allowClear = true,
  disabled,
  style,
  id,
  status,
}: RemoteSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RemotePage>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [labels, setLabels] = useState<Map<string, string>>(() => new Map());
  const seq = useRef(0);
  const ctrl = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resolved = useRef<string | null>(null);

  const remember = useCallback(
    (rows: Row[]) => {
      setLabels((prev) => {
        let next: Map<string, string> | null = null;
        for (const r of rows) {
          const k = String(r[valueKey]);
          const l = String(r[labelKey] ?? k);
          if (prev.get(k) !== l) {
            next ??= new Map(prev);
            next.set(k, l);
          }
        }
        return next ?? prev;
      });
    },
    [valueKey, labelKey],
  );

  const load = useCallback(
    async (q: string, p: number) => {
      const mine = ++seq.current;
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      setLoading(true);
      try {
        let res = await fetchRemotePage(url, q, p, c.signal);
        const clamped = clampPage(p, res.total);
        if (clamped !== p) res = await fetchRemotePage(url, q, clamped, c.signal);
        if (mine !== seq.current) return;
        setPage(clamped);
        setData(res);
        remember(res.rows);
      } catch {
        // the request layer has told the user; keep what is shown
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [url, remember],
  );

  useEffect(
    () => () => {
      ctrl.current?.abort();
      clearTimeout(timer.current);
    },
    [],
  );

  // the label of a value that is not on a loaded page: the first page (often cached), then a keyword look-up
  useEffect(() => {
    if (value == null || value === '') return;
    const k = String(value);
    if (valueLabel || labels.has(k) || resolved.current === k) return;
    resolved.current = k;
    let alive = true;
    (async () => {
      try {
        const first = await fetchRemotePage(url, '', 1);
        if (!alive) return;
        remember(first.rows);
        if (first.rows.some((r) => String(r[valueKey]) === k)) return;
        const found = await post<Record<string, unknown>>(url, { query: k, pageNumber: 1, pageSize: REMOTE_PAGE_SIZE }, { quiet: true });
        if (alive) remember(normalize(found).rows.filter((r) => String(r[valueKey]) === k));
      } catch {
        // the raw value stays visible
      }
    })();
    return () => {
      alive = false;
    };
  }, [value, valueLabel, labels, url, valueKey, remember]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void load(keyword, page);
  };

  const onSearch = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = text.trim();
      setKeyword(q);
      setPage(1);
      void load(q, 1);
    }, SEARCH_DEBOUNCE_MS);
  };

  const onPage = (p: number) => {
    const next = clampPage(p, data.total);
    setPage(next);
    void load(keyword, next);
  };

  const options = useMemo(
    () => data.rows.map((r) => ({ value: r[valueKey] as Value, label: String(r[labelKey] ?? r[valueKey]), row: r })),
    [data.rows, valueKey, labelKey],
  );

  const currentLabel = value == null || value === '' ? undefined : (valueLabel ?? labels.get(String(value)) ?? String(value));

  return (
    <Select<Value>
      id={id}
      value={value === '' || value == null ? undefined : value}
      placeholder={placeholder ?? t('ui.select.placeholder')}
      allowClear={allowClear}
      disabled={disabled}
      status={status}
      style={{ width: '100%', ...style }}
      open={open}
      onOpenChange={onOpenChange}
      loading={loading}
      showSearch={{ filterOption: false, onSearch }}
      options={options}
      labelRender={() => currentLabel}
      notFoundContent={loading ? t('ui.select.loading') : t('ui.select.empty')}
      onChange={(v, opt) => {
        const row = (Array.isArray(opt) ? undefined : (opt as { row?: Row } | undefined))?.row;
        if (row) remember([row]);
        onChange?.(v ?? null, row);
      }}
      onClear={() => {
        if (keyword) {
          setKeyword('');
          setPage(1);
        }
      }}
      onBlur={onBlur}
      popupRender={(menu) => (
        <>
          {menu}
          {data.total > REMOTE_PAGE_SIZE && (
            <>
              <Divider style={{ margin: '4px 0' }} />
              {/* keep the dropdown open while paging */}
              <div className="gk-remote-pager" role="toolbar" aria-label={t('ui.select.pager')} onMouseDown={(e) => e.preventDefault()}>
                <Pagination simple size="small" current={page} pageSize={REMOTE_PAGE_SIZE} total={data.total} onChange={onPage} />
              </div>
            </>
          )}
        </>
      )}
    />
  );
}
