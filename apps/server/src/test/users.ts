import crypto from 'node:crypto';
import { hashPassword } from '../auth/password.js';
import type { Ctx } from '../context.js';

/** Inserts a user with the given roles straight into the database (test fixture). */
export async function insertUser(ctx: Ctx, userName: string, password: string, roles: string[], enableFlag = 1): Promise<number> {
  const ins = await ctx.db
    .insertInto('sys_user')
    .values({
      user_name: userName,
      password_hash: await hashPassword(password),
      enable_flag: enableFlag,
      name: userName,
      avatar: '',
      introduction: '',
      tel: '',
      create_time: ctx.nowText(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const code of roles) {
    const role = await ctx.db.selectFrom('sys_role').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    await ctx.db.insertInto('sys_user_role').values({ user_id: ins.id, role_id: role.id }).execute();
  }
  return ins.id;
}

/**
 * An account (named `code`, its role too) whose role holds every menu and every permission key but `lacking`: the
 * account that tries to climb past one button (test fixture).
 */
export async function insertUserHoldingAllBut(ctx: Ctx, code: string, password: string, lacking: string, roleName = code): Promise<number> {
  const role = await ctx.db.insertInto('sys_role').values({ code, name: roleName }).returning('id').executeTakeFirstOrThrow();
  const keys = (await ctx.db.selectFrom('sys_permission').select('key').execute()).map((p) => p.key).filter((k) => k !== lacking);
  await ctx.db
    .insertInto('sys_role_permission')
    .values(keys.map((k) => ({ role_id: role.id, permission_key: k })))
    .execute();
  const menus = await ctx.db.selectFrom('sys_menu').select('id').execute();
  await ctx.db
    .insertInto('sys_role_menu')
    .values(menus.map((m) => ({ role_id: role.id, menu_id: m.id })))
    .execute();
  return insertUser(ctx, code, password, [code]);
}

/** what the first accounts were hashed with: scrypt N = 2^15, r = 8, p = 1 */
export function legacyScryptHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password.normalize('NFKC'), salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$32768$8$1$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}
