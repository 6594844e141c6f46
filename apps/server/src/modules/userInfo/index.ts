import { id, ROLES, userInfoEndpoints, userInfoResource } from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import { deleteUserSessions } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import type { AnyDb } from '../../db/index.js';
import { type CrudHooks, registerResource } from '../../http/crud.js';
import { conflict } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRoute, rawInput } from '../../http/route.js';

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
  /** saves that create an account (their afterWrite gives the new account its role) */
  const creating = new WeakSet<FastifyRequest>();

  /** after a save or toggle: a disabled account must not be the caller or the last admin; its sessions end */
  const checkDisabled = async (userId: number, req: FastifyRequest, trx: AnyDb) => {
    const row = await trx.selectFrom('sys_user').select('enable_flag').where('id', '=', userId).executeTakeFirst();
    if (!row || Number(row.enable_flag) === 1) return;
    if (userId === req.user?.id) throw conflict('userInfo.notSelf');
    if ((await enabledAdminIds(trx)).length === 0) throw conflict('userInfo.lastAdmin');
    await deleteUserSessions(ctx, [userId], trx);
    req.log.info({ event: 'user.disabled', by: req.user?.userName, userId }, 'account disabled, sessions ended');
  };

  const hooks: CrudHooks = {
    beforeSave: async (values, { id: userId, req, trx }) => {
      if (values.enableFlag == null) delete values.enableFlag;
      if (typeof values.password === 'string' && values.password !== '') {
        values.password = await hashPassword(values.password);
        // a password reset ends the other account's sessions (the caller's own stays logged in)
        if (userId != null && userId !== req.user?.id) await deleteUserSessions(ctx, [userId], trx);
      } else {
        // an empty password on update keeps the old one (on create the schema requires one)
        delete values.password;
      }
      if (userId == null) {
        values.name = values.userName;
        creating.add(req);
      }
      return values;
    },
    afterWrite: async (userId, { req, trx }) => {
      if (creating.has(req)) {
        creating.delete(req);
        const role = await trx.selectFrom('sys_role').select('id').where('code', '=', ROLES.EDITOR).executeTakeFirstOrThrow();
        await trx.insertInto('sys_user_role').values({ user_id: userId, role_id: role.id }).execute();
      }
      await checkDisabled(userId, req, trx);
    },
    beforeDelete: async (rows, { req, trx }) => {
      const ids = rows.map((r) => Number(r.id));
      if (ids.includes(req.user?.id as number)) throw conflict('userInfo.notSelf');
      const admins = await enabledAdminIds(trx);
      if (admins.some((a) => ids.includes(a)) && admins.every((a) => ids.includes(a))) throw conflict('userInfo.lastAdmin');
      await deleteUserSessions(ctx, ids, trx);
      await trx.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_field_config').where('user_id', 'in', ids).execute();
    },
    afterDelete: async (rows, { req }) => {
      req.log.info({ event: 'user.deleted', by: req.user?.userName, users: rows.map((r) => r.user_name) }, 'accounts deleted');
    },
  };

  // list, delete and the enable toggle are the generic ones; save is wrapped to accept `flag` for `enableFlag`
  const crud = registerResource(
    api,
    ctx,
    { ...userInfoResource, endpoints: { list: userInfoEndpoints.list, del: userInfoEndpoints.del } },
    hooks,
  );

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
}
