import { newsResource, newsTypeResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { routed, stubFetch, TestProviders } from '../test-utils';
import { ListPage, type ListPageProps } from './ListPage';
import type { SearchFieldConfig } from './SearchForm';

/** a list request's body, as the stub reads it */
type Body = { title?: string; pageNumber: number; pageSize: number; [field: string]: unknown };

// an antd table in jsdom is slow to render
vi.setConfig({ testTimeout: 30_000 });

const NEWS = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  title: `新闻${i + 1}`,
  type: 't1',
  typeName: '行业动态',
  summary: `摘要${i + 1}`,
  summaryImg: '',
  count: i,
  isTop: 0,
  isHot: 0,
  createTime: '2026-01-01 10:00:00',
}));

const TYPES = [
  { id: 1, code: 'hy', name: '行业动态', sortNo: 1 },
  { id: 2, code: 'tz', name: '通知公告', sortNo: 2 },
  { id: 3, code: 'zc', name: '政策法规', sortNo: 3 },
];

function page(rows: Record<string, unknown>[], body: Body) {
  const list = body.title ? rows.filter((r) => String(r.title).includes(body.title!)) : rows;
  const start = (body.pageNumber - 1) * body.pageSize;
  return { code: 200, msg: '查询成功', rows: list.slice(start, start + body.pageSize), total: list.length };
}

function api(extra: Record<string, (c: { body: unknown; query: URLSearchParams }) => unknown> = {}) {
  return stubFetch({
    '/news/getNewsList': ({ body }) => page(NEWS, body as Body),
    '/news/getTypeList': ({ body }) => page(TYPES, body as Body),
    '/KJ/GetUserTabFiledNameConfig': () => ({
      success: true,
      message: '获取字段配置成功',
      data: { baseFileds: [], sysFileds: [], selectFileds: [] },
    }),
    ...extra,
  });
}

const newsSearch: SearchFieldConfig[] = [{ name: 'title' }, { name: 'isTop', widget: 'flag' }];

function renderList(props: Partial<ListPageProps> = {}, initial = '/news/news-list') {
  const { ui, router } = routed(
    <ListPage
      resource={newsResource}
      search={newsSearch}
      detailRoute="/news/news-details"
      toggles={{ isHot: { reloadOnFailure: false } }}
      {...props}
    />,
    { path: '/news/news-list', initial, others: ['/news/news-details'] },
  );
  render(<TestProviders>{ui}</TestProviders>);
  return router;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
/** a button by its text (antd spaces two-character Chinese labels: 删 除) — cheaper than role queries on a big table */
const button = (text: string, root: HTMLElement = document.body) => {
  const re = new RegExp(`^${text.split('').join('\\s?')}$`);
  const el = within(root)
    .queryAllByText(re)
    .find((e) => e.closest('button'));
  return el?.closest('button') ?? null;
};
const lastBody = (calls: { body: unknown }[]) => calls.at(-1)!.body as Body;

beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({
    buttons: ['/news/saveNews', '/news/delNews', '/news/upisTop', '/news/upisHot', '/news/saveNewsType', '/news/delNewsType'],
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ListPage: loading and the pager', () => {
  it('asks page 1 with the resource page size and shows 总共N条记录', async () => {
    const s = api();
    renderList();
    expect(await screen.findByText('总共45条记录')).toBeInTheDocument();
    expect(s.of('/news/getNewsList')[0].body).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(screen.getByText('新闻20')).toBeInTheDocument();
    expect(screen.queryByText('新闻21')).not.toBeInTheDocument();
  });

  it('hides the pager and its total when there is nothing, with an empty state', async () => {
    api({ '/news/getNewsList': () => ({ code: 200, msg: 'ok', rows: [], total: 0 }) });
    renderList();
    expect(await screen.findByText('暂无数据', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText(/总共/)).not.toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('any new search goes back to page 1 and sends the filters; the current page is marked aria-current', async () => {
    const s = api();
    renderList();
    await screen.findByText('总共45条记录');
    expect(within(screen.getByTitle('1')).getByText('1')).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('新闻41');
    expect(lastBody(s.of('/news/getNewsList'))).toMatchObject({ pageNumber: 3, pageSize: 20 });
    // the current page is told to screen readers, not by colour only
    expect(within(screen.getByTitle('3')).getByText('3')).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByTitle('1')).getByText('1')).not.toHaveAttribute('aria-current');

    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: ' 新闻4 ' } });
    fireEvent.click(button('搜索')!);
    await screen.findByText('总共7条记录');
    expect(lastBody(s.of('/news/getNewsList'))).toEqual({ title: '新闻4', pageNumber: 1, pageSize: 20 });
  });

  it('重置 goes back to the unfiltered first page', async () => {
    const s = api();
    renderList({}, '/news/news-list?title=%E6%96%B0%E9%97%BB4&page=2');
    await screen.findByText('总共7条记录');
    fireEvent.click(button('重置')!);
    await screen.findByText('总共45条记录');
    expect(lastBody(s.of('/news/getNewsList'))).toEqual({ pageNumber: 1, pageSize: 20 });
  });

  it('a changed page size starts again at page 1', async () => {
    const s = api();
    renderList();
    await screen.findByText('总共45条记录');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('新闻21');
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select')!.querySelector('input')!);
    fireEvent.click(await screen.findByText('50 条/页'));
    await waitFor(() => expect(lastBody(s.of('/news/getNewsList'))).toEqual({ pageNumber: 1, pageSize: 50 }));
  });

  it('sorts on the server by a sortable column', async () => {
    const s = api();
    renderList();
    await screen.findByText('总共45条记录');
    fireEvent.click(screen.getAllByText('浏览量')[0]);
    await waitFor(() => expect(lastBody(s.of('/news/getNewsList'))).toMatchObject({ sortField: 'count', sortOrder: 'asc', pageNumber: 1 }));
    fireEvent.click(screen.getAllByText('浏览量')[0]);
    await waitFor(() => expect(lastBody(s.of('/news/getNewsList'))).toMatchObject({ sortField: 'count', sortOrder: 'desc' }));
  });
});

describe('ListPage: buttons, selection and delete', () => {
  it('without their button permissions 新增 / 删除 and the toggles look one way: disabled, with the same tooltip', async () => {
    api();
    useSession.setState({ buttons: [] });
    renderList();
    await screen.findByText('总共45条记录');
    expect(button('新增')).toBeDisabled();
    expect(button('删除')).toBeDisabled();
    const toggle = within(rowOf('新闻1')).getAllByRole('switch')[0];
    expect(toggle).toBeDisabled();
    for (const control of [button('新增')!, toggle]) {
      fireEvent.mouseEnter(control.closest('.gk-tooltip-wrap')!);
      expect((await screen.findAllByText('没有此操作的权限，请联系管理员分配')).length).toBeGreaterThan(0);
    }
  });

  it('needs at least one row (请选择要删除的数据), keeps the selection across pages, deletes after confirming', async () => {
    const s = api({ '/news/delNews': () => ({ code: 200, msg: '删除成功' }) });
    renderList();
    await screen.findByText('总共45条记录');
    fireEvent.click(button('删除')!);
    expect(await screen.findByText('请选择要删除的数据')).toBeInTheDocument();
    expect(s.of('/news/delNews')).toHaveLength(0);

    fireEvent.click(within(rowOf('新闻2')).getByRole('checkbox'));
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('新闻21');
    fireEvent.click(within(rowOf('新闻21')).getByRole('checkbox'));
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();

    const before = s.of('/news/getNewsList').length;
    fireEvent.click(button('删除')!);
    const dialog = (await screen.findAllByText('确认删除？'))[0].closest('.ant-modal') as HTMLElement;
    fireEvent.click(button('删除', dialog)!);
    await waitFor(() => expect(s.of('/news/delNews')).toHaveLength(1));
    expect(s.of('/news/delNews')[0].body).toEqual([2, 21]);
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(s.of('/news/getNewsList').length).toBeGreaterThan(before));
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();
  });

  it('a resource deleted one at a time refuses two rows (仅能选择一条数据进行删除) and sends ?id=', async () => {
    const s = api({ '/news/delNewsType': () => ({ code: 200, msg: '删除成功' }) });
    const { ui } = routed(
      <ListPage resource={newsTypeResource} dialog={{ fields: [{ name: 'code' }, { name: 'name' }, { name: 'sortNo' }] }} />,
      {
        path: '/news/news-type',
      },
    );
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共3条记录');
    fireEvent.click(within(rowOf('行业动态')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('政策法规')).getByRole('checkbox'));
    fireEvent.click(button('删除')!);
    expect(await screen.findByText('仅能选择一条数据进行删除')).toBeInTheDocument();
    expect(s.of('/news/delNewsType')).toHaveLength(0);

    fireEvent.click(within(rowOf('行业动态')).getByRole('checkbox'));
    fireEvent.click(button('删除')!);
    const dialog = (await screen.findAllByText('确认删除？'))[0].closest('.ant-modal') as HTMLElement;
    fireEvent.click(button('删除', dialog)!);
    await waitFor(() => expect(s.of('/news/delNewsType')).toHaveLength(1));
    expect(s.of('/news/delNewsType')[0].query.get('id')).toBe('3');
    expect(s.of('/news/delNewsType')[0].body).toBeUndefined();
  });

  it('view details opens the detail route with ?id=', async () => {
    api();
    const router = renderList();
    await screen.findByText('总共45条记录');
    fireEvent.click(button('查看详情', rowOf('新闻3'))!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/news/news-details?id=3'));
  });
});

describe('ListPage: flags toggled in place', () => {
  it('calls the toggle at once with ?id=&flag= and shows the server message', async () => {
    const s = api({ '/news/upisTop': () => ({ code: 200, msg: '操作成功' }) });
    renderList();
    await screen.findByText('总共45条记录');
    const calls = s.of('/news/getNewsList').length;
    const top = within(rowOf('新闻1')).getAllByRole('switch')[0];
    expect(top).not.toBeChecked();
    fireEvent.click(top);
    await waitFor(() => expect(s.of('/news/upisTop')).toHaveLength(1));
    expect(Object.fromEntries(s.of('/news/upisTop')[0].query)).toEqual({ id: '1', flag: '1' });
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('新闻1')).getAllByRole('switch')[0]).toBeChecked());
    expect(s.of('/news/getNewsList')).toHaveLength(calls);
  });

  it('a refused isTop change shows the error and reloads the list', async () => {
    const s = api({ '/news/upisTop': () => ({ code: 403, msg: '没有权限执行此操作' }) });
    renderList();
    await screen.findByText('总共45条记录');
    const calls = s.of('/news/getNewsList').length;
    fireEvent.click(within(rowOf('新闻1')).getAllByRole('switch')[0]);
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
    await waitFor(() => expect(s.of('/news/getNewsList')).toHaveLength(calls + 1));
  });

  it('a refused isHot change shows the error without reloading (SPEC point 4)', async () => {
    const s = api({ '/news/upisHot': () => ({ code: 403, msg: '没有权限执行此操作' }) });
    renderList();
    await screen.findByText('总共45条记录');
    const calls = s.of('/news/getNewsList').length;
    const hot = within(rowOf('新闻1')).getAllByRole('switch')[1];
    fireEvent.click(hot);
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(s.of('/news/getNewsList')).toHaveLength(calls);
    expect(within(rowOf('新闻1')).getAllByRole('switch')[1]).not.toBeChecked();
  });
});

describe('ListPage: a switch that asks first, or is locked on a row', () => {
  const toggles = {
    isTop: {
      confirm: (row: Record<string, unknown>, next: boolean) => (next ? null : `确认要取消置顶“${String(row.title)}”吗？`),
      lock: (row: Record<string, unknown>) => (row.id === 2 ? '这一行不能改' : null),
    },
  };

  it('asks before the change; cancelling changes nothing, confirming calls the toggle', async () => {
    const s = api({
      '/news/getNewsList': ({ body }) =>
        page(
          NEWS.map((n) => (n.id === 1 ? { ...n, isTop: 1 } : n)),
          body as Body,
        ),
      '/news/upisTop': () => ({ code: 200, msg: '操作成功' }),
    });
    renderList({ toggles });
    await screen.findByText('总共45条记录');
    fireEvent.click(within(rowOf('新闻1')).getAllByRole('switch')[0]);
    expect((await screen.findAllByText('确认要取消置顶“新闻1”吗？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull());
    expect(s.of('/news/upisTop')).toHaveLength(0);
    expect(within(rowOf('新闻1')).getAllByRole('switch')[0]).toBeChecked();
    fireEvent.click(within(rowOf('新闻1')).getAllByRole('switch')[0]);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /确\s*定|OK/ }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1)!);
    await waitFor(() => expect(s.of('/news/upisTop')).toHaveLength(1));
    expect(Object.fromEntries(s.of('/news/upisTop')[0].query)).toEqual({ id: '1', flag: '0' });
  });

  it('a locked row’s switch is disabled', async () => {
    api();
    renderList({ toggles });
    await screen.findByText('总共45条记录');
    expect(within(rowOf('新闻2')).getAllByRole('switch')[0]).toBeDisabled();
    expect(within(rowOf('新闻3')).getAllByRole('switch')[0]).toBeEnabled();
  });
});

describe('ListPage: columns follow the field display configuration', () => {
  it('shows the saved columns, pinned first, never html nor a code whose name is listed', async () => {
    api({
      '/KJ/GetUserTabFiledNameConfig': () => ({
        success: true,
        message: 'ok',
        data: {
          baseFileds: [],
          sysFileds: [],
          selectFileds: [
            { field: 'count', isFixed: 0 },
            { field: 'title', isFixed: 1 },
            { field: 'content', isFixed: 0 },
            { field: 'type', isFixed: 0 },
          ],
        },
      }),
    });
    renderList();
    await screen.findByText('总共45条记录');
    await waitFor(() => expect(screen.queryByText('摘要')).not.toBeInTheDocument());
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['标题', '浏览量', '操作']);
    expect(document.querySelector('thead th.ant-table-cell-fix-start, thead th.ant-table-cell-fix-left')).not.toBeNull();
  });
});
