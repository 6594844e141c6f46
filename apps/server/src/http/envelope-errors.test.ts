import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { clientErrorHandler, langOfRaw } from './envelope-errors.js';

/** one raw HTTP exchange: writes `text` in one call, reads until the server closes */
function exchange(port: number, text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    // a reset after the reply (the server closes with unread bytes) still leaves the reply read
    socket.on('error', () => {});
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = raw.split('\r\n\r\n');
      if (!head) return reject(new Error('no reply'));
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe.each(DIALECTS)('every refusal in the envelope {code, msg} on %s', (dialect) => {
  const t = useTestApp(dialect);
  let port = 0;
  let token = '';
  beforeAll(async () => {
    await t.current.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.current.app.server.address() as AddressInfo).port;
    token = await t.current.login();
  });
  const inject = (opts: InjectOptions) => t.current.app.inject(opts);
  const expectEnvelope = (r: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, code: number, msg: string) => {
    expect(r.statusCode).toBe(code);
    expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
    expect(r.json()).toEqual({ code, msg });
  };

  it("431: a 60 KB query string (over Node's 16 KB header limit), answered by Node's parser", async () => {
    const r = await exchange(port, `POST /api/news/getNewsList?q=${'x'.repeat(60_000)} HTTP/1.1\r\nHost: a\r\ntoken: ${token}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
    expect(JSON.parse(r.body)).toEqual({ code: 431, msg: '请求的网址或请求头过长（最多 16 KB），请缩短后重试' });
    // the same through an ordinary client
    const f = await fetch(`http://127.0.0.1:${port}/api/news/getNewsList?q=${'y'.repeat(60_000)}`, { method: 'POST' });
    expect(f.status).toBe(431);
    expect(await f.json()).toEqual({ code: 431, msg: '请求的网址或请求头过长（最多 16 KB），请缩短后重试' });
  });

  it('431: one header over the limit', async () => {
    const r = await exchange(port, `GET /healthz HTTP/1.1\r\nHost: a\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body).code).toBe(431);
  });

  it('400: a request Node cannot parse (bad request line, bad header, two lengths)', async () => {
    for (const text of [
      'BLAH\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost a\r\n\r\n',
      'POST /api/x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
    ]) {
      const r = await exchange(port, text);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body)).toEqual({ code: 400, msg: '请求格式有误，无法处理' });
    }
  });

  it('400: an address with a broken percent-encoding, in the caller’s language', async () => {
    expectEnvelope(await inject({ method: 'GET', url: '/api/%E0%A4%A' }), 400, '请求的网址格式有误（含有无效的编码），请检查后重试');
    expectEnvelope(
      await inject({ method: 'GET', url: '/public/v1/news/%E0%A4%A', headers: { lang: 'en' } }),
      400,
      'The request address is malformed (an invalid encoding); please check it and try again',
    );
  });

  it('414: a path segment longer than the router takes', async () => {
    const r = await inject({ method: 'GET', url: `/public/v1/news/${'1'.repeat(400)}`, headers: { 'accept-language': 'es' } });
    expectEnvelope(r, 414, 'La dirección de la solicitud es demasiado larga; revísela e inténtelo de nuevo');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('404: an unknown API path, a method the path does not take (no 405), a very long address named short', async () => {
    expectEnvelope(await inject({ method: 'POST', url: '/api/nope/nothing' }), 404, '接口不存在：/api/nope/nothing');
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)
      expectEnvelope(await inject({ method, url: '/api/news/getNewsList', headers: { token } }), 404, '接口不存在：/api/news/getNewsList');
    const long = await inject({ method: 'POST', url: `/api/${'z'.repeat(15_000)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json().code).toBe(404);
    expect(long.json().msg).toBe(`接口不存在：/api/${'z'.repeat(195)}…`);
  });

  it('400 / 413 / 415: malformed or empty JSON, a body over the limit, a content type the API does not read', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      inject({ method: 'POST', url: '/api/news/getNewsList', headers: { token, ...headers }, payload });
    expectEnvelope(await post({ 'content-type': 'application/json' }, '{"a":'), 400, '请求内容不是有效的 JSON，请检查后重试');
    expectEnvelope(await post({ 'content-type': 'application/json' }, ''), 400, '请求内容不是有效的 JSON，请检查后重试');
    expectEnvelope(
      await post({ 'content-type': 'application/json' }, '{"__proto__":{"x":1}}'),
      400,
      '请求内容不是有效的 JSON，请检查后重试',
    );
    expectEnvelope(await post({ 'content-type': 'text/xml' }, '<a/>'), 415, '不支持的请求内容类型：text/xml');
    expectEnvelope(
      await post({ 'content-type': 'application/octet-stream' }, 'hello'),
      415,
      '不支持的请求内容类型：application/octet-stream',
    );
    expectEnvelope(
      await post({ 'content-type': 'application/json' }, JSON.stringify({ a: 'x'.repeat(3 * 1024 * 1024) })),
      413,
      '请求内容过大，最大允许 2 MB',
    );
  });
});

describe('the envelope of a refusal by the HTTP parser', () => {
  /** a socket stand-in that records what is written */
  const fakeSocket = () => {
    const written: string[] = [];
    const s = { writable: true, destroyed: false, write: (d: string) => written.push(d), destroy: () => (s.destroyed = true) };
    return { s, written };
  };
  const self = { log: { debug: () => {} } } as never;
  const run = (code: string, raw?: string) => {
    const { s, written } = fakeSocket();
    const err = Object.assign(new Error(code), { code, rawPacket: raw === undefined ? undefined : Buffer.from(raw, 'latin1') });
    clientErrorHandler.call(self, err, s as never);
    expect(s.destroyed).toBe(true);
    const text = written.join('');
    return { status: Number(text.split(' ')[1]), body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) };
  };

  it('408 when the request took too long, 431 and 400 as above; the language from the bytes read', () => {
    expect(run('ERR_HTTP_REQUEST_TIMEOUT')).toEqual({ status: 408, body: { code: 408, msg: '请求发送超时，请重试' } });
    expect(run('HPE_HEADER_OVERFLOW', 'GET /x?lang=en&q=aaaa')).toEqual({
      status: 431,
      body: { code: 431, msg: 'The request address or headers are too long (at most 16 KB); please shorten them and try again' },
    });
    expect(run('HPE_INVALID_METHOD', 'FOO / HTTP/1.1\r\nHost: a\r\nlang: es\r\n')).toEqual({
      status: 400,
      body: { code: 400, msg: 'La solicitud está mal formada y no se puede procesar' },
    });
  });

  it('writes nothing on a reset connection', () => {
    const { s, written } = fakeSocket();
    clientErrorHandler.call(self, Object.assign(new Error('reset'), { code: 'ECONNRESET' }), s as never);
    expect(written).toEqual([]);
  });

  it('reads the language as the API does: lang header, lang= in the address, Accept-Language', () => {
    expect(langOfRaw(undefined)).toBe('zh');
    expect(langOfRaw('GET /a HTTP/1.1\r\nHost: x\r\nLang: en\r\nAccept-Language: es\r\n')).toBe('en');
    expect(langOfRaw('GET /a?x=1&lang=es HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n')).toBe('es');
    expect(langOfRaw('GET /a HTTP/1.1\r\nAccept-Language: en-US,en;q=0.9\r\n')).toBe('en');
    expect(langOfRaw('GET /a HTTP/1.1\r\nAccept-Language: fr\r\n')).toBe('zh');
  });
});
