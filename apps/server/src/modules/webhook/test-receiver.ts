import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { testConfig } from '../../config.js';
import { prepareApp } from '../../prepare.js';

interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * a real local receiver: answers each request with the next status of `answers` (then 200); `hang` makes it
 * keep every request open without an answer. `arrived(n)` resolves once n requests came.
 */
export function receiver(opts: { hang?: boolean } = {}) {
  const got: Received[] = [];
  const answers: number[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  /** requests still waiting for their answer (a hanging receiver's) */
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ body, headers: req.headers });
      for (const w of waiting.filter((x) => got.length >= x.n)) w.resolve();
      if (opts.hang) {
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : 'busy');
    });
  });
  return {
    got,
    answers,
    open,
    arrived: (n: number) => new Promise<void>((resolve) => (got.length >= n ? resolve() : waiting.push({ n, resolve }))),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** epoch ms as the stored `YYYY-MM-DD HH:mm:ss` of the test configuration's time zone (Asia/Shanghai) */
export const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Two server processes on one PostgreSQL schema of their own (made before, dropped after), their webhook tickers
 * driven by the test, sending to a local receiver `r`. Both read one clock, which `freeze()` stops where it is and
 * `advance(ms)` moves: slow requests on a busy machine must not reach a scheduled time early.
 */
export function useTwoProcesses(prefix: string) {
  const schema = `t_${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const r = receiver();
  let offset = 0;
  let frozenAt: number | null = null;
  const clock = () => (frozenAt ?? Date.now()) + offset;
  const holder = {
    apps: [] as Awaited<ReturnType<typeof prepareApp>>[],
    r,
    /** the processes' time (epoch ms) */
    now: clock,
    freeze: () => {
      frozenAt ??= Date.now();
    },
    advance: (ms: number) => {
      offset += ms;
    },
    /** signs in as admin on the first process; answers a call of any process's API with that session */
    async signIn() {
      const [first] = holder.apps;
      const login = await first.app.inject({
        method: 'POST',
        url: '/api/login/doLogin',
        payload: { username: 'admin', password: 'Admin_123456' },
      });
      const token = login.json().data.token as string;
      return (app: (typeof holder.apps)[number], path: string, payload?: object) =>
        app.app.inject({ method: 'POST', url: `/api${path}`, headers: { token }, ...(payload ? { payload } : {}) }).then((x) => x.json());
    },
  };
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    const config = testConfig({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      databaseSchema: schema,
      webhookTickMs: 0,
      webhookAllowPrivate: true,
    });
    holder.apps = [await prepareApp(config, { clock }), await prepareApp(config, { clock })];
  });
  afterAll(async () => {
    for (const a of holder.apps) await a.app.close();
    await r.stop();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });
  return holder;
}
