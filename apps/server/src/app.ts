import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { Code, httpStatusFor, type Lang, pickLang, translate } from '@gk/contracts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { registerGuard } from './auth/guard.js';
import { registerAuthRoutes } from './auth/routes.js';
import type { SeedResult } from './auth/seed.js';
import { trustProxyFn } from './config.js';
import type { Ctx } from './context.js';
import type { Db } from './db/index.js';
import { clientErrorHandler, frameworkErrorHandler } from './http/envelope-errors.js';
import { AppError } from './http/errors.js';
import { closeSanitizer } from './http/sanitize.js';
import { API_HEADERS, PAGE_HEADERS } from './http/security-headers.js';
import { readWebShell } from './http/web-shell.js';
import { registerDelivery } from './modules/delivery/index.js';
import { scheduleSlugBackfill } from './modules/delivery/slug-backfill.js';
import { registerModules } from './modules/index.js';
import { registerImageRoutes } from './modules/upload/images.js';
import { appErrorOfDb, registerInputChecks } from './ops/hardening.js';
import { registerOps } from './ops/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
  interface FastifyInstance {
    ctx: Ctx;
  }
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: Ctx;
  db: Db;
  seed: SeedResult;
}

/** Strips secrets from URLs before they reach the logs (`?token=` on /user/info, a preview link's `?sig=`). */
export function safeUrl(url: string): string {
  return url.replace(/([?&](?:token|password|sig|secret)=)[^&#]*/gi, '$1***');
}

export interface BuildOptions {
  /** where the log lines go (default stdout); tests read them */
  logStream?: { write(line: string): void };
}

/** an address as a message names it: at most 200 characters (a 15 KB address is not echoed back) */
function shortUrl(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

/**
 * Builds the Fastify instance on a prepared database (prepare.ts: migrated, seeded): API under the prefix,
 * images, SPA. No listen; closing the app closes the database.
 */
export async function buildApp({ ctx, db, seed }: { ctx: Ctx; db: Db; seed: SeedResult }, options: BuildOptions = {}): Promise<BuiltApp> {
  const { config } = ctx;

  const app = Fastify({
    logger: config.logLevel
      ? {
          level: config.logLevel,
          ...(options.logStream ? { stream: options.logStream } : {}),
          redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
          serializers: {
            req: (req: FastifyRequest) => ({ method: req.method, url: safeUrl(req.url), ip: req.ip }),
          },
        }
      : false,
    bodyLimit: config.bodyLimitBytes,
    // only the configured proxies' X-Forwarded-For (hop count or addresses), never any client's
    trustProxy: trustProxyFn(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // the replies Node's parser and Fastify's router write themselves, in the API's envelope (http/envelope-errors.ts)
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });
  app.decorate('ctx', ctx);
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('endpoint', null);
  // one synchronous hook per request: the route's endpoint (read once: `routeOptions` builds an object per read), the
  // reply language and the fixed security headers (API or page)
  app.addHook('onRequest', (req, reply, done) => {
    const endpoint = req.routeOptions.config.endpoint ?? null;
    req.endpoint = endpoint;
    const q = req.query as Record<string, unknown> | undefined;
    req.lang = pickLang(
      typeof req.headers.lang === 'string' ? req.headers.lang : undefined,
      typeof q?.lang === 'string' ? q.lang : undefined,
      req.headers['accept-language'],
    );
    reply.headers(endpoint ? API_HEADERS : PAGE_HEADERS);
    done();
  });
  app.addHook('onClose', async () => db.close());
  app.addHook('onClose', closeSanitizer);
  app.addHook('onClose', async () => ctx.images.close?.());
  registerInputChecks(app, { hstsMaxAge: config.hstsMaxAge });
  await registerOps(app, ctx, db);

  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });

  app.setErrorHandler((thrown: unknown, req, reply) => {
    const err = appErrorOfDb(thrown) ?? thrown;
    const e = err as { code?: string; statusCode?: number; message?: string };
    let code: number;
    let msg: string;
    if (err instanceof AppError) {
      code = err.code;
      msg = translate(req.lang, err.key, err.params);
    } else if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      code = Code.BAD_REQUEST;
      msg = translate(req.lang, 'err.badJson');
    } else if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      code = Code.UNSUPPORTED_TYPE;
      msg = translate(req.lang, 'err.badContentType', { type: String(req.headers['content-type'] ?? '') });
    } else if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
      code = Code.TOO_LARGE;
      const limit = e.code === 'FST_REQ_FILE_TOO_LARGE' ? config.uploadMaxBytes : config.bodyLimitBytes;
      msg = translate(req.lang, 'err.tooLarge', { limit: `${Math.round(limit / 1024 / 1024)} MB` });
    } else if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      code = e.statusCode;
      msg = translate(req.lang, 'err.badRequest');
    } else {
      req.log.error({ err }, 'unhandled error');
      code = Code.INTERNAL;
      msg = translate(req.lang, 'err.internal');
    }
    reply.status(httpStatusFor(code)).type('application/json; charset=utf-8').send({ code, msg });
  });

  registerGuard(app, ctx);
  await app.register(
    async (api) => {
      registerAuthRoutes(api, ctx);
      await registerModules(api, ctx);
    },
    { prefix: config.apiPrefix },
  );
  await registerImageRoutes(app, ctx);
  await registerDelivery(app, ctx);
  scheduleSlugBackfill(app, ctx);

  const webDir = config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  const shell = webDir ? readWebShell(webDir) : null;

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = config.apiPrefix ? url === config.apiPrefix || url.startsWith(`${config.apiPrefix}/`) : true;
    if (!isApi && shell && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/img/') && !url.startsWith('/assets/')) {
      // history-mode fallback: every other GET is the SPA (with its first screen's chunks named: http/web-shell.ts)
      return reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .send(shell.html(url, req.headers.cookie));
    }
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send({ code: Code.NOT_FOUND, msg: translate(req.lang, 'err.notFound', { path: shortUrl(safeUrl(url)) }) });
  });

  return { app, ctx, db, seed };
}
