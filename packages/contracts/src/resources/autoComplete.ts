import { z } from 'zod';
import { defineEndpoints, type Endpoint } from '../endpoints.js';
import { MAX_PAGE_SIZE } from '../validators.js';

/**
 * The `/AutoComplete/*` look-ups of SPEC point 7, names kept exactly (both `AutoBaseCuts` and
 * `autoBaseCuts`, `AutoIdCrad`). Any logged-in user may call them, by GET or POST.
 */
export const AUTOCOMPLETE_NAMES = [
  'AutoBaseTransportModes',
  'AutoBaseEports',
  'AutoUserAgentCodes',
  'AutoBaseUnits',
  'AutoBaseCurrencys',
  'AutoBaseCountrys',
  'AutoBaseRegulateWays',
  'AutoBaseCuts',
  'autoBaseCuts',
  'autoBaseTransactionModes',
  'AutoBaseWrapTypes',
  'AutoSigns',
  'AutoIdCrad',
  'AutoDistricts',
  'AutoSeaPorts',
  'AutoAgentOrOwnerCode',
  'AutoBaseRegulateWayB',
] as const;
export type AutoCompleteName = (typeof AUTOCOMPLETE_NAMES)[number];

/** Each look-up's endpoints: `post` and `get` of `/AutoComplete/<name>`. */
export const autoCompleteEndpoints: Record<AutoCompleteName, { post: Endpoint; get: Endpoint }> = Object.fromEntries(
  AUTOCOMPLETE_NAMES.map((name) => {
    const eps = defineEndpoints('autoComplete', {
      post: { path: `/AutoComplete/${name}`, kind: 'session', name: `下拉选项 ${name}` },
      get: { path: `/AutoComplete/${name}`, method: 'GET', kind: 'session', name: `下拉选项 ${name}` },
    });
    return [name, eps];
  }),
) as Record<AutoCompleteName, { post: Endpoint; get: Endpoint }>;

/** Page size of a look-up when none is given (remote select, SPEC point 9). */
export const AUTOCOMPLETE_PAGE_SIZE = 10;

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? '' : String(v).trim()))
  .refine((v) => v.length <= 100, { message: 'v.tooLong', params: { max: 100 } });

/** a positive integer, or null when not given */
const positive = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? null : Math.floor(Number(v))))
    .refine((v) => v == null || (Number.isSafeInteger(v) && v >= 1), { message });

/**
 * A look-up's parameters: `query` (or `q` / `keyword`), the page `intPage` (or `pageNumber`, from 1),
 * `pageSize` (default 10, capped at 100).
 */
export const autoCompleteQuerySchema = z
  .object({
    query: text,
    q: text,
    keyword: text,
    intPage: positive('v.page'),
    pageNumber: positive('v.page'),
    pageSize: positive('v.pageSize'),
  })
  .transform((v) => ({
    query: v.query || v.q || v.keyword,
    page: v.intPage ?? v.pageNumber ?? 1,
    pageSize: Math.min(v.pageSize ?? AUTOCOMPLETE_PAGE_SIZE, MAX_PAGE_SIZE),
  }));

export interface AutoCompleteRow {
  code: string;
  name: string;
}
