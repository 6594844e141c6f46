/**
 * Every user-visible string, keyed. Each area (core, auth, shell, one file per resource) declares its
 * messages once with `defineMessages`; zh is the source, en and es must carry the same keys.
 * Keys are flat, dot-separated strings; `{name}` placeholders are filled by `translate`.
 */
export const LANGS = ['zh', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';

export type MessageBundle<K extends string> = { zh: Record<K, string>; en: Record<K, string>; es: Record<K, string> };

const registry: Record<Lang, Record<string, string>> = { zh: {}, en: {}, es: {} };

/**
 * Declares an area's messages and adds them to the shared dictionary (as `defineResource` registers a resource):
 * a module that is loaded has its messages in; no list of bundles stands anywhere.
 *
 * Annotated pure on purpose: the web never reads the shared dictionary (it gets per-language dictionaries
 * built from it at build time, apps/web/vite-plugin-messages.ts), so its bundler drops the bundles, strings
 * and registration alike, from its chunks. Node (the server, the build's evaluation, tests) keeps the call.
 */
export /*#__NO_SIDE_EFFECTS__*/ function defineMessages<K extends string>(bundle: MessageBundle<K>): MessageBundle<K> {
  registerMessages(bundle);
  return bundle;
}

/** Adds an area's messages to the shared dictionary (idempotent; later keys win). */
export function registerMessages(...bundles: MessageBundle<string>[]): void {
  for (const b of bundles) {
    for (const lang of LANGS) Object.assign(registry[lang], b[lang]);
  }
}

export function allMessages(lang: Lang): Record<string, string> {
  return registry[lang];
}

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

/** Picks zh / en / es from a `lang` value or an Accept-Language header; zh when nothing matches. */
export function pickLang(...candidates: (string | undefined | null)[]): Lang {
  for (const c of candidates) {
    if (!c) continue;
    for (const part of c.split(',')) {
      const tag = part.split(';')[0].trim().toLowerCase();
      const base = tag.split('-')[0];
      if (isLang(base)) return base;
    }
  }
  return DEFAULT_LANG;
}

/** Translates a key; unknown keys are returned as they are (so plain text passes through). */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const text = registry[lang][key] ?? registry.zh[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
