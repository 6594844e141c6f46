import { Code, type Endpoint, GRANTS_HEADER } from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { registerBus } from '../events/bus.js';
import { AppError } from '../http/errors.js';
import { authenticate, grantsVersion, may, type SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    user: SessionUser | null;
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
  app.addHook('preHandler', async (req, reply) => {
    const endpoint = req.routeOptions.config.endpoint;
    if (!endpoint || endpoint.kind === 'public') return;
    try {
      req.user = await authenticate(ctx, tokenOf(req));
    } catch (e) {
      if (e instanceof AppError) req.log.info({ event: 'auth.refused', path: endpoint.path, code: e.code }, 'token refused');
      throw e;
    }
    // what this session is shown and allowed, so the SPA notices a change of its grants with any reply
    reply.header(GRANTS_HEADER, await grantsVersion(ctx, req.user));
    if (endpoint.kind === 'session') return;
    if (req.user.mustChangePassword) throw new AppError(Code.FORBIDDEN, 'profile.mustChange');
    if (!may(req.user, endpoint.path)) {
      req.log.warn({ event: 'permission.refused', user: req.user.userName, path: endpoint.path }, 'permission refused');
      throw new AppError(Code.FORBIDDEN, 'err.forbidden');
    }
  });
}
