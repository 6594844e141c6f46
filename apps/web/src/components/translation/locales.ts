import { type ListResource, TRANSLATION_STATUSES, type TranslationStatus } from '@gk/contracts/list';
import { useMemo } from 'react';
import { useSession } from '../../stores/session';

/**
 * The content locales of the signed-in session (issue 24: `userInfo.contentLocales`, CONTENT_LOCALES on the server;
 * the first is the default locale, whose values are the record's own fields) and the small pure helpers the detail
 * page, the lists and the home page share. Without the setting (an older server) there is one locale, zh-CN: no
 * switcher, no 翻译 column, no filters.
 */
export interface ContentLocales {
  all: readonly string[];
  default: string;
  /** every locale but the default: the ones a record has a translation into */
  others: readonly string[];
}

export const DEFAULT_CONTENT_LOCALE = 'zh-CN';

export function contentLocalesOf(list: readonly string[] | null | undefined): ContentLocales {
  const all = list?.length ? [...new Set(list)] : [DEFAULT_CONTENT_LOCALE];
  return { all, default: all[0], others: all.slice(1) };
}

/** the session's content locales (stable while they stay the same) */
export function useContentLocales(): ContentLocales {
  const key = useSession((s) => (s.user?.contentLocales ?? []).join(','));
  return useMemo(() => contentLocalesOf(key ? key.split(',') : null), [key]);
}

/** the session's content locales outside React (a list's preload) */
export const sessionContentLocales = () => contentLocalesOf(useSession.getState().user?.contentLocales);

/** whether a resource's screens show its translations: it is translatable and there is more than one locale */
export const showsTranslations = (r: ListResource, locales: ContentLocales) => !!r.translatable && locales.others.length > 0;

/** a translation's status as the server sent it (`translationStatus: { en: 'missing' }`), or null */
export function statusOf(row: Record<string, unknown> | null | undefined, locale: string): TranslationStatus | null {
  const all = row?.translationStatus as Record<string, unknown> | undefined;
  const s = all?.[locale];
  return typeof s === 'string' && (TRANSLATION_STATUSES as readonly string[]).includes(s) ? (s as TranslationStatus) : null;
}

/** the tag colour of each status: 已翻译 green, 未翻译 grey, 待更新 orange */
export const STATUS_COLOR: Record<TranslationStatus, string> = { translated: 'success', missing: 'default', outdated: 'warning' };

// ----------------------------------------------------------------------------------------- form paths

/** a form field: a top-level name, or a path into `translations` (`['translations', 'en', 'title']`) */
export type FieldPath = string | readonly string[];

/** where a field of a locale lives in the form (and in the get / save body) */
export const localePath = (locale: string, field: string, defaultLocale: string): FieldPath =>
  locale === defaultLocale ? field : ['translations', locale, field];

const parts = (p: FieldPath): readonly string[] => (typeof p === 'string' ? [p] : p);

export function getPath(obj: unknown, p: FieldPath): unknown {
  let v: unknown = obj;
  for (const k of parts(p)) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** a copy of `obj` with the value at `p` replaced (the objects on the way copied) */
export function setPath<T extends Record<string, unknown>>(obj: T, p: FieldPath, value: unknown): T {
  const [head, ...rest] = parts(p);
  if (!rest.length) return { ...obj, [head]: value };
  const inner = obj[head];
  return { ...obj, [head]: setPath(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest, value) };
}

/** the image slot key of a path (`translations.en.ogImage`): ImageSlot keys its pending file by one string */
export const slotKey = (p: FieldPath) => parts(p).join('.');

/** values whose dotted keys (an uploaded image of a translation) are put back at their paths */
export function nestDotted(values: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> = values;
  for (const k of Object.keys(values)) {
    if (!k.includes('.')) continue;
    const { [k]: v, ...rest } = out;
    out = setPath(rest, k.split('.'), v);
  }
  return out;
}

/** empty text, or an editor's empty paragraph */
export function isBlank(v: unknown): boolean {
  if (v == null) return true;
  if (typeof v !== 'string') return false;
  const s = v.trim();
  return s === '' || /^(<p>(\s|&nbsp;|<br\s*\/?>)*<\/p>)+$/i.test(s);
}
