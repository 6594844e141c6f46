import { userInfoEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import UserInfoList from './UserInfoList';

/**
 * The user list offers no write on an account the signed-in user may not touch (issue 21): the server says so in
 * each row (`mayTouch`, `touchRefusal`: the rule every write checks), the screen disables 编辑 / 重置密码 / 解锁 /
 * 停用 and the row's selection (删除), each with the server's refusal as its tooltip.
 */
vi.setConfig({ testTimeout: 30_000 });

const WRITES = [
  '/userInfo/saveUserInfo',
  '/userInfo/delUserInfo',
  '/userInfo/upUserInfoFlag',
  '/userInfo/resetPassword',
  '/userInfo/unlock',
];
const USERS = [
  { id: 1, userName: 'admin', enableFlag: 1, roleNames: '超级管理员', mayTouch: false, touchRefusal: 'userInfo.adminOnly' },
  { id: 2, userName: 'rich', enableFlag: 1, roleNames: '新闻编辑', mayTouch: false, touchRefusal: 'userInfo.notCovered' },
  { id: 3, userName: 'plain', enableFlag: 1, roleNames: '', mayTouch: true },
  // every one locked now: 解锁 is offered only on locked accounts
].map((u) => ({ ...u, flag: u.enableFlag, createTime: '2026-01-01 10:00:00', locked: true }));

/** the row whose account cell starts with this name (a locked account's cell goes on with its 已锁定 tag) */
const rowOf = (text: string) =>
  screen.getByText((_c, el) => el?.tagName === 'TD' && (el.textContent ?? '').replace(/已锁定$/, '') === text).closest('tr')!;
const buttonIn = (row: HTMLElement, label: RegExp) => within(row).getByText(label).closest('button')!;
const EDIT = /^编\s?辑$/;

/** hovering `el`'s wrapper shows this tooltip */
async function tooltipOf(el: HTMLElement, text: string) {
  fireEvent.mouseEnter(el.closest('.gk-tooltip-wrap')!);
  expect(await screen.findByText(text)).toBeInTheDocument();
  fireEvent.mouseLeave(el.closest('.gk-tooltip-wrap')!);
}

function serve(rows = USERS) {
  return stubFetch({
    [userInfoEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', rows, total: rows.length }),
    [userInfoEndpoints.roles.path]: () => ({ code: 200, msg: '查询成功', rows: [], total: 0 }),
    '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('user list: accounts the user may not touch', () => {
  it('disables 编辑, 重置密码, 解锁, the enable switch and the selection of those rows, the tooltip giving the server’s reason', async () => {
    useSession.setState({ buttons: WRITES });
    serve();
    const { ui } = routed(<UserInfoList />, { path: '/userInfo/userInfo-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共3条记录');

    const adminOnly = '只有超级管理员可以修改、重置、停用、解锁或删除超级管理员账号“admin”';
    const admin = rowOf('admin');
    for (const label of [EDIT, /^重置密码$/, /^解\s?锁$/]) expect(buttonIn(admin, label)).toBeDisabled();
    expect(within(admin).getByRole('switch')).toBeDisabled();
    expect(within(admin).getByRole('checkbox')).toBeDisabled();
    // 查看密码 reads only (it shows nothing): still offered
    expect(buttonIn(admin, /^查看密码$/)).toBeEnabled();
    await tooltipOf(buttonIn(admin, /^重置密码$/), adminOnly);

    const rich = rowOf('rich');
    for (const label of [EDIT, /^重置密码$/, /^解\s?锁$/]) expect(buttonIn(rich, label)).toBeDisabled();
    expect(within(rich).getByRole('switch')).toBeDisabled();
    await tooltipOf(within(rich).getByRole('switch'), '账号“rich”拥有您没有的权限，您不能修改、重置、停用、解锁或删除它');

    // an account it covers: everything offered, 重置密码 opens its dialog
    const plain = rowOf('plain');
    for (const label of [EDIT, /^重置密码$/, /^解\s?锁$/]) expect(buttonIn(plain, label)).toBeEnabled();
    expect(within(plain).getByRole('switch')).toBeEnabled();
    expect(within(plain).getByRole('checkbox')).toBeEnabled();
    fireEvent.click(buttonIn(plain, /^重置密码$/));
    expect(await screen.findByText('重置密码：plain')).toBeInTheDocument();
  });

  it('offers 解锁 only on an account locked now', async () => {
    useSession.setState({ buttons: WRITES });
    serve(USERS.map((u) => ({ ...u, locked: u.userName !== 'plain' })));
    const { ui } = routed(<UserInfoList />, { path: '/userInfo/userInfo-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共3条记录');
    expect(within(rowOf('plain')).queryByText(/^解\s?锁$/)).toBeNull();
    expect(buttonIn(rowOf('rich'), /^解\s?锁$/)).toBeDisabled();
  });

  it('selecting every row takes only the accounts it may touch', async () => {
    useSession.setState({ buttons: WRITES });
    serve();
    const { ui } = routed(<UserInfoList />, { path: '/userInfo/userInfo-list' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共3条记录');
    fireEvent.click(within(document.querySelector('.ant-table-thead')! as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(within(rowOf('plain')).getByRole('checkbox')).toBeChecked());
    expect(within(rowOf('admin')).getByRole('checkbox')).not.toBeChecked();
    expect(within(rowOf('rich')).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
  });
});
