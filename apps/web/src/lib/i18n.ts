import zhMessages from 'virtual:gk-messages/zh';
import { DEFAULT_LANG, isLang, type Lang } from '@gk/contracts/i18n';
import Cookies from 'js-cookie';
import { useMemo, useSyncExternalStore } from 'react';

/** The chosen language persists in a cookie named `language` (as the stock template did). */
export const LANG_COOKIE = 'language';

export function storedLang(): Lang {
  const v = Cookies.get(LANG_COOKIE);
  return isLang(v) ? v : DEFAULT_LANG;
}

const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en', es: 'es' };

/** The dayjs locale of a language (a dayjs value keeps the locale it was made with; set by the antd scope). */
export function dayjsLocale(lang: Lang): string {
  return DAYJS_LOCALE[lang];
}
const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

/**
 * The dictionaries are built from the contracts at build time (vite-plugin-messages.ts), each in two parts: the
 * entry's (the login page, the shell, the error pages, route titles) and the rest (the screens' strings). zh's
 * first part ships with the app; every other part loads on demand: the chosen language's first part before the
 * first render, the rest with the signed-in frame (`loadScreenMessages`, which the guard waits for).
 */
type Messages = Record<string, string>;
type Dict = () => Promise<{ default: Messages }>;

/**
 * The translator: flat keys ("login.title") looked up in the language in effect, then in zh, then the call's
 * `defaultValue`, then the key itself; `{name}` placeholders filled from the call's values (a value given as
 * undefined or null is empty, a placeholder without a value stays as written). That is all the screens ask of a
 * translator, so it is ours (docs/decisions.md), not i18next's 15 KB gzip on every page.
 */
const dictionaries: Partial<Record<Lang, Messages>> = { zh: { ...zhMessages } };
let language: Lang | null = null;
/** bumped when the language changes or a dictionary part arrives: translated components render again */
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version++;
  for (const listener of [...listeners]) listener();
}

function addMessages(lang: Lang, messages: Messages) {
  dictionaries[lang] = { ...dictionaries[lang], ...messages };
  // a language not in effect (loading before a switch) changes no text on screen
  if (lang === language || lang === DEFAULT_LANG) changed();
}

function lookup(key: string): string | undefined {
  return (language ? dictionaries[language]?.[key] : undefined) ?? dictionaries[DEFAULT_LANG]?.[key];
}

/** Whether a key has a text in the language in effect or in zh. */
export function hasMessage(key: string): boolean {
  return lookup(key) !== undefined;
}

export type TranslateParams = { defaultValue?: string } & Record<string, unknown>;
const PLACEHOLDER = /\{([^{}]+)\}/g;

function fill(text: string, params: TranslateParams): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const k = name.trim();
    if (!Object.hasOwn(params, k)) return whole;
    const v = params[k];
    return v == null ? '' : String(v);
  });
}

/** Translation outside React (request layer, stores); components use `useTranslation`. */
export function tr(key: string, params?: TranslateParams): string {
  const text = lookup(key) ?? (typeof params?.defaultValue === 'string' ? params.defaultValue : key);
  return params ? fill(text, params) : text;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const snapshot = () => version;

/**
 * `{ t, i18n }` for a component, as react-i18next's hook gave: the component renders again when the language changes
 * or a dictionary part arrives, and `t` is a new function then (memos that depend on it are made again).
 */
export function useTranslation() {
  const v = useSyncExternalStore(subscribe, snapshot, snapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each version is the point
  return useMemo(
    () => ({ t: (key: string, params?: TranslateParams) => tr(key, params), i18n: { language: currentLang(), exists: hasMessage } }),
    [v],
  );
}

const CORE: Record<Exclude<Lang, 'zh'>, Dict> = {
  en: () => import('virtual:gk-messages/en'),
  es: () => import('virtual:gk-messages/es'),
};
const REST: Record<Lang, Dict> = {
  zh: () => import('virtual:gk-messages/zh/rest'),
  en: () => import('virtual:gk-messages/en/rest'),
  es: () => import('virtual:gk-messages/es/rest'),
};

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>(['zh']);
/** set once the signed-in frame asked for the screens' strings: from then on a language loads whole */
let screens = false;

function hasLang(lang: Lang): boolean {
  return loaded.has(lang) && (!screens || loaded.has(`${lang}/rest`));
}

function loadPart(key: string, dict: Dict, lang: Lang): Promise<void> {
  if (loaded.has(key)) return Promise.resolve();
  let p = loading.get(key);
  if (!p) {
    p = dict()
      .then((m) => {
        addMessages(lang, m.default);
        loaded.add(key);
      })
      .finally(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

const loadCore = (lang: Lang) => (lang === 'zh' ? Promise.resolve() : loadPart(lang, CORE[lang], lang));

/** Loads a language's dictionary into the translator (once): its entry part, and the rest once signed in. */
export function loadLang(lang: Lang): Promise<void> {
  if (!screens) return loadCore(lang);
  return Promise.all([loadCore(lang), loadPart(`${lang}/rest`, REST[lang], lang)]).then(() => undefined);
}

/**
 * The screens' strings of the language in effect (and of any language chosen later): the signed-in frame renders
 * once they are in. A failure (offline, a stale deployment) is the caller's to report.
 */
export function loadScreenMessages(): Promise<void> {
  screens = true;
  return loadLang(currentLang());
}

function applyLang(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  if (language === lang) return;
  language = lang;
  changed();
}

/**
 * Starts the translator in the stored language. Resolves once the entry's part of the language's dictionary is in
 * (at once for zh; zh until then, and zh if it cannot load); render after that (the guard waits for the screens' part).
 */
export function initI18n(lang: Lang = storedLang()): Promise<void> {
  if (!language) language = DEFAULT_LANG;
  if (loaded.has(lang)) {
    applyLang(lang);
    return Promise.resolve();
  }
  return loadCore(lang).then(
    () => applyLang(lang),
    () => undefined,
  );
}

/** The language in effect; before the translator starts (the first screen's calls go out first) the stored choice. */
export function currentLang(): Lang {
  return language && isLang(language) ? language : storedLang();
}

let wanted: Lang | null = null;

/**
 * Stores the choice and switches the translator; `onApplied` runs once the language is in effect (at once,
 * or after its dictionary has loaded, unless another language was chosen meanwhile).
 */
export function setLang(lang: Lang, onApplied?: () => void): void {
  Cookies.set(LANG_COOKIE, lang, { expires: 365, sameSite: 'lax' });
  wanted = lang;
  if (hasLang(lang)) {
    applyLang(lang);
    onApplied?.();
    return;
  }
  loadLang(lang).then(
    () => {
      if (wanted !== lang) return;
      applyLang(lang);
      onApplied?.();
    },
    () => undefined,
  );
}
