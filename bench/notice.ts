// The navbar badge's latency (issue 27): an app in this process (SQLite in a file, or its own PostgreSQL schema)
// listening on a port; a reviewer holds `/notice/stream` open over real HTTP; an editor's 提交审核 (the review call)
// is sent ROUNDS times, each timed from the request to the counts event that shows it on the reviewer's stream.
// Reports `notice.badgeLatencyMs` (median), its p95, and the submit call's own median reply time beside it.
//   node --import tsx bench/notice.ts [--rounds 30] [--pg URL]
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { testConfig } from '../apps/server/src/config.js';
import { openStream } from '../apps/server/src/modules/notice/test-stream.js';
import { prepareApp } from '../apps/server/src/prepare.js';
import { insertUser } from '../apps/server/src/test/users.js';

const PW = 'Bench_notice_1';

/** `{ rounds, badgeLatencyMs, p95Ms }` on SQLite, or on PostgreSQL at `pgUrl` (a schema made and dropped) */
export async function measureBadgeLatency(opts: { pgUrl?: string | null; rounds?: number } = {}) {
  const rounds = opts.rounds ?? 30;
  const dataDir = fs.mkdtempSync('/tmp/gk-notice-');
  let config = testConfig({ dataDir, sqliteFile: path.join(dataDir, 'app.db'), webhookTickMs: 0 });
  let schema = '';
  if (opts.pgUrl) {
    schema = `b_${crypto.randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: opts.pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    config = { ...config, databaseUrl: opts.pgUrl, databaseSchema: schema };
  }
  const { app, ctx } = await prepareApp(config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const call = async (url: string, body: unknown, token: string) => {
      const res = await fetch(`${base}/api${url}`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const reply = (await res.json()) as { code: number; data?: { id: number; token: string } };
      if (reply.code !== 200) throw new Error(`${url}: ${JSON.stringify(reply).slice(0, 300)}`);
      return reply;
    };
    const login = async (username: string, password: string) => (await call('/login/doLogin', { username, password }, '')).data!.token;
    const admin = await login('admin', 'Admin_123456');
    await call('/review/saveSettings', { resource: 'news', levels: 1 }, admin);
    await call('/news/saveNewsType', { code: 'bench_nt', name: '推送基准' }, admin);
    await insertUser(ctx, 'bench_writer', PW, ['editor']);
    await insertUser(ctx, 'bench_reviewer', PW, ['editor']);
    const writer = await login('bench_writer', PW);
    const reviewer = await login('bench_reviewer', PW);
    const ids: number[] = [];
    for (let i = 0; i < rounds; i++)
      ids.push(
        (await call('/news/saveNews', { title: `推送基准 ${i}`, type: 'bench_nt', content: '<p>正文</p>', status: 'draft' }, writer)).data!
          .id,
      );

    const stream = await openStream(base, reviewer);
    await stream.next();
    const ms: number[] = [];
    const replies: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      const submitted = call('/review/submit', { resource: 'news', id: ids[i] }, writer).then(() =>
        replies.push(performance.now() - started),
      );
      await stream.next((c) => c.unread === i + 1 && c.todo === i + 1);
      ms.push(performance.now() - started);
      await submitted;
    }
    stream.close();
    const at = (list: number[], q: number) => {
      const sorted = [...list].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
    };
    // the submit's own reply time beside it: the badge can be no faster than the step's transaction
    return { rounds, badgeLatencyMs: at(ms, 0.5), p95Ms: at(ms, 0.95), submitReplyMs: at(replies, 0.5) };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema && opts.pgUrl) {
      const c = new pg.Client({ connectionString: opts.pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const pgUrl = arg('pg') ?? null;
  const r = await measureBadgeLatency({ pgUrl, rounds: Number(arg('rounds') ?? 30) });
  console.log(JSON.stringify({ db: pgUrl ? 'postgres' : 'sqlite', notice: r }));
}
