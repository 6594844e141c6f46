import { allMessages, DEFAULT_LANG, isLang, LANGS, type Lang } from '@gk/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
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

/** The dayjs locale of a language (a dayjs value keeps the locale it was made with). */
export function dayjsLocale(lang: Lang): string {
  return DAYJS_LOCALE[lang];
}
const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

function applyLang(lang: Lang) {
  dayjs.locale(DAYJS_LOCALE[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/**
 * react-i18next over the contracts dictionary: keys are flat ("login.title"), so the key and namespace
 * separators are off, and placeholders use the contracts' `{name}` syntax.
 */
export function initI18n(lang: Lang = storedLang()) {
  if (!i18next.isInitialized) {
    const resources = Object.fromEntries(LANGS.map((l) => [l, { translation: allMessages(l) }]));
    void i18next.use(initReactI18next).init({
      resources,
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      keySeparator: false,
      nsSeparator: false,
      initAsync: false,
      returnNull: false,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
  } else if (i18next.language !== lang) {
    void i18next.changeLanguage(lang);
  }
  applyLang(lang);
  return i18next;
}

export function currentLang(): Lang {
  const l = i18next.language;
  return isLang(l) ? l : DEFAULT_LANG;
}

export function setLang(lang: Lang) {
  Cookies.set(LANG_COOKIE, lang, { expires: 365, sameSite: 'lax' });
  applyLang(lang);
  void i18next.changeLanguage(lang);
}

/** Translation outside React (request layer, stores). */
export function tr(key: string, params?: Record<string, string | number>): string {
  return i18next.t(key, params ?? {}) as string;
}

export { i18next };
