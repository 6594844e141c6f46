import { type Profile, profileEndpoints, updatePasswordSchema, updateProfileSchema } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { endSessions } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { changed } from '../../events/bus.js';
import { badRequest } from '../../http/errors.js';
import { ok, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { indexAccount } from '../media/index.js';

/**
 * 个人中心 and 修改密码 inside the product: every signed-in user reads and changes their own name and avatar,
 * and changes their own password with the current one, which ends their other sessions (on every process).
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  addRoute(api, ctx, {
    endpoint: profileEndpoints.get,
    handler: async (_i, req) => {
      const u = req.user!;
      const row = await ctx.db
        .selectFrom('sys_user')
        .select(['id', 'user_name', 'name', 'avatar', 'create_time', 'must_change_password'])
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow();
      const roles = await ctx.db
        .selectFrom('sys_user_role as ur')
        .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
        .select(['r.code', 'r.name'])
        .where('ur.user_id', '=', u.id)
        .orderBy('r.sort_no')
        .orderBy('r.id')
        .execute();
      const logins = await ctx.db
        .selectFrom('sys_login_log')
        .select(['id', 'login_time', 'ip', 'user_agent', 'browser', 'os', 'status', 'reason'])
        .where('user_id', '=', u.id)
        .orderBy('login_time', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      const profile: Profile = {
        id: Number(row.id),
        userName: row.user_name,
        name: row.name || row.user_name,
        avatar: row.avatar,
        roles,
        createTime: row.create_time,
        mustChangePassword: Number(row.must_change_password) === 1,
        lastLogins: logins.map((l) => ({
          id: Number(l.id),
          time: l.login_time,
          ip: l.ip,
          userAgent: l.user_agent,
          browser: l.browser,
          os: l.os,
          status: Number(l.status),
          reason: l.reason ? t(req, l.reason === 'auth.locked' ? 'monitor.locked' : l.reason) : '',
        })),
      };
      return ok(req, profile);
    },
  });

  addRoute(api, ctx, {
    endpoint: profileEndpoints.update,
    schema: updateProfileSchema,
    input: 'body',
    handler: async ({ name, avatar }, req) => {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('sys_user').set({ name: name.trim(), avatar }).where('id', '=', req.user!.id).execute();
        // the 素材库's note of where images are used: the avatar
        await indexAccount(trx, req.user!.id);
      });
      // the session keeps the name it shows
      await changed(ctx, 'session');
      return ok(req, { name: name.trim(), avatar }, 'common.saved');
    },
  });

  addRoute(api, ctx, {
    endpoint: profileEndpoints.password,
    schema: updatePasswordSchema,
    input: 'body',
    handler: async ({ oldPassword, newPassword }, req) => {
      const u = req.user!;
      const row = await ctx.db.selectFrom('sys_user').select('password_hash').where('id', '=', u.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(oldPassword, row.password_hash))) throw badRequest('profile.oldPasswordWrong');
      if (oldPassword === newPassword) throw badRequest('profile.samePassword');
      const hash = await hashPassword(newPassword);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('sys_user').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', u.id).execute();
        // the other sessions' rows stay to tell them why (密码已在其他地方修改，请重新登录)
        await endSessions(ctx, 'password', { userId: u.id, except: u.sessionId }, trx, req);
      });
      req.log.info({ event: 'user.passwordChanged', user: u.userName }, 'own password changed, other sessions ended');
      return ok(req, undefined, 'profile.passwordChanged');
    },
  });
}
