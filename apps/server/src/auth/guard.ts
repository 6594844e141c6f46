import { Code, type Endpoint, GRANTS_HEADER } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { registerBus } from '../events/bus.js';
import { AppError } from '../http/errors.js';
import { authenticate, grantsVersion, knownSession, may, type SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** the route's endpoint (`config.endpoint`), read once per request by app.ts; null: none (pages, files, 404) */
    endpoint: Endpoint | null;
  }
}

/**
 * The token comes from the `token` header or a `token` parameter (query or body), never from a cookie
 * alone: a forged cross-site form cannot set a header, and the SPA never puts the token in a form.
 */
export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.token;
  if (typeof h === 'string' && h) return h;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (typeof q === 'string' && q) return q;
  const b = req.body as Record<string, unknown> | undefined;
  if (b && typeof b === 'object' && !Array.isArray(b) && typeof b.token === 'string' && b.token) return b.token;
  return undefined;
}

/** Checks login and permission of every declared route before its handler runs. */
export function registerGuard(app: FastifyInstance, ctx: Ctx): void {
  registerBus(app, ctx);
  app.decorateRequest('user', null);
  /** after the session: a refusal of the endpoint to this user, or undefined */
  const refusal = (req: FastifyRequest, endpoint: Endpoint, user: SessionUser): AppError | undefined => {
    if (endpoint.kind === 'session') return undefined;
    if (user.mustChangePassword) return new AppError(Code.FORBIDDEN, 'profile.mustChange');
    if (!may(user, endpoint.path)) {
      req.log.warn({ event: 'permission.refused', user: user.userName, path: endpoint.path }, 'permission refused');
      return new AppError(Code.FORBIDDEN, 'err.forbidden');
    }
    return undefined;
  };
  const check = async (req: FastifyRequest, reply: FastifyReply, endpoint: Endpoint): Promise<void> => {
    try {
      req.user = await authenticate(ctx, tokenOf(req));
    } catch (e) {
      if (e instanceof AppError) req.log.info({ event: 'auth.refused', path: endpoint.path, code: e.code }, 'token refused');
      throw e;
    }
    // what this session is shown and allowed, so the SPA notices a change of its grants with any reply
    reply.header(GRANTS_HEADER, await grantsVersion(ctx, req.user));
    const refused = refusal(req, endpoint, req.user);
    if (refused) throw refused;
  };
  // a callback hook: a session this process keeps is checked without a promise (most requests); the rest take `check`
  app.addHook('preHandler', (req, reply, done) => {
    const endpoint = req.endpoint;
    if (!endpoint || endpoint.kind === 'public') return done();
    const known = knownSession(ctx, tokenOf(req));
    if (known) {
      req.user = known.user;
      reply.header(GRANTS_HEADER, known.grants);
      return done(refusal(req, endpoint, known.user));
    }
    check(req, reply, endpoint).then(() => done(), done);
  });
}
