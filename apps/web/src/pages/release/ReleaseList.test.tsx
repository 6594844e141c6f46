import { releaseEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import ReleaseList from './ReleaseList';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: [releaseEndpoints.save.path, releaseEndpoints.del.path] });
});

const ROWS = [
  {
    id: 3,
    name: '春节通知',
    publishTime: '2027-02-01 08:00:00',
    offlineTime: '2027-02-10 00:00:00',
    state: 'scheduled',
    reason: null,
    itemCount: 2,
    createUser: 'editor',
    createTime: '2026-11-20 10:00:00',
    doneTime: null,
  },
  {
    id: 2,
    name: '新服务上线',
    publishTime: '2026-11-01 09:00:00',
    offlineTime: null,
    state: 'failed',
    reason: '新闻“空运新线”：新闻类型不得为空\n轮播图“空运横幅”：内容含禁用词“国家级”',
    itemCount: 2,
    createUser: 'admin',
    createTime: '2026-10-30 10:00:00',
    doneTime: '2026-11-01 09:00:01',
  },
  {
    id: 1,
    name: '年中促销',
    publishTime: '2026-06-01 09:00:00',
    offlineTime: null,
    state: 'done',
    reason: null,
    itemCount: 5,
    createUser: 'admin',
    createTime: '2026-05-30 10:00:00',
    doneTime: '2026-06-01 09:00:00',
  },
];

function serve() {
  let rows = [...ROWS];
  return stubFetch({
    [releaseEndpoints.page.path]: ({ body }) => {
      const b = body as { name?: string; state?: string };
      const list = rows.filter((r) => (!b.name || r.name.includes(b.name)) && (!b.state || r.state === b.state));
      return { code: 200, msg: '查询成功', rows: list, total: list.length };
    },
    [releaseEndpoints.del.path]: ({ body }) => {
      const { ids } = body as { ids: number[] };
      rows = rows.filter((r) => !ids.includes(r.id));
      return { code: 200, msg: '发布计划已删除', data: null };
    },
  });
}

const show = async () => {
  const { ui, router } = routed(<ReleaseList />, { path: '/release/release-list', others: ['/release/release-details'] });
  render(<TestProviders>{ui}</TestProviders>);
  await screen.findByText('春节通知');
  return router;
};
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('发布计划 list', () => {
  it('shows name, times, state tag, item count, creator, and why a failed release failed', async () => {
    serve();
    await show();
    const spring = within(rowOf('春节通知'));
    expect(spring.getByText('2027-02-01 08:00:00')).toBeInTheDocument();
    expect(spring.getByText('2027-02-10 00:00:00')).toBeInTheDocument();
    expect(spring.getByText('待发布')).toBeInTheDocument();
    expect(spring.getByText('editor')).toBeInTheDocument();
    expect(spring.getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(spring.getByRole('button', { name: '删除' })).toBeInTheDocument();
    const failed = within(rowOf('新服务上线'));
    expect(failed.getByText('失败')).toBeInTheDocument();
    expect(failed.getByText(/新闻“空运新线”：新闻类型不得为空/)).toBeInTheDocument();
    // what ran opens read-only and cannot be deleted
    expect(failed.getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(failed.queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(rowOf('年中促销')).getByText('已发布')).toBeInTheDocument();
    expect(within(rowOf('年中促销')).getByText('5')).toBeInTheDocument();
  });

  it('searches by name', async () => {
    const api = serve();
    await show();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '春节' } });
    fireEvent.click(screen.getByRole('button', { name: '搜 索' }));
    await waitFor(() => expect(screen.queryByText('年中促销')).toBeNull());
    expect(api.of(releaseEndpoints.page.path).at(-1)!.body).toEqual({ name: '春节', pageNumber: 1, pageSize: 20 });
  });

  it('deletes a scheduled release after asking, and 新建 / 编辑 open the detail screen', async () => {
    const api = serve();
    const router = await show();
    fireEvent.click(within(rowOf('春节通知')).getByRole('button', { name: '删除' }));
    const dialog = (await screen.findByText('确认删除发布计划“春节通知”吗？其中的内容不会被删除')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '删 除' }));
    await waitFor(() => expect(screen.queryByText('春节通知')).toBeNull());
    expect(api.of(releaseEndpoints.del.path)[0].body).toEqual({ ids: [3] });
    fireEvent.click(within(rowOf('新服务上线')).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/release/release-details?id=2'));
  });

  it('without the save and delete buttons there is no 新建, 编辑 or 删除', async () => {
    useSession.setState({ buttons: [] });
    serve();
    await show();
    expect(screen.queryByRole('button', { name: /新建发布计划/ })).toBeNull();
    expect(within(rowOf('春节通知')).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(rowOf('春节通知')).queryByRole('button', { name: '删除' })).toBeNull();
  });
});
