import type { ServerResponse } from 'node:http';
import type { NoticeCounts } from '@gk/contracts';
import type { Ctx } from '../../context.js';

/** a comment line every 25 s: proxies keep the connection, and a dead client is noticed by the failed write */
export const HEARTBEAT_MS = 25_000;
/** a client that does not read (its unsent output past this) is cut off rather than buffered for */
const MAX_BUFFERED = 64 * 1024;

interface Conn {
  userId: number;
  sessionId: number;
  res: ServerResponse;
  /** the counts last sent (JSON), so an unchanged answer is not sent again */
  last: string | null;
}

/**
 * The open `/notice/stream` connections of one app (server-sent events over a hijacked reply). Each gets
 * `event: counts` on connect and again when its user's counts change: on every `notice` change the bus brings
 * (from any process), the counts are computed once per user (changes arriving meanwhile fold into one more round)
 * and sent to each of that user's connections whose session still holds. A `session` change (logout, 强退,
 * password change, disabled account) checks every connection's session; the heartbeat checks them all again and
 * recomputes the counts (a change missed while the bus could not hear). A connection whose session ended is closed.
 */
export class NoticeStreams {
  private readonly byUser = new Map<number, Set<Conn>>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: Ctx,
    private readonly counts: (userId: number) => Promise<NoticeCounts>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** open connections of one user on this process */
  count(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  /** takes a connection whose headers are written; sends its first counts */
  async add(userId: number, sessionId: number, res: ServerResponse): Promise<void> {
    const conn: Conn = { userId, sessionId, res, last: null };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(conn);
    res.on('close', () => this.remove(conn));
    this.timer ??= setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
    try {
      this.send(conn, await this.counts(userId));
    } catch (err) {
      this.onError(err);
      this.close(conn);
    }
  }

  private remove(conn: Conn) {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (!set.size) this.byUser.delete(conn.userId);
    if (!this.byUser.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private write(conn: Conn, text: string) {
    const { res } = conn;
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED) {
      res.destroy();
      return;
    }
    res.write(text);
  }

  private send(conn: Conn, counts: NoticeCounts) {
    const data = JSON.stringify(counts);
    if (data === conn.last) return;
    conn.last = data;
    this.write(conn, `event: counts\ndata: ${data}\n\n`);
  }

  private close(conn: Conn) {
    this.remove(conn);
    if (!conn.res.writableEnded) conn.res.end();
  }

  /** whether the session a connection was opened with still holds (read, never renewed: a stream keeps no session alive) */
  private async alive(conn: Conn): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select('s.id')
      .where('s.id', '=', conn.sessionId)
      .where('s.expires_at', '>=', this.ctx.now())
      .where('u.enable_flag', '=', 1)
      .executeTakeFirst();
    return !!row;
  }

  /** the counts of one user computed again and sent where they changed (one round at a time per user) */
  refresh(userId: number): Promise<void> {
    const under = this.running.get(userId);
    if (under) {
      this.again.add(userId);
      return under;
    }
    const run = (async () => {
      do {
        this.again.delete(userId);
        const set = this.byUser.get(userId);
        if (!set?.size) return;
        const counts = await this.counts(userId);
        for (const conn of [...set]) {
          if (await this.alive(conn)) this.send(conn, counts);
          else this.close(conn);
        }
      } while (this.again.has(userId));
    })()
      .catch((err) => this.onError(err))
      .finally(() => this.running.delete(userId));
    this.running.set(userId, run);
    return run;
  }

  refreshAll(): Promise<void> {
    return Promise.all([...this.byUser.keys()].map((u) => this.refresh(u))).then(() => {});
  }

  /** every connection's session checked; the ended ones closed */
  async checkSessions(): Promise<void> {
    try {
      for (const set of [...this.byUser.values()]) for (const conn of [...set]) if (!(await this.alive(conn))) this.close(conn);
    } catch (err) {
      this.onError(err);
    }
  }

  private async heartbeat() {
    for (const set of this.byUser.values()) for (const conn of set) this.write(conn, ': ping\n\n');
    await this.refreshAll();
  }

  /** ends every connection (the app closes, or the server drains before a stop) */
  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const conn of [...set]) this.close(conn);
  }
}
