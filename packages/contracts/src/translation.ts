import { z } from 'zod';
import { defineMessages } from './i18n/index.js';
import type { ResourceDef } from './resource.js';
import { optFlag, optText } from './validators.js';

/**
 * Content in several languages (issue 24). A resource declares `translatable` in its description; the staff API,
 * the write pipeline, revisions, the recycle bin, the delivery API, search, the sitemap and the screens follow.
 *
 * - The content locales are the server's setting CONTENT_LOCALES (default `zh-CN,en`): the first is the default
 *   locale, whose values are the record's own columns (where the SPEC has them). They are independent of the
 *   admin's interface languages (zh / en / es).
 * - Every other locale's values travel in `translations: { en: { title, summary, content, slug, metaTitle, … } }`
 *   on the staff get and save calls; a save without `translations` (a legacy client) leaves them untouched, a
 *   locale sent replaces that locale's values (a field left out or empty falls back to the default locale), a
 *   locale sent as `null` removes its translation.
 * - With `seo` (the default), the record also has the SEO fields (`SEO_FIELDS`) in every locale: the default
 *   locale's at the top level of the get / save body, the others' inside their translation.
 */
export interface TranslatableDef {
  /** the fields a locale has its own value of (text, rich text): names of the description's fields */
  fields: readonly string[];
  /** SEO fields (slug, metaTitle, …) per locale; default true */
  seo?: boolean;
  /** the field a blank slug is made from; default the first of `fields` */
  slugFrom?: string;
}

export { hasSeo, localeFields, SEO_FIELDS, type SeoField, translatableFields } from './form.js';

/** lowercase letters, digits and single hyphens between them: `shenzhen-port-news`, `2026-tariff` */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;
/** what a search-result snippet shows at most (the detail page's preview counts against them) */
export const SEO_TITLE_SHOWN = 60;
export const SEO_DESCRIPTION_SHOWN = 160;

/** a slug: blank (made from the title when saved) or the pattern above */
export const optSlug = () =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? null : v.trim()))
    .refine((v) => v == null || v === '' || (v.length <= SLUG_MAX && SLUG_PATTERN.test(v)), { message: 'seo.slugInvalid' });

/** an absolute http(s) URL or a site path (`/news/x`) */
export const optCanonical = () =>
  optText(500).refine((v) => v == null || v === '' || /^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/.test(v), {
    message: 'seo.canonicalInvalid',
  });

/** the save rules of the SEO fields (each optional: a field not sent keeps its value) */
export const seoSave = {
  slug: optSlug(),
  metaTitle: optText(200),
  metaDescription: optText(500),
  keywords: optText(500),
  ogImage: optText(500),
  canonicalUrl: optCanonical(),
  noindex: optFlag(0),
};

import { TRANSLATION_STATUSES } from './list.js';

export { localeLabel, TRANSLATION_STATUSES, type TranslationStatus } from './list.js';

/** the list body's filter by translation (`translationLocale` + `translationStatus`) on a translatable resource */
export const translationFilter = z.object({
  translationLocale: optText(20),
  translationStatus: z.union([z.enum(TRANSLATION_STATUSES), z.literal(''), z.null()], { error: 'translation.statusInvalid' }).optional(),
});

/** the field a blank slug is made from */
export const slugSource = (def: Pick<ResourceDef, 'translatable'>) => def.translatable?.slugFrom ?? def.translatable?.fields[0] ?? 'title';

export const translationMessages = defineMessages({
  zh: {
    'seo.f.slug': '链接别名',
    'seo.f.metaTitle': 'SEO 标题',
    'seo.f.metaDescription': 'SEO 描述',
    'seo.f.keywords': '关键词',
    'seo.f.ogImage': '分享图片',
    'seo.f.canonicalUrl': '规范链接',
    'seo.f.noindex': '禁止搜索引擎收录',
    'seo.slugInvalid': '链接别名只能由小写字母、数字和连字符组成，最长 120 个字符',
    'seo.slugTaken': '链接别名已被其他记录使用',
    'seo.canonicalInvalid': '规范链接应为 http(s) 网址或以 / 开头的站内路径',
    'translation.translated': '已翻译',
    'translation.missing': '未翻译',
    'translation.outdated': '待更新',
    'translation.statusInvalid': '翻译状态只能是 translated、missing 或 outdated',
    'translation.localeUnknown': '不支持的内容语言',
    'translation.invalid': '译文格式不正确',
  },
  en: {
    'seo.f.slug': 'Slug',
    'seo.f.metaTitle': 'SEO title',
    'seo.f.metaDescription': 'SEO description',
    'seo.f.keywords': 'Keywords',
    'seo.f.ogImage': 'Share image',
    'seo.f.canonicalUrl': 'Canonical URL',
    'seo.f.noindex': 'Hide from search engines',
    'seo.slugInvalid': 'A slug may hold only lowercase letters, digits and hyphens, up to 120 characters',
    'seo.slugTaken': 'This slug is already used by another record',
    'seo.canonicalInvalid': 'The canonical URL must be an http(s) URL or a site path starting with /',
    'translation.translated': 'Translated',
    'translation.missing': 'Missing',
    'translation.outdated': 'Outdated',
    'translation.statusInvalid': 'The translation status must be translated, missing or outdated',
    'translation.localeUnknown': 'Unsupported content locale',
    'translation.invalid': 'The translations are not in the expected form',
  },
  es: {
    'seo.f.slug': 'Slug',
    'seo.f.metaTitle': 'Título SEO',
    'seo.f.metaDescription': 'Descripción SEO',
    'seo.f.keywords': 'Palabras clave',
    'seo.f.ogImage': 'Imagen para compartir',
    'seo.f.canonicalUrl': 'URL canónica',
    'seo.f.noindex': 'Ocultar a los buscadores',
    'seo.slugInvalid': 'El slug solo admite minúsculas, dígitos y guiones, hasta 120 caracteres',
    'seo.slugTaken': 'Otro registro ya usa este slug',
    'seo.canonicalInvalid': 'La URL canónica debe ser una URL http(s) o una ruta del sitio que empiece por /',
    'translation.translated': 'Traducido',
    'translation.missing': 'Sin traducir',
    'translation.outdated': 'Desactualizado',
    'translation.statusInvalid': 'El estado de traducción debe ser translated, missing u outdated',
    'translation.localeUnknown': 'Idioma de contenido no admitido',
    'translation.invalid': 'Las traducciones no tienen la forma esperada',
  },
});
