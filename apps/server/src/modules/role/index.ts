import {
  expandGrants,
  id,
  isKnownPermissionKey,
  type MenuSetting,
  menuSettingSchema,
  permissionTree,
  ROLES,
  roleEndpoints,
  roleResource,
} from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allRoles, assertMayEditMenu, assertMayEditRole, roleKeys } from '../../auth/grants.js';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import type { CrudHooks } from '../../crud/service.js';
import type { AnyDb } from '../../db/index.js';
import { changed } from '../../events/bus.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { langOf, ok, page } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';

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

/**
 * Roles (系统管理 › 角色管理). `admin` keeps every permission: its grants are not written by a save, its code
 * cannot change and it cannot be disabled or deleted. A role held by users cannot be deleted. Every save,
 * toggle or delete tells every server process (change bus) when its reply goes out.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const hooks: CrudHooks = {
    beforeSave: async (values, { id: roleId, existing, req, trx, scratch }) => {
      const keys = Array.isArray(values.permissions) ? (values.permissions as string[]) : undefined;
      // nobody grants what they do not hold (auth/grants.ts)
      await assertMayEditRole(trx, req, existing ? { id: roleId!, code: String(existing.code), name: String(existing.name) } : null, keys);
      // the grants a save names, for its afterWrite to write
      if (keys) scratch.keys = keys;
      delete values.permissions;
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
      return ok(req, { ...role, permissions: await roleKeys(ctx.db, { id: roleId, code: String(role.code) }) });
    },
  });

  addRoute(api, ctx, {
    endpoint: roleEndpoints.save,
    input: 'body',
    handler: async (_i, req) => {
      const saved = await crud.save(req.body ?? {}, req);
      return ok(req, { ...saved, permissions: await roleKeys(ctx.db, { id: Number(saved.id), code: String(saved.code) }) }, 'common.saved');
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
