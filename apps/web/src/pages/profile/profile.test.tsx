import { authEndpoints, profileEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import ChangePassword from './ChangePassword';
import Profile from './Profile';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  useSession.setState({ buttons: [] });
});

const PROFILE = {
  userName: 'admin',
  name: '系统管理员',
  avatar: '',
  roles: [{ code: 'admin', name: '超级管理员' }],
  createTime: '2026-11-20 10:00:00',
  lastLogins: [],
};

describe('修改密码', () => {
  it('marks its three fields required, states the rule before anything is typed, and Enter submits', async () => {
    const api = stubFetch({
      [profileEndpoints.password.path]: () => ({ code: 200, msg: '密码修改成功' }),
      [authEndpoints.info.path]: () => ({ code: 200, data: { roles: ['admin'], name: 'admin', menus: [], buttons: [] } }),
    });
    const { ui } = routed(<ChangePassword />, { path: '/user/password' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('8 到 30 位英文字母、数字或下划线')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-form-item-required')).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'old_pass1' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'new_pass1' } });
    const confirm = screen.getByLabelText('确认新密码');
    fireEvent.change(confirm, { target: { value: 'new_pass1' } });
    fireEvent.submit(confirm.closest('form')!);
    await waitFor(() => expect(api.of(profileEndpoints.password.path)).toHaveLength(1));
    expect(api.of(profileEndpoints.password.path)[0].body).toEqual({ oldPassword: 'old_pass1', newPassword: 'new_pass1' });
  });
});

describe('个人中心', () => {
  it('the avatar is the same image slot as every other image field, not a bare file input', async () => {
    stubFetch({ [profileEndpoints.get.path]: () => ({ code: 200, data: PROFILE }) });
    const { ui } = routed(<Profile />, { path: '/user/profile' });
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByDisplayValue('系统管理员');
    expect(document.querySelector('.gk-image-slot')).not.toBeNull();
  });
});
