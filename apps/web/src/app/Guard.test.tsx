import { Code } from '@gk/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback } from '../lib/feedback';
import { useSession } from '../stores/session';
import { Providers } from './Providers';
import { routeObjects } from './router';

const message = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
const modal = { confirm: vi.fn() };

function open(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  setFeedback({ message, modal } as never);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  setFeedback(null);
  useSession.getState().reset();
});

describe('session expiry in the guard', () => {
  // with a token the guard starts loading the layout chunks alongside the user info (slow the first time in jsdom)
  it('a reload with a dead session goes to the login page, without a dialog or toast over it', { timeout: 30_000 }, async () => {
    Cookies.set('token', 'dead-token');
    useSession.setState({ token: 'dead-token', user: null, expiredAt: null });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: Code.TOKEN_EXPIRED, msg: '登录已超时' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = open('/news/news-list');
    expect(await screen.findByTestId('login-page', {}, { timeout: 25_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/news/news-list')}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(Cookies.get('token')).toBeUndefined();
    expect(modal.confirm).not.toHaveBeenCalled();
    expect(message.error).not.toHaveBeenCalled();
  });

  it.each([
    [{ code: 403, msg: 'getInfo: roles must be a non-null array!' }, 403, '账号未分配可用角色，请联系管理员'],
    [{ code: Code.TOKEN_MISSING, msg: '您已被管理员强制下线' }, 401, '您已被管理员强制下线'],
    [{ code: Code.TOKEN_MISSING, msg: '密码已在其他地方修改，请重新登录' }, 401, '密码已在其他地方修改，请重新登录'],
  ])('a reload whose session was turned down for a reason signs out and says why (%j)', async (body, status, said) => {
    Cookies.set('token', 'gone-token');
    useSession.setState({ token: 'gone-token', user: null, expiredAt: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );
    open('/news/news-list');
    expect(await screen.findByTestId('login-page', {}, { timeout: 25_000 })).toBeInTheDocument();
    expect(message.error).toHaveBeenCalledWith(said);
    expect(message.error).not.toHaveBeenCalledWith(expect.stringContaining('getInfo'));
    expect(useSession.getState().token).toBeUndefined();
  });

  it('leaving the page where the session expired signs out and goes to the login page', async () => {
    useSession.setState({
      token: 'tok',
      user: { name: 'ops', roles: ['admin'] } as never,
      roles: ['admin'],
      expiredAt: '/news/news-list',
    });
    const router = open('/policy/policy-list?x=1');
    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/policy/policy-list?x=1')}`);
    await waitFor(() => expect(useSession.getState().token).toBeUndefined());
    expect(useSession.getState().expiredAt).toBeNull();
  });
});

describe('a password reset by an administrator', () => {
  it('sends the holder to 修改密码 first, wherever they were going', async () => {
    useSession.setState({
      token: 'tok',
      user: { name: 'ops', roles: ['editor'], menus: [], mustChangePwd: true } as never,
      roles: ['editor'],
      expiredAt: null,
    });
    const router = open('/news/news-list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/password'));
  });
});
