import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { BuiltApp } from '../app.js';
import { type AppConfig, testConfig } from '../config.js';
import { resolver } from '../modules/webhook/destination.js';
import { prepareApp } from '../prepare.js';

// server tests never ask the machine's DNS (its answer, or its silence, would decide an outcome): a name is
// localhost or not found; a test that needs a name resolved mocks `resolver.lookup` with its own table
resolver.lookup = (hostname, cb) => {
  if (hostname === 'localhost') return cb(null, [{ address: '127.0.0.1', family: 4 }]);
  cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

/** The databases every server test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const ADMIN_PASSWORD = 'Admin_123456';

/** The parsed JSON of a reply, as the server tests read it: by path (`body.rows[0].title`), checked by their `expect`s. */
// biome-ignore lint/suspicious/noExplicitAny: the reply of any endpoint, read by path in about 580 places across the server tests (typing it as unknown breaks each of them); a typed body comes with the replies' types in the contracts
export type ReplyBody = any;

export interface TestApp extends BuiltApp {
  /** moves the server clock (ms) */
  advance(ms: number): void;
  /**
   * stops the server clock where it is (true) or lets it run again from there (false): a test that steps through
   * a schedule must not depend on how long its own requests take on a busy machine
   */
  freeze(on?: boolean): void;
  /** POST JSON to an API path (prefix added); returns status, parsed body and the reply's headers */
  post(
    path: string,
    body?: unknown,
    opts?: { token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: ReplyBody; headers: Record<string, unknown> }>;
  login(username?: string, password?: string): Promise<string>;
}

/**
 * A fresh app per test file: SQLite in memory, or a PostgreSQL schema of its own (dropped afterwards),
 * so runs are independent and repeatable.
 */
export async function makeTestApp(dialect: 'sqlite' | 'postgres', overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  let offset = 0;
  let frozenAt: number | null = null;
  const clock = () => (frozenAt ?? Date.now()) + offset;
  let config = testConfig(overrides);
  let schema: string | null = null;
  if (dialect === 'postgres') {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    config = { ...config, databaseUrl: process.env.TEST_DATABASE_URL!, databaseSchema: schema };
  }
  const built = await prepareApp(config, { clock });
  const { app } = built;
  if (schema) {
    // the schema goes once the app has closed: its pool, tickers and timers are stopped by then (an onClose hook
    // of ours ran before the app's own and raced them: a deadlock with a webhook read, tickers on dropped tables)
    const close = app.close.bind(app);
    const closeThenDrop = async () => {
      await close();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    };
    let closing: Promise<void> | null = null;
    app.close = (() => (closing ??= closeThenDrop())) as unknown as typeof app.close;
  }
  const post: TestApp['post'] = async (path, body, opts = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `${config.apiPrefix}${path}`,
      headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.headers ?? {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let parsed: unknown = null;
    try {
      parsed = res.json();
    } catch {
      parsed = res.body;
    }
    return { status: res.statusCode, body: parsed, headers: res.headers };
  };
  const login: TestApp['login'] = async (username = 'admin', password = ADMIN_PASSWORD) => {
    const r = await post('/login/doLogin', { username, password });
    if (r.body?.code !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  };
  const freeze: TestApp['freeze'] = (on = true) => {
    if (on) frozenAt ??= Date.now();
    else if (frozenAt != null) {
      // running again from the frozen time: the time spent frozen is taken off
      offset -= Date.now() - frozenAt;
      frozenAt = null;
    }
  };
  return { ...built, advance: (ms) => (offset += ms), freeze, post, login };
}

/** Per-file setup: `const t = useTestApp(dialect)` gives `t.current` inside tests. */
export function useTestApp(dialect: 'sqlite' | 'postgres', overrides: Partial<AppConfig> = {}) {
  const holder = {} as { current: TestApp };
  beforeAll(async () => {
    holder.current = await makeTestApp(dialect, overrides);
  });
  afterAll(async () => {
    await holder.current?.app.close();
  });
  return holder;
}

/** a multipart/form-data body with one PNG file part `file` (an upload as the browser sends it) */
export function multipart(data: Buffer) {
  const boundary = `----gk${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** a promise and what settles it: a test holds a write open with one (`await held.promise`) and lets it go with `open()` */
export function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
