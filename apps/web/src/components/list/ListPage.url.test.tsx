import { newsResource } from '@gk/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { routed, stubFetch, TestProviders } from '../test-utils';
import { ListPage } from './ListPage';
import type { SearchFieldConfig } from './SearchForm';

/** a list request's body, as the stub reads it */
type Body = { title?: string; pageNumber: number; pageSize: number; [field: string]: unknown };

vi.setConfig({ testTimeout: 30_000 });

/** A news list the stub serves and deletes from (each test its own rows). */
function server(count: number) {
  let rows = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `新闻${i + 1}`,
    type: 't1',
    typeName: '行业动态',
    isTop: 0,
    isHot: 0,
  }));
  return stubFetch({
    '/news/getNewsList': ({ body }) => {
      const b = body as Body;
      const list = b.title ? rows.filter((r) => r.title.includes(b.title!)) : rows;
      const start = (b.pageNumber - 1) * b.pageSize;
      return { code: 200, msg: '查询成功', rows: list.slice(start, start + b.pageSize), total: list.length };
    },
    '/news/delNews': ({ body }) => {
      const ids = body as number[];
      rows = rows.filter((r) => !ids.includes(r.id));
      return { code: 200, msg: '删除成功' };
    },
    '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
  });
}

const search: SearchFieldConfig[] = [{ name: 'title' }, { name: 'isTop', widget: 'flag' }];

function renderAt(initial: string) {
  const { ui, router } = routed(<ListPage resource={newsResource} search={search} detailRoute="/news/news-details" />, {
    path: '/news/news-list',
    initial,
  });
  render(<TestProviders>{ui}</TestProviders>);
  return router;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const button = (text: string, root: HTMLElement = document.body) =>
  within(root)
    .queryAllByText(new RegExp(`^${text.split('').join('\\s?')}$`))
    .find((e) => e.closest('button'))
    ?.closest('button') ?? null;
const lastBody = (calls: { body: unknown }[]) => calls.at(-1)!.body as Body;

beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: ['/news/saveNews', '/news/delNews'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the list state lives in the URL', () => {
  it('a shared link opens with its filters, page and sort, and the form shows them', async () => {
    const s = server(45);
    renderAt('/news/news-list?title=%E6%96%B0%E9%97%BB4&sort=count.desc');
    expect(await screen.findByText('总共7条记录')).toBeInTheDocument();
    expect(s.of('/news/getNewsList')[0].body).toEqual({
      title: '新闻4',
      pageNumber: 1,
      pageSize: 20,
      sortField: 'count',
      sortOrder: 'desc',
    });
    expect(screen.getByPlaceholderText('请输入标题')).toHaveValue('新闻4');
  });

  it('paging and searching write the URL; the back button brings the previous list back', async () => {
    const s = server(45);
    const router = renderAt('/news/news-list');
    await screen.findByText('总共45条记录');
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('新闻41');
    expect(router.state.location.search).toBe('?page=3');

    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '新闻4' } });
    fireEvent.click(button('搜索')!);
    await screen.findByText('总共7条记录');
    // a new search starts at page 1
    expect(new URLSearchParams(router.state.location.search).get('title')).toBe('新闻4');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();

    await act(() => router.navigate(-1));
    await screen.findByText('新闻41');
    expect(lastBody(s.of('/news/getNewsList'))).toEqual({ pageNumber: 3, pageSize: 20 });
    expect(screen.getByPlaceholderText('请输入标题')).toHaveValue('');
  });
});

describe('operators: 搜索 and the selection', () => {
  it('搜索 with unchanged filters asks the server again', async () => {
    const s = server(5);
    renderAt('/news/news-list');
    await screen.findByText('总共5条记录');
    const before = s.of('/news/getNewsList').length;
    fireEvent.click(button('搜索')!);
    await waitFor(() => expect(s.of('/news/getNewsList')).toHaveLength(before + 1));
    fireEvent.click(button('搜索')!);
    await waitFor(() => expect(s.of('/news/getNewsList')).toHaveLength(before + 2));
  });

  it('shows the selection count with 清空; a new search clears the selection', async () => {
    server(5);
    renderAt('/news/news-list');
    await screen.findByText('总共5条记录');
    fireEvent.click(within(rowOf('新闻2')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('新闻3')).getByRole('checkbox'));
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(button('清空')!);
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();

    fireEvent.click(within(rowOf('新闻2')).getByRole('checkbox'));
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '新闻5' } });
    fireEvent.click(button('搜索')!);
    await screen.findByText('总共1条记录');
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();
  });

  it('deleting every row of the last page shows the page before with the new total', async () => {
    const s = server(45);
    const router = renderAt('/news/news-list?page=3');
    await screen.findByText('新闻41');
    for (const n of [41, 42, 43, 44, 45]) fireEvent.click(within(rowOf(`新闻${n}`)).getByRole('checkbox'));
    fireEvent.click(button('删除')!);
    const dialog = (await screen.findAllByText('确认删除？'))[0].closest('.ant-modal') as HTMLElement;
    const before = s.of('/news/getNewsList').length;
    fireEvent.click(button('删除', dialog)!);
    await screen.findByText('总共40条记录');
    expect(router.state.location.search).toBe('?page=2');
    // one request after the delete, for page 2 (never page 3 again)
    expect(
      s
        .of('/news/getNewsList')
        .slice(before)
        .map((c) => (c.body as Body).pageNumber),
    ).toEqual([2]);
    expect(screen.getByText('新闻40')).toBeInTheDocument();
  });
});
