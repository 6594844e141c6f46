import { useQueryClient } from '@tanstack/react-query';
import { Divider, Select, type SelectProps } from 'antd';
import { type CSSProperties, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchRemotePage, REMOTE_PAGE_SIZE, type RemotePage, type Row, useRemoteOptions } from '../api/queries';
import { useTranslation } from '../lib/i18n';
import './components.css';

/**
 * A select fed by a remote list (SPEC points 4 and 7 "Pickers"): body `{ query, pageNumber, pageSize: 10 }`,
 * rows with code/name or id/name (`rows`+`total`, or `list`+`intTotal`), pages of 10 with a keyword search
 * and a pager inside the dropdown. The pages come from the data layer's query cache (`useRemoteOptions`),
 * whose persister keeps the first unfiltered page per url in sessionStorage; the current value keeps its
 * label even when it is not on the loaded page.
 */
export { fetchRemotePage, REMOTE_PAGE_SIZE, type RemotePage, remoteCacheKey } from '../api/queries';

const SEARCH_DEBOUNCE_MS = 300;

// the dropdown's pager shows only past ten options, once the dropdown is open: it loads then
const Pagination = lazy(() => import('antd/es/pagination'));

type Value = string | number;

export interface RemoteSelectProps {
  /** the list path, from the contracts' endpoint table (e.g. `newsEndpoints.typeList.path`) */
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
  'aria-label'?: string;
  status?: SelectProps['status'];
  /** focus the picker when it mounts (LazyRemoteSelect: the stand-in had the focus) */
  autoFocus?: boolean;
  /** open the dropdown when it mounts (LazyRemoteSelect: the stand-in was pressed) */
  defaultOpen?: boolean;
}

/** The page clamped between 1 and the last page (ceil(total / size), at least 1). */
export function clampPage(page: number, total: number, size: number = REMOTE_PAGE_SIZE): number {
  const last = Math.max(1, Math.ceil(Math.max(0, total) / size));
  return Math.min(Math.max(1, Math.floor(page) || 1), last);
}

const EMPTY: RemotePage = { rows: [], total: 0 };

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
  'aria-label': ariaLabel,
  status,
  autoFocus,
  defaultOpen = false,
}: RemoteSelectProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [labels, setLabels] = useState<Map<string, string>>(() => new Map());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resolved = useRef<string | null>(null);

  // pages load while the dropdown is open (a closed picker asks nothing)
  const options$ = useRemoteOptions(url, keyword, page, open);
  const data = options$.data ?? EMPTY;
  const loading = options$.isFetching;

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

  useEffect(() => {
    if (options$.data) remember(options$.data.rows);
  }, [options$.data, remember]);

  // a page past the end (the list shrank) moves back to the last one
  useEffect(() => {
    if (!options$.data || options$.isPlaceholderData) return;
    const clamped = clampPage(page, options$.data.total);
    if (clamped !== page) setPage(clamped);
  }, [options$.data, options$.isPlaceholderData, page]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // the label of a value that is not on a loaded page: the first page (often cached), then a keyword look-up
  useEffect(() => {
    if (value == null || value === '') return;
    const k = String(value);
    if (valueLabel || labels.has(k) || resolved.current === k) return;
    resolved.current = k;
    let alive = true;
    (async () => {
      try {
        const first = await fetchRemotePage(client, url, '', 1);
        if (!alive) return;
        remember(first.rows);
        if (first.rows.some((r) => String(r[valueKey]) === k)) return;
        const found = await fetchRemotePage(client, url, k, 1, true);
        if (alive) remember(found.rows.filter((r) => String(r[valueKey]) === k));
      } catch {
        // the raw value stays visible
      }
    })();
    return () => {
      alive = false;
    };
  }, [value, valueLabel, labels, url, valueKey, remember, client]);

  const onOpenChange = (next: boolean) => setOpen(next);

  const onSearch = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = text.trim();
      setKeyword(q);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
  };

  const onPage = (p: number) => setPage(clampPage(p, data.total));

  const options = useMemo(
    () => data.rows.map((r) => ({ value: r[valueKey] as Value, label: String(r[labelKey] ?? r[valueKey]), row: r })),
    [data.rows, valueKey, labelKey],
  );

  const currentLabel = value == null || value === '' ? undefined : (valueLabel ?? labels.get(String(value)) ?? String(value));

  return (
    <Select<Value>
      id={id}
      aria-label={ariaLabel}
      autoFocus={autoFocus}
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
                <Suspense fallback={null}>
                  <Pagination simple size="small" current={page} pageSize={REMOTE_PAGE_SIZE} total={data.total} onChange={onPage} />
                </Suspense>
              </div>
            </>
          )}
        </>
      )}
    />
  );
}
