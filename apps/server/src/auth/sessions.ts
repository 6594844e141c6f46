import crypto from 'node:crypto';
import { ADMIN_ONLY_MODULES, Code, ROLES } from '@gk/contracts';
import type { Ctx } from '../context.js';
import type { AnyDb } from '../db/index.js';
import { runShape } from '../db/shapes.js';
import { AppError } from '../http/errors.js';

export interface SessionUser {
  id: number;
  userName: string;
  name: string;
  roles: string[];
  permissions: ReadonlySet<string>;
  sessionId: number;
}

interface SessionRow {
  sessionId: number;
  expires_at: number;
  last_seen: number;
  id: number;
  user_name: string;
  name: string;
  enable_flag: number;
}

/** A session whose expiry is set to this value was replaced by a newer login (code 50012). */
const REPLACED = 0;
/** Renew the sliding expiry at most once a minute per session, not on every request. */
const RENEW_AFTER_MS = 60_000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(
  ctx: Ctx,
  userId: number,
  meta: { ip: string; userAgent: string },
  singleSession = false,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.now();
  const ttl = ctx.config.sessionTtlMinutes * 60_000;
  await ctx.db.transaction().execute(async (trx) => {
    // tidy: drop this user's expired sessions
    await trx
      .deleteFrom('sys_session')
      .where('user_id', '=', userId)
      .where('expires_at', '>', REPLACED)
      .where('expires_at', '<', now)
      .execute();
    if (singleSession) {
      await trx.updateTable('sys_session').set({ expires_at: REPLACED }).where('user_id', '=', userId).execute();
    }
    forgetSessions(ctx);
    await trx
      .insertInto('sys_session')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        expires_at: now + ttl,
        last_seen: now,
        ip: meta.ip.slice(0, 64),
        user_agent: meta.userAgent.slice(0, 300),
      })
      .execute();
  });
  forgetSessions(ctx);
  return token;
}

export async function deleteSession(ctx: Ctx, sessionId: number): Promise<void> {
  await ctx.db.deleteFrom('sys_session').where('id', '=', sessionId).execute();
  forgetSessions(ctx);
}

/** Ends every session of these accounts at once (disabled or deleted account, password reset), in `db` if given. */
export async function deleteUserSessions(ctx: Ctx, userIds: number | number[], db: AnyDb = ctx.db): Promise<void> {
  const ids = Array.isArray(userIds) ? userIds : [userIds];
  forgetSessions(ctx);
  if (ids.length) await db.deleteFrom('sys_session').where('user_id', 'in', ids).execute();
  forgetSessions(ctx);
}

// Role → permission keys, cached briefly per process (roles change rarely; every instance re-reads within seconds).
const PERMISSION_TTL_MS = 5_000;
const permissionCache = new Map<string, { at: number; keys: Set<string> }>();

export async function permissionsOf(ctx: Ctx, roles: string[]): Promise<Set<string>> {
  const cacheKey = [...roles].sort().join(',');
  const hit = permissionCache.get(cacheKey);
  const now = Date.now();
  if (hit && now - hit.at < PERMISSION_TTL_MS && hit.keys.size > 0) return hit.keys;
  if (roles.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
    .select('rp.permission_key')
    .where('r.code', 'in', roles)
    .execute();
  const keys = new Set(rows.map((r) => r.permission_key));
  permissionCache.set(cacheKey, { at: now, keys });
  return keys;
}

// A user's roles, cached briefly per process like the permissions (no screen changes roles today).
const roleCache = new Map<number, { at: number; roles: string[] }>();

export async function rolesOf(ctx: Ctx, userId: number): Promise<string[]> {
  const hit = roleCache.get(userId);
  if (hit && Date.now() - hit.at < PERMISSION_TTL_MS) return hit.roles;
  const roles = await readRoles(ctx, userId);
  if (roleCache.size > 10_000) roleCache.clear();
  roleCache.set(userId, { at: Date.now(), roles });
  return roles;
}

async function readRoles(ctx: Ctx, userId: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.code')
    .where('ur.user_id', '=', userId)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => r.code);
}

/**
 * Sessions checked in the last few seconds, by token, per app: a request of a known session costs no
 * database read. Every change this process makes to sessions or accounts (login replacing a session,
 * logout, disabling, deleting, a password reset) forgets them at once; expiry is checked on every hit.
 * Another instance on the same PostgreSQL database sees such a change within SESSION_RECHECK_MS.
 */
const SESSION_RECHECK_MS = 5_000;
interface KnownSession {
  user: SessionUser;
  checkedAt: number;
  expiresAt: number;
  lastSeen: number;
}
const knownSessions = new WeakMap<Ctx, Map<string, KnownSession>>();

/** Forgets every checked session of this app (after any change to sessions or accounts). */
export function forgetSessions(ctx: Ctx): void {
  knownSessions.get(ctx)?.clear();
}

async function renew(ctx: Ctx, sessionId: number, now: number): Promise<number> {
  const expiresAt = now + ctx.config.sessionTtlMinutes * 60_000;
  await ctx.db.updateTable('sys_session').set({ last_seen: now, expires_at: expiresAt }).where('id', '=', sessionId).execute();
  return expiresAt;
}

/**
 * Resolves a token to its user, or throws the SPEC point 8 code: 50008 missing / unknown,
 * 50014 expired, 50012 replaced by a newer login.
 */
export async function authenticate(ctx: Ctx, token: string | undefined): Promise<SessionUser> {
  if (!token || token.length > 200) throw new AppError(Code.TOKEN_MISSING, 'err.tokenMissing');
  const now = ctx.now();
  const known = knownSessions.get(ctx) ?? new Map<string, KnownSession>();
  if (!knownSessions.has(ctx)) knownSessions.set(ctx, known);
  const hit = known.get(token);
  if (hit && now - hit.checkedAt < SESSION_RECHECK_MS && now >= hit.checkedAt && hit.expiresAt >= now) {
    if (now - hit.lastSeen > RENEW_AFTER_MS) {
      hit.expiresAt = await renew(ctx, hit.user.sessionId, now);
      hit.lastSeen = now;
    }
    return hit.user;
  }
  if (hit) known.delete(token);

  const tokenHash = hashToken(token);
  const [row] = await runShape<SessionRow>(ctx.db, ctx.dialect, 'auth:session', [tokenHash], () =>
    ctx.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select(['s.id as sessionId', 's.expires_at', 's.last_seen', 'u.id', 'u.user_name', 'u.name', 'u.enable_flag'])
      .where('s.token_hash', '=', tokenHash),
  );
  if (!row) throw new AppError(Code.TOKEN_MISSING, 'err.tokenMissing');
  if (row.expires_at === REPLACED) {
    await deleteSession(ctx, row.sessionId);
    throw new AppError(Code.TOKEN_REPLACED, 'err.tokenReplaced');
  }
  if (row.expires_at < now) {
    await deleteSession(ctx, row.sessionId);
    throw new AppError(Code.TOKEN_EXPIRED, 'err.tokenExpired');
  }
  if (row.enable_flag !== 1) {
    await deleteUserSessions(ctx, row.id);
    throw new AppError(Code.TOKEN_MISSING, 'auth.disabled');
  }
  let expiresAt = row.expires_at;
  let lastSeen = row.last_seen;
  if (now - row.last_seen > RENEW_AFTER_MS) {
    expiresAt = await renew(ctx, row.sessionId, now);
    lastSeen = now;
  }
  const roles = await rolesOf(ctx, row.id);
  const user: SessionUser = Object.freeze({
    id: row.id,
    userName: row.user_name,
    name: row.name,
    roles,
    permissions: await permissionsOf(ctx, roles),
    sessionId: row.sessionId,
  });
  if (known.size >= 10_000) known.clear();
  known.set(token, { user, checkedAt: now, expiresAt, lastSeen });
  return user;
}

/** admin may do everything; other roles what their permission rows grant. */
export function may(user: SessionUser, key: string): boolean {
  return user.roles.includes(ROLES.ADMIN) || user.permissions.has(key);
}

export { ADMIN_ONLY_MODULES };
