import { id, paging, ROLES, type RoleOption, resetPasswordSchema, userInfoEndpoints, userInfoResource } from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { allRoles, assertMayAssignRoles, assertMayTouchAccounts, grantableRoles, touchRefusals } from '../../auth/grants.js';
import { hashPassword } from '../../auth/password.js';
import { deleteUserSessions } from '../../auth/sessions.js';
import { lockedAccounts, unlockAccounts } from '../../auth/throttle.js';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import type { CrudHooks } from '../../crud/service.js';
import type { AnyDb } from '../../db/index.js';
import { changed } from '../../events/bus.js';
import { badRequest, conflict } from '../../http/errors.js';
import { ok, page } from '../../http/reply.js';
import { addRoute, rawInput } from '../../http/route.js';
import { deptTree, rootDeptId } from '../dept/index.js';

/** Ids of the enabled accounts holding the admin role. */
async function enabledAdminIds(db: AnyDb): Promise<number[]> {
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('r.code', '=', ROLES.ADMIN)
    .where('u.enable_flag', '=', 1)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * User accounts (SPEC point 7 "Links, contacts, users") on the core `sys_user` table. Passwords are hashed
 * and never returned or shown; new accounts get the editor role; nobody can delete or disable their own
 * account or the last enabled administrator; a disabled or deleted account's sessions end at once.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  /**
   * replaces an account's roles: known roles only, each one the caller may assign (auth/grants.ts); nobody changes
   * their own roles (the own admin role keeps its message)
   */
  const writeRoles = async (userId: number, roleIds: number[], req: FastifyRequest, trx: AnyDb) => {
    const wanted = [...new Set(roleIds)];
    const roles = wanted.length ? await trx.selectFrom('sys_role').select(['id', 'code', 'name']).where('id', 'in', wanted).execute() : [];
    if (roles.length !== wanted.length) throw badRequest('userInfo.roleUnknown');
    const adminRole = await trx.selectFrom('sys_role').select('id').where('code', '=', ROLES.ADMIN).executeTakeFirstOrThrow();
    const held = (await trx.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) =>
      Number(r.role_id),
    );
    const hadAdmin = held.includes(Number(adminRole.id));
    const keepsAdmin = wanted.includes(Number(adminRole.id));
    if (userId === req.user?.id) {
      if (hadAdmin && !keepsAdmin) throw conflict('userInfo.ownAdmin');
      // the dialog sends the roles unchanged with every save of the own account
      if (held.length !== wanted.length || held.some((r) => !wanted.includes(r))) throw conflict('userInfo.ownRoles');
    } else {
      await assertMayAssignRoles(
        trx,
        req,
        roles.map((r) => ({ id: Number(r.id), code: r.code, name: r.name })),
      );
    }
    await trx.deleteFrom('sys_user_role').where('user_id', '=', userId).execute();
    if (wanted.length)
      await trx
        .insertInto('sys_user_role')
        .values(wanted.map((r) => ({ user_id: userId, role_id: r })))
        .execute();
    if (hadAdmin && !keepsAdmin && (await enabledAdminIds(trx)).length === 0) throw conflict('userInfo.lastAdmin');
    await changed(ctx, 'role', { db: trx, req });
  };

  /** after a save or toggle: a disabled account must not be the caller or the last admin; its sessions end */
  const checkDisabled = async (userId: number, req: FastifyRequest, trx: AnyDb) => {
    const row = await trx.selectFrom('sys_user').select('enable_flag').where('id', '=', userId).executeTakeFirst();
    if (!row || Number(row.enable_flag) === 1) return;
    if (userId === req.user?.id) throw conflict('userInfo.notSelf');
    if ((await enabledAdminIds(trx)).length === 0) throw conflict('userInfo.lastAdmin');
    await deleteUserSessions(ctx, [userId], trx, req);
    req.log.info({ event: 'user.disabled', by: req.user?.userName, userId }, 'account disabled, sessions ended');
  };

  const hooks: CrudHooks = {
    beforeSave: async (values, { id: userId, req, trx, scratch }) => {
      // another account is edited (name, password, flag, roles) only by a caller whose grants cover its own
      if (userId != null) await assertMayTouchAccounts(trx, req, [userId]);
      // the roles a save names, for its afterWrite to write
      if (Array.isArray(values.roleIds)) scratch.roleIds = values.roleIds as number[];
      delete values.roleIds;
      if (values.enableFlag == null) delete values.enableFlag;
      if (typeof values.password === 'string' && values.password !== '') {
        values.password = await hashPassword(values.password);
        // a password reset ends the other account's sessions (the caller's own stays logged in)
        if (userId != null && userId !== req.user?.id) await deleteUserSessions(ctx, [userId], trx, req);
      } else {
        // an empty password on update keeps the old one (on create the schema requires one)
        delete values.password;
      }
      // 姓名 is the account's `name` (个人中心's too): never blank, the user name when none is given
      if (values.nickName === '' || (userId == null && values.nickName == null)) values.nickName = values.userName ?? '';
      if (values.nickName === '') delete values.nickName;
      // no department named: a new account is in the head office, an update keeps its own
      if (values.deptId == null) {
        if (userId == null) values.deptId = await rootDeptId(trx);
        else delete values.deptId;
      }
      return values;
    },
    afterWrite: async (userId, { created, req, trx, scratch }) => {
      const roleIds = scratch.roleIds as number[] | undefined;
      if (roleIds) await writeRoles(userId, roleIds, req, trx);
      else if (created) {
        const role = await trx
          .selectFrom('sys_role')
          .select(['id', 'code', 'name'])
          .where('code', '=', ROLES.EDITOR)
          .executeTakeFirstOrThrow();
        await assertMayAssignRoles(trx, req, [{ id: Number(role.id), code: role.code, name: role.name }]);
        await trx.insertInto('sys_user_role').values({ user_id: userId, role_id: role.id }).execute();
      }
      await checkDisabled(userId, req, trx);
    },
    beforeToggle: async (user, { req, trx }) => {
      await assertMayTouchAccounts(trx, req, [Number(user.id)]);
    },
    beforeDelete: async (rows, { req, trx }) => {
      const ids = rows.map((r) => Number(r.id));
      if (ids.includes(req.user?.id as number)) throw conflict('userInfo.notSelf');
      await assertMayTouchAccounts(trx, req, ids);
      const admins = await enabledAdminIds(trx);
      if (admins.some((a) => ids.includes(a)) && admins.every((a) => ids.includes(a))) throw conflict('userInfo.lastAdmin');
      await deleteUserSessions(ctx, ids, trx, req);
      await trx.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_field_config').where('user_id', 'in', ids).execute();
    },
    /** 角色 filter: accounts holding the role `roleId`; 部门 filter: accounts in `deptId` or a department below it */
    listWhere: (input) => {
      const out: ReturnType<NonNullable<CrudHooks['listWhere']>> = [];
      const deptId = Number(input.deptId);
      if (input.deptId && Number.isSafeInteger(deptId) && deptId > 0)
        // `ancestors` lists every department above one (`1,4`): below `deptId` = `deptId` among them
        out.push((eb) =>
          eb(
            't.dept_id',
            'in',
            eb
              .selectFrom('sys_dept as fd')
              .select('fd.id')
              .where((w) => w.or([w('fd.id', '=', deptId), w(sql<string>`',' || fd.ancestors || ','`, 'like', `%,${deptId},%`)])),
          ),
        );
      const roleId = Number(input.roleId);
      if (!input.roleId || !Number.isSafeInteger(roleId) || roleId <= 0) return out;
      return [
        ...out,
        (eb) =>
          eb.exists(
            eb.selectFrom('sys_user_role as fr').select('fr.user_id').whereRef('fr.user_id', '=', 't.id').where('fr.role_id', '=', roleId),
          ),
      ];
    },
    afterDelete: async (rows, { req }) => {
      req.log.info({ event: 'user.deleted', by: req.user?.userName, users: rows.map((r) => r.user_name) }, 'accounts deleted');
    },
  };

  // delete and the enable toggle are the generic ones; the list adds what the caller may do to each account; save is
  // wrapped to accept `flag` for `enableFlag`
  const crud = registerResource(api, ctx, { ...userInfoResource, endpoints: { del: userInfoEndpoints.del } }, hooks);

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.list,
    doc: crud.schema,
    handler: async (_i, req) => {
      const { rows, total } = await crud.list(rawInput(req));
      // `mayTouch`: the caller's grants cover the account's (auth/grants.ts, the rule every write checks), so the
      // screen offers 编辑 / 重置密码 / 解锁 / 停用 / 删除; otherwise `touchRefusal` is the refusal's message key
      const refusals = await touchRefusals(
        ctx.db,
        req,
        rows.map((r) => Number(r.id)),
      );
      const locked = await lockedAccounts(
        ctx,
        ctx.db,
        rows.map((r) => String(r.userName)),
      );
      const out = rows.map((r) => {
        const refusal = refusals.get(Number(r.id));
        const access = refusal ? { mayTouch: false, touchRefusal: refusal } : { mayTouch: true };
        return { ...r, ...access, locked: locked.has(String(r.userName).slice(0, 64)) };
      });
      return page(req, out, total);
    },
  });

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.get,
    schema: z.object({ id: id() }),
    handler: async ({ id: userId }, req) => {
      const user = await crud.mustGet(userId);
      const roles = await ctx.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
      return ok(req, { ...user, roleIds: roles.map((r) => Number(r.role_id)) });
    },
  });

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.save,
    input: 'body',
    handler: async (_i, req) => {
      const raw = rawInput(req, 'body');
      const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
      if (body.enableFlag === undefined && body.flag !== undefined) body.enableFlag = body.flag;
      const saved = await crud.save(body, req);
      return ok(req, saved, 'common.saved');
    },
  });

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.showPassword,
    schema: z.object({ id: id() }),
    handler: async ({ id: userId }, req) => {
      const user = await crud.mustGet(userId);
      // passwords are stored as Argon2id hashes: there is nothing to show, only a reset to offer
      return ok(req, { id: user.id, userName: user.userName }, 'userInfo.passwordHidden');
    },
  });

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.resetPassword,
    schema: resetPasswordSchema,
    handler: async ({ id: userId, password }, req) => {
      await crud.mustGet(userId);
      const hash = await hashPassword(password);
      await ctx.db.transaction().execute(async (trx) => {
        await assertMayTouchAccounts(trx, req, [userId]);
        await trx.updateTable('sys_user').set({ password_hash: hash, must_change_password: 1 }).where('id', '=', userId).execute();
        await deleteUserSessions(ctx, [userId], trx, req);
      });
      req.log.info({ event: 'user.passwordReset', by: req.user?.userName, userId }, 'password reset');
      return ok(req, undefined, 'userInfo.passwordReset');
    },
  });

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.unlock,
    schema: z.object({ id: id() }),
    handler: async ({ id: userId }, req) => {
      const user = await crud.mustGet(userId);
      await assertMayTouchAccounts(ctx.db, req, [userId]);
      const name = String(user.userName);
      // an account that is not locked says so (issue 25), not 账号已解锁
      if (!(await lockedAccounts(ctx, ctx.db, [name])).size) throw badRequest('monitor.notLocked', { name });
      // the login throttle counts failures by account name (and address): forget this account's
      await unlockAccounts(ctx.db, [name]);
      req.log.info({ event: 'user.unlocked', by: req.user?.userName, userId }, 'account unlocked');
      return ok(req, undefined, 'userInfo.unlocked');
    },
  });

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.deptTree,
    handler: async (_i, req) => ok(req, await deptTree(ctx.db)),
  });

  addRoute(api, ctx, {
    endpoint: userInfoEndpoints.roles,
    // `query` (the filter's search: name or code, any case) and paging when asked; the dialog asks for every role
    schema: z.object({ query: z.string().max(100).optional(), ...paging }),
    handler: async ({ query, pageNumber, pageSize }, req) => {
      const raw = rawInput(req) as Record<string, unknown>;
      const q = (query ?? '').trim().toLowerCase();
      const matching = (await allRoles(ctx.db)).filter((r) => !q || r.name.toLowerCase().includes(q) || r.code.toLowerCase().includes(q));
      const rows = raw.pageSize == null ? matching : matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
      const roles = rows.map((r) => ({ id: Number(r.id), code: r.code }));
      const grantable = await grantableRoles(ctx.db, req, roles);
      const list: RoleOption[] = rows.map((r) => ({
        id: Number(r.id),
        code: r.code,
        name: r.name,
        enableFlag: Number(r.enable_flag),
        grantable: grantable.has(Number(r.id)),
      }));
      return page(req, list, matching.length);
    },
  });
}
