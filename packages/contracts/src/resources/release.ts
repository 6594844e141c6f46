import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { id, ids, optFilter, paging } from '../validators.js';

/**
 * 发布计划 (releases, issue 27): a group of records of publishable (or scheduled-window) resources — news, banners,
 * page items, jobs … — that go live, or offline, together at one time. At its time (the ticker, any number of
 * processes, exactly one takes it) its records are validated and checked together (save rules, 审核, 广告法 / 敏感词)
 * and published in one transaction with the release's times, or none is and the release records why. Its webhook
 * event (`release.published`) lists every path. 发布日历 shows scheduled publishes, offline times and releases.
 */
export const releaseEndpoints = defineEndpoints('release', {
  page: { path: '/release/getReleasePage', kind: 'read', name: '发布计划列表', screen: ['ReleaseList', 'ReleaseCalendar'] },
  get: { path: '/release/getRelease', method: 'GET', kind: 'read', name: '发布计划详情', screen: ['ReleaseDetails', 'ReleaseCalendar'] },
  save: { path: '/release/saveRelease', kind: 'write', name: '保存发布计划', screen: 'ReleaseList' },
  del: { path: '/release/delRelease', kind: 'write', name: '删除发布计划', screen: 'ReleaseList' },
  /** body `{ start, end }` (yyyy-MM-dd HH:mm:ss or yyyy-MM-dd) → `CalendarEntry[]` */
  calendar: { path: '/release/getCalendar', kind: 'read', name: '发布日历', screen: 'ReleaseCalendar' },
});

/**
 * `scheduled`: waiting for its time; `running`: taken by one process at its time; `done`: its records went live
 * (and offline at offlineTime); `failed`: none did, `reason` says why; `cancelled`: deleted items etc.
 */
export const RELEASE_STATES = ['scheduled', 'running', 'done', 'failed'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];
/** most records in one release */
export const RELEASE_MAX_ITEMS = 200;

export interface ReleaseItem {
  resource: string;
  id: number;
  /** as the list shows it (read back, not stored) */
  title?: string | null;
  resourceLabel?: string;
  /** the record's publish state now */
  publishState?: string | null;
  /** the record's check problems found at the last check (names the field and word) */
  problems?: string[];
}

export interface ReleaseRow {
  id: number;
  name: string;
  publishTime: string;
  offlineTime: string | null;
  state: ReleaseState;
  /** why it failed (one line per problem, in the language of the process that ran it: zh) */
  reason: string | null;
  itemCount: number;
  createUser: string | null;
  createTime: string;
  doneTime: string | null;
}
export interface ReleaseDetail extends ReleaseRow {
  items: ReleaseItem[];
}

/** what the calendar shows */
export const CALENDAR_KINDS = ['publish', 'offline', 'release'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export interface CalendarEntry {
  kind: CalendarKind;
  /** `publish` / `offline`: a record's scheduled publish or offline time; `release`: a release's publish time */
  time: string;
  resource: string | null;
  resourceLabel: string | null;
  /** the record's id, or the release's */
  id: number;
  title: string;
  /** release: its state; a record: its publish state */
  state: string;
  /** whether the caller may drag it (the record's publish permission / the release save permission, and not past) */
  movable: boolean;
  /** a record's (or release's) two times as stored, so a move of one keeps the other */
  publishTime: string | null;
  offlineTime: string | null;
  /** a record with a pending draft (保存草稿 of live content): a move through its publish call puts the draft live */
  pendingDraft?: boolean;
}

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const time = (message: string) => z.string({ error: message }).regex(DATETIME, { message: 'publish.timeInvalid' });

export const releaseSaveSchema = z.object({
  id: z.union([id(), z.null()]).optional(),
  name: z.string({ error: 'release.nameRequired' }).trim().min(1, { message: 'release.nameRequired' }).max(100, { message: 'v.tooLong' }),
  publishTime: time('release.publishTimeRequired'),
  offlineTime: z
    .union([time('publish.timeInvalid'), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  items: z
    .array(z.object({ resource: z.string().min(1).max(40), id: id() }), { error: 'release.itemsRequired' })
    .min(1, { message: 'release.itemsRequired' })
    .max(RELEASE_MAX_ITEMS, { message: 'release.tooManyItems' }),
});
export const releasePageSchema = z.looseObject({ ...paging, name: optFilter(100), state: optFilter(20) });
export const releaseDelSchema = z.object({ ids: ids() });
const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
export const calendarSchema = z.object({
  start: z.string({ error: 'v.date' }).regex(DAY_OR_TIME, { message: 'v.date' }),
  end: z.string({ error: 'v.date' }).regex(DAY_OR_TIME, { message: 'v.date' }),
});
