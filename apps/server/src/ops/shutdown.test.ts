import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
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
    const token = ((await login.json()) as any).data.token as string;

    let duringShutdown: number | string = 'not tried';
    // a save whose body arrives in two halves: SIGTERM comes between them
    const body = Buffer.from(JSON.stringify({ code: 'sigterm1', name: '关闭时保存' }));
    const reply = new Promise<{ status: number; json: any }>((resolve, reject) => {
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
    const token2 = ((await login2.json()) as any).data.token as string;
    const list = await fetch(`${base2}/api/news/getTypeList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: token2 },
      body: JSON.stringify({ code: 'sigterm1' }),
    });
    const rows = ((await list.json()) as any).rows as { code: string; name: string }[];
    expect(rows.map((x) => [x.code, x.name])).toEqual([['sigterm1', '关闭时保存']]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
