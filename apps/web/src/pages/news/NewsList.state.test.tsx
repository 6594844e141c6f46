import { newsEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import NewsList from './NewsList';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** rows whose tag each state shows (the server decides the state; the stub answers by the filter) */
const ROWS: Record<string, Record<string, unknown>> = {
  draft: { id: 1, title: '一篇草稿', status: 'draft', publishTime: null, offlineTime: null },
  published: { id: 2, title: '一篇已发布', status: 'published', publishTime: null, offlineTime: null },
  scheduled: { id: 3, title: '一篇定时', status: 'published', publishTime: '2099-03-01 09:30:00', offlineTime: null },
  offline: { id: 4, title: '一篇已下线', status: 'published', publishTime: null, offlineTime: '2001-01-01 00:00:00' },
  pendingDraft: {
    id: 5,
    title: '一篇有草稿',
    status: 'published',
    publishTime: null,
    offlineTime: null,
    publishState: 'published',
    hasDraft: true,
  },
};

function serve() {
  return stubFetch({
    [newsEndpoints.list.path]: ({ body }) => {
      const b = body as { status?: string };
      const rows = b.status ? [ROWS[b.status]] : Object.values(ROWS);
      return {
        code: 200,
        msg: '查询成功',
        rows: rows.map((r) => ({ typeName: '行业动态', isTop: 0, isHot: 0, ...r })),
        total: rows.length,
      };
    },
    '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
  });
}

const statusSelect = () => within(document.querySelector('form')!).getByLabelText('发布状态').closest('.ant-select') as HTMLElement;
const search = () => {
  const el = within(document.querySelector('form')!)
    .getAllByText(/^搜\s?索$/)
    .find((e) => e.closest('button'));
  fireEvent.click(el!.closest('button')!);
};

describe('news list: filter by publish state', () => {
  it('offers 全部 / 草稿 / 已发布 / 定时 / 已下线 / 有草稿 and sends the chosen state; the URL keeps it', async () => {
    const api = serve();
    const { ui, router } = routed(<NewsList />, { path: '/news/news-list' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('一篇定时')).toBeInTheDocument();
    expect(within(statusSelect()).getByText('全部')).toBeInTheDocument();
    fireEvent.mouseDown(statusSelect().querySelector('input')!);
    await screen.findByTitle('定时');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
      '全部',
      '草稿',
      '已发布',
      '定时',
      '已下线',
      '有草稿',
    ]);
    fireEvent.click(screen.getByTitle('定时'));
    search();
    await waitFor(() => expect(api.of(newsEndpoints.list.path).at(-1)!.body).toMatchObject({ status: 'scheduled' }));
    await waitFor(() => expect(screen.queryByText('一篇草稿')).not.toBeInTheDocument());
    expect(screen.getByText('定时 2099-03-01 09:30')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=scheduled');
  });

  it('shows the state the server read at its own now, and 已发布（有草稿）', async () => {
    // the server says published: a publish time ahead of the browser's clock (another time zone) does not make it 定时
    const ahead = { id: 6, title: '服务器说已发布', status: 'published', publishTime: '2099-01-01 08:00:00', offlineTime: null };
    stubFetch({
      [newsEndpoints.list.path]: () => ({
        code: 200,
        msg: '查询成功',
        rows: [ROWS.pendingDraft, { ...ahead, publishState: 'published', hasDraft: false }].map((r) => ({ typeName: '行业动态', ...r })),
        total: 2,
      }),
      '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
    });
    const { ui } = routed(<NewsList />, { path: '/news/news-list' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('已发布（有草稿）')).toBeInTheDocument();
    const row = screen.getByText('服务器说已发布').closest('tr') as HTMLElement;
    expect(within(row).getByText('已发布')).toHaveAttribute('data-state', 'published');
  });

  it('a link to 已下线 opens filtered; a state that is not an option falls back to 全部', async () => {
    const api = serve();
    const { ui } = routed(<NewsList />, { path: '/news/news-list', initial: '/news/news-list?status=offline' });
    const view = render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('一篇已下线')).toBeInTheDocument();
    expect(within(statusSelect()).getByText('已下线')).toBeInTheDocument();
    expect(api.of(newsEndpoints.list.path)[0].body).toMatchObject({ status: 'offline' });
    view.unmount();

    const again = serve();
    const stale = routed(<NewsList />, { path: '/news/news-list', initial: '/news/news-list?status=live' });
    render(<TestProviders>{stale.ui}</TestProviders>);
    expect(await screen.findByText('一篇草稿')).toBeInTheDocument();
    expect(again.of(newsEndpoints.list.path)[0].body).not.toHaveProperty('status');
  });
});
