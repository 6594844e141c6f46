import crypto from 'node:crypto';
import {
  deliveryPageSchema,
  deliveryVisibility,
  id,
  publishState,
  type ResourceDef,
  resourceByName,
  SITE_CHANGED,
  translate,
  WEBHOOK_HEADERS,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookAction,
  webhookEndpoints,
  webhookResource,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Insertable, sql } from 'kysely';
import { z } from 'zod';
import type { Ctx, WriteEvent, WriteListener } from '../../context.js';
import { ResourceQuery } from '../../crud/list.js';
import { registerResource } from '../../crud/routes.js';
import type { AnyDb } from '../../db/index.js';
import type { PublishEventTable } from '../../db/tables.js';
import { badRequest, notFound } from '../../http/errors.js';
import { ok, page } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { postOnce, refusedHost } from './destination.js';
import { deliveryPaths } from './paths.js';

type Row = Record<string, unknown>;

/** wait before try n+1 (ms): 10 s, 20 s, 40 s, 80 s */
export const backoffMs = (attempts: number) => 5000 * 2 ** attempts;
const CLAIM_MS = 60_000;

/** `X-Signature: sha256=<hex>` over `<timestamp>.<raw body>` with the webhook's secret */
export function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** the body of one change's event (what a receiver got before issue 23, plus the delivery paths it changes) */
interface EventBody {
  event: WebhookAction;
  resource: string;
  id: number;
  time: string;
  paths: string[];
}

/** a `site.changed` body lists at most this many of the events folded in (`eventCount` says how many there were) */
const FOLDED_LISTED = 1000;
/** a debounced burst goes out at the latest this many debounce periods after its first change */
const FOLD_MAX_WAIT = 10;

/** One `site.changed` for the changes of a burst: the union of their paths and the events folded in. */
function siteChanged(time: string, changes: EventBody[]): string {
  const paths = new Set<string>();
  for (const c of changes) for (const p of c.paths ?? []) paths.add(p);
  const events = changes.slice(0, FOLDED_LISTED).map(({ paths: _paths, ...rest }) => rest);
  return JSON.stringify({ event: SITE_CHANGED, time, paths: [...paths], events, eventCount: changes.length });
}

const deliveryRow = (ctx: Ctx, webhookId: number, event: string, body: string) => ({
  webhook_id: webhookId,
  event,
  body,
  status: 'pending',
  attempts: 0,
  next_at: ctx.now(),
  create_time: ctx.nowText(),
});

/**
 * Tells every enabled webhook that hears one change, inside the caller's transaction. A webhook hears the
 * events it chose, and every event when it chose `site.changed`. Debounced (N > 0 seconds), the change waits in
 * `webhook_fold` for the burst to end; otherwise one delivery goes out now: the event itself when the webhook
 * chose it, else a `site.changed` of this one change.
 */
type Subscription = { id: number; events: string; debounce_seconds: number };
const subscriptions = (db: AnyDb): Promise<Subscription[]> =>
  db.selectFrom('webhook').select(['id', 'events', 'debounce_seconds']).where('enable_flag', '=', 1).execute() as Promise<Subscription[]>;

async function enqueue(
  ctx: Ctx,
  db: AnyDb,
  def: ResourceDef,
  action: WebhookAction,
  recordId: number,
  paths: string[],
  /** the enabled webhooks, when the caller read them already (a bulk save's events) */
  read?: Subscription[],
): Promise<void> {
  const event = `${def.name}.${action}`;
  const hooks = read ?? (await subscriptions(db));
  const heard = hooks
    .map((h) => ({ id: Number(h.id), debounce: Number(h.debounce_seconds), chosen: new Set(String(h.events).split(',')) }))
    .filter((h) => h.chosen.has(event) || h.chosen.has(SITE_CHANGED));
  if (!heard.length) return;
  const time = ctx.nowText();
  const change: EventBody = { event: action, resource: def.name, id: recordId, time, paths };
  const body = JSON.stringify(change);
  const folds = heard.filter((h) => h.debounce > 0).map((h) => ({ webhook_id: h.id, event, body, at: ctx.now() }));
  const now = heard
    .filter((h) => h.debounce <= 0)
    .map((h) =>
      h.chosen.has(event) ? deliveryRow(ctx, h.id, event, body) : deliveryRow(ctx, h.id, SITE_CHANGED, siteChanged(time, [change])),
    );
  if (folds.length) await db.insertInto('webhook_fold').values(folds).execute();
  if (now.length) await db.insertInto('webhook_delivery').values(now).execute();
}

/**
 * An event that is not one record's change (contracts `WEBHOOK_OTHER_EVENTS`: `release.published`, issue 27), told
 * like a record's: to every enabled webhook that chose it, or `site.changed` (folded when debounced), in the caller's
 * transaction. `body` names what it is about (`resource` the group, `id`) and the delivery paths it changes.
 */
export async function enqueueEvent(
  ctx: Ctx,
  db: AnyDb,
  event: string,
  body: { resource: string; id: number; paths: string[] } & Row,
): Promise<void> {
  const heard = (await subscriptions(db))
    .map((h) => ({ id: Number(h.id), debounce: Number(h.debounce_seconds), chosen: new Set(String(h.events).split(',')) }))
    .filter((h) => h.chosen.has(event) || h.chosen.has(SITE_CHANGED));
  if (!heard.length) return;
  const time = ctx.nowText();
  // as a record's event: `event` the part after the group (`published`), `resource` the group
  const { resource, id: about, paths, ...rest } = body;
  const change = { event: event.slice(event.indexOf('.') + 1), resource, id: about, time, paths, ...rest } as unknown as EventBody;
  const text = JSON.stringify(change);
  const folds = heard.filter((h) => h.debounce > 0).map((h) => ({ webhook_id: h.id, event, body: text, at: ctx.now() }));
  const now = heard
    .filter((h) => h.debounce <= 0)
    .map((h) =>
      h.chosen.has(event) ? deliveryRow(ctx, h.id, event, text) : deliveryRow(ctx, h.id, SITE_CHANGED, siteChanged(time, [change])),
    );
  if (folds.length) await db.insertInto('webhook_fold').values(folds).execute();
  if (now.length) await db.insertInto('webhook_delivery').values(now).execute();
}

/** the delivery paths of a change (PUBLIC_API_PREFIX, the resource's description) */
export const pathsOf = (ctx: Ctx, def: ResourceDef, recordId: number, before: Row | null, after: Row | null) =>
  deliveryPaths(ctx.config.publicApiPrefix, def, recordId, before, after);

/**
 * What puts a resource's records on the site or takes them off at a stored time: the publish state (a
 * publishable resource: `status` published, `publishTime`, `offlineTime`) or the delivery window (`visible:
 * 'window'`: enabled, `publishTime`, `offlineTime`); none for the others.
 */
function scheduleOf(def: ResourceDef): 'publish' | 'window' | null {
  if (def.publishable) return 'publish';
  return deliveryVisibility(def) === 'window' ? 'window' : null;
}

/**
 * The scheduled publish / offline events of one record (a window's opening and closing) follow its stored
 * times: the ones not fired yet are replaced.
 */
async function reschedule(
  ctx: Ctx,
  db: AnyDb,
  def: ResourceDef,
  recordId: number,
  record: Row | null,
  /** the record was inserted now: no event of it is stored yet */
  created: boolean,
): Promise<void> {
  const resource = def.name;
  const kind = scheduleOf(def);
  if (!kind) return;
  if (!created)
    await db
      .deleteFrom('publish_event')
      .where('resource', '=', resource)
      .where('record_id', '=', recordId)
      .where('fired', '<>', 1)
      .execute();
  if (!record) return;
  if (kind === 'publish' && record.status !== 'published') return;
  if (kind === 'window' && 'enableFlag' in record && Number(record.enableFlag) !== 1) return;
  const now = ctx.nowText();
  const rows: Insertable<PublishEventTable>[] = [];
  if (typeof record.publishTime === 'string' && record.publishTime > now)
    rows.push({ resource, record_id: recordId, action: 'publish', due_at: record.publishTime, fired: 0 });
  if (typeof record.offlineTime === 'string' && record.offlineTime > now)
    rows.push({ resource, record_id: recordId, action: 'unpublish', due_at: record.offlineTime, fired: 0 });
  if (rows.length) await db.insertInto('publish_event').values(rows).execute();
}

/**
 * A change to a record made outside the write pipeline that the site shows (the 素材库's 替换 rewrote an image URL
 * in it, issue 26): its `update` event with the record's delivery paths, in the caller's transaction, when the
 * resource sends updates and the record is on the site. `record`: as its get endpoint answers it.
 */
export async function recordChanged(ctx: Ctx, db: AnyDb, def: ResourceDef, recordId: number, record: Row): Promise<void> {
  if (!def.webhook?.includes('update')) return;
  if (def.publishable && publishState(record, ctx.nowText()) !== 'published') return;
  await enqueue(ctx, db, def, 'update', recordId, pathsOf(ctx, def, recordId, record, record));
}

/**
 * An event that is no change of the site (the review workflow's `review.requested` / `review.decided`, issue 27): one
 * delivery, in the caller's transaction, to every enabled webhook that chose it by name, sent at once whatever its
 * debounce (a message for people, never folded into `site.changed`). `body` is sent as it is, with `event` first.
 */
export async function eventHappened(ctx: Ctx, db: AnyDb, event: string, body: Record<string, unknown>): Promise<void> {
  const hooks = (await subscriptions(db)).filter((h) => String(h.events).split(',').includes(event));
  if (!hooks.length) return;
  const text = JSON.stringify({ event, ...body });
  await db
    .insertInto('webhook_delivery')
    .values(hooks.map((h) => deliveryRow(ctx, Number(h.id), event, text)))
    .execute();
}

/** `code:param` of a stored reason (`blocked:10.0.0.1`) as the request's language says it */
export function reasonText(lang: Parameters<typeof translate>[0], stored: unknown): string {
  const text = typeof stored === 'string' ? stored : '';
  if (!text) return '';
  const at = text.indexOf(':');
  const code = at < 0 ? text : text.slice(0, at);
  const param = at < 0 ? '' : text.slice(at + 1);
  // a network failure without a code, or a reason an older version stored (`fetch failed`): the plain 网络错误
  const key = code === 'network' && (!param || param === 'error') ? 'webhook.reason.error' : `webhook.reason.${code}`;
  const said = translate(lang, key, { address: param, code: param });
  return said === key ? translate(lang, 'webhook.reason.error') : said;
}

/**
 * Sends one claimed delivery and records the outcome: done, another try later (backoff), or failed after 5.
 * Only the status code and a short reason are kept, never the receiver's answer.
 */
async function send(ctx: Ctx, deliveryId: number, signal?: AbortSignal): Promise<Row> {
  const { db } = ctx;
  const d = await db.selectFrom('webhook_delivery').selectAll().where('id', '=', deliveryId).executeTakeFirstOrThrow();
  const hook = await db.selectFrom('webhook').selectAll().where('id', '=', d.webhook_id).executeTakeFirst();
  const attempts = Number(d.attempts);
  let status: number | null = null;
  let reason = '';
  if (!hook) reason = 'deleted';
  else {
    const timestamp = String(Math.floor(ctx.now() / 1000));
    const body = String(d.body);
    const attempt = await postOnce(String(hook.url), {
      headers: {
        'content-type': 'application/json',
        'user-agent': 'gk-webhook/1',
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: signBody(String(hook.secret ?? ''), timestamp, body),
        [WEBHOOK_HEADERS.event]: String(d.event),
        [WEBHOOK_HEADERS.delivery]: String(d.id),
      },
      body,
      allowPrivate: ctx.config.webhookAllowPrivate,
      signal,
    });
    status = attempt.status;
    reason = attempt.reason;
  }
  const success = status != null && status >= 200 && status < 300;
  // a ping is tried once, now; it is not retried
  const done = success || attempts >= WEBHOOK_MAX_ATTEMPTS || !hook || d.event === 'ping';
  const update = {
    status: success ? 'success' : done ? 'failed' : 'pending',
    last_status: status,
    last_answer: reason.slice(0, 100),
    claimed_until: null,
    next_at: done ? Number(d.next_at) : ctx.now() + backoffMs(attempts),
    update_time: ctx.nowText(),
  };
  await db.updateTable('webhook_delivery').set(update).where('id', '=', deliveryId).execute();
  return { ...d, ...update };
}

/** Claims a delivery for this process (a conditional update: exactly one process wins, on both dialects). */
async function claim(ctx: Ctx, deliveryId: number): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.now();
  const r = await db
    .updateTable('webhook_delivery')
    .set((eb) => ({ claimed_until: now + CLAIM_MS, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The oldest due delivery of one destination, claimed by this process; null when none is left. */
async function claimNext(ctx: Ctx, webhookId: number): Promise<number | null> {
  for (;;) {
    const now = ctx.now();
    const next = await ctx.db
      .selectFrom('webhook_delivery')
      .select('id')
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return null;
    // another process took it: look again
    if (await claim(ctx, Number(next.id))) return Number(next.id);
  }
}

/**
 * The destinations of one process: each webhook has its own queue, drained one delivery at a time (its
 * receiver gets them in order), side by side with every other webhook's, so a receiver that hangs holds
 * back only its own deliveries. A delivery is claimed just before it is sent: a claim (60 s) outlasts one
 * attempt (10 s), so no other process takes a delivery this one is still sending.
 */
class Destinations {
  private readonly running = new Map<number, Promise<void>>();
  /** destinations asked for again while their queue was being drained */
  private readonly again = new Set<number>();
  private readonly stop = new AbortController();
  /** a failure of the database while draining (the delivery stays claimed and is taken again after its claim) */
  onError: (err: unknown) => void = () => {};

  constructor(private readonly ctx: Ctx) {}

  /** drains the due deliveries of one webhook (joins the drain under way) */
  drain(webhookId: number): Promise<void> {
    const under = this.running.get(webhookId);
    if (under) {
      this.again.add(webhookId);
      return under;
    }
    const run = this.run(webhookId)
      .catch((err) => this.onError(err))
      .finally(() => this.running.delete(webhookId));
    this.running.set(webhookId, run);
    return run;
  }

  private async run(webhookId: number): Promise<void> {
    do {
      this.again.delete(webhookId);
      for (;;) {
        if (this.stop.signal.aborted) return;
        const next = await claimNext(this.ctx, webhookId);
        if (next == null) break;
        await send(this.ctx, next, this.stop.signal);
      }
    } while (this.again.has(webhookId));
  }

  /** ends the attempts under way (each recorded as a failed try, sent again later) */
  async close(): Promise<void> {
    this.stop.abort();
    await Promise.allSettled([...this.running.values()]);
  }
}

const destinations = new WeakMap<Ctx, Destinations>();
const destinationsOf = (ctx: Ctx) => {
  let d = destinations.get(ctx);
  if (!d) {
    d = new Destinations(ctx);
    destinations.set(ctx, d);
  }
  return d;
};

/**
 * The boundaries migration 038 wrote (`fired = 2`) against this process's clock, in one statement (so any
 * number of processes may run it, each tick: the index on `fired` makes it a look at nothing once settled):
 * already past, fired; still ahead, due.
 */
async function settleMigrated(ctx: Ctx): Promise<void> {
  await ctx.db
    .updateTable('publish_event')
    .set({ fired: sql<number>`case when due_at <= ${ctx.nowText()} then 1 else 0 end` })
    .where('fired', '=', 2)
    .execute();
}

/** another process took the folded changes first (the transaction taking them is rolled back) */
class FoldTaken extends Error {}

/**
 * The debounced bursts that are over (no change for the webhook's N seconds, or FOLD_MAX_WAIT × N since the
 * first), each turned into one `site.changed` delivery. The folded rows are deleted in the delivery's
 * transaction, all of them or none: exactly one process sends a burst.
 */
async function flushFolds(ctx: Ctx): Promise<void> {
  const { db } = ctx;
  const bursts = await db
    .selectFrom('webhook_fold as f')
    .leftJoin('webhook as w', 'w.id', 'f.webhook_id')
    .select([
      'f.webhook_id',
      'w.debounce_seconds',
      sql<number>`min(f.at)`.as('first'),
      sql<number>`max(f.at)`.as('last'),
      sql<number>`max(f.id)`.as('top'),
    ])
    .groupBy(['f.webhook_id', 'w.debounce_seconds'])
    .execute();
  for (const b of bursts) {
    const webhookId = Number(b.webhook_id);
    const top = Number(b.top);
    const wait = Number(b.debounce_seconds ?? 0) * 1000;
    const now = ctx.now();
    if (now < Number(b.last) + wait && now < Number(b.first) + FOLD_MAX_WAIT * wait) continue;
    try {
      await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('webhook_fold')
          .select(['id', 'body'])
          .where('webhook_id', '=', webhookId)
          .where('id', '<=', top)
          .orderBy('id')
          .execute();
        if (!rows.length) return;
        const gone = await trx.deleteFrom('webhook_fold').where('webhook_id', '=', webhookId).where('id', '<=', top).executeTakeFirst();
        if (Number(gone.numDeletedRows) !== rows.length) throw new FoldTaken();
        // a webhook deleted meanwhile: its folded changes go with it
        if (b.debounce_seconds == null) return;
        const changes = rows.map((r) => JSON.parse(String(r.body)) as EventBody);
        await trx
          .insertInto('webhook_delivery')
          .values(deliveryRow(ctx, webhookId, SITE_CHANGED, siteChanged(ctx.nowText(), changes)))
          .execute();
      });
    } catch (err) {
      if (!(err instanceof FoldTaken)) throw err;
    }
  }
}

/**
 * Fires the scheduled publish / offline times (window boundaries) that passed (each claimed by one process),
 * folds the debounced bursts that are over, then starts the queue of every destination with due deliveries.
 * Answers the queues' drains without waiting for them.
 */
async function dispatchDue(ctx: Ctx): Promise<Promise<void>[]> {
  const { db } = ctx;
  await settleMigrated(ctx);
  const due = await db
    .selectFrom('publish_event')
    .select(['id', 'resource', 'record_id', 'action'])
    .where('fired', '=', 0)
    .where('due_at', '<=', ctx.nowText())
    .orderBy('id')
    .limit(100)
    .execute();
  for (const e of due) {
    await db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('publish_event').set({ fired: 1 }).where('id', '=', e.id).where('fired', '=', 0).executeTakeFirst();
      const def = resourceByName(String(e.resource));
      if (Number(r.numUpdatedRows) !== 1 || !def) return;
      const recordId = Number(e.record_id);
      const record = await new ResourceQuery(ctx, def).get(recordId, trx);
      await enqueue(ctx, trx, def, e.action as WebhookAction, recordId, pathsOf(ctx, def, recordId, record, record));
    });
  }
  await flushFolds(ctx);
  const now = ctx.now();
  const ready = await db
    .selectFrom('webhook_delivery')
    .select('webhook_id')
    .distinct()
    .where('status', '=', 'pending')
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .limit(500)
    .execute();
  const queues = destinationsOf(ctx);
  return ready.map((r) => queues.drain(Number(r.webhook_id)));
}

/**
 * One round of the ticker, waiting until the queues it started are drained (tests drive it). Any number of
 * processes may run it at once.
 */
export async function webhookTick(ctx: Ctx): Promise<void> {
  await Promise.all(await dispatchDue(ctx));
}

/** a delivery as the API shows it: the status code and a short reason, never the receiver's answer */
const out = (req: FastifyRequest, d: Row) => ({
  id: Number(d.id),
  webhookId: Number(d.webhook_id),
  event: d.event,
  status: d.status,
  attempts: Number(d.attempts),
  lastStatus: d.last_status == null ? null : Number(d.last_status),
  lastAnswer: reasonText(req.lang, d.last_answer),
  createTime: d.create_time,
  updateTime: d.update_time ?? null,
});

/**
 * Webhooks (issue 11; an administrator's tool since issue 21): 系统管理 › Webhook. Events are rows written in
 * the transaction of the change; the ticker (every WEBHOOK_TICK_MS) fires scheduled ones and hands due
 * deliveries to their destination's queue, which signs, sends and retries them. A destination must be a
 * public address (destination.ts) unless WEBHOOK_ALLOW_PRIVATE=1. The secret is write-only.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;
  const { save: saveEndpoint, ...endpoints } = webhookResource.endpoints;
  const crud = registerResource(
    api,
    ctx,
    { ...webhookResource, endpoints },
    {
      // an empty secret on update keeps the one set; a new one replaces it and is answered once
      beforeSave: (values, { existing }) => {
        const secret = typeof values.secret === 'string' ? values.secret : '';
        if (secret) values.secretSet = 1;
        else if (existing) delete values.secret;
        else values.secretSet = 0;
        return values;
      },
      afterDelete: async (rows, { trx }) => {
        const ids = rows.map((r) => Number(r.id));
        await trx.deleteFrom('webhook_delivery').where('webhook_id', 'in', ids).execute();
        await trx.deleteFrom('webhook_fold').where('webhook_id', 'in', ids).execute();
      },
    },
  );

  addRoute(api, ctx, {
    endpoint: saveEndpoint!,
    input: 'body',
    handler: async (_i, req) => {
      const raw = rawInput(req, 'body');
      // the rules first, then where it points: a name is looked up before the transaction opens
      const { url, secret: sent } = parseInput(webhookResource.save, raw) as { url: string; secret?: string | null };
      const host = await refusedHost(url, ctx.config.webhookAllowPrivate);
      if (host) throw badRequest('webhook.urlPrivate', { host: host.slice(0, 100) });
      const saved = await crud.save(raw, req);
      // a new secret is answered once, in this reply (a save without one kept the stored secret)
      const secret = typeof sent === 'string' ? sent : '';
      return ok(req, secret ? { ...saved, secret } : saved, 'common.saved');
    },
  });

  // the events of the resources described with `webhook`, from the domain event of each write (in its transaction)
  const heard = async (e: WriteEvent, hooks?: Subscription[]) => {
    const def = e.resource;
    const actions = def.webhook;
    // a pending draft kept or dropped: the site shows what it showed (its 发布 is the event)
    if (!actions?.length || e.action === 'draft' || e.action === 'discardDraft') return;
    const publishable = !!def.publishable;
    const send = async (action: WebhookAction) => {
      if (actions.includes(action)) await enqueue(ctx, e.trx, def, action, e.id, pathsOf(ctx, def, e.id, e.before, e.after), hooks);
    };
    const live = () => !!e.after && publishState(e.after, ctx.nowText()) === 'published';
    switch (e.action) {
      case 'delete':
        await send('delete');
        break;
      case 'publish':
        if (live()) await send('publish');
        break;
      case 'unpublish':
        await send('unpublish');
        break;
      case 'create':
        if (!publishable) await send('update');
        else if (live()) await send('publish');
        break;
      case 'update':
      case 'toggle':
        await send('update');
        break;
      // a record back from the recycle bin is on the site again as a create would be (a scheduled one later,
      // by its scheduled event below)
      case 'restore':
        if (!publishable) await send('update');
        else if (live()) await send('publish');
        break;
      // its deleted copy gone for good: the site saw the delete already
      case 'purge':
        break;
    }
    if (e.action !== 'purge') await reschedule(ctx, e.trx, def, e.id, e.after, e.action === 'create');
  };
  const listener: WriteListener = (e) => heard(e);
  // a bulk save's events (one transaction): the enabled webhooks read once for all of them
  listener.many = async (events) => {
    if (!events.length || !events[0].resource.webhook?.length) return;
    const hooks = await subscriptions(events[0].trx);
    for (const e of events) await heard(e, hooks);
  };
  ctx.onWrite(listener);

  addRoute(api, ctx, {
    endpoint: webhookEndpoints.test,
    schema: z.object({ id: id() }),
    handler: async ({ id: hookId }, req) => {
      const hook = await db.selectFrom('webhook').select('id').where('id', '=', hookId).executeTakeFirst();
      if (!hook) throw notFound();
      const body = JSON.stringify({ event: 'ping', resource: 'webhook', id: hookId, time: ctx.nowText() });
      // claimed by this request as it is written (no ticker takes it): its one attempt is now
      const now = ctx.now();
      const ins = await db
        .insertInto('webhook_delivery')
        .values({
          webhook_id: hookId,
          event: 'ping',
          body,
          status: 'pending',
          attempts: 1,
          next_at: now,
          claimed_until: now + CLAIM_MS,
          create_time: ctx.nowText(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const d = await send(ctx, Number(ins.id));
      const good = d.status === 'success';
      const msg = good
        ? translate(req.lang, 'webhook.pingOk', { status: String(d.last_status) })
        : translate(req.lang, 'webhook.pingFailed', {
            answer: d.last_status != null ? String(d.last_status) : reasonText(req.lang, d.last_answer),
          });
      return { ...ok(req, out(req, d)), msg };
    },
  });

  addRoute(api, ctx, {
    endpoint: webhookEndpoints.deliveries,
    doc: deliveryPageSchema,
    handler: async (_i, req) => {
      const input = parseInput(deliveryPageSchema, rawInput(req));
      const [{ n }] = await db
        .selectFrom('webhook_delivery')
        .select(sql<number>`count(*)`.as('n'))
        .where('webhook_id', '=', input.webhookId)
        .execute();
      const rows = await db
        .selectFrom('webhook_delivery')
        .selectAll()
        .where('webhook_id', '=', input.webhookId)
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset((input.pageNumber - 1) * input.pageSize)
        .execute();
      return page(
        req,
        rows.map((r) => out(req, r)),
        Number(n),
      );
    },
  });

  const queues = destinationsOf(ctx);
  queues.onError = (err) => api.log.error({ err }, 'webhook delivery failed');
  const every = ctx.config.webhookTickMs;
  let timer: NodeJS.Timeout | null = null;
  // only the look for due work is one at a time; the queues it starts drain on their own
  let looking: Promise<void> | null = null;
  if (every > 0) {
    timer = setInterval(() => {
      if (looking) return;
      looking = dispatchDue(ctx)
        .then(() => {})
        .catch((err) => api.log.error({ err }, 'webhook tick failed'))
        .finally(() => {
          looking = null;
        });
    }, every);
    timer.unref();
  }
  api.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await looking;
    await queues.close();
  });
}
