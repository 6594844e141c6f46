import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { authEndpoints, Code, translate, uploadEndpoints } from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import type { Db } from '../db/index.js';
import { sanitizerLoad } from '../http/sanitize.js';
import { scheduleBackups } from './backup-schedule.js';
import { setMetricsSink } from './module-metrics.js';

/**
 * Operations endpoints, outside the API prefix and without login:
 * - `GET /healthz`: the process is alive and serving;
 * - `GET /readyz`: the database and the image store answer (503 naming the part that failed, `ok` / `fail` per
 *   part and nothing else: the reason is logged), for a load balancer;
 * - `GET /metrics`: Prometheus text format (prom-client): requests per route, method and status with
 *   their duration, event-loop lag and the rest of Node's defaults (less its version), the event-loop delay since
 *   the previous scrape (`gk_event_loop_delay_seconds`), rich-text bodies being sanitized, the database pool, login
 *   failures and uploads, and the modules' own gauges (`gk_delivery_cache{stat}`: the delivery API's reply cache). Open to a bearer of METRICS_TOKEN, or to a caller on loopback; everyone else gets 403.
 */
export async function registerOps(app: FastifyInstance, ctx: Ctx, db: Db): Promise<void> {
  app.get('/healthz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { code: Code.OK, msg: 'ok', status: 'alive' };
  });

  app.get('/readyz', async (req, reply) => {
    // each part answers 'ok' or 'fail', nothing more: what failed and why (driver messages, file paths, versions)
    // goes to the log, never to an unauthenticated caller
    const checks: Record<string, 'ok' | 'fail'> = {};
    const probe = async (name: string, fn: () => Promise<unknown>) => {
      try {
        await withTimeout(fn(), 3000);
        checks[name] = 'ok';
      } catch (err) {
        checks[name] = 'fail';
        req.log.error({ event: 'readyz.fail', part: name, err }, `readyz: ${name} does not answer`);
      }
    };
    await Promise.all([probe('database', () => sql`select 1`.execute(ctx.db)), probe('images', () => ctx.images.check())]);
    // in a fixed order, whichever answered first
    const failed = ['database', 'images'].filter((n) => checks[n] !== 'ok');
    reply.header('Cache-Control', 'no-store');
    if (failed.length) {
      return reply.status(503).send({ code: 503, msg: `not ready: ${failed.join(', ')}`, status: 'unavailable', failed, checks });
    }
    return { code: Code.OK, msg: 'ok', status: 'ready', checks };
  });

  // prom-client loads with the server but only its registry work costs anything; each app has its own registry
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // no versions in the replies: Node's version gauge is not published (not among the metrics the docs name)
  registry.removeSingleMetric('nodejs_version_info');
  const duration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route, method and status code, with their duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const loginFailures = new prom.Counter({
    name: 'gk_login_failures_total',
    help: 'Refused logins (wrong account or password, disabled, throttled)',
    labelNames: ['status'],
    registers: [registry],
  });
  const uploads = new prom.Counter({
    name: 'gk_uploads_total',
    help: 'Image uploads by result (ok, or the refusal status code)',
    labelNames: ['result'],
    registers: [registry],
  });
  new prom.Gauge({
    name: 'gk_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; SQLite has one connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = db.pool?.() ?? { total: 1, idle: 1, waiting: 0 };
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });

  const prefix = ctx.config.apiPrefix;
  const loginPath = `${prefix}${authEndpoints.login.path}`;
  const uploadPath = `${prefix}${uploadEndpoints.upload.path}`;
  app.addHook('onResponse', (req, reply, done) => {
    // the route's pattern, never the raw URL (ids and query strings would explode the label set)
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    duration.observe({ method: req.method, route, status: String(status) }, reply.elapsedTime / 1000);
    if (route === loginPath && status !== 200) loginFailures.inc({ status: String(status) });
    if (route === uploadPath) uploads.inc({ result: status === 200 ? 'ok' : String(status) });
    done();
  });

  // the event loop's delay, from Node's own monitor: one request holding the loop (a regex over a hostile body, a
  // synchronous parse) shows here as a delay of every other request; read and reset by each scrape
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());
  new prom.Gauge({
    name: 'gk_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape (perf_hooks.monitorEventLoopDelay, 10 ms resolution): its max, p99 and mean; a max near a second means one request held every other one',
    labelNames: ['stat'],
    registers: [registry],
    collect() {
      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      this.set({ stat: 'max' }, seconds(loopDelay.max));
      this.set({ stat: 'p99' }, seconds(loopDelay.percentile(99)));
      this.set({ stat: 'mean' }, seconds(loopDelay.mean));
      loopDelay.reset();
    },
  });
  new prom.Gauge({
    name: 'gk_rich_text_sanitizing',
    help: 'Rich-text bodies being sanitized on the worker threads, and waiting for a thread',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { running, waiting } = sanitizerLoad();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });

  // the modules' own figures (module-metrics.ts): the delivery API's reply cache
  setMetricsSink(ctx, (name, help, read) => {
    new prom.Gauge({
      name,
      help,
      labelNames: ['stat'],
      registers: [registry],
      collect() {
        for (const [stat, value] of Object.entries(read())) this.set({ stat }, value);
      },
    });
  });

  await scheduleBackups(app, ctx, db);

  const token = ctx.config.metricsToken;
  app.get('/metrics', async (req, reply) => {
    if (!metricsAllowed(req, token)) {
      return reply.status(403).send({ code: Code.FORBIDDEN, msg: translate(req.lang, 'err.forbidden') });
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A bearer of the configured token, or a caller on this machine (the address the trusted proxies saw). */
export function metricsAllowed(req: FastifyRequest, token: string | null): boolean {
  if (token) {
    const auth = req.headers.authorization ?? '';
    const given = Buffer.from(auth.startsWith('Bearer ') ? auth.slice(7) : '');
    const want = Buffer.from(token);
    if (given.length === want.length && timingSafeEqual(given, want)) return true;
  }
  return LOOPBACK.has(req.ip);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
