import { type ReviewTodoRow, reviewEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import ReviewTodo from './ReviewTodo';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const ROWS: ReviewTodoRow[] = [
  {
    resource: 'news',
    resourceLabel: '新闻',
    id: 7,
    title: '港口扩建新闻',
    level: 1,
    submitUser: 'editor',
    submitTime: '2026-11-27 10:05:00',
    comment: '请审核',
    url: '/news/news-details?id=7',
  },
  {
    resource: 'policy',
    resourceLabel: '政策公告',
    id: 3,
    title: '通关新规',
    level: 2,
    submitUser: 'writer',
    submitTime: '2026-11-27 09:00:00',
    comment: null,
    url: '/policy/policy-details?id=3',
  },
];

function serve() {
  let rows = [...ROWS];
  const drop = (id: number) => {
    rows = rows.filter((r) => r.id !== id);
  };
  return stubFetch({
    [reviewEndpoints.todoPage.path]: ({ body }) => {
      const b = body as { resource?: string };
      const shown = rows.filter((r) => !b.resource || r.resource === b.resource);
      return { code: 200, msg: '查询成功', rows: shown, total: shown.length };
    },
    [reviewEndpoints.approve.path]: ({ body }) => {
      drop((body as { id: number }).id);
      return { code: 200, msg: '审核通过' };
    },
    [reviewEndpoints.reject.path]: ({ body }) => {
      drop((body as { id: number }).id);
      return { code: 200, msg: '已驳回' };
    },
  });
}

function show() {
  const { ui, router } = routed(<ReviewTodo />, { path: '/review/review-todo', others: ['/news/news-details'] });
  render(<TestProviders>{ui}</TestProviders>);
  return router;
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('待我审核', () => {
  it('lists what waits: type, title linking to its details, 一审 / 二审, submitter, time, comment', async () => {
    serve();
    const router = show();
    await screen.findByText('港口扩建新闻');
    const news = rowOf('港口扩建新闻');
    for (const text of ['新闻', '一审', 'editor', '2026-11-27 10:05:00', '请审核'])
      expect(within(news).getByText(text)).toBeInTheDocument();
    expect(within(rowOf('通关新规')).getByText('二审')).toBeInTheDocument();
    expect(screen.getByText('共 2 条待审核')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: '港口扩建新闻' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/news-details'));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('the type filter asks the server for that resource only', async () => {
    const stub = serve();
    show();
    await screen.findByText('港口扩建新闻');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '类型' }));
    fireEvent.click(await screen.findByTitle('政策公告'));
    await waitFor(() => expect(screen.queryByText('港口扩建新闻')).toBeNull());
    expect(stub.of(reviewEndpoints.todoPage.path).at(-1)?.body).toEqual({ resource: 'policy', pageNumber: 1, pageSize: 20 });
    expect(screen.getByText('通关新规')).toBeInTheDocument();
  });

  it('驳回 needs a comment; with one the row is decided and leaves the list; 通过 goes without one', async () => {
    const stub = serve();
    show();
    await screen.findByText('港口扩建新闻');
    fireEvent.click(within(rowOf('港口扩建新闻')).getByRole('button', { name: /驳\s?回/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('驳回：港口扩建新闻')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s?回/ }));
    expect(await within(dialog).findByText('驳回时必须填写审核意见')).toBeInTheDocument();
    expect(stub.of(reviewEndpoints.reject.path)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('审核意见'), { target: { value: '配图不清晰' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s?回/ }));
    await waitFor(() => expect(stub.of(reviewEndpoints.reject.path)).toHaveLength(1));
    expect(stub.of(reviewEndpoints.reject.path)[0].body).toEqual({ resource: 'news', id: 7, comment: '配图不清晰' });
    await waitFor(() => expect(screen.queryByText('港口扩建新闻')).toBeNull());

    fireEvent.click(within(rowOf('通关新规')).getByRole('button', { name: /通\s?过/ }));
    const approve = await screen.findByRole('dialog');
    expect(within(approve).getByText('审核通过：通关新规')).toBeInTheDocument();
    fireEvent.click(within(approve).getByRole('button', { name: /通\s?过/ }));
    await waitFor(() => expect(stub.of(reviewEndpoints.approve.path)).toHaveLength(1));
    expect(stub.of(reviewEndpoints.approve.path)[0].body).toEqual({ resource: 'policy', id: 3 });
    expect(await screen.findByText('没有等待你审核的内容')).toBeInTheDocument();
  });
});
