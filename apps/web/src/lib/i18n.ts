import zhMessages from 'virtual:gk-messages/zh';
import { DEFAULT_LANG, isLang, type Lang } from '@gk/contracts/i18n';
import i18next from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';

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
type Dict = () => Promise<{ default: Record<string, string> }>;
const CORE: Record<Exclude<Lang, 'zh'>, Dict> = {
  en: () => import('virtual:gk-messages/en'),
  es: () => import('virtual:gk-messages/es'),
};
const REST: Record<Lang, Dict> = {
  zh: () => import('virtual:gk-messages/zh/rest'),
  en: () => import('virtual:gk-messages/en/rest'),
  es: () => import('virtual:gk-messages/es/rest'),
};

const NS = 'translation';
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
        i18next.addResourceBundle(lang, NS, m.default, true, true);
        loaded.add(key);
      })
      .finally(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

const loadCore = (lang: Lang) => (lang === 'zh' ? Promise.resolve() : loadPart(lang, CORE[lang], lang));

/** Loads a language's dictionary into i18next (once): its entry part, and the rest once signed in. */
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
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
}

/**
 * react-i18next over the contracts dictionary: keys are flat ("login.title"), so the key and namespace
 * separators are off, and placeholders use the contracts' `{name}` syntax. Resolves once the entry's part of the
 * language's dictionary is in (at once for zh); render after that (the guard waits for the screens' part).
 */
export function initI18n(lang: Lang = storedLang()): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { zh: { [NS]: { ...zhMessages } } },
      lng: DEFAULT_LANG,
      fallbackLng: DEFAULT_LANG,
      keySeparator: false,
      nsSeparator: false,
      initAsync: false,
      returnNull: false,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
  }
  if (loaded.has(lang)) {
    applyLang(lang);
    return Promise.resolve(i18next);
  }
  return loadCore(lang).then(
    () => {
      applyLang(lang);
      return i18next;
    },
    // the dictionary could not be loaded (offline, a stale deployment): carry on in zh
    () => i18next,
  );
}

/** The language in effect; before i18next starts (the first screen's calls go out first) the stored choice. */
export function currentLang(): Lang {
  const l = i18next.language;
  return i18next.isInitialized && isLang(l) ? l : storedLang();
}

let wanted: Lang | null = null;

/**
 * Stores the choice and switches i18next; `onApplied` runs once the language is in effect (at once,
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

/** Translation outside React (request layer, stores). */
export function tr(key: string, params?: Record<string, string | number>): string {
  return i18next.t(key, params ?? {}) as string;
}

export { i18next };
