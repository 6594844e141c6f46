import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Ctx, WriteListener } from '../context.js';
import type { AnyDb } from '../db/index.js';

/**
 * What changed: a session (login replacing another, logout, force logout, password change), an account's
 * roles or enabled flag, or a role's grants / enabled flag / menus. Every server process drops what it keeps
 * of sessions, roles and permissions on any of them. `delivery`: what the delivery API serves (a content version,
 * a site key); only the delivery API's caches listen to it. `words` / `notice` (OWN_KINDS): only their modules listen.
 */
export type ChangeKind = 'session' | 'role' | 'permission' | 'menu' | 'delivery' | 'words' | 'notice';
/** changes only their own module listens to (issue 27): the word library (`words`), a user's notices or review queue (`notice`) */
export const OWN_KINDS: readonly ChangeKind[] = ['words', 'notice'];

export interface Change {
  kind: ChangeKind;
  /** the process that made the change */
  origin: string;
}
export type ChangeListener = (change: Change) => void;

/**
 * The change bus of one app. On PostgreSQL a dedicated client LISTENs on a channel of the app's schema and
 * every publish is a NOTIFY through the pool: all processes on the database hear it, the publisher included.
 * A publish waits until its own notification came back (PostgreSQL hands it to every listener at the same
 * commit), so the reply that follows a change is sent when the other processes have been told. While the
 * listening client is down (reconnecting), `trusted` is false and nothing may be served from a cache. On
 * SQLite (one process) a publish calls the listeners at once.
 */
export interface Bus {
  readonly id: string;
  /** whether caches may be used: the bus hears every change (always on SQLite) */
  readonly trusted: boolean;
  /** increases with every change heard (caches compare it before and after a read) */
  readonly generation: number;
  subscribe(listener: ChangeListener): () => void;
  publish(kind: ChangeKind): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** how long a publish waits for the other processes' answers */
const ECHO_WAIT_MS = 2_000;
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 10_000;

class LocalBus implements Bus {
  readonly id = crypto.randomBytes(6).toString('hex');
  generation = 0;
  get trusted(): boolean {
    return true;
  }
  protected listeners = new Set<ChangeListener>();
  subscribe(listener: ChangeListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  protected deliver(change: Change) {
    this.generation++;
    for (const l of this.listeners) {
      try {
        l(change);
      } catch {
        // a listener's failure must not stop the others from dropping their caches
      }
    }
  }
  async publish(kind: ChangeKind) {
    this.deliver({ kind, origin: this.id });
  }
  async start() {}
  async close() {}
}

interface Waiting {
  /** bus ids that have not yet heard this change (this process included, until its own echo) */
  missing: Set<string>;
  done: () => void;
}

type Message = { kind: ChangeKind; origin: string; seq?: number } | { ack: number; to: string; from: string };

class PgBus extends LocalBus {
  private client: pg.Client | null = null;
  private connected = false;
  private closed = false;
  private seq = 0;
  private waiting = new Map<number, Waiting>();
  private retryMs = RECONNECT_MIN_MS;
  private timer: NodeJS.Timeout | null = null;
  readonly channel: string;
  /** every listening client of this channel carries `gk:<tag>:<bus id>` as its application_name */
  private readonly tag: string;

  /** where a lost connection is reported (the app's logger once registered) */
  log: (msg: string, err?: unknown) => void = () => {};

  constructor(private readonly ctx: Ctx) {
    super();
    const schema = (ctx.config.databaseSchema ?? 'public').replace(/[^\w]/g, '_');
    this.channel = `gk_changes_${schema}`.slice(0, 63);
    this.tag = crypto.createHash('sha256').update(this.channel).digest('hex').slice(0, 8);
  }

  override get trusted() {
    return this.connected;
  }

  override async start() {
    await this.connect();
  }

  private notify(message: Message) {
    return sql`select pg_notify(${this.channel}, ${JSON.stringify(message)})`.execute(this.ctx.db);
  }

  private heard(message: Message) {
    if ('ack' in message) {
      if (message.to === this.id) this.acknowledged(message.ack, message.from);
      return;
    }
    this.deliver({ kind: message.kind, origin: message.origin });
    if (message.seq == null) return;
    if (message.origin === this.id) this.acknowledged(message.seq, this.id);
    else this.notify({ ack: message.seq, to: message.origin, from: this.id }).catch((err) => this.log('change bus: ack failed', err));
  }

  private acknowledged(seq: number, from: string) {
    const w = this.waiting.get(seq);
    if (!w) return;
    w.missing.delete(from);
    if (w.missing.size === 0) w.done();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { default: pgm } = await import('pg');
    const client = new pgm.Client({ connectionString: this.ctx.config.databaseUrl!, application_name: `gk:${this.tag}:${this.id}` });
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      try {
        this.heard(JSON.parse(n.payload) as Message);
      } catch {
        // not one of ours
      }
    });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.connected = false;
      // every cache is untrusted from now on, and dropped once more when the bus hears again
      this.deliver({ kind: 'session', origin: this.id });
      for (const w of [...this.waiting.values()]) w.done();
      if (this.closed) return;
      this.log('change bus: listening connection lost, reconnecting', err);
      client.end().catch(() => {});
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (err) {
      lost(err);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.connected = true;
    this.retryMs = RECONNECT_MIN_MS;
    // whatever was kept while nobody listened is dropped
    this.deliver({ kind: 'session', origin: this.id });
  }

  private schedule() {
    if (this.timer || this.closed) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
    this.timer.unref();
  }

  /** ids of the buses listening on this channel now (every server process on this database and schema) */
  private async peers(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select application_name as name from pg_stat_activity
      where application_name like ${`gk:${this.tag}:%`}`.execute(this.ctx.db);
    return rows.map((r) => r.name.split(':')[2]).filter(Boolean);
  }

  /**
   * This process forgets at once; then NOTIFY, and wait until every process listening when the change was
   * made answered that it forgot too (its acknowledgement comes after it dropped its caches), or 2 s.
   */
  override async publish(kind: ChangeKind) {
    this.deliver({ kind, origin: this.id });
    const seq = ++this.seq;
    if (!this.connected) {
      await this.notify({ kind, origin: this.id, seq });
      return;
    }
    const missing = new Set([this.id, ...(await this.peers())]);
    let timer: NodeJS.Timeout | undefined;
    const all = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(seq);
        resolve();
      };
      this.waiting.set(seq, { missing, done });
      timer = setTimeout(() => {
        this.log(`change bus: no answer from ${[...missing].join(', ')} within ${ECHO_WAIT_MS} ms`);
        done();
      }, ECHO_WAIT_MS);
      timer.unref();
    });
    await this.notify({ kind, origin: this.id, seq });
    await all;
  }

  override async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    for (const w of [...this.waiting.values()]) w.done();
    if (client) await client.end().catch(() => {});
  }
}

const buses = new WeakMap<Ctx, Bus>();

/** The bus of this app (created on first use; started by `registerBus`). */
export function busOf(ctx: Ctx): Bus {
  let bus = buses.get(ctx);
  if (!bus) {
    bus = ctx.dialect === 'postgres' && ctx.config.databaseUrl ? new PgBus(ctx) : new LocalBus();
    buses.set(ctx, bus);
  }
  return bus;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** changes recorded during this request, published when its reply goes out (null: none) */
    pendingChanges: Set<ChangeKind> | null;
  }
}

/**
 * Records a change. The caches of this process are dropped at once. Outside a transaction the change is
 * published now (and this waits until every process was told). Inside a transaction, with the request, it is
 * published when the reply is sent (after the commit: a process told earlier could read the old rows again);
 * without a request, by a NOTIFY in the transaction itself, delivered at its commit.
 */
export async function changed(ctx: Ctx, kind: ChangeKind, opts: { db?: AnyDb; req?: FastifyRequest } = {}): Promise<void> {
  const bus = busOf(ctx);
  const db = opts.db ?? ctx.db;
  if (!db.isTransaction) return bus.publish(kind);
  if (bus instanceof PgBus && !opts.req) {
    await sql`select pg_notify(${bus.channel}, ${JSON.stringify({ kind, origin: bus.id } satisfies Message)})`.execute(db);
  }
  await LocalBus.prototype.publish.call(bus, kind);
  if (opts.req) {
    opts.req.pendingChanges ??= new Set<ChangeKind>();
    opts.req.pendingChanges.add(kind);
  }
}

/**
 * Starts the bus with the app, publishes changes recorded during a request before its reply goes out. A write of
 * a resource described `invalidates` (its domain event, inside its transaction) is such a change.
 */
export function registerBus(app: FastifyInstance, ctx: Ctx): void {
  const bus = busOf(ctx);
  const listener: WriteListener = async (e) => {
    for (const kind of e.resource.invalidates ?? []) await changed(ctx, kind, { db: e.trx, req: e.req });
  };
  // a bulk save's events (one resource, one transaction, one request): each change recorded once
  listener.many = async (events) => {
    if (events.length) await listener(events[0]);
  };
  ctx.onWrite(listener);
  if (bus instanceof PgBus) {
    bus.log = (msg, err) => app.log.warn({ err }, msg);
  }
  app.decorateRequest('pendingChanges', null);
  app.addHook('onReady', async () => bus.start());
  app.addHook('onClose', async () => bus.close());
  // a callback hook: most replies publish nothing and pass on without a promise
  app.addHook('onSend', (req, _reply, payload, done) => {
    const pending = req.pendingChanges;
    if (!pending) return done(null, payload);
    req.pendingChanges = null;
    (async () => {
      for (const kind of pending) await bus.publish(kind);
    })().then(() => done(null, payload), done);
  });
}
