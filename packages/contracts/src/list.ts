/**
 * What a list screen runs of the contracts, without zod (`@gk/contracts/list`): the functions and constants its
 * modules call, kept in files that import no schema, so a web chunk that needs only these does not bring zod and
 * the resource registry. The data a list reads (a resource's description, endpoint tables) comes to the web as
 * plain values built at build time (the web's `*.contracts.ts` modules). Every function here is re-exported from
 * the file that owned it before, so the index still has them all.
 */
import { ADMIN_ONLY_MODULES } from './endpoints.js';
import type { FieldDef, ResourceDef } from './resource.js';

export { BANNER_TYPES, LIMITS, SHOW_TYPES } from './enums.js';
export { RELOGIN_CODES } from './envelope.js';

/** A resource's description without its schemas: what the list screens read (a `ResourceDef` is one). */
export type ListResource = Omit<ResourceDef, 'save'>;

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** a field's database column */
export const columnOf = (f: FieldDef) => f.column ?? snake(f.name);

/** the page sizes a list offers */
export const PAGE_SIZES = [10, 20, 30, 50] as const;

/** what a list shows and filters by: the stored status read against now */
export const PUBLISH_STATES = ['draft', 'published', 'scheduled', 'offline'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** The state shown for a record at `now` (`YYYY-MM-DD HH:mm:ss` in the site's time zone). */
export function publishState(r: { status?: unknown; publishTime?: unknown; offlineTime?: unknown }, now: string): PublishState {
  if (r.status === 'draft') return 'draft';
  if (typeof r.offlineTime === 'string' && r.offlineTime && r.offlineTime <= now) return 'offline';
  if (typeof r.publishTime === 'string' && r.publishTime && r.publishTime > now) return 'scheduled';
  return 'published';
}

/** The state a record shows: the server's (`publishState` of the reply) when it sent one, else read against `now`. */
export function shownPublishState(r: Record<string, unknown>, now: string): PublishState {
  const sent = r.publishState;
  return typeof sent === 'string' && (PUBLISH_STATES as readonly string[]).includes(sent) ? (sent as PublishState) : publishState(r, now);
}

export const BATCH_ACTIONS = ['publish', 'unpublish', 'top', 'untop', 'setType'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

/** one batch action a resource has: the permission it needs (its single action's), and the field it sets (setType) */
export interface BatchActionOf {
  action: BatchAction;
  permission: string;
  /** the message key of its button */
  label: string;
}

/**
 * The batch actions a resource has, in toolbar order: 批量发布 / 批量下线 when it is `publishable`, 批量置顶 / 取消置顶 when
 * it has an `isTop` toggle, 批量修改类型 when it marks a `typeField` and has a save. Each needs the permission of the
 * single action it repeats. Read by the server (what `/batch/doBatch` accepts) and the list screen (its buttons).
 */
export function batchActionsOf(def: Pick<ResourceDef, 'publishable' | 'toggles' | 'typeField' | 'endpoints'>): BatchActionOf[] {
  const out: BatchActionOf[] = [];
  if (def.publishable) {
    out.push({ action: 'publish', permission: def.publishable.publish.path, label: 'batch.publish' });
    out.push({ action: 'unpublish', permission: def.publishable.unpublish.path, label: 'batch.unpublish' });
  }
  const top = def.toggles?.isTop;
  if (top) {
    out.push({ action: 'top', permission: top.path, label: 'batch.top' });
    out.push({ action: 'untop', permission: top.path, label: 'batch.untop' });
  }
  if (def.typeField && def.endpoints.save) out.push({ action: 'setType', permission: def.endpoints.save.path, label: 'batch.setType' });
  return out;
}

/**
 * A deleted record of this resource goes to the recycle bin: its description's `recyclable`, by default every
 * resource with a delete outside the admin-only modules (accounts, roles, webhooks: deleting them is final).
 */
export const isRecyclable = (def: Pick<ResourceDef, 'module' | 'endpoints' | 'recyclable'>): boolean =>
  !!def.endpoints.del && (def.recyclable ?? (def.module !== 'recycle' && !ADMIN_ONLY_MODULES.includes(def.module)));

export const TRANSLATION_STATUSES = ['translated', 'missing', 'outdated'] as const;
/**
 * A record's translation into one locale: `translated`, `missing` (no translated field holds text), or `outdated`
 * (a translated field of the default locale changed after the translation was last changed).
 */
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** a content locale's name in the interface (zh-CN → 中文), through Intl.DisplayNames for the others */
export function localeLabel(locale: string, uiLang: string): string {
  const fixed: Record<string, Record<string, string>> = {
    zh: { 'zh-CN': '中文', en: 'English', es: 'Español' },
    en: { 'zh-CN': 'Chinese', en: 'English', es: 'Spanish' },
    es: { 'zh-CN': 'Chino', en: 'Inglés', es: 'Español' },
  };
  const hit = fixed[uiLang]?.[locale];
  if (hit) return hit;
  try {
    return new Intl.DisplayNames([uiLang === 'zh' ? 'zh-CN' : uiLang], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * The fields a list may show: every field not hidden, except the internal id and a second name of a
 * column already listed (userInfo's `flag` beside `enableFlag`).
 */
export function configurableFields(def: Pick<ResourceDef, 'fields'>): FieldDef[] {
  const seen = new Set<string>();
  const out: FieldDef[] = [];
  for (const f of def.fields) {
    if (f.hidden || f.name === 'id') continue;
    const key = f.join ? `join:${f.name}` : columnOf(f);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}

/** The default columns: the fields marked `list`, in their order. */
export function defaultListFields(def: Pick<ResourceDef, 'fields'>): FieldDef[] {
  return configurableFields(def).filter((f) => f.list);
}

/** Where stored images are served: the image URL is this prefix plus the stored name. */
export const IMAGE_URL_PREFIX = '/img/';
/** A stored image name: a SHA-256 hex prefix of the content plus the real extension. */
export const IMAGE_NAME_PATTERN = /^[a-f0-9]{16,64}\.(jpg|png|gif|webp)$/;

export const isImageName = (name: string): boolean => IMAGE_NAME_PATTERN.test(name);

/**
 * The stored name behind an image reference as `/upload/delImage?oldFileUrl=` receives it: a bare name,
 * an `/img/` URL, or a full http(s) URL whose path ends in `/img/<name>` (query and fragment ignored).
 * Anything else (other paths, `../`, absolute file paths, other names) gives null.
 */
export function imageNameOf(ref: string | null | undefined): string | null {
  if (ref == null) return null;
  const s = String(ref).trim();
  if (!s || s.length > 1000) return null;
  let name: string;
  if (/^https?:\/\//i.test(s)) {
    let path: string;
    try {
      path = new URL(s).pathname;
    } catch {
      return null;
    }
    const m = /\/img\/([^/]+)$/.exec(path);
    if (!m) return null;
    name = m[1];
  } else {
    const bare = s.replace(/[?#].*$/, '');
    name = bare.startsWith(IMAGE_URL_PREFIX) ? bare.slice(IMAGE_URL_PREFIX.length) : bare;
  }
  return isImageName(name) ? name : null;
}
