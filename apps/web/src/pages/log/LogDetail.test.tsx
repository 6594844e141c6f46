import { logEndpoints } from '@gk/contracts';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, TestProviders } from '../../components/test-utils';
import { LogDetail } from './LogDetail';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const ENTRY = {
  id: 5,
  operTime: '2026-11-20 10:00:00',
  userName: 'editor',
  address: '10.0.0.8',
  module: 'news',
  moduleName: '新闻',
  action: 'update',
  actionName: '修改',
  recordId: 7,
  title: '港口新规（修订）',
  result: 1,
  resultName: '成功',
  reason: '',
  labels: { title: '标题', content: '正文', isTop: '置顶' },
  types: { title: 'text', content: 'html', isTop: 'flag' },
};

function show(entry: Record<string, unknown>) {
  const api = stubFetch({ [logEndpoints.get.path]: () => ({ code: 200, msg: '查询成功', data: entry }) });
  render(
    <TestProviders>
      <LogDetail id={Number(entry.id)} onClose={vi.fn()} />
    </TestProviders>,
  );
  return api;
}

describe('LogDetail (操作日志 详情)', () => {
  it('shows who, when, from where, what and the result, then the change field by field', async () => {
    const api = show({
      ...ENTRY,
      before: { title: '港口新规', content: '<p>靠泊<b>24</b>小时</p><p>第二段</p>', isTop: 0 },
      after: { title: '港口新规（修订）', content: '<p>靠泊<b>48</b>小时</p><p>第二段</p>', isTop: 1 },
    });
    const dialog = (await screen.findByText('10.0.0.8')).closest('.ant-modal') as HTMLElement;
    expect(api.of(logEndpoints.get.path)[0].query.get('id')).toBe('5');
    for (const text of ['2026-11-20 10:00:00', 'editor', '新闻', '修改', '成功', '港口新规（修订） (#7)'])
      expect(dialog).toHaveTextContent(text);
    const table = within(dialog).getByText('字段').closest('table') as HTMLElement;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['标题', '正文', '置顶']);
    const [, body, top] = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    // rich text as the words a reader sees, one paragraph per line, the change marked
    expect(body.slice(1, 3)).toEqual(['靠泊24小时\n第二段', '靠泊48小时\n第二段']);
    expect(rows[1].querySelector('del')?.textContent).toBe('2');
    expect(rows[1].querySelector('ins')?.textContent).toBe('8');
    expect(top.slice(1, 3)).toEqual(['0', '1']);
    expect(within(table).getByText('修改前')).toBeInTheDocument();
    expect(within(table).getByText('修改后')).toBeInTheDocument();
  });

  it('a refused write shows its result and the rule that said no, and no change', async () => {
    show({ ...ENTRY, result: 0, resultName: '被拒绝', reason: '没有发布权限，只能保存草稿', before: null, after: null });
    const dialog = (await screen.findByText('没有发布权限，只能保存草稿')).closest('.ant-modal') as HTMLElement;
    expect(dialog).toHaveTextContent('被拒绝');
    expect(dialog).toHaveTextContent('没有字段变化');
    expect(within(dialog).queryByText('字段')).not.toBeInTheDocument();
  });

  it('a delete shows the whole record as it was (before only)', async () => {
    show({ ...ENTRY, action: 'delete', actionName: '删除', before: { title: '港口新规', isTop: 0 }, after: null });
    const dialog = (await screen.findByText('10.0.0.8')).closest('.ant-modal') as HTMLElement;
    const rows = within(within(dialog).getByText('字段').closest('table') as HTMLElement)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['标题', '港口新规', ''],
      ['置顶', '0', ''],
    ]);
  });
});
