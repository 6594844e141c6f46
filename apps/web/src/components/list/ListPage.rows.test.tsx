import { contactResource, userInfoEndpoints, userInfoResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { routed, stubFetch, TestProviders } from '../test-utils';
import { ListPage } from './ListPage';

/** Row actions beyond 查看详情 / 编辑, and a toggle whose success reloads the list (the server changed other rows). */
vi.setConfig({ testTimeout: 30_000 });

const FIELD_CONFIG = () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } });
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ListPage: row actions', () => {
  const USERS = [
    { id: 1, userName: 'admin', enableFlag: 1, createTime: '2026-01-01 10:00:00' },
    { id: 2, userName: 'editor1', enableFlag: 1, createTime: '2026-01-02 10:00:00' },
  ];

  it('an endpoint action posts ?id= and shows the reply message in a dialog', async () => {
    useSession.setState({ buttons: [] });
    const s = stubFetch({
      '/userInfo/getUserInfoPage': () => ({ code: 200, msg: 'ok', rows: USERS, total: 2 }),
      '/userInfo/showPassWord': () => ({ code: 200, msg: '密码已加密保存，无法查看', data: { id: 2 } }),
      '/KJ/GetUserTabFiledNameConfig': FIELD_CONFIG,
    });
    const { ui } = routed(
      <ListPage
        resource={userInfoResource}
        rowActions={[{ key: 'pw', label: 'userInfo.showPassword', endpoint: userInfoEndpoints.showPassword }]}
      />,
      { path: '/userInfo/userInfo-list' },
    );
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共2条记录');
    // a read endpoint needs no button permission; no dialog / detail route: no 编辑 button
    expect(within(rowOf('editor1')).queryByText(/^编\s?辑$/)).toBeNull();
    fireEvent.click(within(rowOf('editor1')).getByText('查看密码'));
    expect((await screen.findAllByText('密码已加密保存，无法查看')).length).toBeGreaterThan(0);
    expect(s.of('/userInfo/showPassWord')[0].query.get('id')).toBe('2');
  });

  it('编辑 of a dialog list follows the save permission: disabled with a tooltip without it', async () => {
    useSession.setState({ buttons: [] });
    stubFetch({
      '/userInfo/getUserInfoPage': () => ({ code: 200, msg: 'ok', rows: USERS, total: 2 }),
      '/KJ/GetUserTabFiledNameConfig': FIELD_CONFIG,
    });
    const { ui } = routed(<ListPage resource={userInfoResource} dialog={{ fields: [{ name: 'userName' }] }} />, {
      path: '/userInfo/userInfo-list',
    });
    const view = render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共2条记录');
    const edit = within(rowOf('editor1'))
      .getByText(/^编\s?辑$/)
      .closest('button')!;
    expect(edit).toBeDisabled();
    fireEvent.mouseEnter(edit.parentElement!);
    expect(await screen.findByText('没有保存权限，请联系管理员分配')).toBeInTheDocument();
    view.unmount();

    useSession.setState({ buttons: ['/userInfo/saveUserInfo'] });
    const again = routed(<ListPage resource={userInfoResource} dialog={{ fields: [{ name: 'userName' }] }} />, {
      path: '/userInfo/userInfo-list',
    });
    render(<TestProviders>{again.ui}</TestProviders>);
    await screen.findByText('总共2条记录');
    expect(
      within(rowOf('editor1'))
        .getByText(/^编\s?辑$/)
        .closest('button'),
    ).toBeEnabled();
  });

  it('an action needing a permission the user lacks is disabled with the missing-permission tooltip', async () => {
    useSession.setState({ buttons: [] });
    stubFetch({
      '/userInfo/getUserInfoPage': () => ({ code: 200, msg: 'ok', rows: USERS, total: 2 }),
      '/KJ/GetUserTabFiledNameConfig': FIELD_CONFIG,
    });
    const onClick = vi.fn();
    const { ui } = routed(
      <ListPage
        resource={userInfoResource}
        rowActions={[
          { key: 'a', label: 'userInfo.showPassword', onClick, permission: '/userInfo/saveUserInfo' },
          { key: 'b', label: 'ui.refresh', onClick },
        ]}
      />,
      { path: '/userInfo/userInfo-list' },
    );
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共2条记录');
    const denied = within(rowOf('admin')).getByText('查看密码').closest('button')!;
    expect(denied).toBeDisabled();
    fireEvent.mouseEnter(denied.closest('.gk-tooltip-wrap')!);
    expect(await screen.findByText('没有此操作的权限，请联系管理员分配')).toBeInTheDocument();
    fireEvent.click(within(rowOf('admin')).getByText(/^刷\s?新$/));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});

describe('ListPage: a toggle that reloads on success', () => {
  it('reloads the list after the server accepted the change', async () => {
    useSession.setState({ buttons: ['/headerContorller/upContactFlag'] });
    let rows = [
      { id: 1, organizers: '甲单位', address: 'a', phone: '1', enableFlag: 1 },
      { id: 2, organizers: '乙单位', address: 'b', phone: '2', enableFlag: 0 },
    ];
    const s = stubFetch({
      '/headerContorller/getContactPage': () => ({ code: 200, msg: 'ok', rows, total: rows.length }),
      '/headerContorller/upContactFlag': ({ query }) => {
        const id = Number(query.get('id'));
        rows = rows.map((r) => ({ ...r, enableFlag: r.id === id ? Number(query.get('flag')) : 0 }));
        return { code: 200, msg: '操作成功' };
      },
      '/KJ/GetUserTabFiledNameConfig': FIELD_CONFIG,
    });
    const { ui } = routed(<ListPage resource={contactResource} toggles={{ enableFlag: { reloadOnSuccess: true } }} />, {
      path: '/contact/contact-list',
    });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByText('总共2条记录');
    expect(s.of('/headerContorller/getContactPage')[0].body).toEqual({ pageNumber: 1, pageSize: 10 });
    const calls = s.of('/headerContorller/getContactPage').length;
    fireEvent.click(within(rowOf('乙单位')).getByRole('switch'));
    await waitFor(() => expect(s.of('/headerContorller/getContactPage').length).toBeGreaterThan(calls));
    await waitFor(() => expect(within(rowOf('甲单位')).getByRole('switch')).not.toBeChecked());
    expect(within(rowOf('乙单位')).getByRole('switch')).toBeChecked();
  });
});
