import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.js';
import { testConfig } from '../config.js';
import { prepareApp } from '../prepare.js';
import { insertUser } from '../test/users.js';
import { busOf, changed } from './bus.js';

type App = BuiltApp & { post(path: string, body: unknown, token?: string): Promise<{ code: number; msg: string }> };

async function start(config: ReturnType<typeof testConfig>): Promise<App> {
  const built = await prepareApp(config);
  await built.app.ready();
  const post: App['post'] = async (path, body, token) => {
    const res = await built.app.inject({ method: 'POST', url: `/api${path}`, headers: token ? { token } : {}, payload: body as object });
    return res.json();
  };
  return { ...built, post };
}

async function login(app: App, username: string, password: string): Promise<string> {
  const r = (await app.post('/login/doLogin', { username, password })) as { code: number; data?: { token: string } };
  if (r.code !== 200 || !r.data) throw new Error(`login failed: ${JSON.stringify(r)}`);
  return r.data.token;
}

/** Denies the editor role one read endpoint straight in the database, then publishes the change. */
async function revoke(app: App, key: string) {
  const role = await app.ctx.db.selectFrom('sys_role').select('id').where('code', '=', 'editor').executeTakeFirstOrThrow();
  await app.ctx.db.deleteFrom('sys_role_permission').where('role_id', '=', role.id).where('permission_key', '=', key).execute();
  await changed(app.ctx, 'permission');
}

describe('change bus on sqlite (one process)', () => {
  let a: App;
  beforeAll(async () => {
    a = await start(testConfig());
    await insertUser(a.ctx, 'bus-ed', 'Bus_ed_12345', ['editor']);
  });
  afterAll(async () => a.app.close());

  it('a revoked grant is refused at the next request, though the session was checked a moment ago', async () => {
    const token = await login(a, 'bus-ed', 'Bus_ed_12345');
    expect((await a.post('/news/getTypeList', {}, token)).code).toBe(200);
    await revoke(a, '/news/getTypeList');
    expect(await a.post('/news/getTypeList', {}, token)).toEqual({ code: 403, msg: '没有权限执行此操作' });
    expect((await a.post('/news/getNewsList', {}, token)).code).toBe(200);
  });

  it('every publish reaches the subscribers and moves the generation', async () => {
    const bus = busOf(a.ctx);
    const heard: string[] = [];
    const off = bus.subscribe((c) => heard.push(c.kind));
    const before = bus.generation;
    await changed(a.ctx, 'role');
    off();
    await changed(a.ctx, 'menu');
    expect(heard).toEqual(['role']);
    expect(bus.generation).toBe(before + 2);
    expect(bus.trusted).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('change bus on postgres: two server processes on one schema', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  let a: App;
  let b: App;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const config = testConfig({ databaseUrl: process.env.TEST_DATABASE_URL!, databaseSchema: schema });
    a = await start(config);
    b = await start(config);
    await insertUser(a.ctx, 'two-ed', 'Two_ed_12345', ['editor']);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('both listen', () => {
    expect(busOf(a.ctx).trusted).toBe(true);
    expect(busOf(b.ctx).trusted).toBe(true);
  });

  it('a logout on one process is refused on the other at once', async () => {
    const token = await login(a, 'two-ed', 'Two_ed_12345');
    // both processes have checked (and keep) the session
    expect((await a.post('/user/info', {}, token)).code).toBe(200);
    expect((await b.post('/user/info', {}, token)).code).toBe(200);
    expect(await a.post('/user/logout', {}, token)).toEqual({ code: 200, msg: '已退出登录' });
    expect((await b.post('/user/info', {}, token)).code).toBe(50008);
  });

  it('a grant removed on one process is refused on the other at once', async () => {
    const token = await login(b, 'two-ed', 'Two_ed_12345');
    expect((await b.post('/news/getTypeList', {}, token)).code).toBe(200);
    await revoke(a, '/news/getTypeList');
    expect(await b.post('/news/getTypeList', {}, token)).toEqual({ code: 403, msg: '没有权限执行此操作' });
  });

  it('an account disabled on one process is refused on the other at once', async () => {
    const id = await insertUser(a.ctx, 'two-off', 'Two_off_1234', ['editor']);
    const token = await login(b, 'two-off', 'Two_off_1234');
    expect((await b.post('/user/info', {}, token)).code).toBe(200);
    const adminToken = await login(a, 'admin', 'Admin_123456');
    const r = await a.post('/userInfo/upUserInfoFlag', { id, enableFlag: 0 }, adminToken);
    expect(r.code).toBe(200);
    expect((await b.post('/user/info', {}, token)).code).toBe(50008);
  });

  it('the listener reconnects after its connection is killed, and trusts no cache meanwhile', async () => {
    const bus = busOf(b.ctx);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const reconnected = new Promise<void>((resolve) => {
      const off = bus.subscribe(() => {
        if (bus.trusted) {
          off();
          resolve();
        }
      });
    });
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike $1 and pid <> pg_backend_pid()`, [
      `LISTEN "gk_changes_${schema}"`,
    ]);
    await admin.end();
    await reconnected;
    const token = await login(b, 'two-ed', 'Two_ed_12345');
    expect((await b.post('/news/getNewsList', {}, token)).code).toBe(200);
    await a.post('/user/logout', {}, token);
    expect((await b.post('/news/getNewsList', {}, token)).code).toBe(50008);
  });
});
