import { recycleEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import RecycleList from './RecycleList';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: [recycleEndpoints.restore.path, recycleEndpoints.purge.path] });
});

type Body = Record<string, unknown>;
const ENTRIES = [
  {
    id: 3,
    resource: 'news',
    resourceName: '新闻',
    recordId: 41,
    title: '港口新规',
    deletedBy: 'editor',
    deleteTime: '2026-11-20 10:00:00',
  },
  {
    id: 2,
    resource: 'policy',
    resourceName: '政策公告',
    recordId: 9,
    title: '关税通知',
    deletedBy: 'admin',
    deleteTime: '2026-11-19 09:00:00',
  },
  {
    id: 1,
    resource: 'banner',
    resourceName: '轮播图',
    recordId: 5,
    title: '华东船务',
    deletedBy: 'admin',
    deleteTime: '2026-11-18 08:00:00',
  },
];

/** a recycle bin the stub serves, restores from and purges */
function serve() {
  let rows = [...ENTRIES];
  return stubFetch({
    [recycleEndpoints.page.path]: ({ body }) => {
      const b = body as Body;
      const list = rows.filter((r) => (!b.resource || r.resource === b.resource) && (!b.keyword || r.title.includes(String(b.keyword))));
      return { code: 200, msg: '查询成功', rows: list, total: list.length };
    },
    [recycleEndpoints.restore.path]: ({ body }) => {
      const ids = body as number[];
      rows = rows.filter((r) => !ids.includes(r.id));
      return { code: 200, msg: `已恢复 ${ids.length} 条数据` };
    },
    [recycleEndpoints.purge.path]: ({ body }) => {
      const ids = body as number[];
      rows = rows.filter((r) => !ids.includes(r.id));
      return { code: 200, msg: `已彻底删除 ${ids.length} 条数据` };
    },
  });
}

const show = async () => {
  const { ui } = routed(<RecycleList />, { path: '/recycle/recycle-list' });
  render(<TestProviders>{ui}</TestProviders>);
  await screen.findByText('港口新规');
};
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
const toolbarButton = (name: RegExp) => within(document.querySelector('.gk-list-toolbar') as HTMLElement).getByRole('button', { name });
const confirmDialog = async (text: string) => (await screen.findAllByText(text))[0].closest('.ant-modal') as HTMLElement;

describe('回收站 (recycle bin list)', () => {
  it('lists deleted records of every kind: type, title, original id, deleted by, when', async () => {
    serve();
    await show();
    const cells = within(rowOf('港口新规'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    for (const v of ['新闻', '港口新规', '41', 'editor', '2026-11-20 10:00:00']) expect(cells).toContain(v);
    expect(rowOf('华东船务')).toHaveTextContent('轮播图');
    expect(
      screen.getByText('删除的内容保留在这里，可恢复到原处（编号和内容不变）；超过保留期限的数据每天自动彻底删除。'),
    ).toBeInTheDocument();
  });

  it('恢复 on a row asks, restores that entry and it leaves the bin', async () => {
    const api = serve();
    await show();
    fireEvent.click(within(rowOf('关税通知')).getByRole('button', { name: /恢\s?复/ }));
    const dialog = await confirmDialog('政策公告：关税通知');
    expect(dialog).toHaveTextContent('确认恢复选中的 1 条数据？');
    fireEvent.click(within(dialog).getByRole('button', { name: /恢\s?复/ }));
    expect(await screen.findByText('已恢复 1 条数据')).toBeInTheDocument();
    expect(api.of(recycleEndpoints.restore.path)[0].body).toEqual([2]);
    await waitFor(() => expect(screen.queryByText('关税通知')).not.toBeInTheDocument());
  });

  it('restores the selected entries together from the toolbar', async () => {
    const api = serve();
    await show();
    fireEvent.click(within(rowOf('港口新规')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('华东船务')).getByRole('checkbox'));
    fireEvent.click(toolbarButton(/恢\s?复/));
    const dialog = await confirmDialog('确认恢复选中的 2 条数据？');
    fireEvent.click(within(dialog).getByRole('button', { name: /恢\s?复/ }));
    expect(await screen.findByText('已恢复 2 条数据')).toBeInTheDocument();
    expect(api.of(recycleEndpoints.restore.path)[0].body).toEqual([3, 1]);
    await waitFor(() => expect(screen.queryByText('港口新规')).not.toBeInTheDocument());
    expect(screen.queryByText('华东船务')).not.toBeInTheDocument();
    expect(screen.getByText('关税通知')).toBeInTheDocument();
  });

  it('彻底删除 warns that it cannot be undone, then purges the selected entries', async () => {
    const api = serve();
    await show();
    fireEvent.click(within(rowOf('华东船务')).getByRole('checkbox'));
    fireEvent.click(toolbarButton(/彻底删除/));
    const dialog = await confirmDialog('彻底删除后不可恢复，确认彻底删除选中的 1 条数据？');
    fireEvent.click(within(dialog).getByRole('button', { name: /彻底删除/ }));
    expect(await screen.findByText('已彻底删除 1 条数据')).toBeInTheDocument();
    expect(api.of(recycleEndpoints.purge.path)[0].body).toEqual([1]);
    await waitFor(() => expect(screen.queryByText('华东船务')).not.toBeInTheDocument());
  });

  it('searches by type', async () => {
    const api = serve();
    await show();
    const select = within(document.querySelector('form') as HTMLElement)
      .getByLabelText('类型')
      .closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('input')!);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="轮播图"]')!);
    const search = within(document.querySelector('form') as HTMLElement)
      .getAllByText(/^搜\s?索$/)
      .find((e) => e.closest('button'))!;
    fireEvent.click(search.closest('button')!);
    await waitFor(() => expect(api.of(recycleEndpoints.page.path).at(-1)!.body).toMatchObject({ resource: 'banner' }));
    await waitFor(() => expect(screen.queryByText('港口新规')).not.toBeInTheDocument());
    expect(screen.getByText('华东船务')).toBeInTheDocument();
  });
});

describe('an empty recycle bin', () => {
  it('says it is empty and offers no 新增 (there is none here)', async () => {
    stubFetch({ [recycleEndpoints.page.path]: () => ({ code: 200, msg: '查询成功', rows: [], total: 0 }) });
    const { ui } = routed(<RecycleList />, { path: '/recycle/recycle-list' });
    render(<TestProviders>{ui}</TestProviders>);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/点击“新增”/)).toBeNull();
    expect(screen.queryByText(/^新\s?增$/)).toBeNull();
  });
});
