import {
  allPermissionKeys,
  Code,
  expandGrants,
  menuKey,
  menuTree,
  type PermissionNode,
  permissionIndex,
  permissionTree,
  ROLES,
  type UserInfoAccess,
} from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AnyDb } from '../db/index.js';
import { AppError } from '../http/errors.js';

/**
 * Who may grant what (issue 21). Nobody grants what they do not hold:
 * - an account may assign only roles whose grants its own cover;
 * - a role may be created or edited only into keys its editor holds, and nobody edits (saves, toggles, deletes) a
 *   role they hold themselves or one holding more than they do;
 * - an account may edit, reset, disable, enable, unlock or delete another account only when its own grants cover
 *   that account's, so only an administrator touches an administrator;
 * - a menu entry's setting is changed only by someone holding that entry (a first level: every entry under it).
 * An administrator holds everything, so every check passes for them (the legacy behaviour). Every route asks
 * these functions; `covers` is the one comparison.
 */

/** What an account or a role holds: the administrator role, or the keys of the permission tree (menus under a first level, buttons). */
export interface Grants {
  readonly admin: boolean;
  readonly keys: ReadonlySet<string>;
}

interface TreeInfo {
  /** every key a role can hold: menus under a first level and buttons (a first level follows from its menus) */
  keys: Set<string>;
  titles: Map<string, string>;
}
let treeInfo: TreeInfo | null = null;
function tree(): TreeInfo {
  if (treeInfo) return treeInfo;
  const tops = new Set(menuTree().map((m) => menuKey(m.routeName)));
  const titles = new Map<string, string>();
  const walk = (nodes: PermissionNode[]) => {
    for (const n of nodes) {
      titles.set(n.key, n.title);
      if (n.children) walk(n.children);
    }
  };
  walk(permissionTree());
  treeInfo = { keys: new Set(allPermissionKeys().filter((k) => !tops.has(k))), titles };
  return treeInfo;
}

/**
 * What this list of keys grants, as keys of the tree: the screens it names or its buttons imply (a button grants its
 * screen, issue 25) and the buttons; a first level, a details route or an unknown key grants nothing of its own.
 */
export function grantingKeys(keys: Iterable<string>): Set<string> {
  const known = tree().keys;
  return new Set([...expandGrants(keys).keys].filter((k) => known.has(k)));
}

const ADMIN_GRANTS: Grants = Object.freeze({ admin: true, keys: new Set<string>() });

/** What `holder` lacks of `target`'s grants: the administrator role, a key, or nothing (null). */
export function uncovered(holder: Grants, target: Grants): { admin: true } | { key: string } | null {
  if (holder.admin) return null;
  if (target.admin) return { admin: true };
  for (const key of target.keys) if (!holder.keys.has(key)) return { key };
  return null;
}

/** `holder`'s grants include all of `target`'s: the one rule every grant, role edit and account change is checked by. */
export function covers(holder: Grants, target: Grants): boolean {
  return uncovered(holder, target) === null;
}

type RoleRef = { id: number; code: string };

/** Each role's grants, read in two queries (a disabled role's too: it may be enabled again). */
export async function grantsByRole(db: AnyDb, roles: RoleRef[]): Promise<Map<number, Grants>> {
  const out = new Map<number, Grants>();
  const plain = roles.filter((r) => r.code !== ROLES.ADMIN).map((r) => Number(r.id));
  for (const r of roles) if (r.code === ROLES.ADMIN) out.set(Number(r.id), ADMIN_GRANTS);
  if (!plain.length) return out;
  const menus = await db
    .selectFrom('sys_role_menu as rm')
    .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
    .select(['rm.role_id', 'm.route_name'])
    .where('rm.role_id', 'in', plain)
    .execute();
  const buttons = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.key', 'rp.permission_key')
    .select(['rp.role_id', 'p.key'])
    .where('rp.role_id', 'in', plain)
    .where('p.kind', '=', 'write')
    .execute();
  const known = tree().keys;
  const keysOf = new Map<number, Set<string>>(plain.map((id) => [id, new Set<string>()]));
  for (const m of menus) keysOf.get(Number(m.role_id))?.add(menuKey(m.route_name));
  for (const b of buttons) keysOf.get(Number(b.role_id))?.add(b.key);
  for (const [id, keys] of keysOf) out.set(id, { admin: false, keys: new Set([...keys].filter((k) => known.has(k))) });
  return out;
}

/** What these roles hold together. */
export function union(list: Iterable<Grants>): Grants {
  const keys = new Set<string>();
  for (const g of list) {
    if (g.admin) return ADMIN_GRANTS;
    for (const k of g.keys) keys.add(k);
  }
  return { admin: false, keys };
}

/** The keys a role holds, as the role editor shows them (the administrator: every key). */
export async function roleKeys(db: AnyDb, role: RoleRef): Promise<string[]> {
  if (role.code === ROLES.ADMIN) return allPermissionKeys().filter((k) => !menuTree().some((m) => menuKey(m.routeName) === k));
  return [...(await grantsByRole(db, [role])).get(Number(role.id))!.keys];
}

async function rolesOfAccount(db: AnyDb, userId: number, enabledOnly: boolean) {
  let q = db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.code', 'r.name'])
    .where('ur.user_id', '=', userId);
  if (enabledOnly) q = q.where('r.enable_flag', '=', 1);
  return (await q.execute()).map((r) => ({ id: Number(r.id), code: r.code, name: r.name }));
}

/**
 * An account's grants: what its enabled roles give (`enabledOnly`, the caller), or every role it holds, a disabled
 * one too (an account someone wants to touch: its disabled role may be enabled again).
 */
export async function accountGrants(db: AnyDb, userId: number, enabledOnly: boolean): Promise<Grants> {
  const roles = await rolesOfAccount(db, userId, enabledOnly);
  return union((await grantsByRole(db, roles)).values());
}

/** The signed-in caller's grants, read in `db` (the writing transaction). */
export async function callerGrants(db: AnyDb, req: FastifyRequest): Promise<Grants> {
  if (!req.user) return union([]);
  return accountGrants(db, req.user.id, true);
}

const refused = (key: string, params: Record<string, string>) => new AppError(Code.FORBIDDEN, key, params);

/** The message keys of the refusal to touch an account: the administrator's, another's. */
type TouchRefusal = NonNullable<UserInfoAccess['touchRefusal']>;

/**
 * What the caller lacks of each of these accounts' grants (every role the account holds, a disabled one too: it
 * may be enabled again), read in three queries; an account the caller covers, and the caller's own account (what
 * may be done to oneself is the route's own rule), are not in it.
 */
async function lackedOf(db: AnyDb, caller: Grants, callerId: number | undefined, userIds: number[]) {
  const out = new Map<number, { admin: true } | { key: string }>();
  const others = [...new Set(userIds)].filter((u) => u !== callerId);
  if (caller.admin || !others.length) return out;
  const held = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.id', 'r.code'])
    .where('ur.user_id', 'in', others)
    .execute();
  const roles = new Map(held.map((r) => [Number(r.id), { id: Number(r.id), code: r.code }]));
  const byRole = await grantsByRole(db, [...roles.values()]);
  for (const userId of others) {
    const own = held.filter((r) => Number(r.user_id) === userId).map((r) => byRole.get(Number(r.id))!);
    const missing = uncovered(caller, union(own));
    if (missing) out.set(userId, missing);
  }
  return out;
}

/**
 * Of these accounts, those the caller may not edit, reset, disable, enable, unlock or delete, each with the key of
 * the refusal it would get (the user list's `mayTouch`): the rule `assertMayTouchAccounts` enforces, read ahead.
 */
export async function touchRefusals(db: AnyDb, req: FastifyRequest, userIds: number[]): Promise<Map<number, TouchRefusal>> {
  const lacked = await lackedOf(db, await callerGrants(db, req), req.user?.id, userIds);
  return new Map([...lacked].map(([userId, missing]) => [userId, 'admin' in missing ? 'userInfo.adminOnly' : 'userInfo.notCovered']));
}

/**
 * Refuses (403) unless the caller's grants cover each of these accounts' (the caller's own account aside: what
 * may be done to oneself is the route's own rule). For saves, password resets, the enable flag, unlock, deletes and
 * forcing sessions out (a user manager must not be able to keep the administrator signed out).
 */
export async function assertMayTouchAccounts(
  db: AnyDb,
  req: FastifyRequest,
  userIds: number[],
  messages: { admin: string; notCovered: string } = { admin: 'userInfo.adminOnly', notCovered: 'userInfo.notCovered' },
): Promise<void> {
  const lacked = await lackedOf(db, await callerGrants(db, req), req.user?.id, userIds);
  for (const userId of new Set(userIds)) {
    const missing = lacked.get(userId);
    if (!missing) continue;
    const row = await db.selectFrom('sys_user').select('user_name').where('id', '=', userId).executeTakeFirst();
    throw refused('admin' in missing ? messages.admin : messages.notCovered, { name: row?.user_name ?? `#${userId}` });
  }
}

/** The ids of these roles the caller may assign to an account (what the user dialog's role picker offers). */
export async function grantableRoles(db: AnyDb, req: FastifyRequest, roles: RoleRef[]): Promise<Set<number>> {
  const caller = await callerGrants(db, req);
  const byRole = await grantsByRole(db, roles);
  return new Set([...byRole].filter(([, g]) => covers(caller, g)).map(([id]) => id));
}

/** Refuses (403) assigning a role whose grants the caller's do not cover. */
export async function assertMayAssignRoles(db: AnyDb, req: FastifyRequest, roles: (RoleRef & { name: string })[]): Promise<void> {
  const ok = await grantableRoles(db, req, roles);
  const bad = roles.find((r) => !ok.has(Number(r.id)));
  if (bad) throw refused('userInfo.roleBeyond', { name: bad.name });
}

/**
 * Refuses (403) a role edit beyond the caller: `role` (null when creating) must not be one the caller holds and
 * must hold nothing beyond the caller; `keys` (the new keys, when given) must all be the caller's.
 * For role saves, toggles and deletes.
 */
export async function assertMayEditRole(
  db: AnyDb,
  req: FastifyRequest,
  role: (RoleRef & { name: string }) | null,
  keys?: string[],
): Promise<void> {
  const caller = await callerGrants(db, req);
  if (caller.admin) return;
  if (role) {
    const own = await db
      .selectFrom('sys_user_role')
      .select('role_id')
      .where('user_id', '=', req.user?.id ?? 0)
      .where('role_id', '=', Number(role.id))
      .executeTakeFirst();
    if (own) throw refused('role.ownRole', { name: role.name });
    const current = (await grantsByRole(db, [role])).get(Number(role.id))!;
    if (!covers(caller, current)) throw refused('role.notCovered', { name: role.name });
  }
  if (keys) {
    const missing = uncovered(caller, { admin: false, keys: grantingKeys(keys) });
    if (missing && 'key' in missing) throw refused('role.beyondGrants', { title: tree().titles.get(missing.key) ?? missing.key });
  }
}

/** Refuses (403) changing the setting of a menu entry the caller does not hold (a first level: all entries under it). */
export async function assertMayEditMenu(
  db: AnyDb,
  req: FastifyRequest,
  menu: { id: number; route_name: string; title: string },
): Promise<void> {
  const caller = await callerGrants(db, req);
  if (caller.admin) return;
  const children = await db.selectFrom('sys_menu').select('route_name').where('parent_id', '=', Number(menu.id)).execute();
  // a details route is held with the list it follows (issue 25)
  const followed = (routeName: string) => menuKey(permissionIndex().followerOf.get(routeName) ?? routeName);
  const needed = [...new Set(children.length ? children.map((c) => followed(c.route_name)) : [followed(menu.route_name)])];
  if (!covers(caller, { admin: false, keys: new Set(needed) })) throw refused('menu.notHeld', { title: menu.title });
}

/** Every role, in the order the pickers show them (sort number, then id). */
export const allRoles = (db: AnyDb) =>
  db.selectFrom('sys_role').select(['id', 'code', 'name', 'enable_flag']).orderBy('sort_no').orderBy('id').execute();
