import { sql } from 'kysely';
import type { Ctx } from '../context.js';

/**
 * The login throttle: failed logins of one account from one client address (LOGIN_MAX_FAILURES), and of one
 * address whatever the account (LOGIN_MAX_FAILURES_PER_ADDRESS), within LOGIN_WINDOW_MINUTES. The address is
 * `req.ip`, the one the trusted proxies saw (TRUST_PROXY), so failures from one address never lock the account
 * for another.
 *
 * An attempt reserves its place before the password is verified: in one short transaction, holding a lock per
 * client address (PostgreSQL: a transaction advisory lock, so it holds across processes; SQLite: its one
 * writer), it counts the window's rows — failures, and the places of attempts still being checked — and, when
 * under both limits, inserts its own row. So however many guesses arrive at once, at most the limit of them
 * reach a password check. The row is kept when the password was wrong (it is that failure) and given back when
 * the account is disabled; a successful login clears the account's failures from that address.
 */
export interface Reservation {
  /** the reserved row; 0 when refused */
  id: number;
  /** minutes to wait when the attempt is refused; 0 = go on and verify the password */
  wait: number;
}

/** the first key of the advisory locks of the login throttle (`pg_advisory_xact_lock(int, int)`) */
const LOCK_CLASS = 0x6c6f67; // 'log'

export async function reserveAttempt(ctx: Ctx, userName: string, ip: string): Promise<Reservation> {
  const key = userName.slice(0, 64);
  const windowMs = ctx.config.loginWindowMinutes * 60_000;
  /** minutes until the oldest row that keeps the others at the limit leaves the window; 0 when under it */
  const waitOf = (rows: { at: number | string }[], limit: number, now: number) => {
    if (rows.length < limit) return 0;
    const oldest = Number(rows[rows.length - limit].at);
    return Math.max(1, Math.ceil((oldest + windowMs - now) / 60_000));
  };
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${ip}))`.execute(trx);
    const now = ctx.now();
    const since = now - windowMs;
    const rows = await trx
      .selectFrom('sys_login_failure')
      .select(['user_name', 'at'])
      .where('ip', '=', ip)
      .where('at', '>', since)
      .orderBy('at')
      .orderBy('id')
      .execute();
    const wait =
      waitOf(
        rows.filter((r) => r.user_name === key),
        ctx.config.loginMaxFailuresPerAccount,
        now,
      ) || waitOf(rows, ctx.config.loginMaxFailuresPerAddress, now);
    if (wait) return { id: 0, wait };
    const { id } = await trx
      .insertInto('sys_login_failure')
      .values({ user_name: key, ip, at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(id), wait: 0 };
  });
}

/** gives a reservation back (refused by the throttle, a disabled account, an error before the verdict) */
export async function release(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.deleteFrom('sys_login_failure').where('id', '=', id).execute();
}

/** the reservation stays as a failure; failures older than a day are forgotten (the table stays small) */
export async function keepAsFailure(ctx: Ctx): Promise<void> {
  await ctx.db
    .deleteFrom('sys_login_failure')
    .where('at', '<', ctx.now() - 86_400_000)
    .execute();
}

/** a successful login clears the account's failures from that address (its own reservation with them) */
export async function clearFailures(ctx: Ctx, userName: string, ip: string): Promise<void> {
  await ctx.db.deleteFrom('sys_login_failure').where('user_name', '=', userName.slice(0, 64)).where('ip', '=', ip).execute();
}

/**
 * Of these account names, those the throttle refuses now from some address (as many failures within the window as
 * LOGIN_MAX_FAILURES): what 用户列表 marks 已锁定 (issue 25). One query for the page.
 */
export async function lockedUserNames(ctx: Ctx, userNames: string[]): Promise<Set<string>> {
  const names = [...new Set(userNames.map((n) => n.slice(0, 64)))];
  if (!names.length) return new Set();
  const rows = await ctx.db
    .selectFrom('sys_login_failure')
    .select(['user_name', 'ip', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_name', 'in', names)
    .where('at', '>', ctx.now() - ctx.config.loginWindowMinutes * 60_000)
    .groupBy(['user_name', 'ip'])
    .execute();
  return new Set(rows.filter((r) => Number(r.n) >= ctx.config.loginMaxFailuresPerAccount).map((r) => r.user_name));
}
