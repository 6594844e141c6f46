import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3 } from '../storage/test-s3.js';
import { startServer } from './test-process.js';

const url = process.env.TEST_DATABASE_URL;

/**
 * The scale-out set-up of docs/deployment.md in miniature: two server processes on one PostgreSQL and one
 * S3-compatible bucket (s3rver), driven alternately.
 */
describe.skipIf(!url)('two processes on PostgreSQL and an S3 bucket', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'gk-two-')));
  const servers: ReturnType<typeof startServer>[] = [];
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await s3?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('an image uploaded through one is served by the other; logouts, grants and login failures count on both', {
    timeout: 120_000,
  }, async () => {
    s3 = await startS3(4449);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const ports = [4442, 4443];
    for (const [i, port] of ports.entries()) {
      servers.push(
        startServer({
          PORT: String(port),
          HOST: '127.0.0.1',
          // each process has its own data folder: the images must come from the bucket
          DATA_DIR: dirs[i],
          WEB_DIR: '',
          LOG_LEVEL: 'info',
          SEED_DEMO: '0',
          ADMIN_PASSWORD: 'Admin_123456',
          DATABASE_URL: url!,
          DATABASE_SCHEMA: schema,
          S3_ENDPOINT: s3.settings.endpoint!,
          S3_BUCKET: s3.settings.bucket,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: '1',
        }),
      );
    }
    await Promise.all(servers.map((s) => s.waitFor((l) => l.includes('is running'))));
    const base = (i: number) => `http://127.0.0.1:${ports[i]}`;
    const login = async (i: number, password = 'Admin_123456', username = 'admin') => {
      const r = await fetch(`${base(i)}/api/login/doLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return { status: r.status, body: (await r.json()) as { code: number; msg: string; data?: { token: string } } };
    };
    const post = async (i: number, p: string, body: unknown, tok: string) => {
      const r = await fetch(`${base(i)}/api${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: tok },
        body: JSON.stringify(body),
      });
      return (await r.json()) as { code: number; msg: string; data?: { id?: number } };
    };

    const token = (await login(0)).body.data!.token;
    const png = await sharp({ create: { width: 9, height: 7, channels: 3, background: 'orange' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const up = await fetch(`${base(0)}/api/upload/upload`, { method: 'POST', headers: { token }, body: form });
    const name = ((await up.json()) as { msg: string }).msg;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);

    const served = await fetch(`${base(1)}/img/${name}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(fs.existsSync(path.join(dirs[1], 'uploads', name))).toBe(false);

    // the change bus: a logout on one process is refused on the other at once, and so is a removed grant
    const role = await post(0, '/role/saveRole', { code: 'two_pol', name: '两进程政策', permissions: ['menu:PolicyList'] }, token);
    expect(role.code).toBe(200);
    const account = { userName: 'two-pol', password: 'Two_pol_1234', enableFlag: 1, roleIds: [role.data!.id] };
    expect((await post(0, '/userInfo/saveUserInfo', account, token)).code).toBe(200);
    let userToken = (await login(1, 'Two_pol_1234', 'two-pol')).body.data!.token;
    // both processes have checked (and may keep) the session
    expect((await post(1, '/user/info', {}, userToken)).code).toBe(200);
    expect((await post(0, '/user/info', {}, userToken)).code).toBe(200);
    expect(await post(0, '/user/logout', {}, userToken)).toEqual({ code: 200, msg: '已退出登录' });
    expect((await post(1, '/user/info', {}, userToken)).code).toBe(50008);
    expect((await post(1, '/policy/getPolicyPage', {}, userToken)).code).toBe(50008);

    userToken = (await login(1, 'Two_pol_1234', 'two-pol')).body.data!.token;
    expect((await post(1, '/policy/getPolicyPage', {}, userToken)).code).toBe(200);
    expect((await post(0, '/policy/getPolicyPage', {}, userToken)).code).toBe(200);
    const removed = await post(0, '/role/saveRole', { id: role.data!.id, code: 'two_pol', name: '两进程政策', permissions: [] }, token);
    expect(removed.code).toBe(200);
    expect(await post(1, '/policy/getPolicyPage', {}, userToken)).toEqual({ code: 403, msg: '没有权限执行此操作' });
    // and a disabled role on the other way round
    expect(
      (await post(1, '/role/saveRole', { id: role.data!.id, code: 'two_pol', name: '两进程政策', permissions: ['menu:PolicyList'] }, token))
        .code,
    ).toBe(200);
    expect((await post(0, '/policy/getPolicyPage', {}, userToken)).code).toBe(200);
    expect((await post(1, '/role/upRoleFlag', { id: role.data!.id, flag: 0 }, token)).code).toBe(200);
    expect((await post(0, '/policy/getPolicyPage', {}, userToken)).code).toBe(403);

    // the login throttle lives in the database: failures through either process count together
    for (let i = 0; i < 5; i++) expect((await login(i % 2, 'wrong-password')).body.msg).toBe('账号或密码错误');
    const locked = await login(1);
    expect(locked).toEqual({ status: 429, body: { code: 429, msg: '登录失败次数过多，请 15 分钟后再试' } });
    expect((await login(0)).status).toBe(429);

    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    for (const s of servers) s.child.kill('SIGTERM');
    for (const s of servers) expect(await s.exited).toBe(0);
  });
});
