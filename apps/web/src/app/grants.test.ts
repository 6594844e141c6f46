import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '../api/request';
import { setFeedback } from '../lib/feedback';
import { useSession } from '../stores/session';
import { loadInfo } from './session';

const info = (buttons: string[]) => ({
  code: 200,
  msg: 'ok',
  data: {
    id: 2,
    name: 'n',
    userName: 'n',
    roles: ['news_ed'],
    menus: [],
    buttons: buttons.map((url) => ({ url, name: url })),
  },
});
const reply = (body: unknown, grants: string, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-grants': grants } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setFeedback({ message: { error: vi.fn(), success: vi.fn() }, modal: { confirm: vi.fn() } } as never);
  Cookies.set('token', 'tok-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('token');
  setFeedback(null);
});

describe('grants fingerprint (x-grants)', () => {
  it('a reply naming other grants reads the user info again: a removed button disappears without a reload', async () => {
    fetchMock.mockResolvedValueOnce(reply(info(['/news/saveNews', '/news/delNews']), 'g1'));
    await loadInfo();
    expect(useSession.getState().buttons).toEqual(['/news/saveNews', '/news/delNews']);

    // same grants: nothing more is asked
    fetchMock.mockResolvedValueOnce(reply({ code: 200, msg: 'ok', rows: [], total: 0 }, 'g1'));
    await post('/news/getNewsList', {});
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // the administrator removed 删除: the refusal names new grants and the buttons follow
    fetchMock.mockResolvedValueOnce(reply({ code: 403, msg: '没有权限执行此操作' }, 'g2', 403));
    fetchMock.mockResolvedValueOnce(reply(info(['/news/saveNews']), 'g2'));
    await expect(post('/news/delNews', [1])).rejects.toThrow('没有权限执行此操作');
    await vi.waitFor(() => expect(useSession.getState().buttons).toEqual(['/news/saveNews']), { timeout: 15_000 });
    expect(String(fetchMock.mock.calls[3][0])).toBe('/api/user/info');
  });
});
