import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';

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
