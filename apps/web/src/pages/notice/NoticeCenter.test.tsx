import { type NoticeRow, noticeEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { TOKEN_COOKIE } from '../../lib/token';
import NoticeCenter from './NoticeCenter';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(TOKEN_COOKIE);
});

const row = (id: number, read: boolean): NoticeRow => ({
  id,
  kind: 'review.rejected',
  text: `李四 驳回了您提交的新闻“第${id}条”：请补充来源`,
  resource: 'news',
  recordId: id,
  title: `第${id}条`,
  comment: '请补充来源',
  fromUser: '李四',
  createTime: '2026-11-27 10:00:00',
  read,
  url: `/news/news-details?id=${id}`,
});

describe('消息中心', () => {
  it('lists all or the unread notices; 全部标为已读 marks them; a click marks one read and opens its record', async () => {
    let read = false;
    Cookies.set(TOKEN_COOKIE, 't0ken');
    const api = stubFetch({
      // this account's other tabs hold every stream it may have: the counts are asked for
      [noticeEndpoints.stream.path]: () => ({ code: 429, msg: '消息推送连接过多' }),
      [noticeEndpoints.page.path]: ({ body }) => {
        const rows = [row(2, read), row(1, true)].filter((r) => !(body as { unread?: boolean }).unread || !r.read);
        return { code: 200, msg: '操作成功', rows, total: rows.length };
      },
      [noticeEndpoints.counts.path]: () => ({ code: 200, msg: '操作成功', data: { unread: read ? 0 : 1, todo: 0 } }),
      [noticeEndpoints.markRead.path]: () => {
        read = true;
        return { code: 200, msg: '操作成功', data: { updated: 1 } };
      },
    });
    const { ui, router } = routed(<NoticeCenter />, { path: '/user/notice', others: ['/news/news-details'] });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('李四 驳回了您提交的新闻“第2条”：请补充来源')).toBeInTheDocument();
    expect(screen.getByText('李四 驳回了您提交的新闻“第1条”：请补充来源')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('notice-mark-all')).toBeEnabled());
    fireEvent.click(within(screen.getByTestId('notice-filter')).getByText('未读 (1)'));
    await waitFor(() => expect(screen.queryByText('李四 驳回了您提交的新闻“第1条”：请补充来源')).toBeNull());
    expect(api.of(noticeEndpoints.page.path).at(-1)?.body).toEqual({ pageNumber: 1, pageSize: 20, unread: true });
    fireEvent.click(screen.getByTestId('notice-mark-all'));
    expect(await screen.findByText('已全部标为已读')).toBeInTheDocument();
    expect(api.of(noticeEndpoints.markRead.path).map((c) => c.body)).toEqual([{ all: true }]);
    await waitFor(() => expect(screen.queryByText('李四 驳回了您提交的新闻“第2条”：请补充来源')).toBeNull());
    fireEvent.click(within(screen.getByTestId('notice-filter')).getByText('全部'));
    fireEvent.click(await screen.findByText('李四 驳回了您提交的新闻“第1条”：请补充来源'));
    // already read: no call, straight to the record
    await waitFor(() => expect(router.state.location.search).toBe('?id=1'));
    expect(api.of(noticeEndpoints.markRead.path)).toHaveLength(1);
  });
});
