import crypto from 'node:crypto';
import { ADMIN_ONLY_MODULES, Code, ROLES } from '@gk/contracts';
import type { Ctx } from '../context.js';
import { AppError } from '../http/errors.js';

export interface SessionUser {
  id: number;
  userName: string;
  name: string;
  roles: string[];
  permissions: ReadonlySet<string>;
  sessionId: number;
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
  return token;
}

export async function deleteSession(ctx: Ctx, sessionId: number): Promise<void> {
  await ctx.db.deleteFrom('sys_session').where('id', '=', sessionId).execute();
}

/** Ends every session of a user at once (disabled or deleted account). */
export async function deleteUserSessions(ctx: Ctx, userId: number): Promise<void> {
  await ctx.db.deleteFrom('sys_session').where('user_id', '=', userId).execute();
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

export function clearPermissionCache(): void {
  permissionCache.clear();
  roleCache.clear();
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
 * Resolves a token to its user, or throws the SPEC point 8 code: 50008 missing / unknown,
 * 50014 expired, 50012 replaced by a newer login.
 */
export async function authenticate(ctx: Ctx, token: string | undefined): Promise<SessionUser> {
  if (!token || token.length > 200) throw new AppError(Code.TOKEN_MISSING, 'err.tokenMissing');
  const row = await ctx.db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 's.expires_at', 's.last_seen', 'u.id', 'u.user_name', 'u.name', 'u.enable_flag'])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new AppError(Code.TOKEN_MISSING, 'err.tokenMissing');
  const now = ctx.now();
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
  if (now - row.last_seen > RENEW_AFTER_MS) {
    await ctx.db
      .updateTable('sys_session')
      .set({ last_seen: now, expires_at: now + ctx.config.sessionTtlMinutes * 60_000 })
      .where('id', '=', row.sessionId)
      .execute();
  }
  const roles = await rolesOf(ctx, row.id);
  return {
    id: row.id,
    userName: row.user_name,
    name: row.name,
    roles,
    permissions: await permissionsOf(ctx, roles),
    sessionId: row.sessionId,
  };
}

/** admin may do everything; other roles what their permission rows grant. */
export function may(user: SessionUser, key: string): boolean {
  return user.roles.includes(ROLES.ADMIN) || user.permissions.has(key);
}

export { ADMIN_ONLY_MODULES };
