import { bannerEndpoints, newsEndpoints, releaseEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import ReleaseDetails from './ReleaseDetails';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: [releaseEndpoints.save.path, releaseEndpoints.del.path] });
});

const SCHEDULED = {
  id: 7,
  name: '节日通知',
  publishTime: '2027-02-01 08:00:00',
  offlineTime: null,
  state: 'scheduled',
  reason: null,
  itemCount: 1,
  createUser: 'admin',
  createTime: '2026-11-20 10:00:00',
  doneTime: null,
  items: [{ resource: 'banner', id: 5, title: '节日横幅', resourceLabel: '轮播图', publishState: 'draft', problems: [] }],
};
const FAILED = {
  ...SCHEDULED,
  id: 8,
  name: '失败的计划',
  state: 'failed',
  reason: '新闻“空运新线”：新闻类型不得为空',
  items: [
    {
      resource: 'news',
      id: 11,
      title: '空运新线',
      resourceLabel: '新闻',
      publishState: 'draft',
      problems: ['新闻“空运新线”：新闻类型不得为空'],
    },
    { resource: 'banner', id: 5, title: '节日横幅', resourceLabel: '轮播图', publishState: 'draft', problems: [] },
  ],
};
const NEWS = [
  { id: 11, title: '空运新线开通', status: 'draft', publishState: 'draft' },
  { id: 12, title: '海运运价调整', status: 'published', publishState: 'published' },
];

function serve() {
  return stubFetch({
    [releaseEndpoints.get.path]: ({ query }) => ({ code: 200, msg: '操作成功', data: query.get('id') === '8' ? FAILED : SCHEDULED }),
    [newsEndpoints.list.path]: ({ body }) => {
      const b = body as { title?: string };
      const rows = NEWS.filter((n) => !b.title || n.title.includes(b.title));
      return { code: 200, msg: '查询成功', rows, total: rows.length };
    },
    [bannerEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', rows: [{ id: 5, title: '节日横幅', enableFlag: 0 }], total: 1 }),
    [releaseEndpoints.save.path]: () => ({ code: 200, msg: '发布计划已保存', data: SCHEDULED }),
  });
}

const show = async (id: number) => {
  const { ui, router } = routed(<ReleaseDetails />, {
    path: '/release/release-details',
    initial: `/release/release-details?id=${id}`,
    others: ['/release/release-list'],
  });
  render(<TestProviders>{ui}</TestProviders>);
  await screen.findByDisplayValue(id === 8 ? '失败的计划' : '节日通知');
  return router;
};

/** opens a select by its label and clicks an option */
const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
};

describe('发布计划详情', () => {
  it('adds a record found by title, removes one, and saves the release with its items', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serve();
    const router = await show(7);
    expect(screen.getByText('节日横幅')).toBeInTheDocument();
    await choose('选择内容类型', '新闻');
    const search = screen.getByLabelText('输入标题搜索，选中即加入');
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: '空运' } });
    await vi.advanceTimersByTimeAsync(350);
    await waitFor(() => expect(api.of(newsEndpoints.list.path).at(-1)?.body).toEqual({ title: '空运', pageNumber: 1, pageSize: 10 }));
    fireEvent.click(await screen.findByTitle('空运新线开通'));
    const row = await waitFor(
      () =>
        screen
          .getAllByText('空运新线开通')
          .find((e) => e.closest('tbody'))!
          .closest('tr') as HTMLElement,
    );
    expect(within(row).getByText('新闻')).toBeInTheDocument();
    expect(within(row).getByText('草稿')).toBeInTheDocument();
    // the banner leaves the list
    fireEvent.click(within(screen.getByText('节日横幅').closest('tr') as HTMLElement).getByRole('button', { name: /移\s?除/ }));
    expect(screen.queryByText('节日横幅')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(api.of(releaseEndpoints.save.path)).toHaveLength(1));
    expect(api.of(releaseEndpoints.save.path)[0].body).toEqual({
      id: 7,
      name: '节日通知',
      publishTime: '2027-02-01 08:00:00',
      offlineTime: null,
      items: [{ resource: 'news', id: 11 }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/release/release-list'));
  });

  it('a record already in the list is not added twice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    await show(7);
    await choose('选择内容类型', '轮播图');
    fireEvent.mouseDown(screen.getByLabelText('输入标题搜索，选中即加入'));
    const options = await screen.findAllByTitle('节日横幅');
    fireEvent.click(options.at(-1)!);
    expect(await screen.findByText('“节日横幅”已在列表中')).toBeInTheDocument();
    expect(screen.getAllByText('节日横幅').filter((e) => e.closest('tr'))).toHaveLength(1);
  });

  it('a failed release is read-only and says why, beside the record that failed', async () => {
    serve();
    await show(8);
    expect(screen.getByText('发布失败，没有任何内容上线')).toBeInTheDocument();
    expect(screen.getAllByText('新闻“空运新线”：新闻类型不得为空')).toHaveLength(2);
    expect(screen.getByDisplayValue('失败的计划')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保 存' })).toBeNull();
    expect(screen.queryByRole('button', { name: /移\s?除/ })).toBeNull();
    expect(screen.queryByLabelText('选择内容类型')).toBeNull();
  });
});
