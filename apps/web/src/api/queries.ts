import type { ImageMeta, PageReply, Reply, UploadReply } from '@gk/contracts';
import { imageNameOf, LIMITS, type ListResource } from '@gk/contracts/list';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { earlyKey, recordKey, takeEarly } from './early';
import { withLoading } from './loading';
import { post, type RequestOptions } from './request';
import { uploadEndpoints } from './shared.contracts';

/**
 * The web's data layer (TanStack Query). Every call a screen makes about a resource goes through here and
 * every path comes from the contracts' endpoint tables; components never write an API path.
 *
 * Query keys (one family per concern, so a write can mark exactly what it changed as stale):
 * - `['list', resource, body]`   a page of a list screen
 * - `['record', resource, id]`   one record of a detail page or dialog
 * - `['options', url, query, page]` a page of a remote picker (RemoteSelect)
 * - `['imageMeta', name]`        a stored image's size and alt text (image slots, the editor's image dialog)
 *
 * A save, delete or toggle invalidates the resource's list pages, its records and the picker pages fed by
 * its list path. The first unfiltered picker page of each url is also kept in sessionStorage (SPEC 4 / 9):
 * `persistFirstOptionPages` is the small persister that mirrors exactly that query there.
 */
export type Row = Record<string, unknown>;
export type Values = Record<string, unknown>;

export const queryKeys = {
  list: (resource: string) => ['list', resource] as const,
  listPage: (resource: string, body: Values) => ['list', resource, body] as const,
  records: (resource: string) => ['record', resource] as const,
  record: (resource: string, id: string | number | null) => ['record', resource, id == null ? null : String(id)] as const,
  options: (url: string) => ['options', url] as const,
  optionPage: (url: string, query: string, page: number) => ['options', url, query, page] as const,
};

// ---------------------------------------------------------------------------------------------- lists

/** One page of a list screen: the reply's rows and total (the entry's early request for it, if it made one). */
export async function fetchListPage(resource: ListResource, body: Values, signal?: AbortSignal): Promise<PageReply<Row>> {
  const ep = resource.endpoints.list;
  if (!ep) throw new Error(`${resource.name} has no list endpoint`);
  return (await takeEarly<PageReply<Row>>(earlyKey('POST', ep.path, body))) ?? post<PageReply<Row>>(ep.path, body, { signal });
}

/**
 * Marks a resource's list pages, records and pickers stale; the lists and pickers on screen reload now, or
 * (`refetch: false`) when they are next shown — for a caller that chooses which page to show next. Records
 * are only marked: a detail page reloads its own record when it wants to (never over unsaved edits).
 */
export function invalidateResource(client: QueryClient, resource: ListResource, refetch = true): Promise<void> {
  const listPath = resource.endpoints.list?.path;
  const refetchType = refetch ? 'active' : 'none';
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.list(resource.name), refetchType }),
    client.invalidateQueries({ queryKey: queryKeys.records(resource.name), refetchType: 'none' }),
    listPath ? client.invalidateQueries({ queryKey: queryKeys.options(listPath), refetchType }) : undefined,
  ]).then(() => undefined);
}

// --------------------------------------------------------------------------------------------- records

/**
 * The record of `id` (or the single record when id is null and the resource has one), unwrapped (the entry's early
 * request for it, if it made one: app/firstList.ts).
 */
export async function fetchRecord(resource: ListResource, id: string | number | null, signal?: AbortSignal): Promise<Values> {
  const ep = resource.endpoints.get;
  if (!ep) throw new Error(`${resource.name} has no get endpoint`);
  // a bare-entity reply (business types) has no envelope: its own `code` field is no reply code
  const entity = resource.getReply === 'entity';
  const opts: RequestOptions = id == null ? { entity, signal } : { params: { id }, entity, signal };
  const early = id == null ? undefined : await takeEarly<Reply<Values>>(recordKey(ep.path, id));
  const reply = early ?? (await post<Reply<Values>>(ep.path, undefined, opts));
  const data = (entity ? (reply as unknown as Values) : reply.data) ?? null;
  if (!data || typeof data !== 'object') throw new Error('no record in the reply');
  return data;
}

/** A record of a detail page or dialog; `enabled: false` for a new record. */
export function useRecord(resource: ListResource, id: string | number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.record(resource.name, id),
    queryFn: ({ signal }) => fetchRecord(resource, id, signal),
    enabled: (options.enabled ?? true) && !!resource.endpoints.get,
    // a detail page shows what is stored now, not what it showed last time
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Saves a record (create when the body has no id) under the loading overlay; the resource is stale afterwards. */
export function useSave(resource: ListResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Values) => {
      const ep = resource.endpoints.save;
      if (!ep) throw new Error(`${resource.name} has no save endpoint`);
      return withLoading(post<Reply<Values>>(ep.path, body));
    },
    onSuccess: () => void invalidateResource(client, resource),
  });
}

/**
 * Deletes records by the resource's rule (`ids`: a body of ids, `id`: `?id=` of the one record). The
 * resource is only marked stale: the list decides which page to show next, so two list requests never race.
 */
export function useDelete(resource: ListResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly (string | number)[]) => {
      const ep = resource.endpoints.del;
      if (!ep) throw new Error(`${resource.name} has no delete endpoint`);
      const call =
        resource.del === 'id' ? post<Reply>(ep.path, undefined, { params: { id: String(ids[0]) } }) : post<Reply>(ep.path, ids.map(Number));
      return withLoading(call);
    },
    onSuccess: () => void invalidateResource(client, resource, false),
  });
}

export interface ToggleVars {
  id: string | number;
  field: string;
  flag: 0 | 1;
}

/** Sets a 0/1 flag of a row from its list switch (`?id=&flag=`). The caller decides what reloads. */
export function useToggle(resource: ListResource) {
  return useMutation({
    mutationFn: ({ id, field, flag }: ToggleVars) => {
      const ep = resource.toggles?.[field];
      if (!ep) throw new Error(`${resource.name} has no toggle for ${field}`);
      return post<Reply>(ep.path, undefined, { params: { id, flag } });
    },
  });
}

// --------------------------------------------------------------------------------------------- images

/**
 * Uploads one image (multipart field `file`); resolves with the URL the server answers (`data.url` of the
 * upload reply). Quiet by default: the image slot and the editor say what went wrong in their own words.
 */
export async function uploadImage(file: Blob, opts: RequestOptions = { quiet: true }): Promise<string> {
  const fd = new FormData();
  fd.append('file', file);
  const reply = await post<Partial<UploadReply>>(uploadEndpoints.upload.path, fd, opts);
  const url = reply.data?.url;
  if (typeof url !== 'string' || !url) throw new Error('the upload reply names no image URL');
  return url;
}

/**
 * Asks the server to delete a stored image file. Legacy compatibility only: the server also deletes files
 * no record references after a save, so a failure here (a file already gone: 404) is not an error.
 */
export function deleteImage(url: string): Promise<unknown> {
  return post(uploadEndpoints.delImage.path, undefined, { params: { oldFileUrl: url }, quiet: true }).catch(() => undefined);
}

/** `['imageMeta', name]`: what the server knows of a stored image (size, format, alt text) */
export const imageMetaKey = (name: string) => ['imageMeta', name] as const;

/** An image's size and alt text (quiet: a slot without it just shows an empty alt field). */
export async function fetchImageMeta(ref: string, signal?: AbortSignal): Promise<ImageMeta> {
  const reply = await post<Reply<ImageMeta>>(uploadEndpoints.getImageMeta.path, { name: ref }, { quiet: true, signal });
  if (!reply.data) throw new Error('the reply names no image');
  return reply.data;
}

/** The stored image behind a field's value (`/img/…`), read once per name; null: not one of ours. */
export function useImageMeta(ref: string | null | undefined) {
  const name = imageNameOf(ref);
  return useQuery({
    queryKey: imageMetaKey(name ?? ''),
    queryFn: ({ signal }) => fetchImageMeta(name!, signal),
    enabled: !!name,
    staleTime: 5 * 60_000,
  });
}

/** Saves an image's alt text (the server's message on a refusal is shown); the cached meta takes the answer. */
export async function saveImageAlt(client: QueryClient, ref: string, alt: string, opts: RequestOptions = {}): Promise<ImageMeta> {
  const reply = await post<Reply<ImageMeta>>(uploadEndpoints.saveImageAlt.path, { name: ref, alt }, opts);
  if (!reply.data) throw new Error('the reply names no image');
  client.setQueryData(imageMetaKey(reply.data.name), reply.data);
  return reply.data;
}

export function useSaveImageAlt() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ ref, alt }: { ref: string; alt: string }) => saveImageAlt(client, ref, alt) });
}

// -------------------------------------------------------------------------------------- remote options

export const REMOTE_PAGE_SIZE = LIMITS.remoteSelectPageSize;

export interface RemotePage {
  rows: Row[];
  total: number;
}

/** sessionStorage key of a url's first unfiltered picker page (SPEC 4: cached per url). */
export const remoteCacheKey = (url: string) => `remote-select:${url}`;

function normalizePage(reply: Record<string, unknown>): RemotePage {
  const rows = (Array.isArray(reply.rows) ? reply.rows : Array.isArray(reply.list) ? reply.list : []) as Row[];
  const total = Number(reply.total ?? reply.intTotal ?? rows.length) || 0;
  return { rows, total };
}

const isFirstPage = (key: readonly unknown[]) => key[0] === 'options' && key[2] === '' && key[3] === 1;

function readStored(url: string): RemotePage | undefined {
  try {
    const raw = sessionStorage.getItem(remoteCacheKey(url));
    if (!raw) return undefined;
    const v = JSON.parse(raw) as RemotePage;
    return Array.isArray(v.rows) && typeof v.total === 'number' ? v : undefined;
  } catch {
    return undefined;
  }
}

function store(url: string, page: RemotePage | undefined) {
  try {
    if (page) sessionStorage.setItem(remoteCacheKey(url), JSON.stringify(page));
    else sessionStorage.removeItem(remoteCacheKey(url));
  } catch {
    // storage full or disabled: the picker still works from memory
  }
}

const persisted = new WeakSet<QueryClient>();

/**
 * The persister of the picker cache: the first unfiltered page of each url is written to sessionStorage
 * when it loads and removed when it is invalidated (a save of that resource) or dropped from the cache.
 * Installed once per client, by the first picker that asks.
 */
export function persistFirstOptionPages(client: QueryClient) {
  if (persisted.has(client)) return;
  persisted.add(client);
  client.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (!isFirstPage(query.queryKey)) return;
    const url = String(query.queryKey[1]);
    if (event.type === 'removed') store(url, undefined);
    else if (event.type === 'updated') {
      if (event.action.type === 'success') store(url, query.state.data as RemotePage);
      else if (event.action.type === 'invalidate') store(url, undefined);
    }
  });
}

function optionPageQuery(url: string, query: string, page: number, quiet = false) {
  const first = query === '' && page === 1;
  return {
    queryKey: queryKeys.optionPage(url, query, page),
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      normalizePage(await post<Record<string, unknown>>(url, { query, pageNumber: page, pageSize: REMOTE_PAGE_SIZE }, { signal, quiet })),
    // the first unfiltered page is kept for the session (until a save of its resource invalidates it)
    ...(first ? { staleTime: Number.POSITIVE_INFINITY, initialData: () => readStored(url) } : { staleTime: 0 }),
  };
}

/** One page of a remote picker through the query cache (the first unfiltered page also from sessionStorage). */
export function fetchRemotePage(client: QueryClient, url: string, query: string, page: number, quiet = false): Promise<RemotePage> {
  persistFirstOptionPages(client);
  return client.fetchQuery(optionPageQuery(url, query, page, quiet));
}

/** A page of a remote picker while `enabled` (the dropdown is open); keeps the previous page while the next loads. */
export function useRemoteOptions(url: string, query: string, page: number, enabled: boolean) {
  const client = useQueryClient();
  persistFirstOptionPages(client);
  return useQuery({ ...optionPageQuery(url, query, page), enabled, placeholderData: (prev: RemotePage | undefined) => prev });
}
