import crypto from 'node:crypto';
import { ADMIN_ONLY_MODULES, Code, ROLES } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import type { AnyDb } from '../db/index.js';
import { runShape } from '../db/shapes.js';
import { busOf, changed, OWN_KINDS } from '../events/bus.js';
import { AppError } from '../http/errors.js';
import { menusOf } from './menus.js';

export interface SessionUser {
  id: number;
  userName: string;
  name: string;
  roles: string[];
  /** the roles sorted, comma-joined: the key of what is kept per set of roles (`grantsVersion`) */
  rolesKey: string;
  permissions: ReadonlySet<string>;
  sessionId: number;
  /** an administrator reset the password: only the session's own calls (修改密码) until it is changed */
  mustChangePassword: boolean;
  /** the account's department (sys_dept), the one its new records belong to; null: none */
  deptId: number | null;
  /** which records of a scoped resource its roles let it see (数据权限); null: all of them */
  scope: DataScope | null;
}

/**
 * The records of a scoped resource an account may see (the union of its roles' data scopes, contracts `scope.ts`):
 * those whose owner department is in `depts`, those it created itself (`userId`), and with `headOffice` (the root
 * department is in `depts`) the records without an owner (created before departments existed).
 */
export interface DataScope {
  /** department ids, ascending */
  depts: readonly number[];
  /** the account itself (仅本人), or null */
  userId: number | null;
  headOffice: boolean;
}

interface SessionRow {
  sessionId: number;
  expires_at: number;
  last_seen: number;
  id: number;
  user_name: string;
  name: string;
  enable_flag: number;
  must_change_password: number;
  dept_id: number | null;
  end_reason: string | null;
}

/**
 * A session whose expiry is set to this value has ended but its row stays to say why: replaced by a newer login
 * (code 50012), or with an `end_reason` (`SESSION_END`): 强退 or a password change elsewhere (code 50008).
 */
const REPLACED = 0;

/** why a session was ended while its row stays (migration 046), and what its next call answers */
export const SESSION_END = {
  /** 强退 by an administrator (系统监控 › 在线用户) */
  forced: 'auth.forcedOut',
  /** its holder changed the password in another session */
  password: 'auth.passwordChangedElsewhere',
} as const;
export type SessionEndReason = keyof typeof SESSION_END;
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
    // and the ended sessions kept to say why, once they would have expired anyway
    await trx
      .deleteFrom('sys_session')
      .where('user_id', '=', userId)
      .where('expires_at', '=', REPLACED)
      .where('last_seen', '<', now - ttl)
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
  if (singleSession) await changed(ctx, 'session');
  return token;
}

/**
 * Ends sessions while keeping their rows to say why (`reason`): the next call with one of their tokens, on any
 * process, answers SESSION_END's message with code 50008. `sessions`: these session ids, or every session of
 * `userId` but `except`. Inside `db` if given; with the request, every process is told when its reply goes out.
 */
export async function endSessions(
  ctx: Ctx,
  reason: SessionEndReason,
  sessions: { ids: number[] } | { userId: number; except?: number },
  db: AnyDb = ctx.db,
  req?: FastifyRequest,
): Promise<void> {
  let q = db.updateTable('sys_session').set({ expires_at: REPLACED, end_reason: reason }).where('expires_at', '>', REPLACED);
  if ('ids' in sessions) {
    if (!sessions.ids.length) return;
    q = q.where('id', 'in', sessions.ids);
  } else {
    q = q.where('user_id', '=', sessions.userId);
    if (sessions.except != null) q = q.where('id', '<>', sessions.except);
  }
  await q.execute();
  await changed(ctx, 'session', { db, req });
}

export async function deleteSession(ctx: Ctx, sessionId: number): Promise<void> {
  await ctx.db.deleteFrom('sys_session').where('id', '=', sessionId).execute();
  await changed(ctx, 'session');
}

/**
 * Ends every session of these accounts at once (disabled or deleted account, password reset), in `db` if given;
 * with the request, every process is told when its reply goes out (after the commit).
 */
export async function deleteUserSessions(ctx: Ctx, userIds: number | number[], db: AnyDb = ctx.db, req?: FastifyRequest): Promise<void> {
  const ids = Array.isArray(userIds) ? userIds : [userIds];
  if (ids.length) await db.deleteFrom('sys_session').where('user_id', 'in', ids).execute();
  await changed(ctx, 'session', { db, req });
}

/**
 * What this process keeps of sessions, roles and permissions, per app. There is no time window: every
 * change to sessions, accounts, roles or grants, made by any process, reaches the change bus
 * (events/bus.ts), which empties all of it at once; while the bus cannot hear (PostgreSQL listener down)
 * nothing is kept. A read that a change overtook (the bus generation moved while it ran) is not kept.
 */
interface Caches {
  sessions: Map<string, KnownSession>;
  permissions: Map<string, Set<string>>;
  roles: Map<number, string[]>;
  /** grants version per set of roles (`grantsVersion`) */
  versions: Map<string, string>;
  /** data scope per account (`scopeOf`) */
  scopes: Map<number, DataScope | null>;
}
interface KnownSession {
  user: SessionUser;
  checkedAt: number;
  expiresAt: number;
  lastSeen: number;
}
/**
 * A backstop for changes made around the product (rows edited by hand in the database, which tell no bus):
 * a kept session is read again after a minute. Changes made through the product never wait for it.
 */
const RECHECK_MS = 60_000;
const CACHE_MAX = 10_000;
const cachesOf = new WeakMap<Ctx, Caches>();

function caches(ctx: Ctx): Caches {
  let c = cachesOf.get(ctx);
  if (!c) {
    const fresh: Caches = { sessions: new Map(), permissions: new Map(), roles: new Map(), versions: new Map(), scopes: new Map() };
    busOf(ctx).subscribe((change) => {
      // what the delivery API serves changed: nothing kept here depends on it
      if (change.kind === 'delivery' || OWN_KINDS.includes(change.kind)) return;
      fresh.sessions.clear();
      fresh.permissions.clear();
      fresh.roles.clear();
      fresh.versions.clear();
      fresh.scopes.clear();
    });
    cachesOf.set(ctx, fresh);
    c = fresh;
  }
  return c;
}

/** Keeps a value read at `generation` unless a change came in meanwhile or the bus cannot hear. */
function keep<K, V>(ctx: Ctx, map: Map<K, V>, key: K, value: V, generation: number): void {
  const bus = busOf(ctx);
  if (!bus.trusted || bus.generation !== generation) return;
  if (map.size >= CACHE_MAX) map.clear();
  map.set(key, value);
}

/** Forgets what this process keeps (tests and tools that change the database by hand). */
export function forgetSessions(ctx: Ctx): void {
  const c = cachesOf.get(ctx);
  c?.sessions.clear();
  c?.permissions.clear();
  c?.roles.clear();
  c?.versions.clear();
  c?.scopes.clear();
}

/** Permission keys of these roles; a disabled role grants nothing. */
export async function permissionsOf(ctx: Ctx, roles: string[]): Promise<Set<string>> {
  if (roles.length === 0) return new Set();
  const cacheKey = [...roles].sort().join(',');
  const c = caches(ctx);
  const hit = busOf(ctx).trusted ? c.permissions.get(cacheKey) : undefined;
  if (hit) return hit;
  const generation = busOf(ctx).generation;
  const rows = await ctx.db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
    .select('rp.permission_key')
    .where('r.code', 'in', roles)
    .where('r.enable_flag', '=', 1)
    .execute();
  const keys = new Set(rows.map((r) => r.permission_key));
  keep(ctx, c.permissions, cacheKey, keys, generation);
  return keys;
}

/** The codes of an account's enabled roles. */
export async function rolesOf(ctx: Ctx, userId: number): Promise<string[]> {
  const c = caches(ctx);
  const hit = busOf(ctx).trusted ? c.roles.get(userId) : undefined;
  if (hit) return hit;
  const generation = busOf(ctx).generation;
  const rows = await ctx.db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.code')
    .where('ur.user_id', '=', userId)
    .where('r.enable_flag', '=', 1)
    .orderBy('r.sort_no')
    .orderBy('r.id')
    .execute();
  const roles = rows.map((r) => r.code);
  keep(ctx, c.roles, userId, roles, generation);
  return roles;
}

/**
 * The data scope of an account (the union of its enabled roles' scopes); null when it sees every record (admin, or a
 * role with 全部). Kept per process like the roles: role, account and department writes tell the change bus.
 */
export async function scopeOf(ctx: Ctx, userId: number, deptId: number | null, roles: string[]): Promise<DataScope | null> {
  if (roles.includes(ROLES.ADMIN)) return null;
  const c = caches(ctx);
  const trusted = busOf(ctx).trusted;
  if (trusted && c.scopes.has(userId)) return c.scopes.get(userId)!;
  const generation = busOf(ctx).generation;
  const held = await ctx.db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.data_scope'])
    .where('ur.user_id', '=', userId)
    .where('r.enable_flag', '=', 1)
    .execute();
  let scope: DataScope | null;
  if (held.some((r) => r.data_scope === 'all')) scope = null;
  else {
    const depts = new Set<number>();
    let self = false;
    const kinds = new Set(held.map((r) => r.data_scope));
    if (deptId != null && (kinds.has('dept') || kinds.has('deptAndBelow'))) depts.add(deptId);
    if (kinds.has('self')) self = true;
    const tree = await ctx.db.selectFrom('sys_dept').select(['id', 'parent_id', 'ancestors']).execute();
    if (deptId != null && kinds.has('deptAndBelow'))
      for (const d of tree) if (String(d.ancestors).split(',').map(Number).includes(deptId)) depts.add(Number(d.id));
    const custom = held.filter((r) => r.data_scope === 'custom').map((r) => Number(r.id));
    if (custom.length)
      for (const r of await ctx.db.selectFrom('sys_role_dept').select('dept_id').where('role_id', 'in', custom).execute())
        depts.add(Number(r.dept_id));
    const roots = tree.filter((d) => d.parent_id == null).map((d) => Number(d.id));
    scope = { depts: [...depts].sort((a, b) => a - b), userId: self ? userId : null, headOffice: roots.some((r) => depts.has(r)) };
  }
  keep(ctx, c.scopes, userId, scope, generation);
  return scope;
}

/**
 * A short fingerprint of what a user of these roles is shown and allowed: the roles, their menus (with the
 * menu settings) and their permission keys. Every authenticated reply carries it (header `x-grants`); the SPA
 * reads /user/info again when it changes, so a removed button disappears with the next reply, not the next
 * reload. Every process computes the same value from the database; it is kept until the change bus moves.
 */
export async function grantsVersion(ctx: Ctx, user: SessionUser): Promise<string> {
  const key = user.rolesKey;
  const c = caches(ctx);
  const hit = busOf(ctx).trusted ? c.versions.get(key) : undefined;
  if (hit) return hit;
  const generation = busOf(ctx).generation;
  const menus = await menusOf(ctx, user.roles);
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify([key, menus, [...user.permissions].sort()]))
    .digest('base64url')
    .slice(0, 16);
  keep(ctx, c.versions, key, version, generation);
  return version;
}

async function renew(ctx: Ctx, sessionId: number, now: number): Promise<number> {
  const expiresAt = now + ctx.config.sessionTtlMinutes * 60_000;
  await ctx.db.updateTable('sys_session').set({ last_seen: now, expires_at: expiresAt }).where('id', '=', sessionId).execute();
  return expiresAt;
}

/**
 * The hot path of `authenticate` + `grantsVersion`, without a promise: the user of a token this process checked
 * and keeps (within RECHECK_MS, not expired, no renewal due) and its grants version, when both are kept; else
 * undefined and the caller takes the full path. The same rules as `authenticate`'s first lines.
 */
export function knownSession(ctx: Ctx, token: string | undefined): { user: SessionUser; grants: string } | undefined {
  if (!token || token.length > 200) return undefined;
  const c = cachesOf.get(ctx);
  if (!c || !busOf(ctx).trusted) return undefined;
  const hit = c.sessions.get(token);
  if (!hit) return undefined;
  const now = ctx.now();
  if (!(hit.expiresAt >= now && now >= hit.checkedAt && now - hit.checkedAt < RECHECK_MS) || now - hit.lastSeen > RENEW_AFTER_MS)
    return undefined;
  const grants = c.versions.get(hit.user.rolesKey);
  return grants === undefined ? undefined : { user: hit.user, grants };
}

/**
 * Resolves a token to its user, or throws the SPEC point 8 code: 50008 missing / unknown,
 * 50014 expired, 50012 replaced by a newer login.
 */
export async function authenticate(ctx: Ctx, token: string | undefined): Promise<SessionUser> {
  if (!token || token.length > 200) throw new AppError(Code.TOKEN_MISSING, 'err.tokenMissing');
  const now = ctx.now();
  const bus = busOf(ctx);
  const known = caches(ctx).sessions;
  const hit = bus.trusted ? known.get(token) : undefined;
  if (hit && hit.expiresAt >= now && now >= hit.checkedAt && now - hit.checkedAt < RECHECK_MS) {
    if (now - hit.lastSeen > RENEW_AFTER_MS) {
      hit.expiresAt = await renew(ctx, hit.user.sessionId, now);
      hit.lastSeen = now;
    }
    return hit.user;
  }
  if (hit) known.delete(token);
  const generation = bus.generation;

  const tokenHash = hashToken(token);
  const [row] = await runShape<SessionRow>(ctx.db, ctx.dialect, 'auth:session', [tokenHash], () =>
    ctx.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select([
        's.id as sessionId',
        's.expires_at',
        's.last_seen',
        'u.id',
        'u.user_name',
        'u.name',
        'u.enable_flag',
        'u.must_change_password',
        'u.dept_id',
        's.end_reason',
      ])
      .where('s.token_hash', '=', tokenHash),
  );
  if (!row) throw new AppError(Code.TOKEN_MISSING, 'err.tokenMissing');
  if (row.expires_at === REPLACED) {
    // ended by 强退 or a password change elsewhere: the row stays (every tab of it hears why) until it is tidied
    const why = row.end_reason ? SESSION_END[row.end_reason as SessionEndReason] : undefined;
    if (why) throw new AppError(Code.TOKEN_MISSING, why);
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
    rolesKey: [...roles].sort().join(','),
    permissions: await permissionsOf(ctx, roles),
    sessionId: row.sessionId,
    mustChangePassword: Number(row.must_change_password) === 1,
    deptId: row.dept_id == null ? null : Number(row.dept_id),
    scope: await scopeOf(ctx, row.id, row.dept_id == null ? null : Number(row.dept_id), roles),
  });
  keep(ctx, known, token, { user, checkedAt: now, expiresAt, lastSeen }, generation);
  return user;
}

/** admin may do everything; other roles what their permission rows grant. */
export function may(user: SessionUser, key: string): boolean {
  return user.roles.includes(ROLES.ADMIN) || user.permissions.has(key);
}

export { ADMIN_ONLY_MODULES };
