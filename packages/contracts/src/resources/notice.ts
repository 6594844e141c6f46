import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { ids, paging } from '../validators.js';

/**
 * 消息中心 (in-app notices, issue 27): what the review workflow tells people (submitted to you, approved, rejected with
 * the comment; a release that failed), each addressed to one user and marked read by them. Every logged-in user has
 * their own. The navbar's bell shows the unread count and the 待我审核 count, kept current by `/notice/stream`
 * (server-sent events: `counts` on connect and on every change of either).
 */
export const noticeEndpoints = defineEndpoints('notice', {
  /** body `{ pageNumber, pageSize, unread? }` → the caller's notices, newest first (`NoticeRow`) */
  page: { path: '/notice/getNoticePage', kind: 'session', name: '消息列表' },
  /** body `{ ids }` (or `{ all: true }`): marks the caller's notices read */
  markRead: { path: '/notice/markRead', kind: 'session', name: '标记已读' },
  /** → `NoticeCounts` */
  counts: { path: '/notice/getCounts', kind: 'session', name: '消息数量' },
  /** server-sent events: `event: counts` with `NoticeCounts` as data, on connect and on every change */
  stream: { path: '/notice/stream', method: 'GET', kind: 'session', name: '消息推送' },
});

export const NOTICE_KINDS = ['review.requested', 'review.approved', 'review.rejected', 'release.failed', 'release.done'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface NoticeRow {
  id: number;
  kind: NoticeKind;
  /** the notice in the caller's language, e.g. 张三 提交了新闻“…”，等待您一审 */
  text: string;
  resource: string | null;
  recordId: number | null;
  title: string | null;
  comment: string | null;
  fromUser: string | null;
  createTime: string;
  read: boolean;
  /** where clicking it goes (a details screen, 待我审核, a release) */
  url: string | null;
}

export interface NoticeCounts {
  /** the caller's unread notices */
  unread: number;
  /** what waits for the caller's review (待我审核) */
  todo: number;
}

export const noticePageSchema = z.looseObject({
  ...paging,
  unread: z
    .union([z.string(), z.number(), z.boolean(), z.null()])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
});
export const noticeReadSchema = z.union([z.object({ ids: ids() }), z.object({ all: z.literal(true) })], { error: 'v.ids' });
