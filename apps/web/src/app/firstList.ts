import lists from 'virtual:gk-lists';
import { earlyKey, recordKey, startEarly } from '../api/early';
import { get, post } from '../api/request';
import { listBody, listDefaults, parseListQuery, URL_KEYS } from '../components/list/listUrl';
import { editorConfigKey } from '../components/richtext/editorConfigKey';
import { loadEditor } from '../components/richtext/loadEditor';
import { detailsOf, listOf } from '../pages/views';

/**
 * A list screen's first requests, started by the entry on a cold load (alongside /user/info and the code):
 * the page its address shows and the user's columns, with the body and parameters the list itself sends
 * (`listBody`, `listDefaults`, the field-config call of useFieldConfig.ts), so the list takes them over
 * (api/early.ts) instead of asking again once its code is in. The resource comes from the view registry
 * (`registerView(url, loader, { list })`), its paths from the contracts (`virtual:gk-lists`). Quiet: a
 * refusal (no permission, a dead session) shows nothing here; the screen's own call reports it.
 * Only for an address without filters (their parsing needs the screen's search form). `maxAgeMs`: how long the
 * replies may be taken over (api/early.ts).
 */
export function startFirstList(pathname: string, search: string, maxAgeMs?: number): void {
  const name = listOf(pathname);
  const resource = name ? lists.resources[name] : undefined;
  if (!resource) return;
  const params = new URLSearchParams(search);
  const known = new Set<string>(Object.values(URL_KEYS));
  if ([...params.keys()].some((k) => !known.has(k))) return;
  const body = listBody(parseListQuery(params, [], listDefaults(resource, lists.pageSizes)));
  startEarly(earlyKey('POST', resource.path, body), () => post(resource.path, body, { quiet: true }), maxAgeMs);
  const { modelType } = resource;
  if (modelType)
    startEarly(
      earlyKey('GET', lists.fieldConfigPath, { modelType }),
      () => get(lists.fieldConfigPath, { modelType }, { quiet: true }),
      maxAgeMs,
    );
}

/**
 * A details screen's first needs, started like a list's (`startFirstList`): the record of the address's `?id=`, with
 * the request the DetailPage makes (`fetchRecord`, which takes it over), and, for a resource with rich text, the
 * editor's code and settings, which the form would otherwise ask for only once it has rendered with the record. A new record
 * (no id) asks for nothing; the editor's code still starts.
 */
export function startFirstDetails(pathname: string, search: string, maxAgeMs?: number): void {
  const name = detailsOf(pathname);
  const resource = name ? lists.resources[name] : undefined;
  if (!resource) return;
  if (resource.richText) {
    loadEditor().catch(() => undefined);
    const path = lists.editorConfigPath;
    startEarly(editorConfigKey(path), () => post(path, undefined, { quiet: true }), maxAgeMs);
  }
  const id = new URLSearchParams(search).get('id');
  const ep = resource.get;
  if (!id || !ep) return;
  startEarly(recordKey(ep.path, id), () => post(ep.path, undefined, { params: { id }, entity: !!ep.entity, quiet: true }), maxAgeMs);
}

/** the first requests (and code) of the screen of an address, before the screen's code is in: a list's or a details screen's */
export function startFirstScreen(pathname: string, search: string, maxAgeMs?: number): void {
  startFirstList(pathname, search, maxAgeMs);
  startFirstDetails(pathname, search, maxAgeMs);
}
