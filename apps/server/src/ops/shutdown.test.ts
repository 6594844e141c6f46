import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './test-process.js';

describe('SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-shutdown-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new connections, closes the database and exits 0', { timeout: 60_000 }, async () => {
    const s = startServer({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'Admin_123456',
      DATABASE_URL: '',
    });
    child = s.child;
    const base = await s.ready();
    const port = Number(new URL(base).port);
    const login = await fetch(`${base}/api/login/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin_123456' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    let duringShutdown: number | string = 'not tried';
    // a save whose body arrives in two halves: SIGTERM comes between them
    const body = Buffer.from(JSON.stringify({ code: 'sigterm1', name: '关闭时保存' }));
    const reply = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/news/saveNewsType',
          headers: { 'content-type': 'application/json', 'content-length': body.length, token },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 10));
      s.waitFor((l) => l.includes('incoming request') && l.includes('/api/news/saveNewsType')).then(() => {
        s.child.kill('SIGTERM');
        return s
          .waitFor((l) => l.includes('shutting down'))
          .then(async () => {
            // while the save is still in flight, a new request is not taken (refused, or 503 on a kept connection)
            duringShutdown = await fetch(`${base}/healthz`).then(
              (x) => x.status,
              () => 'refused',
            );
            req.end(body.subarray(10));
          });
      }, reject);
    });
    const r = await reply;
    expect([503, 'refused']).toContain(duringShutdown);
    expect(r).toEqual({ status: 200, json: expect.objectContaining({ code: 200, msg: '保存成功' }) });
    expect(await s.exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    // the save was committed and the database closed cleanly: a fresh start reads it
    const again = startServer({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      DATABASE_URL: '',
    });
    child = again.child;
    const base2 = await again.ready();
    const login2 = await fetch(`${base2}/api/login/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin_123456' }),
    });
    const token2 = ((await login2.json()) as { data: { token: string } }).data.token;
    const list = await fetch(`${base2}/api/news/getTypeList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: token2 },
      body: JSON.stringify({ code: 'sigterm1' }),
    });
    const rows = ((await list.json()) as { rows: { code: string; name: string }[] }).rows;
    expect(rows.map((x) => [x.code, x.name])).toEqual([['sigterm1', '关闭时保存']]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('answers 48 requests in flight on fresh connections, closes idle keep-alive connections at once, exits 0 long before the timeout', {
    timeout: 120_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-drain-'));
    const s = startServer({
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'Admin_123456',
      DATABASE_URL: '',
      // far beyond the test: an exit 0 is the drain's own, never the timeout's (which exits 1)
      SHUTDOWN_TIMEOUT_MS: '600000',
    });
    child = s.child;
    try {
      const base = await s.ready();
      const port = Number(new URL(base).port);
      const login = await fetch(`${base}/api/login/doLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin_123456' }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const save = '/api/news/saveNewsType';
      const bodyOf = (i: number) => Buffer.from(JSON.stringify({ code: `drain${i}`, name: `排空${i}` }));
      type Reply = { status: number; connection: string | undefined; json: unknown };
      /** a save on a connection of its own (or the keep-alive agent's); the body is written by the caller */
      const open = (i: number, agent: http.Agent | false) => {
        const body = bodyOf(i);
        let socket!: net.Socket;
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: save,
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length, token },
        });
        const reply = new Promise<Reply>((resolve, reject) => {
          req.on('response', (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, json: JSON.parse(text) }));
          });
          req.on('error', reject);
        });
        const connected = new Promise<void>((resolve) =>
          req.on('socket', (sock) => {
            socket = sock;
            if (sock.connecting) sock.once('connect', () => resolve());
            else resolve();
          }),
        );
        return { req, body, reply, connected, socket: () => socket };
      };

      // four idle keep-alive connections: each has carried a request and is kept open by the client
      const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
      const idle: net.Socket[] = [];
      await Promise.all(
        Array.from(
          { length: 4 },
          () =>
            new Promise<void>((resolve, reject) => {
              http
                .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
                  idle.push(res.socket);
                  res.resume();
                  res.on('end', resolve);
                })
                .on('error', reject);
            }),
        ),
      );
      expect(new Set(idle).size).toBe(4);
      const idleClosed = idle.map((sock) => new Promise<void>((resolve) => sock.once('close', () => resolve())));

      // 48 saves on fresh connections (nginx's default upstream: one connection per request, Connection: close):
      // 24 received up to half their body, 24 connected whose request comes after the SIGTERM
      const partial = Array.from({ length: 24 }, (_, i) => open(i, false));
      const bare = Array.from({ length: 24 }, (_, i) => open(24 + i, false));
      // and one on a keep-alive connection of its own, received up to half its body
      const keptAgent = new http.Agent({ keepAlive: true });
      const kept = open(48, keptAgent);
      for (const r of [...partial, kept]) r.req.write(r.body.subarray(0, 10));
      await Promise.all([...partial, ...bare, kept].map((r) => r.connected));
      // a request on a connection opened after all of them: once it is answered, the server has taken every
      // connection queued before it
      const marker = await new Promise<number>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          })
          .on('error', reject),
      );
      expect(marker).toBe(200);
      await s.waitForCount((l) => l.includes('incoming request') && l.includes(save), 25);

      const signalled = Date.now();
      s.child.kill('SIGTERM');
      const stopping = JSON.parse(await s.waitFor((l) => l.includes('shutting down')));
      // no new connection is taken
      const refused = await new Promise<string>((resolve) => {
        const c = net.connect(port, '127.0.0.1', () => {
          c.destroy();
          resolve('connected');
        });
        c.on('error', (e: NodeJS.ErrnoException) => resolve(String(e.code)));
      });
      expect(refused).toBe('ECONNREFUSED');
      // the idle keep-alive connections were closed by the server, without waiting for their client
      await Promise.all(idleClosed);

      for (const r of [...partial, kept]) r.req.end(r.body.subarray(10));
      for (const r of bare) r.req.end(r.body);
      const replies = await Promise.all([...partial, ...bare, kept].map((r) => r.reply));
      for (const r of replies) {
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({ code: 200, msg: '保存成功' });
        expect(r.connection).toBe('close');
      }
      // the process ends by itself, with 0, the drain done: not the timeout's exit 1
      expect(await s.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(600_000);
      expect(s.lines.some((l) => l.includes('shutdown complete'))).toBe(true);
      expect(s.lines.some((l) => l.includes('SHUTDOWN_TIMEOUT_MS'))).toBe(false);
      agent.destroy();
      keptAgent.destroy();
      // what the server saw open when it stopped listening: the four idle connections and the one the login's
      // fetch keeps, closed at once; 25 replies under way; 24 connections waiting for their request
      expect(stopping).toMatchObject({ inFlight: 25, awaitingRequest: 24 });
      expect(stopping.idleClosed).toBeGreaterThanOrEqual(4);

      // every save is in the database
      const db = new Database(path.join(dir, 'app.db'), { readonly: true });
      const codes = db.prepare("select code from news_type where code like 'drain%'").all() as { code: string }[];
      db.close();
      expect(codes.length).toBe(49);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a connection that never sends a request is closed after a tenth of SHUTDOWN_TIMEOUT_MS; exit 0', { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-drain-'));
    const s = startServer({
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'Admin_123456',
      DATABASE_URL: '',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    child = s.child;
    try {
      const base = await s.ready();
      const port = Number(new URL(base).port);
      const silent = net.connect(port, '127.0.0.1');
      const closedByServer = new Promise<void>((resolve) => silent.once('close', () => resolve()));
      silent.on('error', () => {});
      await new Promise<void>((resolve) => silent.once('connect', () => resolve()));
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      s.child.kill('SIGTERM');
      expect(JSON.parse(await s.waitFor((l) => l.includes('shutting down')))).toMatchObject({ awaitingRequest: 1 });
      await closedByServer;
      expect(await s.exited).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
