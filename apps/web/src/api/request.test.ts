import { Code } from '@gk/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback } from '../lib/feedback';
import { useSession } from '../stores/session';
import { uploadImage } from './queries';
import { buildUrl, isAuthFailure, post, RequestError } from './request';

const message = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
const modal = { confirm: vi.fn() };

function reply(body: unknown, init: { status?: number; type?: string } = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': init.type ?? 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setFeedback({ message, modal } as never);
  Cookies.set('token', 'tok-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Cookies.remove('token');
  setFeedback(null);
});

describe('post', () => {
  it('posts JSON to /api + path with the token and lang headers and resolves with the reply', async () => {
    fetchMock.mockResolvedValue(reply({ code: 200, msg: 'ok', data: { a: 1 } }));
    const r = await post('/news/getNews', { x: 1 }, { params: { id: 5, empty: '' } });
    expect(r).toEqual({ code: 200, msg: 'ok', data: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/news/getNews?id=5');
    expect(init.method).toBe('POST');
    expect(init.headers.token).toBe('tok-1');
    expect(init.headers.lang).toBe('zh');
    expect(init.headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"x":1}');
  });

  it('treats code "200" (a string) as success', async () => {
    fetchMock.mockResolvedValue(reply({ code: '200', msg: 'ok' }));
    await expect(post('/x')).resolves.toMatchObject({ code: '200' });
    expect(message.error).not.toHaveBeenCalled();
  });

  it('any other code toasts msg for 5 s and rejects', async () => {
    fetchMock.mockResolvedValue(reply({ code: 400, msg: '标题不得为空' }, { status: 400 }));
    const err = await post('/x').catch((e) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err.message).toBe('标题不得为空');
    expect(err.code).toBe(400);
    expect(message.error).toHaveBeenCalledWith('标题不得为空', 5);
    expect(modal.confirm).not.toHaveBeenCalled();
  });

  it.each([Code.TOKEN_MISSING, Code.TOKEN_REPLACED, Code.TOKEN_EXPIRED])('code %i opens the re-login dialog', async (code) => {
    fetchMock.mockResolvedValue(reply({ code, msg: '登录已超时' }, { status: 401 }));
    await expect(post('/x')).rejects.toBeInstanceOf(RequestError);
    expect(modal.confirm).toHaveBeenCalledTimes(1);
    const cfg = modal.confirm.mock.calls[0][0];
    expect(cfg.content).toBe('登录已超时，可以取消继续留在该页面，或者重新登录');
    expect(cfg.okText).toBe('重新登录');
    expect(cfg.cancelText).toBe('取消');
    cfg.afterClose();
  });

  it.each([
    [Code.TOKEN_MISSING, '您已被管理员强制下线', '您已被管理员强制下线，可以取消继续留在该页面，或者重新登录'],
    [Code.TOKEN_MISSING, '密码已在其他地方修改，请重新登录', '密码已在其他地方修改，请重新登录，可以取消继续留在该页面，或者重新登录'],
    [Code.TOKEN_REPLACED, '账号已在其他地方登录，请重新登录', '账号已在其他地方登录，请重新登录，可以取消继续留在该页面，或者重新登录'],
    [Code.TOKEN_EXPIRED, '登录已超时，请重新登录', '登录已超时，可以取消继续留在该页面，或者重新登录'],
  ])('code %i "%s": the dialog says why the session ended, never 登录已超时 for another reason', async (code, msg, content) => {
    fetchMock.mockResolvedValue(reply({ code, msg }, { status: 401 }));
    await expect(post('/x')).rejects.toBeInstanceOf(RequestError);
    expect(message.error).toHaveBeenCalledWith(msg, 5);
    const cfg = modal.confirm.mock.calls[0][0];
    expect(cfg.content).toBe(content);
    if (code !== Code.TOKEN_EXPIRED) expect(cfg.content).not.toContain('登录已超时');
    cfg.afterClose();
  });

  it('a 500xx code with intTotal does not open the dialog', async () => {
    fetchMock.mockResolvedValue(reply({ code: Code.TOKEN_EXPIRED, msg: 'x', intTotal: 0, list: [] }));
    await expect(post('/x')).rejects.toBeInstanceOf(RequestError);
    expect(modal.confirm).not.toHaveBeenCalled();
  });

  it('re-login clears the session and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, protocol: 'http:' });
    useSession.setState({ token: 'tok-1', expiredAt: null });
    fetchMock.mockResolvedValue(reply({ code: Code.TOKEN_EXPIRED, msg: 'x' }));
    await post('/x').catch(() => undefined);
    const cfg = modal.confirm.mock.calls[0][0];
    cfg.onOk();
    expect(useSession.getState().token).toBeUndefined();
    expect(reload).toHaveBeenCalled();
    cfg.afterClose();
  });

  it('an expiry code removes the token at once; staying brings no second toast, only the dialog when asked again', async () => {
    window.history.replaceState(null, '', '/news/news-list?page=2');
    useSession.setState({ token: 'tok-1', expiredAt: null });
    fetchMock.mockImplementation(async () => reply({ code: Code.TOKEN_EXPIRED, msg: '登录已超时' }, { status: 401 }));
    await expect(post('/x')).rejects.toBeInstanceOf(RequestError);
    // removed when the code arrives, before any choice in the dialog
    expect(Cookies.get('token')).toBeUndefined();
    expect(useSession.getState().expiredAt).toBe('/news/news-list?page=2');
    expect(message.error).toHaveBeenCalledTimes(1);
    expect(message.error).toHaveBeenCalledWith('登录已超时', 5);
    expect(modal.confirm).toHaveBeenCalledTimes(1);
    // a second call while the dialog is open: neither a toast nor a second dialog
    await expect(post('/y')).rejects.toBeInstanceOf(RequestError);
    expect(fetchMock.mock.calls[1][1].headers.token).toBeUndefined();
    expect(message.error).toHaveBeenCalledTimes(1);
    expect(modal.confirm).toHaveBeenCalledTimes(1);
    // 取消 (stay), then the user acts again on the page: the dialog only
    modal.confirm.mock.calls[0][0].afterClose();
    await expect(post('/z')).rejects.toBeInstanceOf(RequestError);
    expect(message.error).toHaveBeenCalledTimes(1);
    expect(modal.confirm).toHaveBeenCalledTimes(2);
    modal.confirm.mock.calls[1][0].afterClose();
    useSession.getState().reset();
  });

  it('quiet calls neither toast nor ask', async () => {
    fetchMock.mockResolvedValue(reply({ code: Code.TOKEN_MISSING, msg: 'x' }));
    await expect(post('/x', undefined, { quiet: true })).rejects.toBeInstanceOf(RequestError);
    expect(message.error).not.toHaveBeenCalled();
    expect(modal.confirm).not.toHaveBeenCalled();
  });

  it('a network error toasts for 5 s and rejects', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(post('/x')).rejects.toBeInstanceOf(RequestError);
    // the browser's English reason is not appended
    expect(message.error).toHaveBeenCalledWith('网络异常，请检查网络连接后重试', 5);
  });

  it('offline, a failed call says 网络连接已断开', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(post('/x')).rejects.toThrow('网络连接已断开');
      expect(message.error).toHaveBeenCalledWith('网络连接已断开', 5);
    } finally {
      onLine.mockRestore();
    }
  });

  it('times out', async () => {
    fetchMock.mockImplementation(
      (_u: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await expect(post('/x', undefined, { timeout: 10 })).rejects.toThrow('请求超时');
  });

  it('passes spreadsheet and octet-stream replies through as a Blob', async () => {
    fetchMock.mockResolvedValue(reply('bytes', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    const b = await post<Blob>('/export');
    // (the Response's Blob comes from Node's realm, not jsdom's)
    expect(b.constructor.name).toBe('Blob');
    expect(b.size).toBe(5);
    expect(b.type).toContain('spreadsheetml');
    fetchMock.mockResolvedValue(reply('bytes', { type: 'application/octet-stream' }));
    expect((await post<Blob>('/export')).constructor.name).toBe('Blob');
  });

  it('accepts option lists (list + intTotal) and field-config replies (success)', async () => {
    fetchMock.mockResolvedValue(reply({ list: [], intTotal: 0 }));
    await expect(post('/AutoComplete/AutoBaseUnits')).resolves.toEqual({ list: [], intTotal: 0 });
    fetchMock.mockResolvedValue(reply({ success: true, message: '字段保存成功' }));
    await expect(post('/KJ/SaveUserTabFiledNameConfig')).resolves.toMatchObject({ success: true });
    fetchMock.mockResolvedValue(reply({ success: false, message: '保存失败' }));
    await expect(post('/KJ/SaveUserTabFiledNameConfig')).rejects.toThrow('保存失败');
  });

  it('a reply that is not JSON is reported', async () => {
    fetchMock.mockResolvedValue(reply('<html>bad gateway</html>', { status: 502, type: 'text/html' }));
    const err = await post('/x').catch((e) => e);
    expect(err.message).toContain('HTTP 502');
    expect(err.code).toBeUndefined();
    expect(err.status).toBe(502);
    expect(isAuthFailure(err)).toBe(false);
  });

  it('tells auth failures from network and server failures', async () => {
    fetchMock.mockResolvedValue(reply({ code: Code.TOKEN_EXPIRED, msg: 'x' }));
    expect(isAuthFailure(await post('/x', undefined, { quiet: true }).catch((e) => e))).toBe(true);
    fetchMock.mockResolvedValue(reply({ code: 500, msg: 'x' }));
    expect(isAuthFailure(await post('/x', undefined, { quiet: true }).catch((e) => e))).toBe(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(isAuthFailure(await post('/x', undefined, { quiet: true }).catch((e) => e))).toBe(false);
  });
});

describe('upload', () => {
  it('sends the file as multipart field "file" to /api/upload/upload with the token, and uses the URL it answers', async () => {
    fetchMock.mockResolvedValue(reply({ code: 200, msg: 'abc.png', data: { name: 'abc.png', url: '/img/abc.png?v=1' } }));
    const answered = await uploadImage(new Blob(['x'], { type: 'image/png' }));
    expect(answered).toBe('/img/abc.png?v=1');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/upload/upload');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(init.headers.token).toBe('tok-1');
    expect(init.headers['content-type']).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('skips empty parameters', () => {
    expect(buildUrl('/a', { x: null, y: undefined, z: 0, w: false })).toBe('/api/a?z=0&w=false');
    expect(buildUrl('a')).toBe('/api/a');
  });
});

describe('entity replies (a bare record without the envelope)', () => {
  it('a 2xx record resolves even when the record has a code field of its own', async () => {
    fetchMock.mockResolvedValue(reply({ id: 1, code: 'GJKD', name: '国际快递' }));
    await expect(post('/business/getBusinessType', undefined, { entity: true })).resolves.toEqual({
      id: 1,
      code: 'GJKD',
      name: '国际快递',
    });
    expect(message.error).not.toHaveBeenCalled();
  });

  it('without the option such a record is a failure', async () => {
    fetchMock.mockResolvedValue(reply({ id: 1, code: 'GJKD', name: '国际快递' }));
    await expect(post('/x', undefined, { quiet: true })).rejects.toBeInstanceOf(RequestError);
  });

  it('a failure envelope with a non-2xx status still rejects with its msg', async () => {
    fetchMock.mockResolvedValue(reply({ code: 404, msg: '数据不存在或已被删除' }, { status: 404 }));
    const err = await post('/business/getBusinessType', undefined, { entity: true }).catch((e) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err.code).toBe(404);
    expect(message.error).toHaveBeenCalledWith('数据不存在或已被删除', 5);
  });
});
