import {
  Code,
  expandGrants,
  id,
  isKnownPermissionKey,
  type MenuSetting,
  menuSettingSchema,
  paging,
  permissionTree,
  ROLES,
  roleAssignSchema,
  roleEndpoints,
  roleResource,
  roleUsersSchema,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  allRoles,
  assertMayAssignRoles,
  assertMayEditMenu,
  assertMayEditRole,
  assertMayTouchAccounts,
  callerGrants,
  roleKeys,
  touchRefusals,
} from '../../auth/grants.js';
import type { Ctx } from '../../context.js';
import { contains } from '../../crud/list.js';
import { registerResource } from '../../crud/routes.js';
import type { CrudHooks } from '../../crud/service.js';
import type { AnyDb } from '../../db/index.js';
import { changed } from '../../events/bus.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { langOf, ok, page, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { deptAndBelow, deptTree } from '../dept/index.js';
import { audit } from '../log/index.js';

/**
 * Writes a role's grants from the keys of the tree (issue 25, contracts `expandGrants`): the screens it names and
 * those its buttons sit under, with their first levels and the details routes following them; the buttons it
 * names; the read endpoints its screens need (a read no screen claims: with any screen of its module). A first level alone, a details route alone
 * (legacy keys, accepted) and a group key grant nothing of their own, so what `getRole` answers is what the editor shows.
 */
export async function writeGrants(trx: AnyDb, roleId: number, keys: string[]): Promise<void> {
  const unknown = keys.find((k) => !isKnownPermissionKey(k));
  if (unknown) throw badRequest('role.unknownPermission', { key: unknown.slice(0, 100) });
  const granted = expandGrants(keys);
  const reads = [...granted.reads];
  await trx.deleteFrom('sys_role_permission').where('role_id', '=', roleId).execute();
  await trx.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
  const permissionRows = [...new Set([...reads, ...granted.buttons])].map((key) => ({ role_id: roleId, permission_key: key }));
  if (permissionRows.length) await trx.insertInto('sys_role_permission').values(permissionRows).execute();
  if (granted.menus.size) {
    const menus = await trx
      .selectFrom('sys_menu')
      .select('id')
      .where('route_name', 'in', [...granted.menus])
      .execute();
    if (menus.length)
      await trx
        .insertInto('sys_role_menu')
        .values(menus.map((m) => ({ role_id: roleId, menu_id: Number(m.id) })))
        .execute();
  }
}

/** The users holding a role, by name (at most `limit`). */
async function holders(db: AnyDb, roleId: number, limit = 10): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .select('u.user_name')
    .where('ur.role_id', '=', roleId)
    .orderBy('u.id')
    .limit(limit + 1)
    .execute();
  const names = rows.slice(0, limit).map((r) => r.user_name);
  return rows.length > limit ? [...names, '…'] : names;
}

export async function menuSettings(db: AnyDb): Promise<MenuSetting[]> {
  const rows = await db
    .selectFrom('sys_menu')
    .select([
      'id',
      'parent_id',
      'route_name',
      'url',
      'title',
      'icon',
      'sort_no',
      'is_hidden',
      'custom_title',
      'custom_icon',
      'custom_sort_no',
      'custom_hidden',
    ])
    .execute();
  const items: MenuSetting[] = rows
    .map((r) => ({
      id: Number(r.id),
      parentId: r.parent_id == null ? null : Number(r.parent_id),
      routeName: r.route_name,
      url: r.url,
      defaultTitle: r.title,
      defaultIcon: r.icon,
      title: r.custom_title || r.title,
      icon: r.custom_icon || r.icon,
      sortNo: r.custom_sort_no ?? r.sort_no,
      isHidden: (r.custom_hidden ?? r.is_hidden) === 1,
    }))
    .sort((a, b) => a.sortNo - b.sortNo || a.id - b.id);
  return items.filter((m) => m.parentId == null).map((top) => ({ ...top, children: items.filter((c) => c.parentId === top.id) }));
}

/** The ranks of the relative data scopes: a caller without 全部 grants none wider than its own widest. */
const SCOPE_RANK: Record<string, number> = { self: 0, dept: 1, deptAndBelow: 2, all: 3 };

/**
 * Refuses (403) a data scope wider than the caller's own (issue 25): only a caller whose roles reach 全部 (or the
 * administrator) grants 全部; otherwise a relative scope no wider than the caller's widest relative one, and a
 * custom scope only of departments the caller's own scopes reach (its department, below it, its custom ones).
 */
async function assertMayGrantScope(trx: AnyDb, req: FastifyRequest, scope: string, deptIds: number[]): Promise<void> {
  const caller = await callerGrants(trx, req);
  if (caller.admin || !req.user) return;
  const roles = await trx
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.data_scope'])
    .where('ur.user_id', '=', req.user.id)
    .where('r.enable_flag', '=', 1)
    .execute();
  const scopes = roles.map((r) => r.data_scope);
  if (scopes.includes('all')) return;
  const widest = Math.max(-1, ...scopes.map((s) => SCOPE_RANK[s] ?? -1));
  const title = (s: string) => t(req, `role.scope.${s}`);
  if (scope !== 'custom') {
    if ((SCOPE_RANK[scope] ?? 3) > widest) throw new AppError(Code.FORBIDDEN, 'role.scopeBeyond', { scope: title(scope) });
    return;
  }
  const me = await trx.selectFrom('sys_user').select('dept_id').where('id', '=', req.user.id).executeTakeFirst();
  const own = me?.dept_id == null ? [] : [Number(me.dept_id)];
  const reach = new Set<number>();
  if (scopes.includes('dept')) for (const d of own) reach.add(d);
  if (scopes.includes('deptAndBelow')) for (const d of await deptAndBelow(trx, own)) reach.add(d);
  const customRoles = roles.filter((r) => r.data_scope === 'custom').map((r) => Number(r.id));
  if (customRoles.length)
    for (const r of await trx.selectFrom('sys_role_dept').select('dept_id').where('role_id', 'in', customRoles).execute())
      reach.add(Number(r.dept_id));
  if (deptIds.some((d) => !reach.has(d))) throw new AppError(Code.FORBIDDEN, 'role.scopeBeyond', { scope: title('custom') });
}

/** The departments of a role's custom scope. */
async function roleDeptIds(db: AnyDb, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('sys_role_dept').select('dept_id').where('role_id', '=', roleId).orderBy('dept_id').execute();
  return rows.map((r) => Number(r.dept_id));
}

/**
 * 分配用户 (issue 25): the accounts holding a role (`holding`) or not, a page of them by user name, each with what
 * the caller may do to it (the user list's `mayTouch`).
 */
async function roleUserPage(
  db: AnyDb,
  req: FastifyRequest,
  input: { roleId: number; userName?: string; pageNumber: number; pageSize: number },
  holding: boolean,
) {
  let q = db
    .selectFrom('sys_user as u')
    .where((eb) =>
      eb(
        'u.id',
        holding ? 'in' : 'not in',
        eb.selectFrom('sys_user_role as hr').select('hr.user_id').where('hr.role_id', '=', input.roleId),
      ),
    );
  const name = input.userName?.trim();
  if (name) q = q.where((eb) => eb.or([contains('u.user_name', name), contains('u.name', name)]));
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .select(['u.id', 'u.user_name', 'u.name', 'u.tel', 'u.email', 'u.enable_flag', 'u.create_time', 'd.name as dept_name'])
    .orderBy('u.id')
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize)
    .execute();
  const refusals = await touchRefusals(
    db,
    req,
    rows.map((r) => Number(r.id)),
  );
  return {
    total,
    rows: rows.map((r) => {
      const refusal = refusals.get(Number(r.id));
      return {
        id: Number(r.id),
        userName: r.user_name,
        nickName: r.name,
        phone: r.tel,
        email: r.email,
        deptName: r.dept_name ?? '',
        enableFlag: Number(r.enable_flag),
        createTime: r.create_time,
        ...(refusal ? { mayTouch: false, touchRefusal: refusal } : { mayTouch: true }),
      };
    }),
  };
}

/**
 * Roles (系统管理 › 角色管理). `admin` keeps every permission: its grants are not written by a save, its code
 * cannot change and it cannot be disabled or deleted. A role held by users cannot be deleted. Every save,
 * toggle or delete tells every server process (change bus) when its reply goes out.
 */
/** 分配用户 / 取消分配 in the operation log: the role as the record, the accounts as what changed */
function auditAssignment(
  ctx: Ctx,
  trx: AnyDb,
  req: FastifyRequest,
  action: 'assignUsers' | 'unassignUsers',
  role: { id: number | string; name: string },
  users: { id: number | string; user_name: string }[],
  changedIds: number[],
) {
  const names = users.filter((u) => changedIds.includes(Number(u.id))).map((u) => u.user_name);
  const accounts = names.join('、');
  return audit(ctx, trx, {
    req,
    module: 'role',
    action,
    recordId: Number(role.id),
    title: role.name,
    ...(action === 'assignUsers' ? { before: null, after: { accounts } } : { before: { accounts }, after: null }),
  });
}

export function register(api: FastifyInstance, ctx: Ctx): void {
  const hooks: CrudHooks = {
    beforeSave: async (values, { id: roleId, existing, req, trx, scratch }) => {
      const keys = Array.isArray(values.permissions) ? (values.permissions as string[]) : undefined;
      // nobody grants what they do not hold (auth/grants.ts)
      await assertMayEditRole(trx, req, existing ? { id: roleId!, code: String(existing.code), name: String(existing.name) } : null, keys);
      // the grants a save names, for its afterWrite to write
      if (keys) scratch.keys = keys;
      delete values.permissions;
      // 数据权限: the scope (absent: unchanged; new: 全部) and a custom scope's departments, none wider than the caller's
      const deptIds = Array.isArray(values.deptIds) ? [...new Set(values.deptIds as number[])] : undefined;
      delete values.deptIds;
      if (values.dataScope == null) delete values.dataScope;
      const scope = String(values.dataScope ?? existing?.dataScope ?? 'all');
      if (scope === 'custom') {
        const ids = deptIds ?? (roleId != null ? await roleDeptIds(trx, roleId) : []);
        if (!ids.length) throw badRequest('role.deptsRequired');
        const found = await trx.selectFrom('sys_dept').select('id').where('id', 'in', ids).execute();
        if (found.length !== ids.length) throw badRequest('role.deptUnknown');
        scratch.deptIds = ids;
      } else if (values.dataScope !== undefined) scratch.deptIds = [];
      if (values.dataScope !== undefined || deptIds) await assertMayGrantScope(trx, req, scope, (scratch.deptIds as number[]) ?? []);
      if (existing?.code === ROLES.ADMIN && ((values.code !== undefined && values.code !== ROLES.ADMIN) || values.enableFlag === 0))
        throw conflict('role.adminLocked');
      if (values.sortNo === null) values.sortNo = 0;
      if (values.remark === null) values.remark = '';
      values.customized = 1;
      return values;
    },
    afterWrite: async (roleId, { trx, scratch }) => {
      const role = await trx.selectFrom('sys_role').select(['code', 'enable_flag']).where('id', '=', roleId).executeTakeFirstOrThrow();
      if (role.code === ROLES.ADMIN && Number(role.enable_flag) !== 1) throw conflict('role.adminLocked');
      const keys = scratch.keys as string[] | undefined;
      if (keys && role.code !== ROLES.ADMIN) await writeGrants(trx, roleId, keys);
      const deptIds = scratch.deptIds as number[] | undefined;
      if (deptIds) {
        await trx.deleteFrom('sys_role_dept').where('role_id', '=', roleId).execute();
        if (deptIds.length)
          await trx
            .insertInto('sys_role_dept')
            .values(deptIds.map((d) => ({ role_id: roleId, dept_id: d })))
            .execute();
      }
      await trx.updateTable('sys_role').set({ customized: 1 }).where('id', '=', roleId).execute();
      // every process drops its roles and permissions: the write's event (roleResource `invalidates`)
    },
    beforeToggle: async (role, { req, trx }) => {
      await assertMayEditRole(trx, req, { id: Number(role.id), code: String(role.code), name: String(role.name) });
    },
    beforeDelete: async (rows, { req, trx }) => {
      for (const r of rows) {
        await assertMayEditRole(trx, req, { id: Number(r.id), code: String(r.code), name: String(r.name) });
        if (r.code === ROLES.ADMIN) throw conflict('role.adminLocked');
        const users = await holders(trx, Number(r.id));
        if (users.length) throw conflict('role.inUse', { name: String(r.name), users: users.join('、') });
        await trx.deleteFrom('sys_role_permission').where('role_id', '=', Number(r.id)).execute();
        await trx.deleteFrom('sys_role_menu').where('role_id', '=', Number(r.id)).execute();
        await trx.deleteFrom('sys_role_dept').where('role_id', '=', Number(r.id)).execute();
      }
    },
  };

  const crud = registerResource(
    api,
    ctx,
    { ...roleResource, endpoints: { list: roleResource.endpoints.list, del: roleEndpoints.del } },
    hooks,
  );

  addRoute(api, ctx, {
    endpoint: roleEndpoints.get,
    schema: z.object({ id: id() }),
    handler: async ({ id: roleId }, req) => {
      const role = await crud.mustGet(roleId);
      return ok(req, {
        ...role,
        permissions: await roleKeys(ctx.db, { id: roleId, code: String(role.code) }),
        deptIds: await roleDeptIds(ctx.db, roleId),
      });
    },
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.save,
    input: 'body',
    handler: async (_i, req) => {
      const saved = await crud.save(req.body ?? {}, req);
      const roleId = Number(saved.id);
      const grants = {
        permissions: await roleKeys(ctx.db, { id: roleId, code: String(saved.code) }),
        deptIds: await roleDeptIds(ctx.db, roleId),
      };
      return ok(req, { ...saved, ...grants }, 'common.saved');
    },
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.tree,
    handler: async (_i, req) => ok(req, permissionTree(langOf(req))),
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.options,
    handler: async (_i, req) => {
      const rows = await allRoles(ctx.db);
      const list = rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, enableFlag: Number(r.enable_flag) }));
      return page(req, list, list.length);
    },
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.deptTree,
    handler: async (_i, req) => ok(req, await deptTree(ctx.db)),
  });

  const pageInput = roleUsersSchema.extend({ pageNumber: paging.pageNumber, pageSize: paging.pageSize });
  for (const [endpoint, holding] of [
    [roleEndpoints.users, true],
    [roleEndpoints.candidates, false],
  ] as const)
    addRoute(api, ctx, {
      endpoint,
      schema: pageInput,
      handler: async (input, req) => {
        await crud.mustGet(input.roleId);
        const { rows, total } = await roleUserPage(ctx.db, req, input, holding);
        return page(req, rows, total);
      },
    });

  /**
   * 分配用户 / 取消授权: the rules of the user dialog's 角色 — the caller may assign the role and touch each account,
   * nobody changes their own roles, no account is left without a role, the last enabled administrator stays
   */
  const assignment = async (trx: AnyDb, req: FastifyRequest, roleId: number, userIds: number[]) => {
    const role = await trx.selectFrom('sys_role').select(['id', 'code', 'name']).where('id', '=', roleId).executeTakeFirst();
    if (!role) throw notFound('role.notFound');
    const users = await trx.selectFrom('sys_user').select(['id', 'user_name']).where('id', 'in', userIds).execute();
    if (users.length !== new Set(userIds).size) throw badRequest('role.userUnknown');
    if (req.user && userIds.includes(req.user.id)) throw conflict('userInfo.ownRoles');
    await assertMayAssignRoles(trx, req, [{ id: Number(role.id), code: role.code, name: role.name }]);
    await assertMayTouchAccounts(trx, req, userIds);
    return { role, users };
  };

  addRoute(api, ctx, {
    endpoint: roleEndpoints.assignUsers,
    schema: roleAssignSchema,
    input: 'body',
    handler: async ({ roleId, userIds }, req) => {
      const ids = [...new Set(userIds)];
      const added = await ctx.db.transaction().execute(async (trx) => {
        const { role, users } = await assignment(trx, req, roleId, ids);
        const held = new Set(
          (await trx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).where('user_id', 'in', ids).execute()).map(
            (r) => Number(r.user_id),
          ),
        );
        const fresh = ids.filter((u) => !held.has(u));
        if (fresh.length)
          await trx
            .insertInto('sys_user_role')
            .values(fresh.map((u) => ({ user_id: u, role_id: roleId })))
            .execute();
        // one operation-log entry, in the same transaction: the role and the accounts it was given to
        if (fresh.length) await auditAssignment(ctx, trx, req, 'assignUsers', role, users, fresh);
        await changed(ctx, 'role', { db: trx, req });
        return fresh.length;
      });
      req.log.info({ event: 'role.assigned', by: req.user?.userName, roleId, userIds: ids }, 'role assigned');
      return { code: Code.OK, msg: t(req, 'role.assigned', { count: added }), data: { count: added } };
    },
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.unassignUsers,
    schema: roleAssignSchema,
    input: 'body',
    handler: async ({ roleId, userIds }, req) => {
      const ids = [...new Set(userIds)];
      const removed = await ctx.db.transaction().execute(async (trx) => {
        const { role, users } = await assignment(trx, req, roleId, ids);
        // an account left without a role could no longer sign in
        const others = await trx
          .selectFrom('sys_user_role')
          .select('user_id')
          .where('user_id', 'in', ids)
          .where('role_id', '<>', roleId)
          .execute();
        const keep = new Set(others.map((r) => Number(r.user_id)));
        const holding = (
          await trx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).where('user_id', 'in', ids).execute()
        ).map((r) => Number(r.user_id));
        const alone = users.find((u) => holding.includes(Number(u.id)) && !keep.has(Number(u.id)));
        if (alone) throw conflict('role.lastRole', { name: alone.user_name });
        if (holding.length) await trx.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', holding).execute();
        if (role.code === ROLES.ADMIN) {
          const admins = await trx
            .selectFrom('sys_user as u')
            .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
            .select('u.id')
            .where('ur.role_id', '=', roleId)
            .where('u.enable_flag', '=', 1)
            .executeTakeFirst();
          if (!admins) throw conflict('userInfo.lastAdmin');
        }
        if (holding.length) await auditAssignment(ctx, trx, req, 'unassignUsers', role, users, holding);
        await changed(ctx, 'role', { db: trx, req });
        return holding.length;
      });
      req.log.info({ event: 'role.unassigned', by: req.user?.userName, roleId, userIds: ids }, 'role unassigned');
      return { code: Code.OK, msg: t(req, 'role.unassigned', { count: removed }), data: { count: removed } };
    },
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.menus,
    handler: async (_i, req) => ok(req, await menuSettings(ctx.db)),
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.saveMenu,
    schema: menuSettingSchema,
    input: 'body',
    handler: async (input, req) => {
      const row = await ctx.db
        .selectFrom('sys_menu')
        .select(['id', 'route_name', 'title', 'custom_title', 'icon', 'sort_no', 'is_hidden'])
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!row) throw notFound('menu.notFound');
      await assertMayEditMenu(ctx.db, req, { id: Number(row.id), route_name: row.route_name, title: row.custom_title || row.title });
      const title = input.title?.trim() || null;
      const icon = input.icon?.trim() || null;
      const hidden = input.isHidden == null ? null : input.isHidden === true || input.isHidden === 1 ? 1 : 0;
      await ctx.db
        .updateTable('sys_menu')
        .set({
          // a value equal to the contracts' one is no override (a later contracts change then shows)
          custom_title: title && title !== row.title ? title : null,
          custom_icon: icon && icon !== row.icon ? icon : null,
          custom_sort_no: input.sortNo != null && input.sortNo !== row.sort_no ? input.sortNo : null,
          custom_hidden: hidden != null && hidden !== row.is_hidden ? hidden : null,
        })
        .where('id', '=', input.id)
        .execute();
      await changed(ctx, 'menu');
      req.log.info({ event: 'menu.changed', by: req.user?.userName, menu: input.id }, 'menu setting saved');
      return ok(req, await menuSettings(ctx.db), 'common.saved');
    },
  });
}
