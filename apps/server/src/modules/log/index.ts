import {
  authEndpoints,
  type Endpoint,
  id,
  LOG_RESULT,
  localeLabel,
  logEndpoints,
  logModuleLabel,
  logPageSchema,
  MAX_ID,
  type ResourceDef,
  resourceByName,
  SEO_FIELDS,
} from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx, WriteEvent } from '../../context.js';
import { contains, pageOf } from '../../crud/list.js';
import type { AnyDb } from '../../db/index.js';
import { formatDateTime } from '../../db/time.js';
import { notFound } from '../../http/errors.js';
import { ok, page, t } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { scheduleDaily } from '../../ops/daily.js';
import { ipLocation, PRIVATE } from './ip-location.js';

export { ipLocation };

type Row = Record<string, unknown>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One operation log entry; `req` gives the account and address when they are not named. */
export interface AuditEntry {
  req?: FastifyRequest;
  userName?: string;
  address?: string;
  /** a resource name (`news`) or a module (`auth`, `upload` …) */
  module: string;
  /** a code of LOG_ACTIONS, or what was done in words */
  action: string;
  recordId?: number | null;
  title?: string;
  /** default done (1) */
  result?: 0 | 1;
  /** for a refused write: the message that said no */
  reason?: string;
  /** the changed fields before and after (whole records for a create / delete) */
  before?: Row | null;
  after?: Row | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** this request already wrote its own entry (the generic after-the-reply entry is then not needed) */
    audited: boolean;
    /** `performance.now()` when the request arrived (消耗时间 of its entry) */
    arrivedAt: number;
  }
}

/**
 * Text as both databases store it: no NUL (PostgreSQL text cannot hold one), no lone surrogate, at most `max`
 * characters. A refused write's input (a login name with a NUL) must not cost its entry on PostgreSQL.
 */
function logText(v: string | undefined, max: number): string {
  // cut first: a cut through a surrogate pair leaves a lone half, replaced as well
  return (v ?? '')
    .slice(0, max)
    .replaceAll('\u0000', '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A record id the `integer` column holds on both databases (a refused `?id=99999999999` has none). */
const logRecordId = (v: number | null | undefined) => (v != null && Number.isSafeInteger(v) && v > 0 && v <= MAX_ID ? v : null);

/** Writes one operation log entry with `db` (pass the writing transaction: it commits or rolls back with the write). */
export async function audit(ctx: Ctx, db: AnyDb, entry: AuditEntry): Promise<void> {
  if (entry.req) entry.req.audited = true;
  const json = (v: Row | null | undefined) => (v == null ? null : JSON.stringify(v));
  const address = logText(entry.address ?? entry.req?.ip, 100);
  const arrived = entry.req?.arrivedAt;
  await db
    .insertInto('oper_log')
    .values({
      user_name: logText(entry.userName ?? entry.req?.user?.userName, 100),
      address,
      location: ipLocation(address),
      cost_ms: arrived ? Math.max(0, Math.round(performance.now() - arrived)) : null,
      oper_time: ctx.nowText(),
      module: logText(entry.module, 40),
      action: logText(entry.action, 100),
      record_id: logRecordId(entry.recordId),
      title: logText(entry.title, 500),
      result: entry.result ?? LOG_RESULT.OK,
      reason: logText(entry.reason, 500),
      before_data: json(entry.before),
      after_data: json(entry.after),
    })
    .execute();
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that changed between two versions of a record (both sides); whole records when one side is absent. */
export function changedFields(before: Row | null, after: Row | null): { before: Row | null; after: Row | null } {
  if (!before || !after) return { before, after };
  const b: Row = {};
  const a: Row = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[k], after[k])) continue;
    b[k] = before[k] ?? null;
    a[k] = after[k] ?? null;
  }
  return { before: b, after: a };
}

/**
 * A record of a translatable resource as its log entry shows it: each locale's field its own entry
 * (`translations.en.title`, labelled English · 标题), the statuses left out (they follow from the rest).
 */
export function flatLocales(record: Row | null): Row | null {
  if (!record || !('translations' in record || 'translationStatus' in record)) return record;
  const { translations, translationStatus: _statuses, ...out } = record;
  if (translations && typeof translations === 'object')
    for (const [locale, values] of Object.entries(translations as Record<string, Row>))
      for (const [k, v] of Object.entries(values ?? {})) out[`translations.${locale}.${k}`] = v;
  return out;
}

/** The title a record is known by: its title, else its name, else its first plain text field, else `#id`. */
export function recordTitle(def: ResourceDef, record: Row | null | undefined, recordId: number): string {
  const text = def.fields.filter((f) => f.type === 'text' && !f.join && !f.lookup && !f.hidden).map((f) => f.name);
  for (const name of ['title', 'name', ...text]) {
    const v = record?.[name];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 500);
  }
  return `#${recordId}`;
}

async function onWrite(ctx: Ctx, e: WriteEvent): Promise<void> {
  // an import (or its undo) writes one entry for the whole (modules/import)
  if (e.partOf) return;
  const { before, after } = changedFields(flatLocales(e.before), flatLocales(e.after));
  await audit(ctx, e.trx, {
    req: e.req,
    userName: e.req ? undefined : 'system',
    module: e.resource.name,
    action: e.action,
    recordId: e.id,
    title: e.title ?? recordTitle(e.resource, e.after ?? e.before, e.id),
    before,
    after,
  });
}

/** whether each import (by id) can still be undone: not undone yet (the operation log's 撤销导入, modules/import) */
async function importsUndoable(ctx: Ctx, ids: number[]): Promise<Map<number, boolean>> {
  const out = new Map<number, boolean>();
  if (!ids.length) return out;
  for (const r of await ctx.db.selectFrom('import_batch').select(['id', 'undone']).where('id', 'in', ids).execute())
    out.set(Number(r.id), !r.undone);
  return out;
}

/** Deletes entries older than `AUDIT_RETENTION_DAYS`; returns how many. */
export async function purgeOldLogs(ctx: Ctx): Promise<number> {
  const cutoff = formatDateTime(new Date(ctx.now() - ctx.config.auditRetentionDays * DAY_MS), ctx.config.timeZone);
  const r = await ctx.db.deleteFrom('oper_log').where('oper_time', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

/** `{ code, msg }` of a serialized JSON reply, if it is one. */
function replyOf(payload: unknown): { code?: number; msg?: string } | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    return JSON.parse(payload) as { code?: number; msg?: string };
  } catch {
    return null;
  }
}

/**
 * 登录地点 / 操作地点 as the page shows it: the stored place (a row from before migration 047 has none: looked up
 * now), 内网IP in the request's language.
 */
export function placeOf(req: FastifyRequest, location: unknown, address: unknown): string {
  const place = location == null ? ipLocation(String(address ?? '')) : String(location);
  return place === PRIVATE ? t(req, 'log.privateIp') : place;
}

/** A log row as the API shows it (names in the request's language). */
export function outRow(req: FastifyRequest, r: Row): Row {
  const module = String(r.module);
  const action = String(r.action);
  const actionKey = `log.action.${action}`;
  const translatedAction = t(req, actionKey);
  return {
    id: Number(r.id),
    operTime: r.oper_time,
    userName: r.user_name,
    address: r.address,
    location: placeOf(req, r.location, r.address),
    module,
    moduleName: t(req, logModuleLabel(module)),
    action,
    actionName: translatedAction !== actionKey ? translatedAction : action,
    recordId: r.record_id == null ? null : Number(r.record_id),
    title: r.title,
    result: Number(r.result),
    resultName: t(req, `log.result.${Number(r.result)}`),
    reason: r.reason,
    costMs: r.cost_ms == null ? null : Number(r.cost_ms),
  };
}

export function register(api: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;
  api.decorateRequest('audited', false);
  api.decorateRequest('arrivedAt', 0);
  api.addHook('onRequest', (req, _reply, done) => {
    req.arrivedAt = performance.now();
    done();
  });
  ctx.onWrite((e) => onWrite(ctx, e));

  // writes that wrote no entry of their own (uploads, image deletes …) and every refused write, after the
  // reply is decided: a refused write's transaction has rolled back, so its entry is written on its own
  const entry = async (req: FastifyRequest, reply: FastifyReply, payload: unknown, endpoint: Endpoint) => {
    const isLogin = endpoint.path === authEndpoints.login.path;
    const isLogout = endpoint.path === authEndpoints.logout.path;
    const body = replyOf(payload);
    const refused = reply.statusCode >= 400 || (body?.code != null && body.code !== 200);
    if (!refused && req.audited) return payload;
    const input = (rawInput(req) ?? {}) as Row;
    const rid = logRecordId(Number((input as Row).id));
    try {
      await audit(ctx, ctx.db, {
        req,
        userName: isLogin ? String(input.username ?? input.userName ?? '').slice(0, 100) : undefined,
        module: isLogin || isLogout ? 'auth' : endpoint.module,
        action: isLogin ? 'login' : isLogout ? 'logout' : endpoint.name,
        recordId: rid,
        result: refused ? LOG_RESULT.REFUSED : LOG_RESULT.OK,
        reason: refused ? (body?.msg ?? String(reply.statusCode)) : '',
      });
    } catch (err) {
      req.log.error({ err }, 'operation log entry failed');
    }
    return payload;
  };
  // a callback hook: reads (most requests) pass on without a promise
  api.addHook('onSend', (req, reply, payload, done) => {
    const endpoint = req.endpoint;
    if (!endpoint) return done(null, payload);
    if (endpoint.kind !== 'write' && endpoint.path !== authEndpoints.login.path && endpoint.path !== authEndpoints.logout.path)
      return done(null, payload);
    entry(req, reply, payload, endpoint).then((p) => done(null, p), done);
  });

  addRoute(api, ctx, {
    endpoint: logEndpoints.page,
    doc: logPageSchema,
    handler: async (_i, req) => {
      const input = parseInput(logPageSchema, rawInput(req));
      let q = db.selectFrom('oper_log');
      if (input.userName) q = q.where(contains('user_name', input.userName));
      if (input.module) q = q.where('module', '=', input.module);
      if (input.action) q = q.where('action', '=', input.action);
      if (input.result != null) q = q.where('result', '=', input.result);
      const { rows, total } = await pageOf(
        q,
        input,
        (q) =>
          q
            .select([
              'id',
              'user_name',
              'address',
              'location',
              'oper_time',
              'module',
              'action',
              'record_id',
              'title',
              'result',
              'reason',
              'cost_ms',
            ])
            .orderBy('oper_time', 'desc')
            .orderBy('id', 'desc'),
        'oper_time',
      );
      // 姓名 beside the account (issue 25): one look-up for the page's accounts
      const names = [...new Set(rows.map((r) => String(r.user_name)).filter(Boolean))];
      const nick = new Map<string, string>();
      if (names.length)
        for (const u of await db.selectFrom('sys_user').select(['user_name', 'name']).where('user_name', 'in', names).execute())
          nick.set(u.user_name, u.name);
      // an import's entry (issue 26): its import id and whether 撤销导入 can still undo it
      const imports = rows.filter((r) => r.action === 'import' && r.record_id != null).map((r) => Number(r.record_id));
      const undoable = await importsUndoable(ctx, imports);
      return page(
        req,
        rows.map((r) => ({
          ...outRow(req, r),
          nickName: nick.get(String(r.user_name)) ?? '',
          ...(r.action === 'import' && r.record_id != null
            ? { importId: Number(r.record_id), undoable: undoable.get(Number(r.record_id)) ?? false }
            : {}),
        })),
        total,
      );
    },
  });

  addRoute(api, ctx, {
    endpoint: logEndpoints.get,
    schema: z.object({ id: id() }),
    handler: async ({ id: entryId }, req) => {
      const r = await db.selectFrom('oper_log').selectAll().where('id', '=', entryId).executeTakeFirst();
      if (!r) throw notFound();
      const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Row) : null);
      const def = resourceByName(String(r.module));
      // field labels for the diff, in the request's language
      const labels: Record<string, string> = {};
      const types: Record<string, string> = {};
      for (const f of def?.fields ?? []) {
        labels[f.name] = t(req, f.label);
        types[f.name] = f.type;
      }
      const before = parse(r.before_data);
      const after = parse(r.after_data);
      if (def?.translatable) {
        for (const k of SEO_FIELDS) {
          labels[k] = t(req, `seo.f.${k}`);
          types[k] = k === 'ogImage' ? 'image' : k === 'noindex' ? 'flag' : 'text';
        }
        // a locale's field: English · 标题
        for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
          const [head, locale, name] = key.split('.');
          if (head !== 'translations' || !locale || !name) continue;
          labels[key] = `${localeLabel(locale, req.lang)} · ${labels[name] ?? name}`;
          if (types[name]) types[key] = types[name];
        }
      }
      return ok(req, { ...outRow(req, r), before, after, labels, types });
    },
  });

  // daily retention (a first run shortly after start)
  scheduleDaily(api, {
    name: 'log.purged',
    firstAfterMs: 90_000,
    run: () => purgeOldLogs(ctx),
    done: 'operation log: old entries removed',
  });
}
