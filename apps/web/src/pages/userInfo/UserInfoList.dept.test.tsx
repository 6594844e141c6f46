import { userInfoEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import UserInfoList from './UserInfoList';

/**
 * 用户管理 (issue 25): the department tree on the left filters the list (the list call's `deptId`), locked accounts
 * carry 已锁定, 停用 asks first, and the own account's switch is off with the reason.
 */
vi.setConfig({ testTimeout: 30_000 });

const WRITES = ['/userInfo/saveUserInfo', '/userInfo/delUserInfo', '/userInfo/upUserInfoFlag'];
const USERS = [
  {
    id: 1,
    userName: 'admin',
    nickName: '系统管理员',
    deptName: '总公司',
    enableFlag: 1,
    roleNames: '超级管理员',
    mayTouch: true,
    locked: false,
  },
  {
    id: 5,
    userName: 'szwang',
    nickName: '王小深',
    deptName: '深圳分公司',
    enableFlag: 1,
    roleNames: '内容编辑',
    mayTouch: true,
    locked: true,
  },
].map((u) => ({ ...u, flag: u.enableFlag, createTime: '2026-01-01 10:00:00' }));
const TREE = [
  {
    id: 1,
    parentId: null,
    name: '总公司',
    sortNo: 0,
    enableFlag: 1,
    createTime: '',
    userCount: 1,
    children: [{ id: 4, parentId: 1, name: '深圳分公司', sortNo: 1, enableFlag: 1, createTime: '', userCount: 1 }],
  },
];

const rowOf = (text: string) => screen.getAllByText(text)[0].closest('tr')!;

function serve() {
  return stubFetch({
    [userInfoEndpoints.list.path]: (c) => {
      const deptId = (c.body as { deptId?: number } | undefined)?.deptId;
      const rows = deptId === 4 ? USERS.filter((u) => u.id === 5) : USERS;
      return { code: 200, msg: '查询成功', rows, total: rows.length };
    },
    [userInfoEndpoints.deptTree.path]: () => ({ code: 200, msg: '查询成功', data: TREE }),
    [userInfoEndpoints.roles.path]: () => ({ code: 200, msg: '查询成功', rows: [], total: 0 }),
    [userInfoEndpoints.flag.path]: () => ({ code: 200, msg: '操作成功' }),
    '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('user list: departments, locks and the status switch', () => {
  it('filters by the department chosen on the left and marks locked accounts', async () => {
    useSession.setState({ buttons: WRITES, user: { id: 1 } as never });
    const api = serve();
    const { ui } = routed(<UserInfoList />, { path: '/userInfo/userInfo-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共2条记录');
    expect(within(rowOf('szwang')).getByText('已锁定')).toBeInTheDocument();
    expect(within(rowOf('admin')).queryByText('已锁定')).toBeNull();

    fireEvent.click(await screen.findByText('深圳分公司', { selector: '.ant-tree-title' }));
    await screen.findByText('总共1条记录');
    expect(api.of(userInfoEndpoints.list.path).at(-1)?.body).toMatchObject({ deptId: 4 });
  });

  it('asks before 停用 and leaves the own account’s switch off', async () => {
    useSession.setState({ buttons: WRITES, user: { id: 1 } as never });
    const api = serve();
    const { ui } = routed(<UserInfoList />, { path: '/userInfo/userInfo-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共2条记录');
    expect(within(rowOf('admin')).getByRole('switch')).toBeDisabled();

    fireEvent.click(within(rowOf('szwang')).getByRole('switch'));
    expect((await screen.findAllByText('确认要停用“szwang”用户吗？停用后该用户立即下线，不能再登录。')).length).toBeGreaterThan(0);
    expect(api.of(userInfoEndpoints.flag.path)).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /确\s?定/ }).at(-1)!);
    await waitFor(() => expect(api.of(userInfoEndpoints.flag.path)).toHaveLength(1));
  });
});
