import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3 } from '../storage/test-s3.js';
import { startServer } from './test-process.js';
import { scaleOutEnv } from './test-scale.js';

const url = process.env.TEST_DATABASE_URL;

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (Asia/Shanghai) */
const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** a real local webhook receiver: every event body it got */
async function receiver() {
  const got: { event: string; resource: string; id: number }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push(JSON.parse(body));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The scale-out set-up of docs/deployment.md and compose.yaml in miniature: two server processes on one
 * PostgreSQL and one S3-compatible bucket (s3rver), with the same settings (test-scale.ts), driven
 * alternately.
 */
describe.skipIf(!url)('two processes on PostgreSQL and an S3 bucket', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'gk-two-')));
  // the directory both processes write scheduled backups into (compose.yaml: the shared `backups` volume)
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-two-backups-'));
  const servers: ReturnType<typeof startServer>[] = [];
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await s3?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    for (const d of [...dirs, backupDir]) fs.rmSync(d, { recursive: true, force: true });
    await hooks?.stop();
  });
  let hooks: Awaited<ReturnType<typeof receiver>> | null = null;

  it('an image uploaded through one is served by the other; logouts, grants, login failures and scheduled work are shared', {
    timeout: 180_000,
  }, async () => {
    s3 = await startS3();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    for (const dataDir of dirs) {
      servers.push(
        startServer({
          ...scaleOutEnv({ databaseUrl: url!, s3: s3.settings, backupDir, backupCron: '*/3 * * * * *' }),
          HOST: '127.0.0.1',
          // each process has its own data folder: the images must come from the bucket
          DATA_DIR: dataDir,
          DATABASE_SCHEMA: schema,
          WEB_DIR: '',
          LOG_LEVEL: 'info',
          SEED_DEMO: '0',
          ADMIN_PASSWORD: 'Admin_123456',
          WEBHOOK_TICK_MS: '200',
          WEBHOOK_ALLOW_PRIVATE: '1',
        }),
      );
    }
    const bases = await Promise.all(servers.map((s) => s.ready()));
    const base = (i: number) => bases[i];
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

    // scheduled work runs once however many processes tick: a publish time set through one process
    // fires its webhook once, and each scheduled backup time is taken by one process
    hooks = await receiver();
    expect(
      (await post(1, '/webhook/saveWebhook', { name: '两进程', url: hooks.url, events: 'news.publish', secret: 's' }, token)).code,
    ).toBe(200);
    expect((await post(0, '/news/saveNewsType', { code: 'two', name: '两进程' }, token)).code).toBe(200);
    const draft = await post(1, '/news/saveNews', { title: '两进程定时发布', type: 'two', status: 'draft' }, token);
    expect(draft.code).toBe(200);
    const due = fmt(Date.now() + 2000);
    expect((await post(0, `/news/publishNews?id=${draft.data!.id}`, { publishTime: due }, token)).code).toBe(200);
    const deadline = Date.now() + 20_000;
    while (!hooks.got.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // both keep ticking a while longer: nobody sends it a second time
    await new Promise((r) => setTimeout(r, 2000));
    expect(hooks.got.map((e) => `${e.event}:${e.resource}:${e.id}`)).toEqual([`publish:news:${draft.data!.id}`]);

    for (const b of bases) expect((await fetch(`${b}/readyz`)).status).toBe(200);
    // a backup of the whole schema may outlast a 3-second slot on a busy machine: wait (bounded) until two are written
    const backupsDone = () => servers.reduce((n, s) => n + s.lines.filter((l) => l.includes('"backup.done"')).length, 0);
    const backupDeadline = Date.now() + 30_000;
    while (backupsDone() < 2 && Date.now() < backupDeadline) await new Promise((r) => setTimeout(r, 200));
    for (const s of servers) s.child.kill('SIGTERM');
    for (const s of servers) expect(await s.exited).toBe(0);
    const done = servers.flatMap((s) =>
      s.lines.filter((l) => l.includes('"backup.done"')).map((l) => path.basename(JSON.parse(l).file as string)),
    );
    const skipped = servers.flatMap((s) => s.lines.filter((l) => l.includes('"backup.skipped"')));
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(new Set(done).size).toBe(done.length);
    expect(skipped.length).toBeGreaterThan(0);
    expect(fs.readdirSync(backupDir).sort()).toEqual([...done].sort().slice(-7));
  });
});
