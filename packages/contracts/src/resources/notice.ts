import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { menuTree } from '../menu.js';
import { id, paging } from '../validators.js';

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
const readIds = z
  .array(id(), { error: 'notice.idsRequired' })
  .min(1, { message: 'notice.idsRequired' })
  .max(1000, { message: 'notice.idsRequired' });
export const noticeReadSchema = z.union([z.object({ ids: readIds }), z.object({ all: z.literal(true) })], { error: 'notice.idsRequired' });

/** how many streams one user may hold open on one server process (more tabs fall back to asking every 30 s) */
export const NOTICE_STREAMS_PER_USER = 5;
/** the webhook events of the review workflow (an administrator picks them for a webhook like any other) */
export const REVIEW_WEBHOOK_EVENTS = ['review.requested', 'review.decided'] as const;

/**
 * A record's details screen (`/news/news-details?id=7`): the hidden menu entry that belongs to the list screen
 * listing the resource; the list screen when there is no details screen; null for a resource without a screen.
 */
export function recordUrl(resource: string, recordId: number | null): string | null {
  const children = menuTree().flatMap((m) => m.children ?? []);
  const list = children.find((c) => c.list === resource && !c.isHidden);
  if (!list) return null;
  const details = children.find((c) => c.isHidden && c.activeMenu === list.url);
  return details && recordId != null ? `${details.url}?id=${recordId}` : list.url;
}

/**
 * The texts of the notices (rendered in the reader's language when listed: `{from}` who acted, `{resource}` the
 * record's kind, `{title}`, `{comment}`), and the strings of the bell and of 消息中心.
 */
export const noticeMessages = defineMessages({
  zh: {
    'notice.text.review.requested.1': '{from} 提交了{resource}“{title}”，等待您一审',
    'notice.text.review.requested.2': '{resource}“{title}”已通过一审，等待您二审',
    'notice.text.review.approved': '{from} 通过了您提交的{resource}“{title}”的一审，等待二审',
    'notice.text.review.approvedFinal': '{from} 审核通过了您提交的{resource}“{title}”，可以发布了',
    'notice.text.review.rejected': '{from} 驳回了您提交的{resource}“{title}”：{comment}',
    'notice.text.release.failed': '发布计划“{title}”未能执行：{comment}',
    'notice.text.release.done': '发布计划“{title}”已按时执行',
    'notice.idsRequired': '请选择要标为已读的消息',
    'notice.someone': '有人',
    'notice.tooManyStreams': '消息推送连接过多（每个账号最多 {max} 个），将每 30 秒刷新一次',
    'notice.bell': '消息',
    'notice.center': '消息中心',
    'notice.all': '全部消息',
    'notice.todo': '待我审核',
    'notice.todoCount': '待我审核 {count} 条',
    'notice.unreadCount': '未读消息 {count} 条',
    'notice.empty': '暂无消息',
    'notice.filterAll': '全部',
    'notice.filterUnread': '未读',
    'notice.markAllRead': '全部标为已读',
    'notice.markedAllRead': '已全部标为已读',
    'notice.markRead': '标为已读',
    'notice.unread': '未读',
    'notice.read': '已读',
    'notice.time': '时间',
    'notice.content': '内容',
  },
  en: {
    'notice.text.review.requested.1': '{from} submitted the {resource} “{title}”: it waits for your first review',
    'notice.text.review.requested.2': 'The {resource} “{title}” passed the first review: it waits for your second review',
    'notice.text.review.approved': '{from} passed the first review of your {resource} “{title}”: it waits for the second',
    'notice.text.review.approvedFinal': '{from} approved your {resource} “{title}”: it can be published',
    'notice.text.review.rejected': '{from} rejected your {resource} “{title}”: {comment}',
    'notice.text.release.failed': 'The release “{title}” did not go out: {comment}',
    'notice.text.release.done': 'The release “{title}” went out on time',
    'notice.idsRequired': 'Choose the notifications to mark as read',
    'notice.someone': 'Someone',
    'notice.tooManyStreams': 'Too many notification connections (at most {max} per account); refreshing every 30 seconds',
    'notice.bell': 'Notifications',
    'notice.center': 'Notifications',
    'notice.all': 'All notifications',
    'notice.todo': 'Awaiting my review',
    'notice.todoCount': '{count} awaiting my review',
    'notice.unreadCount': '{count} unread',
    'notice.empty': 'No notifications',
    'notice.filterAll': 'All',
    'notice.filterUnread': 'Unread',
    'notice.markAllRead': 'Mark all as read',
    'notice.markedAllRead': 'All marked as read',
    'notice.markRead': 'Mark as read',
    'notice.unread': 'Unread',
    'notice.read': 'Read',
    'notice.time': 'Time',
    'notice.content': 'Notification',
  },
  es: {
    'notice.text.review.requested.1': '{from} envió {resource} «{title}»: espera su primera revisión',
    'notice.text.review.requested.2': '{resource} «{title}» pasó la primera revisión: espera su segunda revisión',
    'notice.text.review.approved': '{from} aprobó la primera revisión de su {resource} «{title}»: espera la segunda',
    'notice.text.review.approvedFinal': '{from} aprobó su {resource} «{title}»: ya se puede publicar',
    'notice.text.review.rejected': '{from} rechazó su {resource} «{title}»: {comment}',
    'notice.text.release.failed': 'La publicación programada «{title}» no se realizó: {comment}',
    'notice.text.release.done': 'La publicación programada «{title}» se realizó a tiempo',
    'notice.idsRequired': 'Elija los avisos que marcar como leídos',
    'notice.someone': 'Alguien',
    'notice.tooManyStreams': 'Demasiadas conexiones de avisos (como máximo {max} por cuenta); se actualizará cada 30 segundos',
    'notice.bell': 'Avisos',
    'notice.center': 'Centro de avisos',
    'notice.all': 'Todos los avisos',
    'notice.todo': 'Pendiente de mi revisión',
    'notice.todoCount': '{count} pendientes de mi revisión',
    'notice.unreadCount': '{count} sin leer',
    'notice.empty': 'No hay avisos',
    'notice.filterAll': 'Todos',
    'notice.filterUnread': 'Sin leer',
    'notice.markAllRead': 'Marcar todo como leído',
    'notice.markedAllRead': 'Todo marcado como leído',
    'notice.markRead': 'Marcar como leído',
    'notice.unread': 'Sin leer',
    'notice.read': 'Leído',
    'notice.time': 'Fecha',
    'notice.content': 'Aviso',
  },
});
