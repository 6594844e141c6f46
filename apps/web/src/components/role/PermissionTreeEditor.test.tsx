import { permissionTree } from '@gk/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { indexTree, PermissionTreeEditor, shownChecks, toggleKey } from './PermissionTreeEditor';

/** The role editor's tree (issue 25): what it ticks is what the server grants, over the contracts' real tree. */
const tree = permissionTree();
const index = indexTree(tree);
const held = [...index].filter(([, i]) => i.node.kind === 'button' || (i.node.kind === 'menu' && i.parent)).map(([k]) => k);
const every = () => true;

describe('ticking the permission tree', () => {
  it('全选 leaves nothing half-checked: every first level and group is ticked', () => {
    const shown = shownChecks(index, held);
    expect(shown.halfChecked).toEqual([]);
    for (const n of tree) expect(shown.checked).toContain(n.key);
  });

  it('a button brings its screen, in either mode; unticking a screen drops its buttons', () => {
    for (const linked of [true, false]) {
      expect(toggleKey(index, [], '/webhook/saveWebhook', true, linked, every).sort()).toEqual([
        '/webhook/saveWebhook',
        'menu:WebhookList',
      ]);
      expect(toggleKey(index, [], '/monitor/forceLogout', true, linked, every).sort()).toEqual(['/monitor/forceLogout', 'menu:OnlineList']);
    }
    expect(toggleKey(index, ['menu:WebhookList', '/webhook/saveWebhook'], 'menu:WebhookList', false, false, every)).toEqual([]);
    // the screen stays when its last button goes: it is still readable
    expect(toggleKey(index, ['menu:WebhookList', '/webhook/saveWebhook'], '/webhook/saveWebhook', false, true, every)).toEqual([
      'menu:WebhookList',
    ]);
  });

  it('父子联动 on ticks a screen with its buttons; off the screen alone (read only)', () => {
    const on = toggleKey(index, [], 'menu:NewsList', true, true, every);
    expect(on).toContain('/news/upisTop');
    expect(toggleKey(index, [], 'menu:NewsList', true, false, every)).toEqual(['menu:NewsList']);
    const shown = shownChecks(index, ['menu:NewsList']);
    expect(shown.checked).toEqual(['menu:NewsList']);
    expect(shown.halfChecked).toEqual(['menu:News']);
    // a first level without 父子联动: its screens only
    expect(toggleKey(index, [], 'menu:Monitor', true, false, every).sort()).toEqual([
      'menu:LoginLogList',
      'menu:OnlineList',
      'menu:OperLogList',
    ]);
  });

  it('changes only keys the user may grant', () => {
    const mine = new Set(['menu:NewsList', '/news/saveNews']);
    expect(toggleKey(index, [], 'menu:News', true, true, (k) => mine.has(k)).sort()).toEqual(['/news/saveNews', 'menu:NewsList']);
  });
});

describe('the permission tree editor', () => {
  function Harness() {
    const [keys, setKeys] = useState<string[]>([]);
    return (
      <>
        <PermissionTreeEditor tree={tree} value={keys} onChange={setKeys} grantable={new Set(held)} readOnly={false} />
        <output data-testid="keys">{[...keys].sort().join(',')}</output>
      </>
    );
  }

  it('searches, selects all and shows 强退 once', () => {
    render(<Harness />);
    expect(screen.getAllByText('强退')).toHaveLength(1);
    fireEvent.change(screen.getByPlaceholderText('搜索菜单或按钮'), { target: { value: 'Webhook' } });
    expect(screen.queryByText('新闻列表')).not.toBeInTheDocument();
    expect(screen.getByText('测试 Webhook')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '全 选' }));
    expect(screen.getByTestId('keys').textContent).toBe([...held].sort().join(','));
  });
});
