import type { PageReply } from '@gk/contracts';
import { isRecyclable, type ListResource, PAGE_SIZES } from '@gk/contracts/list';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { fetchListPage, invalidateResource, queryKeys, type Row, useDelete, useToggle } from '../../api/queries';
import { queryClient } from '../../api/queryClient';
import { useFeedback } from '../../lib/feedback';
import { currentLang, useTranslation } from '../../lib/i18n';
import { fieldConfigQuery } from '../fieldConfig/useFieldConfig';
import { withTranslationSearch } from '../translation/listTranslation';
import { sessionContentLocales } from '../translation/locales';
import type { ToggleOptions } from './columns';
import { type ListQuery, listBody, listDefaults, parseListQuery, rememberListQuery, toSearchParams } from './listUrl';
import type { Filters, SearchFieldConfig } from './SearchForm';

export type { ListQuery } from './listUrl';

const NO_SEARCH: SearchFieldConfig[] = [];

export interface ListControllerOptions {
  resource: ListResource;
  search?: SearchFieldConfig[];
  /** parameters always sent with the list call */
  baseQuery?: Record<string, string | number>;
  /** per-toggle behaviour (news isHot: `{ reloadOnFailure: false }`) */
  toggles?: Record<string, ToggleOptions>;
  /** message keys of the delete button and its confirmation (`{count}`), when deleting is not the usual one */
  deleteText?: DeleteText;
}

/** The recycle bin's delete is a purge: 彻底删除, and a warning that it cannot be undone. */
export interface DeleteText {
  button: string;
  confirm: string;
}

/** how a resource's list reads its query from the URL (the entry's first request reads the same: app/firstList.ts) */
const queryOptions = (resource: ListResource) => listDefaults(resource, PAGE_SIZES);

/**
 * Starts a list screen's first requests — the page its URL shows and the user's columns — under the query keys
 * the screen reads, so a screen whose code is still loading finds its data in flight or in (a view's `preload`,
 * pages/views.ts). The same query and body as the screen's own: one computation, here.
 */
export function prefetchList(
  client: QueryClient,
  { resource, search = NO_SEARCH, baseQuery }: ListControllerOptions,
  params: URLSearchParams,
) {
  if (!resource.endpoints.list) return;
  // the search fields the screen adds for a translatable resource (ListPage) read their filters from the URL too
  const all = withTranslationSearch(resource, search, sessionContentLocales(), currentLang());
  const body = listBody(parseListQuery(params, all, queryOptions(resource)), baseQuery);
  void client.prefetchQuery({
    queryKey: queryKeys.listPage(resource.name, body),
    queryFn: ({ signal }) => fetchListPage(resource, body, signal),
  });
  if (resource.modelType) void client.prefetchQuery(fieldConfigQuery(resource.modelType));
}

/** A list view's `preload` (pages/views.ts): `export const preload = listPreload({ resource, search });` */
export const listPreload = (options: ListControllerOptions) =>
  Object.assign((params: URLSearchParams) => prefetchList(queryClient, options, params), { list: options });

/**
 * What a list screen knows and does, without its view (SPEC points 2, 4, 5): the query (filters, page,
 * page size, sort) lives in the URL's search params; the page comes from the query cache; the selection
 * is kept across pages but a new search clears it; delete follows the resource's rule and never leaves a
 * page past the end; toggles call the server at once.
 */
const NO_TOGGLES: Record<string, ToggleOptions> = {};

export function useListController({
  resource,
  search = NO_SEARCH,
  baseQuery,
  toggles: toggleOptions = NO_TOGGLES,
  deleteText,
}: ListControllerOptions) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  if (!resource.endpoints.list) throw new Error(`${resource.name} has no list endpoint`);
  const options = useMemo(() => queryOptions(resource), [resource]);
  const defaultSize = options.pageSize;
  const paramsText = params.toString();
  const { pathname } = useLocation();
  // a detail page opened from here comes back to this same list (filters, page, sort)
  useEffect(() => rememberListQuery(pathname, paramsText), [pathname, paramsText]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows the URL's text (params is a new object each render)
  const query = useMemo(() => parseListQuery(params, search, options), [paramsText, search, options]);

  /** moves the list to another state (a new history entry: the back button returns to the previous one) */
  const setQuery = useCallback(
    (next: ListQuery | ((q: ListQuery) => ListQuery)) => {
      setParams((prev) => {
        const current = parseListQuery(prev, search, options);
        const q = typeof next === 'function' ? next(current) : next;
        return toSearchParams(q, defaultSize, prev, search);
      });
    },
    [setParams, search, defaultSize, options],
  );

  const body = useMemo(() => listBody(query, baseQuery), [query, baseQuery]);
  const queryKey = useMemo(() => queryKeys.listPage(resource.name, body), [resource.name, body]);
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchListPage(resource, body, signal),
    placeholderData: keepPreviousData,
  });
  // stable across renders (the columns of a big table are built from callbacks that use it)
  const { refetch } = list;
  const rows: Row[] = list.data?.rows ?? [];
  const total = Number(list.data?.total ?? 0);

  // a page past the end (a shared link, rows deleted elsewhere) moves back to the last page
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    if (list.data.rows.length === 0 && total > 0 && query.pageNumber > 1) {
      setQuery((q) => ({ ...q, pageNumber: Math.max(1, Math.ceil(total / q.pageSize)) }));
    }
  }, [list.data, list.isPlaceholderData, total, query.pageNumber, setQuery]);

  // ------------------------------------------------------------------------------------------ selection
  const [selected, setSelected] = useState<Key[]>([]);
  const clearSelection = useCallback(() => setSelected([]), []);
  // other filters (a search, the back button, a shared link) show other rows: the selection goes
  const filtersKey = JSON.stringify(query.filters);
  const lastFilters = useRef(filtersKey);
  useEffect(() => {
    if (lastFilters.current === filtersKey) return;
    lastFilters.current = filtersKey;
    setSelected([]);
  }, [filtersKey]);

  // --------------------------------------------------------------------------------------------- search
  /** 搜索: page 1 with these filters; the server is asked again even when nothing changed */
  const onSearch = useCallback(
    (filters: Filters) => {
      setSelected([]);
      const next = { ...query, filters, pageNumber: 1 };
      if (toSearchParams(next, defaultSize, params, search).toString() === paramsText) void refetch();
      else setQuery(next);
    },
    [query, defaultSize, params, search, paramsText, refetch, setQuery],
  );
  /** 重置: no filters, no sort, page 1 (and the server asked again) */
  const onReset = useCallback(() => {
    setSelected([]);
    const next: ListQuery = { ...query, filters: {}, pageNumber: 1, sortField: null, sortOrder: null };
    if (toSearchParams(next, defaultSize, params, search).toString() === paramsText) void refetch();
    else setQuery(next);
  }, [query, defaultSize, params, search, paramsText, refetch, setQuery]);

  const setPage = useCallback(
    (pageNumber: number, pageSize: number) =>
      setQuery((q) => ({ ...q, pageSize, pageNumber: pageSize !== q.pageSize ? 1 : Math.max(1, pageNumber) })),
    [setQuery],
  );
  const setSort = useCallback(
    (sortField: string | null, sortOrder: 'asc' | 'desc' | null) =>
      setQuery((q) => ({ ...q, sortField: sortOrder ? sortField : null, sortOrder: sortField ? sortOrder : null, pageNumber: 1 })),
    [setQuery],
  );

  /** marks every page of this resource stale and reloads the one on screen */
  const reload = useCallback(() => invalidateResource(client, resource), [client, resource]);

  // --------------------------------------------------------------------------------------------- toggle
  const { mutateAsync: toggle } = useToggle(resource);
  const onToggle = useCallback(
    async (row: Row, field: string, next: boolean) => {
      if (!resource.toggles?.[field]) return;
      const question = toggleOptions[field]?.confirm?.(row, next);
      if (question && !(await modal.confirm({ title: question, okText: t('ui.ok'), cancelText: t('ui.cancel') }))) return;
      const flag = next ? 1 : 0;
      try {
        const reply = await toggle({ id: row.id as number | string, field, flag });
        message.success(reply.msg || t('common.ok'));
        client.setQueryData<PageReply<Row>>(queryKey, (old) =>
          old ? { ...old, rows: old.rows.map((r) => (r.id === row.id ? { ...r, [field]: flag } : r)) } : old,
        );
        // other loaded pages and pickers of this resource are out of date now; the visible page is not,
        // unless the server changed other rows too (reloadOnSuccess)
        if (toggleOptions[field]?.reloadOnSuccess) void reload();
        else void client.invalidateQueries({ queryKey: queryKeys.list(resource.name), refetchType: 'none' });
      } catch {
        // the request layer showed the server's message
        if (toggleOptions[field]?.reloadOnFailure !== false) void refetch();
      }
    },
    [resource, toggle, message, modal, t, client, queryKey, toggleOptions, refetch, reload],
  );

  // --------------------------------------------------------------------------------------------- delete
  const { mutateAsync: remove } = useDelete(resource);
  const onDelete = useCallback(() => {
    if (!resource.endpoints.del) return;
    if (selected.length === 0) {
      message.warning(t('v.ids'));
      return;
    }
    if (resource.del === 'id' && selected.length > 1) {
      message.warning(t('v.onlyOne'));
      return;
    }
    const ids = [...selected];
    modal.confirm({
      title: t('v.confirmDelete'),
      // a content record goes to the recycle bin (移至回收站，可在回收站恢复); accounts and the bin itself are final
      content: t(deleteText?.confirm ?? (isRecyclable(resource) ? 'recycle.confirmDelete' : 'ui.list.deleteCount'), { count: ids.length }),
      okText: t(deleteText?.button ?? 'ui.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.cancel'),
      onOk: async () => {
        try {
          const reply = await remove(ids as (string | number)[]);
          message.success(reply.msg || t('common.deleted'));
          setSelected((s) => s.filter((k) => !ids.includes(k)));
          // every row of a later page gone: show the page before it (one request, for that page only)
          const left = rows.filter((r) => !ids.includes(r.id as Key)).length;
          if (left === 0 && query.pageNumber > 1) setQuery((q) => ({ ...q, pageNumber: q.pageNumber - 1 }));
          else await refetch();
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  }, [resource, selected, message, modal, t, remove, rows, query.pageNumber, setQuery, refetch, deleteText]);

  return {
    query,
    rows,
    total,
    list,
    queryKey,
    selected,
    setSelected,
    clearSelection,
    onSearch,
    onReset,
    setPage,
    setSort,
    reload,
    onToggle,
    onDelete,
    filtered: Object.keys(query.filters).length > 0,
  };
}

export type ListController = ReturnType<typeof useListController>;
