import crypto from 'node:crypto';
import { authEndpoints, Code, loginSchema, type UserInfo } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { emitAuthEvent } from '../events/auth-events.js';
import { AppError } from '../http/errors.js';
import { ok, t } from '../http/reply.js';
import { addRoute } from '../http/route.js';
import { menusOf } from './menus.js';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password.js';
import { createSession, deleteSession, may, rolesOf } from './sessions.js';
import { clearFailures, keepAsFailure, release, reserveAttempt } from './throttle.js';

async function jwtSecret(ctx: Ctx): Promise<Uint8Array> {
  const row = await ctx.db.selectFrom('sys_setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
  if (row) return Buffer.from(row.value, 'base64url');
  const value = crypto.randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('sys_setting')
    .values({ key: 'jwt_secret', value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const again = await ctx.db.selectFrom('sys_setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return Buffer.from(again.value, 'base64url');
}

export function registerAuthRoutes(app: FastifyInstance, ctx: Ctx): void {
  addRoute(app, ctx, {
    endpoint: authEndpoints.login,
    schema: loginSchema,
    handler: async ({ username, password }, req) => {
      const ip = req.ip;
      const userAgent = String(req.headers['user-agent'] ?? '');
      const refused = (reason: string, userId?: number) =>
        emitAuthEvent(ctx, { type: 'loginFailed', userName: username, userId, ip, userAgent, reason, req });
      const user = await ctx.db
        .selectFrom('sys_user')
        .select(['id', 'user_name', 'password_hash', 'enable_flag'])
        .where('user_name', '=', username)
        .executeTakeFirst();
      // the attempt's place in the throttle is taken before the password is checked (auth/throttle.ts)
      const { id: reserved, wait } = await reserveAttempt(ctx, username, ip);
      if (wait) {
        req.log.warn({ event: 'login.throttled', user: username, ip }, 'login throttled');
        // the login log names the account, so 解锁 can be offered on this very row
        await refused('auth.locked', user?.id);
        throw new AppError(Code.TOO_MANY, 'auth.locked', { minutes: wait });
      }
      let good: boolean;
      try {
        good = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
      } catch (e) {
        await release(ctx, reserved);
        throw e;
      }
      if (!user || !good) {
        await keepAsFailure(ctx);
        req.log.warn({ event: 'login.failed', user: username, ip }, 'login failed');
        await refused('auth.badCredentials', user?.id);
        throw new AppError(Code.BAD_REQUEST, 'auth.badCredentials');
      }
      if (user.enable_flag !== 1) {
        await release(ctx, reserved);
        req.log.warn({ event: 'login.disabled', user: username, ip }, 'login of a disabled account');
        await refused('auth.disabled', user.id);
        throw new AppError(Code.FORBIDDEN, 'auth.disabled');
      }
      // an account with no role, or only disabled ones, could see nothing: refused before a session exists
      if ((await rolesOf(ctx, user.id)).length === 0) {
        await release(ctx, reserved);
        req.log.warn({ event: 'login.noRole', user: username, ip }, 'login of an account without a usable role');
        await refused('auth.noUsableRole', user.id);
        throw new AppError(Code.FORBIDDEN, 'auth.noUsableRole');
      }
      await clearFailures(ctx, username, ip);
      // a hash of an older setting (the first accounts' scrypt) is replaced now that the password is known
      if (needsRehash(user.password_hash)) {
        const upgraded = await hashPassword(password);
        await ctx.db.updateTable('sys_user').set({ password_hash: upgraded }).where('id', '=', user.id).execute();
      }
      const token = await createSession(ctx, user.id, { ip, userAgent }, ctx.config.singleSession);
      req.log.info({ event: 'login.ok', user: username, ip }, 'login');
      await emitAuthEvent(ctx, { type: 'login', userName: user.user_name, userId: user.id, ip, userAgent, req });
      return ok(req, { token, username: user.user_name }, 'auth.loginOk');
    },
  });

  addRoute(app, ctx, {
    endpoint: authEndpoints.info,
    handler: async (_input, req) => {
      const u = req.user!;
      if (u.roles.length === 0) throw new AppError(Code.FORBIDDEN, 'auth.rolesEmpty');
      const row = await ctx.db
        .selectFrom('sys_user')
        .select(['name', 'avatar', 'introduction', 'tel'])
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow();
      const perms = await ctx.db.selectFrom('sys_permission').select(['key', 'name', 'kind']).orderBy('key').execute();
      const info: UserInfo = {
        id: u.id,
        name: row.name || u.userName,
        userName: u.userName,
        customsName: t(req, 'app.name'),
        avatar: row.avatar,
        introduction: row.introduction,
        tel: row.tel,
        logoImg: '',
        logoIcon: '',
        roles: u.roles,
        menus: await menusOf(ctx, u.roles),
        buttons: perms.filter((p) => p.kind === 'write' && may(u, p.key)).map((p) => ({ url: p.key, name: p.name })),
        mustChangePwd: u.mustChangePassword,
        ...(ctx.config.centralSiteUrl ? { centralSiteUrl: ctx.config.centralSiteUrl.replace(/\/+$/, '') } : {}),
        contentLocales: ctx.config.contentLocales,
      };
      return ok(req, info);
    },
  });

  addRoute(app, ctx, {
    endpoint: authEndpoints.logout,
    handler: async (_input, req) => {
      await deleteSession(ctx, req.user!.sessionId);
      req.log.info({ event: 'logout', user: req.user!.userName }, 'logout');
      await emitAuthEvent(ctx, {
        type: 'logout',
        userName: req.user!.userName,
        userId: req.user!.id,
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? ''),
        req,
      });
      return ok(req, undefined, 'auth.logoutOk');
    },
  });

  addRoute(app, ctx, {
    endpoint: authEndpoints.jwt,
    handler: async (_input, req) => {
      const u = req.user!;
      const expiresIn = 300;
      const { SignJWT } = await import('jose');
      const jwt = await new SignJWT({ name: u.userName, roles: u.roles, sid: u.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(u.id))
        .setIssuedAt(Math.floor(ctx.now() / 1000))
        .setExpirationTime(Math.floor(ctx.now() / 1000) + expiresIn)
        .setIssuer('gangkou-admin')
        .sign(await jwtSecret(ctx));
      return ok(req, { jwt, expiresIn });
    },
  });
}
