import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../http/errors.js';

/**
 * The content locale of a delivery request (issue 24): `?locale=` when given (a content locale, matched like a
 * language tag below; anything else is a 400 `translation.localeUnknown` in the request's language), else the best
 * match of `Accept-Language` (q-values, `*`), else the default locale (CONTENT_LOCALES' first). Independent of the
 * reply language (`lang`, the messages).
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** the delivery API only: the content locale this request is answered in (one of CONTENT_LOCALES) */
    contentLocale: string;
  }
}

/** a tag's subtags, lower case: `zh-Hans-CN` → ['zh', 'hans', 'cn'] */
const subtags = (tag: string) => tag.trim().toLowerCase().replace(/_/g, '-').split('-').filter(Boolean);

/**
 * The content locale a language tag names, or null: the same tag (any case); else the locale whose primary
 * language is the tag's (`en-US` → en, `zh` / `zh-Hans` / `zh-TW` → zh-CN), preferring one that shares the tag's
 * second subtag (`pt-BR` → pt-BR before pt-PT). `*` matches nothing here (the caller reads it as the default).
 */
export function matchLocale(tag: string, locales: readonly string[]): string | null {
  const asked = subtags(tag);
  if (!asked.length || asked[0] === '*') return null;
  const exact = locales.find((l) => subtags(l).join('-') === asked.join('-'));
  if (exact) return exact;
  const same = locales.filter((l) => subtags(l)[0] === asked[0]);
  if (!same.length) return null;
  return same.find((l) => asked[1] != null && subtags(l)[1] === asked[1]) ?? same[0];
}

/** the entries of an Accept-Language header, best first (ties in header order), q=0 left out */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; at: number }[] = [];
  header
    .slice(0, 1000)
    .split(',')
    .forEach((part, at) => {
      const [tag, ...params] = part.split(';').map((x) => x.trim());
      if (!tag || !/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) return;
      let q = 1;
      for (const p of params) {
        if (!/^q\s*=/i.test(p)) continue;
        // a q-value that is none (q=2, q=abc) drops the entry
        const m = /^q\s*=\s*([01](\.\d{0,3})?)$/i.exec(p);
        q = m ? Number(m[1]) : -1;
      }
      if (q > 0 && q <= 1) entries.push({ tag, q, at });
    });
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((e) => e.tag);
}

/** the locale of `?locale=` (null when not given; throws the 400 for one that is no content locale) */
export function localeParam(value: unknown, locales: readonly string[]): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v == null || v === '') return null;
  const hit = typeof v === 'string' && v.length <= 35 ? matchLocale(v, locales) : null;
  if (!hit) throw badRequest('translation.localeUnknown');
  return hit;
}

/** A request's content locale: `?locale=`, else Accept-Language, else the default. */
export function negotiateLocale(config: Pick<AppConfig, 'contentLocales'>, query: unknown, acceptLanguage: string | undefined): string {
  const locales = config.contentLocales;
  const given = localeParam((query as Record<string, unknown> | undefined)?.locale, locales);
  if (given) return given;
  for (const tag of acceptedLanguages(acceptLanguage)) {
    if (tag === '*') return locales[0];
    const hit = matchLocale(tag, locales);
    if (hit) return hit;
  }
  return locales[0];
}

/** The chain a field is read along for `locale`: it, then CONTENT_FALLBACK (which ends with the default), once each. */
export function fallbackChain(config: Pick<AppConfig, 'contentFallback'>, locale: string): string[] {
  return [...new Set([locale, ...config.contentFallback])];
}

/** Sets `req.contentLocale` on every request of a scope (register before the ETag hook: the ETag varies by it). */
export function registerLocale(scope: FastifyInstance, config: AppConfig): void {
  scope.decorateRequest('contentLocale', '');
  scope.addHook('onRequest', async (req: FastifyRequest) => {
    req.contentLocale = negotiateLocale(config, req.query, req.headers['accept-language']);
  });
}
