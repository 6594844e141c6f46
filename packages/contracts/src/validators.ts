import { z } from 'zod';

/**
 * Generic validators of SPEC point 5. Each returns a message key (see i18n/core.ts) or null when valid,
 * so the web forms and the server share the same rules and messages.
 */
export const patterns = {
  mobile: /^1[34578]\d{9}$/,
  landline: /^0\d{2,3}-\d{7,8}$/,
  idNumber: /^(\d{15}|\d{18}|\d{17}[\dXx])$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  passwordChars: /^\w+$/,
  /** non-negative, at most 6 decimals, no leading zeros (0, 0.5, 12, 12.123456) */
  sortNo: /^(0|[1-9]\d*)(\.\d{1,6})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  /** an absolute http(s) link */
  httpUrl: /^https?:\/\/[^\s"'<>\\]+$/i,
  /** a path on this site: one leading slash (not `//host`, nor `/\\host` which browsers read the same), no spaces, quotes or backslashes */
  sitePath: /^\/(?![/\\])[^\s"'<>\\]*$/,
  /** a record id: plain decimal digits ("0x10", "1e3", " 16" are not ids) */
  decimalId: /^[0-9]{1,16}$/,
} as const;

type Check = (v: string | null | undefined) => string | null;

const blank = (v: string | null | undefined) => v == null || v === '';

export const validators = {
  /** phone or landline; empty allowed */
  phoneOrLandline: ((v) => (blank(v) || patterns.mobile.test(v!) || patterns.landline.test(v!) ? null : 'v.phoneOrLandline')) as Check,
  landline: ((v) => (blank(v) || patterns.landline.test(v!) ? null : 'v.landline')) as Check,
  mobile: ((v) => (blank(v) || patterns.mobile.test(v!) ? null : 'v.mobile')) as Check,
  idNumber: ((v) => (blank(v) || patterns.idNumber.test(v!) ? null : 'v.idNumber')) as Check,
  email: ((v) => (blank(v) || patterns.email.test(v!) ? null : 'v.email')) as Check,
  passwordChars: ((v) => (blank(v) || patterns.passwordChars.test(v!) ? null : 'v.passwordChars')) as Check,
  positiveNumber: ((v) => {
    if (blank(v)) return 'v.positiveEmpty';
    const n = Number(v);
    return Number.isFinite(n) && n > 0 ? null : 'v.positive';
  }) as Check,
  /** required text that must not start with white space (generic 必填) */
  requiredText: ((v) => (blank(v) || /^\s/.test(v!) ? 'v.required' : null)) as Check,
  sortNo: ((v) => (blank(v) || patterns.sortNo.test(String(v)) ? null : 'v.number')) as Check,
};

/** Strips Chinese (CJK) characters, as the user dialog's password input does (SPEC point 5). */
export function stripChinese(v: string): string {
  return v.replace(/[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/g, '');
}

// ---------- zod building blocks (server and client share them) ----------

/** Optional text: undefined / null become null; trimmed at the end only. */
export const optText = (max = 500) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null ? null : String(v)))
    .refine((v) => v == null || v.length <= max, { message: 'v.tooLong', params: { max } });

/** Required text: not blank, not starting with white space; `message` is the field's own message key. */
export const reqText = (message: string, max = 200) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v))
    .refine((v) => v.trim() !== '', { message })
    .refine((v) => !/^\s/.test(v), { message: 'v.noLeadingSpace' })
    .refine((v) => v.length <= max, { message: 'v.tooLong', params: { max } });

/** Largest sort number: the column keeps 12 integer digits; nine is more than any list needs. */
export const SORT_NO_MAX = 999_999_999;

/** Sort number: optional, non-negative, up to 6 decimals, no leading zeros, at most SORT_NO_MAX. */
export const sortNo = (message = 'v.sortNumber') =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((v) => (v == null || v === '' ? null : String(v).trim()))
    .refine((v) => v == null || patterns.sortNo.test(v), { message, abort: true })
    .refine((v) => v == null || Number(v) <= SORT_NO_MAX, { message: 'v.sortRange', params: { max: SORT_NO_MAX } })
    .transform((v) => (v == null ? null : Number(v)));

/** Required sort number: `required` when missing or blank, `message` when not a valid sort number. */
export const reqSortNo = (required: string, message = 'v.sortNumber') =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', { message: required, abort: true })
    .refine((v) => patterns.sortNo.test(v), { message, abort: true })
    .refine((v) => Number(v) <= SORT_NO_MAX, { message: 'v.sortRange', params: { max: SORT_NO_MAX } })
    .transform((v) => Number(v));

/** Optional link: empty, or an absolute http(s) URL (no `javascript:` and the like). */
export const optUrl = (message = 'v.url', max = 500) =>
  optText(max).refine((v) => v == null || v === '' || patterns.httpUrl.test(v), { message });

/** Optional jump address: empty, an absolute http(s) URL, or a path on this site starting with `/`. */
export const optLink = (message = 'v.url', max = 500) =>
  optText(max).refine((v) => v == null || v === '' || patterns.httpUrl.test(v) || patterns.sitePath.test(v), { message });

/** 0/1 flag; accepts numbers, numeric strings and booleans. */
export const flag = (message = 'v.flag') =>
  z
    .union([z.number(), z.string(), z.boolean()], { error: message })
    .transform((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : Number(v)))
    .refine((v) => v === 0 || v === 1, { message });

export const optFlag = (dflt: 0 | 1 = 0, message = 'v.flag') =>
  z
    .union([z.number(), z.string(), z.boolean(), z.null()], { error: message })
    .optional()
    .transform((v) => (v == null || v === '' ? dflt : typeof v === 'boolean' ? (v ? 1 : 0) : Number(v)))
    .refine((v) => v === 0 || v === 1, { message });

/** A number, or a string of plain decimal digits, as a number; anything else ("0x10", "1e3", " 16") NaN. */
export function idNumber(v: number | string): number {
  if (typeof v === 'number') return v;
  return patterns.decimalId.test(v) ? Number(v) : Number.NaN;
}

/** The largest record id: ids are `integer` columns (PostgreSQL's range), so a larger one names nothing on either database. */
export const MAX_ID = 2_147_483_647;
const isId = (v: number) => Number.isSafeInteger(v) && v > 0 && v <= MAX_ID;

/** A record id: a positive integer up to MAX_ID, given as a number or a string of decimal digits. */
export const id = () => z.union([z.number(), z.string()], { error: 'v.id' }).transform(idNumber).refine(isId, { message: 'v.id' });

/** A required reference to another record's id: `message` when missing or blank, `invalid` when not an id. */
export const reqId = (message: string, invalid = 'v.id') =>
  z
    .union([z.number(), z.string()], { error: message })
    .refine((v) => String(v).trim() !== '', { message, abort: true })
    .transform(idNumber)
    .refine(isId, { message: invalid });

export const optId = () =>
  z
    .union([z.number(), z.string(), z.null()], { error: 'v.id' })
    .optional()
    .transform((v) => (v == null || v === '' ? null : idNumber(v)))
    .refine((v) => v == null || isId(v), { message: 'v.id' });

/** A non-empty array of ids (batch delete); also accepts `{ ids: [...] }` at the route level. */
export const ids = () => z.array(id(), { error: 'v.ids' }).min(1, { message: 'v.ids' }).max(1000);

/** Optional yyyy-MM-dd date. */
export const optDate = () =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? null : v))
    .refine((v) => v == null || (patterns.date.test(v) && !Number.isNaN(Date.parse(v))), { message: 'v.date' });

/** Optional filter text: empty means "no filter". */
export const optFilter = (max = 100) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null ? null : String(v).trim() || null))
    .refine((v) => v == null || v.length <= max, { message: 'v.tooLong', params: { max } });

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export { PAGE_SIZES } from './list.js';

/** A list's page size: `dflt` when not given (the resource's own default, SPEC point 9), capped at 100. */
export const pageSizeOf = (dflt: number = DEFAULT_PAGE_SIZE) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? dflt : Math.floor(Number(v))))
    .refine((v) => Number.isSafeInteger(v) && v >= 1, { message: 'v.pageSize' })
    .transform((v) => Math.min(v, MAX_PAGE_SIZE));

/** Paging fields every list query carries: pageNumber from 1, pageSize default 20, capped at 100. */
export const paging = {
  pageNumber: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? 1 : Math.floor(Number(v))))
    .refine((v) => Number.isSafeInteger(v) && v >= 1, { message: 'v.page' }),
  pageSize: pageSizeOf(),
  sortField: optFilter(40),
  sortOrder: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => {
      const s = (v ?? '').toLowerCase();
      // asc / desc, Ant Design's ascend / descend, Element UI's ascending / descending
      if (s === 'asc' || s === 'ascend' || s === 'ascending') return 'asc';
      return s === 'desc' || s === 'descend' || s === 'descending' ? 'desc' : null;
    }),
};

/** Start and end of a date range: start must not be after end. */
export function checkDateRange(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!start || !end) return null;
  return start > end ? 'v.dateRange' : null;
}

// ---------- text that is safe to store and compare ----------

/** A NUL character: PostgreSQL text cannot hold it, and no form produces it. */
export const hasNul = (v: string) => v.includes('\u0000');
/** A lone UTF-16 surrogate: not a character, cannot be encoded as UTF-8. */
export const hasLoneSurrogate = (v: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v);

/** Characters that show nothing (format controls, default-ignorables, fillers) or control characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u;
/** Alphabets with letters that look alike (а/a, о/o, ο/o …): one name uses at most one of them. */
const LOOKALIKE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
];

/** A user name as stored and compared: NFKC (full-width ａｄｍｉｎ is admin), trimmed. */
export const normalizeUserName = (v: string) => v.normalize('NFKC').trim();

/** null, or 'v.userNameChars' for a name with invisible characters or letters of two look-alike alphabets. */
export function userNameProblem(v: string): string | null {
  if (INVISIBLE.test(v)) return 'v.userNameChars';
  let scripts = 0;
  for (const re of LOOKALIKE_SCRIPTS) if (re.test(v)) scripts++;
  return scripts > 1 ? 'v.userNameChars' : null;
}
