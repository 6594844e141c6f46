import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import Login from './Login';

const login = vi.hoisted(() => vi.fn(async (_u: string, _p: string) => undefined));
vi.mock('../../app/session', () => ({ login }));

function renderLogin() {
  return render(
    <Providers>
      <Login />
    </Providers>,
  );
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('login page', () => {
  it('warns about an empty account and password', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('账号不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
  });

  it('a blank account counts as empty; the account is trimmed before login', async () => {
    login.mockClear();
    renderLogin();
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: '   ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('账号不能为空')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: '  admin ' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(login).toHaveBeenCalledWith('admin', 'pw'));
  });

  it('prefills remembered credentials', () => {
    localStorage.setItem('gk.remember', JSON.stringify({ username: 'ops', password: 'secret' }));
    renderLogin();
    expect(screen.getByTestId('login-username')).toHaveValue('ops');
    expect(screen.getByTestId('login-password')).toHaveValue('secret');
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  // the dialog comes from the antd scope, loaded on first use (antd is not on the login page's critical path)
  it('ticking remember asks for confirmation first', { timeout: 30_000 }, async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(await screen.findByText('请勿在公用设备上选择记住密码', {}, { timeout: 25_000 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });
});
