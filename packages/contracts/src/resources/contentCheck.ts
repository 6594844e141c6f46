import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import type { ResourceDef } from '../resource.js';
import { hasSeo } from '../translation.js';

/**
 * Content checks (issue 27): 广告法极限词 / 敏感词 / 自定义 words (系统管理 › 敏感词库, each 禁止 or 提示, whitelisted
 * phrases such as 最新 / 第一时间 exempt), and links in rich text (to an unpublished or deleted record: flagged;
 * outside ALLOWED_LINK_DOMAINS: warned). Every save and publish of content checks its title, summary, body, SEO fields
 * and translations: a 禁止 hit refuses publishing and approval (the message names each word and where it stands), a
 * 提示 hit lets the save through with warnings (`contentHits` on the save's reply). `/content/check` answers the hits
 * of a form as it is, so the editor can highlight them while typing.
 */
export const contentCheckEndpoints = defineEndpoints('content', {
  /** body `{ resource, record }` (the record as on the form) → `ContentCheckReply` */
  check: { path: '/content/check', kind: 'session', name: '内容检查' },
});

export const WORD_CATEGORIES = ['ad', 'sensitive', 'custom'] as const;
export type WordCategory = (typeof WORD_CATEGORIES)[number];
/** `block`: 禁止 (refuses publishing and approval); `warn`: 提示 */
export const WORD_LEVELS = ['block', 'warn'] as const;
export type WordLevel = (typeof WORD_LEVELS)[number];

/** one hit in a form */
export interface ContentHit {
  /** the field's API name (`title`, `content`, `metaTitle` …) */
  field: string;
  /** its label in the caller's language */
  fieldLabel: string;
  /** null: the default locale; else the translation's locale */
  locale: string | null;
  /** what was found: a word of the library, or a link */
  kind: 'word' | 'link';
  /** the word, or the link's href */
  text: string;
  /** offset and length in the field's value (rich text: in its HTML source, as sent) */
  offset: number;
  length: number;
  level: WordLevel;
  /** word: its category; link: `unpublished` | `deleted` | `outside` */
  category: WordCategory | 'unpublished' | 'deleted' | 'outside';
  /** the hit in the caller's language: 标题第 3 个字处：“国家级”（广告法极限词，禁止） */
  msg: string;
}

export interface ContentCheckReply {
  hits: ContentHit[];
  /** whether a 禁止 hit is among them (publishing and approval are refused) */
  blocked: boolean;
}

export const contentCheckSchema = z.object({
  resource: z.string({ error: 'check.unknownResource' }).min(1).max(40),
  record: z.record(z.string(), z.unknown(), { error: 'check.recordRequired' }),
});

/** a field holding a code, an address or an image (never checked for words) */
const NOT_PROSE = /(url|link|href|code|slug|path|img|image|logo|icon|phone|tel|mobile|email|mail|color)$/i;

/**
 * The fields of a record whose text is checked (the one rule, server and form alike): its own text and rich-text
 * fields that are written by the editor (not read-only, not a joined or looked-up name, not a code, address or
 * image), and, when translatable, every locale's translated fields and its SEO text fields (metaTitle,
 * metaDescription, keywords; slug, canonicalUrl, ogImage are addresses).
 */
export function checkedFieldsOf(def: ResourceDef): { name: string; label: string; html: boolean }[] {
  const out: { name: string; label: string; html: boolean }[] = [];
  for (const f of def.fields) {
    if (f.type !== 'text' && f.type !== 'html') continue;
    if (f.readOnly || f.hidden || f.join || f.lookup || NOT_PROSE.test(f.name)) continue;
    out.push({ name: f.name, label: f.label, html: f.type === 'html' });
  }
  if (hasSeo(def))
    for (const name of CHECKED_SEO_FIELDS) if (!out.some((f) => f.name === name)) out.push({ name, label: `seo.f.${name}`, html: false });
  return out;
}

/** the SEO fields holding prose (the others are addresses, an image and a flag) */
export const CHECKED_SEO_FIELDS = ['metaTitle', 'metaDescription', 'keywords'] as const;

export { isContentChecked } from '../form.js';

export const contentCheckMessages = defineMessages({
  zh: {
    'check.unknownResource': '请指明要检查的内容类型',
    'check.resourceUnknown': '没有名为“{resource}”的内容类型，或它的内容不做检查',
    'check.recordRequired': '请提供要检查的内容（表单中的记录）',
    'check.blocked': '内容含有禁止发布的词，不能发布：{hits}',
    'check.hit': '{field}第 {position} 个字处：“{text}”（{category}，{level}）',
    'check.hitLocale': '{field}（{locale}）第 {position} 个字处：“{text}”（{category}，{level}）',
    'check.cat.ad': '广告法极限词',
    'check.cat.sensitive': '敏感词',
    'check.cat.custom': '自定义',
    'check.cat.unpublished': '链接到未发布的内容',
    'check.cat.deleted': '链接到已删除的内容',
    'check.cat.outside': '链接到站外域名',
    'check.level.block': '禁止',
    'check.level.warn': '提示',
    'check.ui.title': '内容检查发现 {count} 处问题',
    'check.ui.saved': '已保存，但内容检查有提示：',
  },
  en: {
    'check.unknownResource': 'Name the content type to check',
    'check.resourceUnknown': 'There is no content type "{resource}", or its content is not checked',
    'check.recordRequired': 'Send the content to check (the record as on the form)',
    'check.blocked': 'The content contains words that must not be published: {hits}',
    'check.hit': '{field}, character {position}: "{text}" ({category}, {level})',
    'check.hitLocale': '{field} ({locale}), character {position}: "{text}" ({category}, {level})',
    'check.cat.ad': 'Advertising-law superlative',
    'check.cat.sensitive': 'Sensitive word',
    'check.cat.custom': 'Custom word',
    'check.cat.unpublished': 'Link to unpublished content',
    'check.cat.deleted': 'Link to deleted content',
    'check.cat.outside': 'Link outside the allowed domains',
    'check.level.block': 'Blocked',
    'check.level.warn': 'Warning',
    'check.ui.title': 'The content check found {count} issue(s)',
    'check.ui.saved': 'Saved, with content check warnings: ',
  },
  es: {
    'check.unknownResource': 'Indique el tipo de contenido que se comprueba',
    'check.resourceUnknown': 'No existe el tipo de contenido «{resource}», o su contenido no se comprueba',
    'check.recordRequired': 'Envíe el contenido a comprobar (el registro tal como está en el formulario)',
    'check.blocked': 'El contenido tiene palabras que no se pueden publicar: {hits}',
    'check.hit': '{field}, carácter {position}: «{text}» ({category}, {level})',
    'check.hitLocale': '{field} ({locale}), carácter {position}: «{text}» ({category}, {level})',
    'check.cat.ad': 'Superlativo prohibido por la ley de publicidad',
    'check.cat.sensitive': 'Palabra sensible',
    'check.cat.custom': 'Palabra personalizada',
    'check.cat.unpublished': 'Enlace a contenido no publicado',
    'check.cat.deleted': 'Enlace a contenido eliminado',
    'check.cat.outside': 'Enlace fuera de los dominios permitidos',
    'check.level.block': 'Prohibido',
    'check.level.warn': 'Aviso',
    'check.ui.title': 'La comprobación del contenido encontró {count} problema(s)',
    'check.ui.saved': 'Guardado, con avisos de la comprobación del contenido: ',
  },
});
