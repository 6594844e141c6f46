import { linkResource, newsResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../stores/session';
import { routed, stubFetch, TestProviders } from '../../test-utils';
import { ListPage } from '../ListPage';

vi.setConfig({ testTimeout: 60_000 });

type Body = { pageNumber: number; pageSize: number };
const NEWS = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  title: `新闻${i + 1}`,
  type: 'hy',
  typeName: '行业动态',
  isTop: 0,
  isHot: 0,
  createTime: '2026-01-01 10:00:00',
}));
const TYPES = [
  { id: 1, code: 'hy', name: '行业动态' },
  { id: 2, code: 'tz', name: '通知公告' },
];
const page = (rows: unknown[], body: Body) => ({ code: 200, msg: '查询成功', rows: rows.slice(0, body.pageSize), total: rows.length });

function api(reply: (body: unknown) => unknown) {
  return stubFetch({
    '/news/getNewsList': ({ body }) => page(NEWS, body as Body),
    '/news/getTypeList': ({ body }) => page(TYPES, body as Body),
    '/headerContorller/getLinkPage': ({ body }) => page([], body as Body),
    '/batch/doBatch': ({ body }) => reply(body),
    '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
  });
}

function renderNews() {
  const { ui } = routed(<ListPage resource={newsResource} detailRoute="/news/news-details" />, {
    path: '/news/news-list',
    others: ['/news/news-details'],
  });
  render(<TestProviders>{ui}</TestProviders>);
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const openMenu = async () => {
  // the menu loads with the first selection (ListPage loads it on demand): until then its button is disabled
  const button = await waitFor(() => {
    const b = screen.getByText('批量操作').closest('button')!;
    expect(b).toBeEnabled();
    return b;
  });
  fireEvent.click(button);
  return (await screen.findByRole('menu')) as HTMLElement;
};
const item = (menu: HTMLElement, text: string) => within(menu).getByText(text).closest('li')!;

beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: ['/news/saveNews', '/news/publishNews', '/news/upisTop'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('BatchActions', () => {
  it('批量发布: confirm, one call with the selected ids, a summary naming each refused record and why', async () => {
    const s = api(() => ({ code: 200, msg: '操作成功', data: { done: [1], refused: [{ id: 3, msg: '新闻类型不得为空' }] } }));
    renderNews();
    await screen.findByText('新闻1');
    fireEvent.click(within(rowOf('新闻1')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('新闻3')).getByRole('checkbox'));
    fireEvent.click(item(await openMenu(), '批量发布'));
    const confirm = (await screen.findByText('确认对选中的 2 条记录执行“批量发布”吗？')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(
      within(confirm)
        .getByText(/^确\s?定$/)
        .closest('button')!,
    );
    await waitFor(() => expect(s.of('/batch/doBatch')).toHaveLength(1));
    expect(s.of('/batch/doBatch')[0].body).toEqual({ resource: 'news', action: 'publish', ids: [1, 3] });
    expect((await screen.findAllByText('批量发布：完成 1 条，未完成 1 条'))[0]).toBeInTheDocument();
    const refused = screen.getByTestId('batch-refused');
    expect(refused).toHaveTextContent('新闻3：新闻类型不得为空');
    await waitFor(() => expect(screen.queryByText(/已选择/)).not.toBeInTheDocument());
  });

  it('批量修改类型 asks for the type and sends it', async () => {
    const s = api(() => ({ code: 200, msg: '操作成功', data: { done: [2], refused: [] } }));
    renderNews();
    await screen.findByText('新闻2');
    fireEvent.click(within(rowOf('新闻2')).getByRole('checkbox'));
    fireEvent.click(item(await openMenu(), '批量修改类型'));
    const dialog = (await screen.findByText('新的类型')).closest('.ant-modal') as HTMLElement;
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('通知公告', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(
      within(dialog)
        .getByText(/^确\s?定$/)
        .closest('button')!,
    );
    await waitFor(() => expect(s.of('/batch/doBatch')).toHaveLength(1));
    expect(s.of('/batch/doBatch')[0].body).toEqual({ resource: 'news', action: 'setType', ids: [2], type: 'tz' });
    expect(await screen.findByText('批量修改类型：1 条全部完成')).toBeInTheDocument();
  });

  it('批量操作 is disabled until a row is selected', async () => {
    api(() => ({ code: 200, msg: '操作成功', data: { done: [], refused: [] } }));
    renderNews();
    await screen.findByText('新闻1');
    const button = screen.getByText('批量操作').closest('button')!;
    expect(button).toBeDisabled();
    fireEvent.click(within(rowOf('新闻1')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByText('批量操作').closest('button')).toBeEnabled());
  });

  it('an action the user lacks the permission for is disabled; nothing is sent', async () => {
    const s = api(() => ({ code: 200, msg: 'ok', data: { done: [], refused: [] } }));
    renderNews();
    await screen.findByText('新闻1');
    fireEvent.click(within(rowOf('新闻1')).getByRole('checkbox'));
    const menu = await openMenu();
    const denied = item(menu, '批量下线');
    expect(denied).toHaveAttribute('aria-disabled', 'true');
    expect(within(denied).getByText('批量下线')).toHaveAttribute('data-denied');
    fireEvent.click(denied);
    expect(item(menu, '批量发布')).not.toHaveAttribute('aria-disabled', 'true');
    expect(s.of('/batch/doBatch')).toHaveLength(0);
  });

  it('a resource without batch actions has no menu', async () => {
    api(() => null);
    const { ui } = routed(<ListPage resource={linkResource} />, { path: '/header/link' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('暂无数据', { selector: 'span' });
    expect(screen.queryByText('批量操作')).not.toBeInTheDocument();
  });
});
