import type { NoticeRow, PageReply, Reply } from '@gk/contracts';
import { post } from '../../api/request';
import { noticeEndpoints } from '../../api/shared.contracts';
import { countsFeed } from './noticeStream';

/** the calls of 消息中心 (contracts resources/notice.ts), shared by the bell and the page */
export const noticesKey = (q: { pageNumber: number; pageSize: number; unread?: boolean }) => ['notices', q] as const;

export async function fetchNotices(q: { pageNumber: number; pageSize: number; unread?: boolean }, signal?: AbortSignal) {
  const reply = await post<PageReply<NoticeRow>>(noticeEndpoints.page.path, q, { signal });
  return { rows: reply.rows ?? [], total: reply.total ?? 0 };
}

/** marks the caller's notices read (`'all'`: every one); the bell hears it through the stream, or asks again */
export async function markRead(ids: number[] | 'all'): Promise<number> {
  const reply = await post<Reply<{ updated: number }>>(noticeEndpoints.markRead.path, ids === 'all' ? { all: true } : { ids });
  if (countsFeed.get().mode !== 'stream') void countsFeed.refresh();
  return reply.data?.updated ?? 0;
}
