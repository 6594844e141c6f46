import crypto from 'node:crypto';
import {
  deliveryPageSchema,
  id,
  publishState,
  translate,
  WEBHOOK_HEADERS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RESOURCES,
  type WebhookAction,
  webhookEndpoints,
  webhookResource,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Insertable, sql } from 'kysely';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import type { AnyDb } from '../../db/index.js';
import type { PublishEventTable } from '../../db/tables.js';
import { notFound } from '../../http/errors.js';
import { ok, page } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { isPublishing, onPublish, PUBLISHABLE } from '../publish/index.js';

type Row = Record<string, unknown>;

const PUBLISHABLE_NAMES = new Set(PUBLISHABLE.map((p) => p.def.name));
/** wait before try n+1 (ms): 10 s, 20 s, 40 s, 80 s */
export const backoffMs = (attempts: number) => 5000 * 2 ** attempts;
const SEND_TIMEOUT_MS = 10_000;
const CLAIM_MS = 60_000;

/** `X-Signature: sha256=<hex>` over `<timestamp>.<raw body>` with the webhook's secret */
export function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Writes one delivery row per enabled webhook subscribed to the event, inside the caller's transaction. */
async function enqueue(ctx: Ctx, db: AnyDb, resource: string, action: WebhookAction, recordId: number): Promise<void> {
  const event = `${resource}.${action}`;
  const hooks = await db.selectFrom('webhook').select(['id', 'events']).where('enable_flag', '=', 1).execute();
  const now = ctx.now();
  const body = JSON.stringify({ event: action, resource, id: recordId, time: ctx.nowText() });
  const rows = hooks
    .filter((h) => String(h.events).split(',').includes(event))
    .map((h) => ({ webhook_id: h.id, event, body, status: 'pending', attempts: 0, next_at: now, create_time: ctx.nowText() }));
  if (rows.length) await db.insertInto('webhook_delivery').values(rows).execute();
}

/** The scheduled publish / offline events of one record follow its stored times (unfired ones are replaced). */
async function reschedule(ctx: Ctx, db: AnyDb, resource: string, recordId: number, record: Row | null): Promise<void> {
  await db.deleteFrom('publish_event').where('resource', '=', resource).where('record_id', '=', recordId).where('fired', '=', 0).execute();
  if (record?.status !== 'published') return;
  const now = ctx.nowText();
  const rows: Insertable<PublishEventTable>[] = [];
  if (typeof record.publishTime === 'string' && record.publishTime > now)
    rows.push({ resource, record_id: recordId, action: 'publish', due_at: record.publishTime, fired: 0 });
  if (typeof record.offlineTime === 'string' && record.offlineTime > now)
    rows.push({ resource, record_id: recordId, action: 'unpublish', due_at: record.offlineTime, fired: 0 });
  if (rows.length) await db.insertInto('publish_event').values(rows).execute();
}

/** Sends one claimed delivery and records the answer: done, another try later (backoff), or failed after 5. */
async function send(ctx: Ctx, deliveryId: number): Promise<Row> {
  const { db } = ctx;
  const d = await db.selectFrom('webhook_delivery').selectAll().where('id', '=', deliveryId).executeTakeFirstOrThrow();
  const hook = await db.selectFrom('webhook').selectAll().where('id', '=', d.webhook_id).executeTakeFirst();
  const attempts = Number(d.attempts);
  let status: number | null = null;
  let answer = '';
  if (!hook) answer = 'webhook deleted';
  else {
    const timestamp = String(Math.floor(ctx.now() / 1000));
    const body = String(d.body);
    try {
      const res = await fetch(String(hook.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'gk-webhook/1',
          [WEBHOOK_HEADERS.timestamp]: timestamp,
          [WEBHOOK_HEADERS.signature]: signBody(String(hook.secret ?? ''), timestamp, body),
          [WEBHOOK_HEADERS.event]: String(d.event),
          [WEBHOOK_HEADERS.delivery]: String(d.id),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      status = res.status;
      answer = (await res.text().catch(() => '')).slice(0, 500);
    } catch (e) {
      answer = String((e as Error).message ?? e).slice(0, 500);
    }
  }
  const success = status != null && status >= 200 && status < 300;
  const done = success || attempts >= WEBHOOK_MAX_ATTEMPTS || !hook;
  const update = {
    status: success ? 'success' : done ? 'failed' : 'pending',
    last_status: status,
    last_answer: answer,
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

/**
 * One round of the ticker: scheduled publish / offline times that passed fire their event (each claimed by one
 * process), then due deliveries are claimed and sent. Any number of processes may run it at once.
 */
export async function webhookTick(ctx: Ctx): Promise<void> {
  const { db } = ctx;
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
      if (Number(r.numUpdatedRows) === 1) await enqueue(ctx, trx, String(e.resource), e.action as WebhookAction, Number(e.record_id));
    });
  }
  const now = ctx.now();
  const ready = await db
    .selectFrom('webhook_delivery')
    .select(['id', 'webhook_id'])
    .where('status', '=', 'pending')
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(50)
    .execute();
  // one receiver gets its deliveries in order; different receivers are sent to side by side
  const mine = new Map<number, number[]>();
  for (const d of ready)
    if (await claim(ctx, Number(d.id))) mine.set(Number(d.webhook_id), [...(mine.get(Number(d.webhook_id)) ?? []), Number(d.id)]);
  await Promise.all(
    [...mine.values()].map(async (ids) => {
      for (const d of ids) await send(ctx, d);
    }),
  );
}

const out = (d: Row) => ({
  id: Number(d.id),
  webhookId: Number(d.webhook_id),
  event: d.event,
  status: d.status,
  attempts: Number(d.attempts),
  lastStatus: d.last_status == null ? null : Number(d.last_status),
  lastAnswer: d.last_answer ?? '',
  createTime: d.create_time,
  updateTime: d.update_time ?? null,
});

/**
 * Webhooks (issue 11): 系统管理 › Webhook. Events are rows written in the transaction of the change; the
 * ticker (every WEBHOOK_TICK_MS) fires scheduled ones and sends, signs and retries deliveries.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;
  registerResource(api, ctx, webhookResource, {
    afterDelete: async (rows, { trx }) => {
      await trx
        .deleteFrom('webhook_delivery')
        .where(
          'webhook_id',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .execute();
    },
  });

  ctx.onWrite(async (e) => {
    const name = e.resource.name;
    if (!WEBHOOK_RESOURCES[name] || (e.req && isPublishing(e.req))) return;
    const publishable = PUBLISHABLE_NAMES.has(name);
    if (e.action === 'delete') {
      await enqueue(ctx, e.trx, name, 'delete', e.id);
      if (publishable) await reschedule(ctx, e.trx, name, e.id, null);
      return;
    }
    if (e.action === 'create' && publishable) {
      if (e.after && publishState(e.after, ctx.nowText()) === 'published') await enqueue(ctx, e.trx, name, 'publish', e.id);
    } else await enqueue(ctx, e.trx, name, 'update', e.id);
    if (publishable) await reschedule(ctx, e.trx, name, e.id, e.after);
  });

  onPublish(ctx, async (e) => {
    const name = e.def.name;
    const state = publishState(e.record, ctx.nowText());
    if (e.action === 'publish' && state === 'published') await enqueue(ctx, e.trx, name, 'publish', e.id);
    if (e.action === 'unpublish') await enqueue(ctx, e.trx, name, 'unpublish', e.id);
    await reschedule(ctx, e.trx, name, e.id, e.record);
  });

  addRoute(api, ctx, {
    endpoint: webhookEndpoints.test,
    schema: z.object({ id: id() }),
    handler: async ({ id: hookId }, req) => {
      const hook = await db.selectFrom('webhook').select('id').where('id', '=', hookId).executeTakeFirst();
      if (!hook) throw notFound();
      const body = JSON.stringify({ event: 'ping', resource: 'webhook', id: hookId, time: ctx.nowText() });
      const ins = await db
        .insertInto('webhook_delivery')
        .values({ webhook_id: hookId, event: 'ping', body, status: 'pending', attempts: 0, next_at: ctx.now(), create_time: ctx.nowText() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deliveryId = Number(ins.id);
      // a ping is tried once, now; it is not retried
      await db
        .updateTable('webhook_delivery')
        .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
        .where('id', '=', deliveryId)
        .execute();
      if (!(await claim(ctx, deliveryId))) throw notFound();
      const d = await send(ctx, deliveryId);
      const good = d.status === 'success';
      const msg = good
        ? translateMsg(req, 'webhook.pingOk', { status: String(d.last_status) })
        : translateMsg(req, 'webhook.pingFailed', { answer: String(d.last_status ?? d.last_answer) });
      return { ...ok(req, out(d)), msg };
    },
  });

  addRoute(api, ctx, {
    endpoint: webhookEndpoints.deliveries,
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
      return page(req, rows.map(out), Number(n));
    },
  });

  const every = ctx.config.webhookTickMs;
  if (every > 0) {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = webhookTick(ctx)
        .catch((err) => api.log.error({ err }, 'webhook tick failed'))
        .finally(() => {
          running = null;
        });
    }, every);
    timer.unref();
    api.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

const translateMsg = (req: FastifyRequest, key: string, params: Record<string, string>) => translate(req.lang, key, params);
