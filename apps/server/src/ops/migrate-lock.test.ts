import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './test-process.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two processes starting together on an empty PostgreSQL', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-migrate-lock-'));
  const children: ReturnType<typeof startServer>[] = [];

  afterAll(async () => {
    for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('both migrate, seed once and serve (the migration lock makes them take turns)', { timeout: 90_000 }, async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const env = () => ({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
      ADMIN_PASSWORD: 'Admin_123456',
      DATABASE_URL: url!,
      DATABASE_SCHEMA: schema,
    });
    const a = startServer(env());
    const b = startServer(env());
    children.push(a, b);
    const bases = await Promise.all([a.ready(), b.ready()]);
    for (const base of bases) {
      const r = await fetch(`${base}/api/login/doLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin_123456' }),
      });
      expect(((await r.json()) as { code: number }).code).toBe(200);
    }
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const admins = await check.query(`select count(*)::int as n from ${schema}.sys_user where user_name = 'admin'`);
    const migrations = await check.query(`select name from ${schema}.kysely_migration`);
    const names = migrations.rows.map((r) => r.name as string);
    await check.end();
    expect(admins.rows[0].n).toBe(1);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('001_core');
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });
});
