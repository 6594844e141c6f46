import { allResources, Code, columnOf, hasLoneSurrogate, hasNul } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict } from '../http/errors.js';

/**
 * Input and database hardening for every route (issue 14):
 * - a NUL character or a lone UTF-16 surrogate anywhere in the query or the body is a 400 with a clear
 *   message before any handler runs (PostgreSQL text cannot hold them; SQLite would store garbage);
 * - a unique violation of the database (two saves racing past the application's own check) is the
 *   resource's 409 "already exists" message, on SQLite and PostgreSQL alike;
 * - `Strict-Transport-Security` when HSTS_MAX_AGE is set.
 */

/** The first bad-text message key found in a parsed body or query, or null. Depth-limited walk. */
export function badTextIn(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') {
    if (hasNul(value)) return 'v.nulChar';
    if (hasLoneSurrogate(value)) return 'v.badUnicode';
    return null;
  }
  if (depth > 32 || value == null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const bad = badTextIn(v, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const bad = badTextIn(k, depth + 1) ?? badTextIn(v, depth + 1);
    if (bad) return bad;
  }
  return null;
}

export function registerInputChecks(app: FastifyInstance, opts: { hstsMaxAge: number }): void {
  app.addHook('preValidation', (req, _reply, done) => {
    const bad = badTextIn(req.query) ?? badTextIn(req.body) ?? badTextIn(req.params);
    done(bad ? badRequest(bad) : undefined);
  });
  if (opts.hstsMaxAge > 0) {
    const value = `max-age=${Math.floor(opts.hstsMaxAge)}; includeSubDomains`;
    app.addHook('onSend', (_req, reply, payload, done) => {
      reply.header('Strict-Transport-Security', value);
      done(null, payload);
    });
  }
}

/** The message key for a unique clash on `table.column`: the resource's own, else a generic one. */
function uniqueMessage(table: string | undefined, column: string | undefined): string {
  for (const r of allResources()) {
    if (r.table !== table) continue;
    for (const u of r.unique ?? []) {
      const f = r.fields.find((x) => x.name === u.field);
      if (f && (column === undefined || columnOf(f) === column)) return u.message;
    }
  }
  if (table === 'sys_user') return 'userInfo.userNameExists';
  return 'err.duplicate';
}

/**
 * A database error that is the client's doing, as the reply it deserves; null for every other error.
 * PostgreSQL: 23505 unique, 22P05 / 22021 untranslatable text (NUL), 22003 numeric overflow.
 * SQLite: SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY ("UNIQUE constraint failed: t.c").
 */
export function appErrorOfDb(err: unknown): AppError | null {
  const e = err as { code?: string; table?: string; constraint?: string; detail?: string; message?: string };
  if (!e || typeof e !== 'object') return null;
  if (e.code === '23505') {
    // detail: Key (code)=(x) already exists.
    const column = /^Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1];
    return conflict(uniqueMessage(e.table, column));
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const m = /constraint failed: (\w+)\.(\w+)/.exec(e.message ?? '');
    return conflict(uniqueMessage(m?.[1], m?.[2]));
  }
  if (e.code === '22P05' || e.code === '22021') return badRequest('v.nulChar');
  if (e.code === '22003') return new AppError(Code.BAD_REQUEST, 'err.badRequest');
  return null;
}
