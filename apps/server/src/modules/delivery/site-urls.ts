import type { AppConfig } from '../../config.js';

/** XML text or attribute value: the five entities escaped, and the characters XML 1.0 forbids dropped */
export function xmlText(v: unknown): string {
  return (
    String(v ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 does not allow
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
  );
}

/**
 * A record's page on the website (issue 24): PUBLIC_SITE_URL + the resource's SITE_URL_<RESOURCE> template with
 * `{slug}`, `{id}` and `{locale}` filled in; null without a template, or when it names the slug and the record has
 * none.
 */
export function sitePageUrl(
  config: Pick<AppConfig, 'publicSiteUrl' | 'siteUrls'>,
  resource: string,
  v: { id: number; slug: string; locale: string },
): string | null {
  const template = config.siteUrls[resource];
  if (!template || !config.publicSiteUrl) return null;
  if (template.includes('{slug}') && !v.slug) return null;
  const path = template
    .replaceAll('{slug}', encodeURIComponent(v.slug))
    .replaceAll('{id}', String(v.id))
    .replaceAll('{locale}', encodeURIComponent(v.locale));
  return `${config.publicSiteUrl}${path}`;
}
