import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_ONLY_MODULES, allEndpoints, expandGrants, menuKey, menuTree, ROLES } from '@gk/contracts';
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

    // screens follow buttons, details follow lists (issue 25): a role holding a button gets the screen it sits under,
    // a role holding a list screen its details route (and either's first level), as a save in the role editor would
    // give them; the reads of their modules follow below. A role saved before this rule (the seeded 内容编辑 with
    // Webhook's buttons) gets them at the next start. Only adds; the administrator holds everything anyway.
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
        .select(['rp.role_id', 'p.key'])
        .where('rp.role_id', 'in', plain)
        .where('p.kind', '=', 'write')
        .execute();
      const rows: { role_id: number; menu_id: number }[] = [];
      for (const rid of plain) {
        const menus = heldMenus.filter((m) => Number(m.role_id) === rid).map((m) => m.route_name);
        const buttons = heldButtons.filter((b) => Number(b.role_id) === rid).map((b) => b.key);
        const have = new Set(menus);
        for (const routeName of expandGrants([...menus.map(menuKey), ...buttons]).menus)
          if (!have.has(routeName) && menuIds.has(routeName)) rows.push({ role_id: rid, menu_id: menuIds.get(routeName)! });
      }
      if (rows.length) await trx.insertInto('sys_role_menu').values(rows).execute();
    }

    // reads follow menus: a read call added since a role was saved (the user dialog's role options) reaches every
    // role holding a menu of its module, as a save in the role editor would give it
    const held = await trx
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
      .select(['rm.role_id', 'm.module'])
      .where('m.parent_id', 'is not', null)
      .where('rm.role_id', '<>', roleId(ROLES.ADMIN))
      .execute();
    if (held.length) {
      const granted = await trx.selectFrom('sys_role_permission').select(['role_id', 'permission_key']).execute();
      const has = new Set(granted.map((g) => `${g.role_id} ${g.permission_key}`));
      const missing = new Map<string, { role_id: number; permission_key: string }>();
      for (const h of held)
        for (const e of endpoints)
          if (e.kind === 'read' && e.module === h.module && !has.has(`${h.role_id} ${e.path}`))
            missing.set(`${h.role_id} ${e.path}`, { role_id: Number(h.role_id), permission_key: e.path });
      if (missing.size)
        await trx
          .insertInto('sys_role_permission')
          .values([...missing.values()])
          .execute();
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
