import {
  Code,
  forceLogoutSchema,
  LOGIN_STATUS,
  loginLogPageSchema,
  monitorEndpoints,
  onlinePageSchema,
  unlockAccountSchema,
} from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import UAParser from 'ua-parser-js';
import { assertMayTouchAccounts } from '../../auth/grants.js';
import { endSessions } from '../../auth/sessions.js';
import { lockedAccounts, unlockAccounts } from '../../auth/throttle.js';
import type { Ctx } from '../../context.js';
import { contains, pageOf } from '../../crud/list.js';
import { formatDateTime } from '../../db/time.js';
import { type AuthEvent, emitAuthEvent, onAuthEvent } from '../../events/auth-events.js';
import { badRequest } from '../../http/errors.js';
import { page, t } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { audit, ipLocation, placeOf } from '../log/index.js';

/** Browser and operating system of a user agent, e.g. `Chrome 120`, `Windows 10` (empty when unknown). */
export function describeAgent(userAgent: string): { browser: string; os: string } {
  const r = UAParser(userAgent);
  const name = (n?: string, v?: string) => [n, v?.split('.')[0]].filter(Boolean).join(' ').slice(0, 64);
  return { browser: name(r.browser.name, r.browser.version), os: name(r.os.name, r.os.version) };
}

/** Writes one 登录日志 row per login attempt (signed in or refused). */
async function recordAttempt(ctx: Ctx, e: AuthEvent): Promise<void> {
  const { browser, os } = describeAgent(e.userAgent);
  await ctx.db
    .insertInto('sys_login_log')
    .values({
      user_name: e.userName.slice(0, 64),
      user_id: e.userId ?? null,
      ip: e.ip.slice(0, 64),
      location: ipLocation(e.ip),
      user_agent: e.userAgent.slice(0, 300),
      browser,
      os,
      status: e.type === 'login' ? LOGIN_STATUS.OK : LOGIN_STATUS.FAILED,
      reason: (e.reason ?? '').slice(0, 100),
      login_time: ctx.nowText(),
    })
    .execute();
}

/**
 * 系统监控 › 在线用户 (live sessions, 强退 on every process through the change bus) and 登录日志 (every
 * login attempt, from the sign-in events).
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  onAuthEvent(ctx, async (e) => {
    if (e.type === 'login' || e.type === 'loginFailed') await recordAttempt(ctx, e);
    if (e.type === 'forceLogout')
      await audit(ctx, ctx.db, { req: e.req, module: 'auth', action: 'forceLogout', recordId: e.userId ?? null, title: e.userName });
  });
  const time = (ms: unknown) => formatDateTime(new Date(Number(ms)), ctx.config.timeZone);

  addRoute(api, ctx, {
    endpoint: monitorEndpoints.onlinePage,
    doc: onlinePageSchema,
    handler: async (_i, req) => {
      const input = parseInput(onlinePageSchema, rawInput(req));
      let q = ctx.db.selectFrom('sys_session as s').innerJoin('sys_user as u', 'u.id', 's.user_id').where('s.expires_at', '>=', ctx.now());
      if (input.userName) q = q.where(contains('u.user_name', input.userName));
      if (input.ip) q = q.where(contains('s.ip', input.ip));
      const { rows, total } = await pageOf(q, input, (q) =>
        q
          .select(['s.id', 's.user_id', 'u.user_name', 'u.name', 's.ip', 's.user_agent', 's.created_at', 's.last_seen'])
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc'),
      );
      return page(
        req,
        rows.map((r) => ({
          id: Number(r.id),
          userId: Number(r.user_id),
          userName: r.user_name,
          name: r.name,
          ip: r.ip,
          location: placeOf(req, null, r.ip),
          ...describeAgent(r.user_agent),
          loginTime: time(r.created_at),
          lastSeen: time(r.last_seen),
          current: Number(r.id) === req.user!.sessionId,
        })),
        total,
      );
    },
  });

  addRoute(api, ctx, {
    endpoint: monitorEndpoints.forceLogout,
    schema: forceLogoutSchema,
    handler: async (ids, req) => {
      if (ids.includes(req.user!.sessionId)) throw badRequest('monitor.ownSession');
      const found = await ctx.db
        .selectFrom('sys_session as s')
        .innerJoin('sys_user as u', 'u.id', 's.user_id')
        .select(['s.id', 's.user_id', 'u.user_name', 's.ip', 's.user_agent'])
        .where('s.id', 'in', ids)
        .where('s.expires_at', '>=', ctx.now())
        .execute();
      if (found.length === 0) throw badRequest('monitor.noSession');
      await assertMayTouchAccounts(ctx.db, req, [...new Set(found.map((s) => Number(s.user_id)))], {
        admin: 'monitor.adminOnly',
        notCovered: 'monitor.notCovered',
      });
      // the rows stay to tell each signed-out tab why (您已被管理员强制下线); every process forgets the sessions it keeps
      await endSessions(ctx, 'forced', { ids: found.map((s) => Number(s.id)) });
      for (const s of found) {
        req.log.info({ event: 'session.forcedOut', by: req.user!.userName, user: s.user_name, sessionId: s.id }, 'force logout');
        await emitAuthEvent(ctx, {
          type: 'forceLogout',
          userName: s.user_name,
          userId: Number(s.user_id),
          ip: s.ip,
          userAgent: s.user_agent,
          by: req.user!.userName,
          req,
        });
      }
      return { code: Code.OK, msg: t(req, 'monitor.forcedOut', { count: found.length }), data: { count: found.length } };
    },
  });

  addRoute(api, ctx, {
    endpoint: monitorEndpoints.loginLogPage,
    doc: loginLogPageSchema,
    handler: async (_i, req) => {
      const input = parseInput(loginLogPageSchema, rawInput(req));
      let q = ctx.db.selectFrom('sys_login_log as l').leftJoin('sys_user as u', 'u.id', 'l.user_id');
      if (input.userName) q = q.where(contains('l.user_name', input.userName));
      if (input.status != null) q = q.where('l.status', '=', input.status);
      const { rows, total } = await pageOf(
        q,
        input,
        (q) =>
          q
            .select([
              'l.id',
              'l.user_name',
              'l.user_id',
              'l.ip',
              'l.location',
              'l.browser',
              'l.os',
              'l.status',
              'l.reason',
              'l.login_time',
              'u.user_name as account',
            ])
            .orderBy('l.login_time', 'desc')
            .orderBy('l.id', 'desc'),
        'l.login_time',
      );
      // 解锁 is offered on the rows of accounts locked now
      const locked = await lockedAccounts(
        ctx,
        ctx.db,
        rows.map((r) => r.account).filter((a): a is string => !!a),
      );
      return page(
        req,
        rows.map((r) => ({
          id: Number(r.id),
          userName: r.user_name,
          userId: r.user_id == null || r.account == null ? null : Number(r.user_id),
          ip: r.ip,
          location: placeOf(req, r.location, r.ip),
          browser: r.browser,
          os: r.os,
          status: Number(r.status),
          statusName: t(req, `monitor.status.${Number(r.status)}`),
          reason: r.reason ? t(req, r.reason === 'auth.locked' ? 'monitor.locked' : r.reason) : '',
          loginTime: r.login_time,
          locked: r.account != null && locked.has(r.account),
        })),
        total,
      );
    },
  });
  addRoute(api, ctx, {
    endpoint: monitorEndpoints.unlockAccount,
    schema: unlockAccountSchema,
    handler: async (ids, req) => {
      const accounts = await ctx.db.selectFrom('sys_user').select(['id', 'user_name']).where('id', 'in', ids).execute();
      if (accounts.length === 0) throw badRequest('monitor.noAccount');
      await assertMayTouchAccounts(
        ctx.db,
        req,
        accounts.map((a) => Number(a.id)),
        { admin: 'monitor.unlockAdminOnly', notCovered: 'monitor.unlockNotCovered' },
      );
      const locked = await lockedAccounts(
        ctx,
        ctx.db,
        accounts.map((a) => a.user_name),
      );
      const unlocking = accounts.filter((a) => locked.has(a.user_name.slice(0, 64)));
      if (unlocking.length === 0) {
        if (accounts.length === 1) throw badRequest('monitor.notLocked', { name: accounts[0].user_name });
        throw badRequest('monitor.noneLocked');
      }
      await ctx.db.transaction().execute(async (trx) => {
        await unlockAccounts(
          trx,
          unlocking.map((a) => a.user_name),
        );
        for (const a of unlocking)
          await audit(ctx, trx, { req, module: 'monitor', action: 'unlock', recordId: Number(a.id), title: a.user_name });
      });
      for (const a of unlocking) req.log.info({ event: 'user.unlocked', by: req.user?.userName, userId: Number(a.id) }, 'account unlocked');
      return { code: Code.OK, msg: t(req, 'monitor.unlocked', { count: unlocking.length }), data: { count: unlocking.length } };
    },
  });
}
