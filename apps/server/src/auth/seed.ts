import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_ONLY_MODULES, allEndpoints, expandGrants, menuKey, menuTree, permissionIndex, ROLES } from '@gk/contracts';
import type { Ctx } from '../context.js';
import { generatePassword, hashPassword } from './password.js';

export interface SeedResult {
  /** set when the admin account was created by this run */
  adminCreated: boolean;
  /** the generated password, when one was generated */
  generatedPassword: string | null;
}

const ROLE_NAMES: Record<string, string> = { [ROLES.ADMIN]: '超级管理员', [ROLES.EDITOR]: '内容编辑' };

/**
 * Idempotent seed: roles, the permission rows of the endpoint table, the menu tree, the role grants and
 * the `admin` account (created once; its password is never reset by a later start).
 */
export async function seedCore(ctx: Ctx): Promise<SeedResult> {
  const { db } = ctx;
  return db.transaction().execute(async (trx) => {
    for (const [code, name] of Object.entries(ROLE_NAMES)) {
      const found = await trx.selectFrom('sys_role').select('id').where('code', '=', code).executeTakeFirst();
      if (!found) await trx.insertInto('sys_role').values({ code, name, create_time: ctx.nowText() }).execute();
    }
    const roles = await trx.selectFrom('sys_role').selectAll().execute();
    const roleId = (code: string) => roles.find((r) => r.code === code)!.id;

    // permissions: one row per non-public endpoint, keyed by its path
    const endpoints = allEndpoints().filter((e) => e.kind === 'read' || e.kind === 'write');
    const existing = new Set((await trx.selectFrom('sys_permission').select('key').execute()).map((r) => r.key));
    for (const e of endpoints) {
      if (existing.has(e.path)) {
        await trx.updateTable('sys_permission').set({ name: e.name, module: e.module, kind: e.kind }).where('key', '=', e.path).execute();
      } else {
        await trx.insertInto('sys_permission').values({ key: e.path, name: e.name, module: e.module, kind: e.kind }).execute();
      }
    }
    const wanted = new Set(endpoints.map((e) => e.path));
    const stale = [...existing].filter((k) => !wanted.has(k));
    if (stale.length) await trx.deleteFrom('sys_permission').where('key', 'in', stale).execute();

    // menus: upsert by route name, keep the order of menuTree()
    const menuIds = new Map<string, number>();
    const upsertMenu = async (
      m: { url: string; routeName: string; title: string; icon: string; isHidden?: boolean },
      module: string,
      parentId: number | null,
      sortNo: number,
    ) => {
      const values = {
        parent_id: parentId,
        url: m.url,
        route_name: m.routeName,
        title: m.title,
        icon: m.icon,
        is_hidden: m.isHidden ? 1 : 0,
        sort_no: sortNo,
        module,
      };
      const found = await trx.selectFrom('sys_menu').select('id').where('route_name', '=', m.routeName).executeTakeFirst();
      if (found) {
        await trx.updateTable('sys_menu').set(values).where('id', '=', found.id).execute();
        menuIds.set(m.routeName, found.id);
      } else {
        const ins = await trx.insertInto('sys_menu').values(values).returning('id').executeTakeFirstOrThrow();
        menuIds.set(m.routeName, ins.id);
      }
      return menuIds.get(m.routeName)!;
    };
    let order = 0;
    for (const top of menuTree()) {
      const pid = await upsertMenu(top, top.module, null, order++);
      let childOrder = 0;
      for (const child of top.children ?? []) await upsertMenu(child, child.module ?? top.module, pid, childOrder++);
    }

    // grants: admin everything, always; editor everything but accounts, roles and monitoring, until an
    // administrator saved the editor role (then it is theirs: `customized`)
    for (const role of [ROLES.ADMIN, ROLES.EDITOR]) {
      const rid = roleId(role);
      if (role !== ROLES.ADMIN && roles.find((r) => r.code === role)?.customized) continue;
      const allowed = (module: string) => role === ROLES.ADMIN || !ADMIN_ONLY_MODULES.includes(module);
      await trx.deleteFrom('sys_role_permission').where('role_id', '=', rid).execute();
      const perms = endpoints.filter((e) => allowed(e.module)).map((e) => ({ role_id: rid, permission_key: e.path }));
      if (perms.length) await trx.insertInto('sys_role_permission').values(perms).execute();
      await trx.deleteFrom('sys_role_menu').where('role_id', '=', rid).execute();
      const menus = menuTree()
        .filter((m) => allowed(m.module))
        .flatMap((m) => [m, ...(m.children ?? []).filter((c) => allowed(c.module ?? m.module))]);
      const rows = menus.map((m) => ({ role_id: rid, menu_id: menuIds.get(m.routeName)! }));
      if (rows.length) await trx.insertInto('sys_role_menu').values(rows).execute();
    }

    // screens follow buttons, details follow lists, reads follow screens (issue 25): each role's menus and reads are
    // derived again from the screens and buttons it holds, as a save in the role editor would write them. A role
    // holding a button gets the screen it sits under, a list screen its details route (and either's first level):
    // only added. Its reads become exactly those its screens need (`expandGrants(...).reads`): a read added since it
    // was saved (the user dialog's role options, a screen's new picker) is added, and a read only another screen of
    // the module needs (登录日志's list for a role holding 在线用户 alone, granted per module before) is removed. The
    // seeded 内容编辑 with Webhook's buttons gets Webhook at the next start. The administrator holds everything anyway.
    const plain = roles.filter((r) => r.code !== ROLES.ADMIN).map((r) => Number(r.id));
    if (plain.length) {
      const heldMenus = await trx
        .selectFrom('sys_role_menu as rm')
        .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
        .select(['rm.role_id', 'm.route_name'])
        .where('rm.role_id', 'in', plain)
        .execute();
      const heldButtons = await trx
        .selectFrom('sys_role_permission as rp')
        .innerJoin('sys_permission as p', 'p.key', 'rp.permission_key')
        .select(['rp.role_id', 'p.key', 'p.kind'])
        .where('rp.role_id', 'in', plain)
        .where('p.kind', 'in', ['read', 'write'])
        .execute();
      const idx = permissionIndex();
      const screenModules = new Set([...idx.screens.values()].map((x) => x.module));
      const grantable = new Set(idx.reads.filter((e) => idx.readScreens.has(e.path) || screenModules.has(e.module)).map((e) => e.path));
      const menuRows: { role_id: number; menu_id: number }[] = [];
      const readRows: { role_id: number; permission_key: string }[] = [];
      const dropped: { role_id: number; keys: string[] }[] = [];
      for (const rid of plain) {
        const menus = heldMenus.filter((m) => Number(m.role_id) === rid).map((m) => m.route_name);
        const own = heldButtons.filter((b) => Number(b.role_id) === rid);
        const buttons = own.filter((b) => b.kind === 'write').map((b) => b.key);
        const reads = new Set(own.filter((b) => b.kind === 'read').map((b) => b.key));
        const have = new Set(menus);
        const granted = expandGrants([...menus.map(menuKey), ...buttons]);
        for (const routeName of granted.menus)
          if (!have.has(routeName) && menuIds.has(routeName)) menuRows.push({ role_id: rid, menu_id: menuIds.get(routeName)! });
        for (const key of granted.reads) if (!reads.has(key)) readRows.push({ role_id: rid, permission_key: key });
        // a read no screen can grant (a module without a screen) is left as the seed wrote it
        const extra = [...reads].filter((k) => !granted.reads.has(k) && grantable.has(k));
        if (extra.length) dropped.push({ role_id: rid, keys: extra });
      }
      if (menuRows.length) await trx.insertInto('sys_role_menu').values(menuRows).execute();
      if (readRows.length) await trx.insertInto('sys_role_permission').values(readRows).execute();
      for (const d of dropped)
        await trx.deleteFrom('sys_role_permission').where('role_id', '=', d.role_id).where('permission_key', 'in', d.keys).execute();
    }

    // the admin account
    const admin = await trx.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirst();
    if (admin) return { adminCreated: false, generatedPassword: null };
    const generated = ctx.config.adminPassword ? null : generatePassword();
    const password = ctx.config.adminPassword ?? generated!;
    // the head office (migration 044's root department)
    const root = await trx.selectFrom('sys_dept').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirst();
    const ins = await trx
      .insertInto('sys_user')
      .values({
        user_name: 'admin',
        password_hash: await hashPassword(password),
        enable_flag: 1,
        name: '系统管理员',
        avatar: '',
        introduction: '网站后台超级管理员',
        tel: '',
        create_time: ctx.nowText(),
        dept_id: root ? Number(root.id) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sys_user_role')
      .values({ user_id: ins.id, role_id: roleId(ROLES.ADMIN) })
      .execute();
    if (generated && ctx.config.sqliteFile !== ':memory:') {
      fs.mkdirSync(ctx.config.dataDir, { recursive: true });
      fs.writeFileSync(path.join(ctx.config.dataDir, 'initial-admin-password.txt'), `${generated}\n`, { mode: 0o600 });
    }
    return { adminCreated: true, generatedPassword: generated };
  });
}
