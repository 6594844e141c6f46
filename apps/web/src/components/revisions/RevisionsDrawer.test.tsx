import { newsResource, revisionEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, TestProviders } from '../test-utils';
import { withRevisions } from './withRevisions';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const REVISIONS = [
  { id: 12, userName: 'editor', saveTime: '2026-11-20 10:00:00', title: '港口新规（修订）' },
  { id: 11, userName: 'admin', saveTime: '2026-11-19 09:00:00', title: '港口新规' },
];
const DATA: Record<number, Record<string, unknown>> = {
  11: { title: '港口新规', type: 'hy', summary: '摘要', content: '<p>第一段<strong>旧</strong>文字</p><p>第二段</p>', isTop: 0 },
  12: { title: '港口新规（修订）', type: 'hy', summary: '摘要', content: '<p>第一段<strong>新</strong>文字</p><p>第二段</p>', isTop: 0 },
};

function serve() {
  return stubFetch({
    [revisionEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', data: REVISIONS }),
    [revisionEndpoints.get.path]: ({ query }) => {
      const id = Number(query.get('id'));
      return { code: 200, msg: '查询成功', data: { ...REVISIONS.find((r) => r.id === id), data: DATA[id] } };
    },
    [revisionEndpoints.restore.path]: () => ({ code: 200, msg: '已恢复到 2026-11-19 09:00:00 的版本' }),
  });
}

const open = async (onRestored = vi.fn(), dirty = false) => {
  render(<TestProviders>{withRevisions(newsResource)({ id: 7, reload: onRestored, dirty })}</TestProviders>);
  fireEvent.click(screen.getByRole('button', { name: /历史版本/ }));
  await screen.findByText('2026-11-19 09:00:00');
  return onRestored;
};
const revisionRow = (time: string) => screen.getByText(time).closest('.gk-revision') as HTMLElement;

describe('RevisionsDrawer (历史版本)', () => {
  it('lists the saved versions (when, who, title), the newest marked 当前 and not restorable', async () => {
    const api = serve();
    await open();
    expect(api.of(revisionEndpoints.list.path)[0].body).toEqual({ resource: 'news', id: 7 });
    const newest = revisionRow('2026-11-20 10:00:00');
    expect(newest).toHaveTextContent('editor');
    expect(newest).toHaveTextContent('港口新规（修订）');
    expect(newest).toHaveTextContent('当前');
    expect(within(newest).getByRole('button', { name: '恢复此版本' })).toBeDisabled();
    expect(within(revisionRow('2026-11-19 09:00:00')).getByRole('button', { name: '恢复此版本' })).toBeEnabled();
  });

  it('compares two picked versions field by field: only changed fields, rich text as readable text', async () => {
    serve();
    await open();
    fireEvent.click(within(revisionRow('2026-11-19 09:00:00')).getByRole('checkbox'));
    fireEvent.click(within(revisionRow('2026-11-20 10:00:00')).getByRole('checkbox'));
    const table = (await screen.findByText('字段')).closest('table') as HTMLElement;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['标题', '正文']);
    // older on the left, newer on the right, column titles are the save times
    expect(within(table).getByText('2026-11-19 09:00:00')).toBeInTheDocument();
    const body = rows[1];
    expect(body).toHaveTextContent('第一段旧文字');
    expect(body).toHaveTextContent('第一段新文字');
    expect(body.textContent).not.toContain('<p>');
    expect(body.querySelector('del')?.textContent).toBe('旧');
    expect(body.querySelector('ins')?.textContent).toBe('新');
  });

  it('恢复此版本 asks first, restores that revision and reloads the form', async () => {
    const api = serve();
    const onRestored = await open();
    fireEvent.click(within(revisionRow('2026-11-19 09:00:00')).getByRole('button', { name: '恢复此版本' }));
    const text = await screen.findByText('确认恢复到 2026-11-19 09:00:00 的版本？当前内容会保存为一个新版本。');
    const dialog = text.closest('.ant-modal') as HTMLElement;
    expect(api.of(revisionEndpoints.restore.path)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '恢复此版本' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledTimes(1));
    expect(api.of(revisionEndpoints.restore.path)[0].query.get('id')).toBe('11');
    expect(await screen.findByText('已恢复到 2026-11-19 09:00:00 的版本')).toBeInTheDocument();
  });

  it('恢复此版本 over unsaved edits warns that they are dropped', async () => {
    const api = serve();
    await open(vi.fn(), true);
    fireEvent.click(within(revisionRow('2026-11-19 09:00:00')).getByRole('button', { name: '恢复此版本' }));
    expect(await screen.findByText('当前有未保存的修改，恢复此版本会丢弃这些修改。确定继续吗？')).toBeInTheDocument();
    expect(api.of(revisionEndpoints.restore.path)).toHaveLength(0);
  });

  it('shows nothing for a record not yet saved', () => {
    serve();
    render(<TestProviders>{withRevisions(newsResource)({ id: null, reload: vi.fn() })}</TestProviders>);
    expect(screen.queryByRole('button', { name: /历史版本/ })).not.toBeInTheDocument();
  });
});
