import { importEndpoints, logEndpoints, monitorEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import OperLogList from '../log/OperLogList';
import LoginLogList from './LoginLogList';
import OnlineList from './OnlineList';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: [monitorEndpoints.forceLogout.path, monitorEndpoints.unlockAccount.path] });
});

const rowOf = (text: string) => screen.getAllByText(text)[0].closest('tr') as HTMLElement;
const toolbarButton = (name: RegExp) => within(document.querySelector('.gk-list-toolbar') as HTMLElement).getByRole('button', { name });
const confirmDialog = async (text: string) => (await screen.findAllByText(text))[0].closest('.ant-modal') as HTMLElement;
const checkbox = (tr: HTMLElement) => within(tr).getByRole('checkbox');

const ATTEMPTS = [
  {
    id: 9,
    loginTime: '2026-11-20 10:05:00',
    userName: 'li.lei',
    userId: 7,
    status: 0,
    statusName: '失败',
    ip: '113.108.81.189',
    location: '广东省 深圳市',
    browser: 'Chrome 120',
    os: 'Windows 10',
    reason: '登录失败次数过多，账号已锁定',
    locked: true,
  },
  {
    id: 8,
    loginTime: '2026-11-20 10:00:00',
    userName: 'han.mei',
    userId: 8,
    status: 0,
    statusName: '失败',
    ip: '192.168.1.5',
    location: '内网IP',
    browser: 'Chrome 120',
    os: 'Windows 10',
    reason: '账号或密码错误',
    locked: true,
  },
  {
    id: 7,
    loginTime: '2026-11-20 09:00:00',
    userName: 'wang.wu',
    userId: 9,
    status: 1,
    statusName: '成功',
    ip: '223.5.5.5',
    location: '浙江省 杭州市',
    browser: 'Firefox 121',
    os: 'Mac OS 10',
    reason: '',
    locked: false,
  },
];

function serveLoginLog() {
  let rows = ATTEMPTS.map((r) => ({ ...r }));
  return stubFetch({
    [monitorEndpoints.loginLogPage.path]: () => ({ code: 200, msg: '查询成功', rows, total: rows.length }),
    [monitorEndpoints.unlockAccount.path]: ({ body }) => {
      const ids = (body as { ids: number[] }).ids;
      rows = rows.map((r) => (ids.includes(r.userId) ? { ...r, locked: false } : r));
      return { code: 200, msg: `已解锁 ${ids.length} 个账号`, data: { count: ids.length } };
    },
  });
}

describe('登录日志', () => {
  const show = async () => {
    const { ui } = routed(<LoginLogList />, { path: '/monitor/loginlog-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('li.lei');
  };

  it('shows the place, the result as a coloured tag, and 已锁定 with 解锁 only on rows of locked accounts', async () => {
    serveLoginLog();
    await show();
    expect(rowOf('li.lei')).toHaveTextContent('广东省 深圳市');
    expect(rowOf('han.mei')).toHaveTextContent('内网IP');
    expect(within(rowOf('li.lei')).getByText('失败').closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(within(rowOf('wang.wu')).getByText('成功').closest('.ant-tag')).toHaveClass('ant-tag-success');
    expect(within(rowOf('li.lei')).getByText('已锁定')).toBeInTheDocument();
    expect(within(rowOf('li.lei')).getByRole('button', { name: /解\s?锁/ })).toBeInTheDocument();
    expect(within(rowOf('wang.wu')).queryByText('已锁定')).not.toBeInTheDocument();
    expect(within(rowOf('wang.wu')).queryByRole('button', { name: /解\s?锁/ })).not.toBeInTheDocument();
    // a row of an account that is not locked cannot be picked for 批量解锁
    expect(checkbox(rowOf('wang.wu'))).toBeDisabled();
    expect(checkbox(rowOf('li.lei'))).not.toBeDisabled();
  });

  it('解锁 on a row asks, posts the account to 登录日志’s own endpoint, and the row is no longer locked', async () => {
    const api = serveLoginLog();
    await show();
    fireEvent.click(within(rowOf('li.lei')).getByRole('button', { name: /解\s?锁/ }));
    const dialog = await confirmDialog('确定解锁账号“li.lei”吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /解\s?锁/ }));
    expect(await screen.findByText('已解锁 1 个账号')).toBeInTheDocument();
    expect(api.of(monitorEndpoints.unlockAccount.path)[0].body).toEqual({ ids: [7] });
    await waitFor(() => expect(within(rowOf('li.lei')).queryByText('已锁定')).not.toBeInTheDocument());
  });

  it('批量解锁 unlocks the selected locked accounts together', async () => {
    const api = serveLoginLog();
    await show();
    fireEvent.click(checkbox(rowOf('li.lei')));
    fireEvent.click(checkbox(rowOf('han.mei')));
    fireEvent.click(toolbarButton(/批量解锁/));
    const dialog = await confirmDialog('确定解锁所选的 2 个账号吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /解\s?锁/ }));
    expect(await screen.findByText('已解锁 2 个账号')).toBeInTheDocument();
    expect(api.of(monitorEndpoints.unlockAccount.path)[0].body).toEqual({ ids: [7, 8] });
  });

  it('without the 解锁 button permission, 解锁 and 批量解锁 are disabled with the missing-permission tooltip', async () => {
    useSession.setState({ buttons: [] });
    serveLoginLog();
    await show();
    expect(within(rowOf('li.lei')).getByText('已锁定')).toBeInTheDocument();
    expect(within(rowOf('li.lei')).getByRole('button', { name: /解\s?锁/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /批量解锁/ })).toBeDisabled();
  });
});

describe('在线用户', () => {
  const SESSIONS = [
    {
      id: 31,
      userId: 1,
      userName: 'admin',
      name: '管理员',
      ip: '127.0.0.1',
      location: '内网IP',
      browser: 'Chrome 120',
      os: 'Windows 10',
      loginTime: '2026-11-20 08:00:00',
      lastSeen: '2026-11-20 10:00:00',
      current: true,
    },
    {
      id: 32,
      userId: 7,
      userName: 'li.lei',
      name: '李雷',
      ip: '113.108.81.189',
      location: '广东省 深圳市',
      browser: 'Firefox 121',
      os: 'Mac OS 10',
      loginTime: '2026-11-20 08:30:00',
      lastSeen: '2026-11-20 09:59:00',
      current: false,
    },
    {
      id: 33,
      userId: 8,
      userName: 'han.mei',
      name: '韩梅',
      ip: '223.5.5.5',
      location: '浙江省 杭州市',
      browser: 'Chrome 120',
      os: 'Windows 10',
      loginTime: '2026-11-20 08:40:00',
      lastSeen: '2026-11-20 09:58:00',
      current: false,
    },
  ];
  const serve = () => {
    let rows = SESSIONS.map((r) => ({ ...r }));
    return stubFetch({
      [monitorEndpoints.onlinePage.path]: () => ({ code: 200, msg: '查询成功', rows, total: rows.length }),
      [monitorEndpoints.forceLogout.path]: ({ body }) => {
        const ids = (body as { ids: number[] }).ids;
        rows = rows.filter((r) => !ids.includes(r.id));
        return { code: 200, msg: `已强制退出 ${ids.length} 个会话`, data: { count: ids.length } };
      },
    });
  };
  const show = async () => {
    const { ui } = routed(<OnlineList />, { path: '/monitor/online-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('li.lei');
  };

  it('shows 当前会话, the place and 最后访问; the current session cannot be picked or forced out', async () => {
    serve();
    await show();
    expect(rowOf('admin')).toHaveTextContent('当前会话');
    expect(rowOf('li.lei')).toHaveTextContent('广东省 深圳市');
    expect(rowOf('li.lei')).toHaveTextContent('2026-11-20 09:59:00');
    expect(checkbox(rowOf('admin'))).toBeDisabled();
    expect(within(rowOf('admin')).getByRole('button', { name: /强\s?退/ })).toBeDisabled();
    expect(checkbox(rowOf('li.lei'))).not.toBeDisabled();
  });

  it('批量强退 asks, then signs the selected sessions out together', async () => {
    const api = serve();
    await show();
    fireEvent.click(checkbox(rowOf('li.lei')));
    fireEvent.click(checkbox(rowOf('han.mei')));
    fireEvent.click(toolbarButton(/批量强退/));
    const dialog = await confirmDialog('确定强制所选的 2 个会话退出登录吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /强\s?退/ }));
    expect(await screen.findByText('已强制退出 2 个会话')).toBeInTheDocument();
    expect(api.of(monitorEndpoints.forceLogout.path)[0].body).toEqual({ ids: [32, 33] });
    await waitFor(() => expect(screen.queryByText('li.lei')).not.toBeInTheDocument());
    expect(screen.getByText('admin')).toBeInTheDocument();
  });
});

describe('操作日志', () => {
  it('shows 操作地点, 消耗时间 and the result as a coloured tag', async () => {
    stubFetch({
      [logEndpoints.page.path]: () => ({
        code: 200,
        msg: '查询成功',
        total: 2,
        rows: [
          {
            id: 2,
            operTime: '2026-11-20 10:00:00',
            userName: 'editor',
            address: '223.5.5.5',
            location: '浙江省 杭州市',
            module: 'news',
            moduleName: '新闻',
            action: 'update',
            actionName: '修改',
            recordId: 7,
            title: '港口新规',
            result: 1,
            resultName: '成功',
            reason: '',
            costMs: 42,
          },
          {
            id: 1,
            operTime: '2026-11-20 09:00:00',
            userName: 'guest',
            address: '10.0.0.8',
            location: '内网IP',
            module: 'news',
            moduleName: '新闻',
            action: 'publish',
            actionName: '发布',
            recordId: 8,
            title: '关税通知',
            result: 0,
            resultName: '被拒绝',
            reason: '没有权限执行此操作',
            costMs: 3,
          },
        ],
      }),
    });
    const { ui } = routed(<OperLogList />, { path: '/log/operlog-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('港口新规');
    expect(rowOf('港口新规')).toHaveTextContent('浙江省 杭州市');
    expect(rowOf('港口新规')).toHaveTextContent('42 毫秒');
    expect(within(rowOf('港口新规')).getByText('成功').closest('.ant-tag')).toHaveClass('ant-tag-success');
    expect(within(rowOf('关税通知')).getByText('被拒绝').closest('.ant-tag')).toHaveClass('ant-tag-error');
  });

  it('an import entry has 撤销导入: it asks, then undoes the whole import by its id', async () => {
    const entry = (over: Record<string, unknown>) => ({
      operTime: '2026-11-20 10:00:00',
      userName: 'admin',
      module: 'link',
      moduleName: '友情链接',
      result: 1,
      resultName: '成功',
      costMs: 900,
      ...over,
    });
    const s = stubFetch({
      [logEndpoints.page.path]: () => ({
        code: 200,
        msg: '查询成功',
        total: 3,
        rows: [
          entry({ id: 3, action: 'import', actionName: '导入', recordId: 12, importId: 12, title: '导入 120 行（新增 118，更新 2）' }),
          entry({ id: 2, action: 'import', actionName: '导入', recordId: 11, importId: 11, title: '已撤销的导入', undone: true }),
          entry({ id: 1, action: 'update', actionName: '修改', recordId: 7, title: '港口链接' }),
        ],
      }),
      [importEndpoints.undoImport.path]: () => ({ code: 200, msg: '已撤销导入：删除 118 条，恢复 2 条' }),
    });
    const { ui } = routed(<OperLogList />, { path: '/log/operlog-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('港口链接');
    expect(within(rowOf('港口链接')).queryByRole('button', { name: '撤销导入' })).toBeNull();
    expect(within(rowOf('已撤销的导入')).queryByRole('button', { name: '撤销导入' })).toBeNull();
    fireEvent.click(within(rowOf('导入 120 行（新增 118，更新 2）')).getByRole('button', { name: '撤销导入' }));
    const dialog = await confirmDialog('撤销这次导入？导入新增的记录将被删除，更新的记录恢复为导入前的内容。');
    expect(s.of(importEndpoints.undoImport.path)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '撤销导入' }));
    await waitFor(() => expect(s.of(importEndpoints.undoImport.path)).toHaveLength(1));
    expect(s.of(importEndpoints.undoImport.path)[0].query.get('id')).toBe('12');
    expect(await screen.findByText('已撤销导入')).toBeInTheDocument();
    // the log shows the undo's own entry
    await waitFor(() => expect(s.of(logEndpoints.page.path).length).toBeGreaterThan(1));
  });
});
