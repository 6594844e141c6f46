import { type NoticeRow, noticeEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '../../lib/token';
import { useSession } from '../../stores/session';
import { routed, TestProviders } from '../test-utils';
import { NoticeBell } from './NoticeBell';

vi.setConfig({ testTimeout: 30_000 });

const ROWS: NoticeRow[] = [
  {
    id: 11,
    kind: 'review.rejected',
    text: '李四 驳回了您提交的新闻“港口新闻”：请补充来源',
    resource: 'news',
    recordId: 7,
    title: '港口新闻',
    comment: '请补充来源',
    fromUser: '李四',
    createTime: '2026-11-27 10:00:00',
    read: false,
    url: '/news/news-details?id=7',
  },
  {
    id: 10,
    kind: 'review.requested',
    text: '张三 提交了新闻“旧闻”，等待您一审',
    resource: 'news',
    recordId: 3,
    title: '旧闻',
    comment: null,
    fromUser: '张三',
    createTime: '2026-11-26 09:00:00',
    read: true,
    url: '/news/news-details?id=3',
  },
];

/**
 * fetch as the server answers the bell: `/notice/stream` a body the test writes events into (`push`), or a refusal;
 * the JSON calls by path. Every call is kept.
 */
function server(opts: { stream: 'open' | 429 } = { stream: 'open' }) {
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const enc = new TextEncoder();
  const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    if (path === noticeEndpoints.stream.path) {
      if (opts.stream === 429) return json({ code: 429, msg: '消息推送连接过多' }, 429);
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      init?.signal?.addEventListener('abort', () => controller?.error(new DOMException('aborted', 'AbortError')));
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    }
    if (path === noticeEndpoints.page.path) return json({ code: 200, msg: '操作成功', rows: ROWS, total: 2 });
    if (path === noticeEndpoints.markRead.path) return json({ code: 200, msg: '操作成功', data: { updated: 1 } });
    if (path === noticeEndpoints.counts.path) return json({ code: 200, msg: '操作成功', data: { unread: 7, todo: 0 } });
    return json({ code: 404, msg: path }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return {
    calls,
    of: (path: string) => calls.filter((c) => c.path === path),
    /** one server-sent event, split in two chunks as a network may deliver it */
    push: (counts: { unread: number; todo: number }) => {
      const text = `event: counts\ndata: ${JSON.stringify(counts)}\n\n`;
      controller!.enqueue(enc.encode(text.slice(0, 9)));
      controller!.enqueue(enc.encode(text.slice(9)));
    },
    heartbeat: () => controller!.enqueue(enc.encode(': ping\n\n')),
  };
}

const badge = () => screen.getByTestId('notice-bell').querySelector('.ant-badge');

describe('the navbar bell', () => {
  beforeEach(() => {
    Cookies.set(TOKEN_COOKIE, 't0ken');
    useSession.setState({
      routes: [
        {
          path: '/review',
          name: 'Review',
          title: '内容审核',
          children: [{ path: '/review/review-todo', name: 'ReviewTodo', title: '待我审核' }],
        },
      ] as never,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove(TOKEN_COOKIE);
  });

  it('shows unread + todo from the stream and follows each new event without a reload', async () => {
    const api = server();
    const { ui } = routed(<NoticeBell />, { path: '/', others: ['/news/news-details'] });
    const { unmount } = render(<TestProviders>{ui}</TestProviders>);
    await waitFor(() => expect(api.of(noticeEndpoints.stream.path)).toHaveLength(1));
    expect(api.of(noticeEndpoints.stream.path)[0].headers.token).toBe('t0ken');
    api.push({ unread: 2, todo: 1 });
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(screen.getByTestId('notice-bell')).toHaveAccessibleName('消息: 未读消息 2 条，待我审核 1 条');
    api.heartbeat();
    api.push({ unread: 5, todo: 1 });
    await waitFor(() => expect(badge()).toHaveTextContent('6'));
    // one stream for the tab, never polling while it runs
    expect(api.of(noticeEndpoints.stream.path)).toHaveLength(1);
    expect(api.of(noticeEndpoints.counts.path)).toHaveLength(0);
    unmount();
  });

  it('lists the latest notices; a click marks one read and opens its record; links to 全部消息 and 待我审核', async () => {
    const api = server();
    const { ui, router } = routed(<NoticeBell />, { path: '/', others: ['/news/news-details', '/user/notice'] });
    const { unmount } = render(<TestProviders>{ui}</TestProviders>);
    await waitFor(() => expect(api.of(noticeEndpoints.stream.path)).toHaveLength(1));
    api.push({ unread: 1, todo: 0 });
    fireEvent.click(screen.getByTestId('notice-bell'));
    expect(await screen.findByText('李四 驳回了您提交的新闻“港口新闻”：请补充来源')).toBeInTheDocument();
    expect(screen.getByText('张三 提交了新闻“旧闻”，等待您一审')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '全部消息' })).toHaveAttribute('href', '/user/notice');
    expect(screen.getByRole('link', { name: '待我审核' })).toHaveAttribute('href', '/review/review-todo');
    fireEvent.click(screen.getByText('李四 驳回了您提交的新闻“港口新闻”：请补充来源'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/news-details'));
    expect(router.state.location.search).toBe('?id=7');
    expect(api.of(noticeEndpoints.markRead.path).map((c) => c.body)).toEqual([{ ids: [11] }]);
    unmount();
  });

  it('a refused stream (too many tabs) gives way to asking for the counts', async () => {
    const api = server({ stream: 429 });
    useSession.setState({ routes: [] });
    const { ui } = routed(<NoticeBell />, { path: '/' });
    const { unmount } = render(<TestProviders>{ui}</TestProviders>);
    await waitFor(() => expect(badge()).toHaveTextContent('7'));
    expect(api.of(noticeEndpoints.counts.path)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('notice-bell'));
    expect(await screen.findByRole('link', { name: '全部消息' })).toBeInTheDocument();
    // without 待我审核 in the user's menus, no link to it
    expect(screen.queryByRole('link', { name: /待我审核/ })).toBeNull();
    unmount();
  });
});
