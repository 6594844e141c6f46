import {
  checkSchedule,
  id,
  isReleasable,
  type Lang,
  LOG_RESULT,
  PUBLISH_FIELD_NAMES,
  publishState,
  RELEASE_PUBLISHED,
  type ReleaseDetail,
  type ReleaseItem,
  type ReleaseRow,
  type ReleaseState,
  type ResourceDef,
  releaseDelSchema,
  releaseEndpoints,
  releasePageSchema,
  releasePermission,
  releaseSaveSchema,
  resourceByName,
  translate,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { may } from '../../auth/sessions.js';
import type { Ctx } from '../../context.js';
import { gateProblems } from '../../crud/gates.js';
import { contains, pageOf, type Row } from '../../crud/list.js';
import { readDraft } from '../../crud/pending-draft.js';
import { crudOf } from '../../crud/routes.js';
import { assertInScope, scopeFor } from '../../crud/scope.js';
import type { AnyDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { ok, page, t } from '../../http/reply.js';
import { addRoute, parseInput } from '../../http/route.js';
import { audit, changedFields, recordTitle } from '../log/index.js';
import { writeNotices } from '../notice/index.js';
import { enqueueEvent, pathsOf } from '../webhook/index.js';

/** how long one process holds a release it runs before another may take it again (it died mid-run) */
const CLAIM_MS = 60_000;
/** releases one tick takes at most (the next tick takes the rest) */
const TICK_BATCH = 20;
/** the language a release's reasons are written in (no request: the process's own) */
const SYSTEM_LANG: Lang = 'zh';

type Trx = Transaction<Database>;
type Item = { resource: string; id: number };
type ReleaseDbRow = {
  id: number;
  name: string;
  publish_time: string;
  offline_time: string | null;
  state: string;
  reason: string | null;
  claimed_until: number | string | null;
  create_user: string;
  create_time: string;
  done_time: string | null;
};

const DATETIME_OK = (v: string) => !Number.isNaN(Date.parse(v.replace(' ', 'T')));

const rowOut = (r: ReleaseDbRow, itemCount: number): ReleaseRow => ({
  id: Number(r.id),
  name: r.name,
  publishTime: r.publish_time,
  offlineTime: r.offline_time ?? null,
  state: r.state as ReleaseState,
  reason: r.reason ?? null,
  itemCount,
  createUser: r.create_user || null,
  createTime: r.create_time,
  doneTime: r.done_time ?? null,
});

/** a record of a window resource (a banner) read as a publish state: enabled = published */
function stateOf(def: ResourceDef, record: Row, now: string): string {
  if (def.publishable) return publishState(record, now);
  return publishState({ ...record, status: Number(record.enableFlag) === 1 ? 'published' : 'draft' }, now);
}

/** the items of releases, grouped by resource (each group read with one query) */
function byResource(items: readonly Item[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const i of items) {
    const list = out.get(i.resource) ?? [];
    list.push(i.id);
    out.set(i.resource, list);
  }
  return out;
}

/** the records of items, keyed `resource:id` (absent ones left out), a query per resource */
async function readRecords(ctx: Ctx, db: AnyDb, items: readonly Item[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  for (const [resource, ids] of byResource(items)) {
    const def = resourceByName(resource);
    if (!def) continue;
    for (const r of await crudOf(ctx, def).getMany([...new Set(ids)], db)) out.set(`${resource}:${Number(r.id)}`, r);
  }
  return out;
}

async function itemsOf(db: AnyDb, releaseIds: number[]): Promise<Map<number, { resource: string; id: number; problems: string[] }[]>> {
  const out = new Map<number, { resource: string; id: number; problems: string[] }[]>();
  if (!releaseIds.length) return out;
  const rows = await (db as Trx)
    .selectFrom('content_release_item')
    .select(['release_id', 'resource', 'record_id', 'problems'])
    .where('release_id', 'in', releaseIds)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.release_id)) ?? [];
    list.push({ resource: r.resource, id: Number(r.record_id), problems: r.problems ? (JSON.parse(r.problems) as string[]) : [] });
    out.set(Number(r.release_id), list);
  }
  return out;
}

/** a release as its detail answers it: its items with their titles and publish state now */
async function detailOf(ctx: Ctx, db: AnyDb, r: ReleaseDbRow, lang: Lang): Promise<ReleaseDetail> {
  const items = (await itemsOf(db, [Number(r.id)])).get(Number(r.id)) ?? [];
  const records = await readRecords(ctx, db, items);
  const now = ctx.nowText();
  return {
    ...rowOut(r, items.length),
    items: items.map((i): ReleaseItem => {
      const def = resourceByName(i.resource);
      const record = records.get(`${i.resource}:${i.id}`);
      return {
        resource: i.resource,
        id: i.id,
        title: def && record ? recordTitle(def, record, i.id) : null,
        resourceLabel: def ? translate(lang, def.label) : i.resource,
        publishState: def && record ? stateOf(def, record, now) : null,
        problems: i.problems,
      };
    }),
  };
}

/** what the operation log shows of a release */
const logged = (r: { name: string; publishTime: string; offlineTime: string | null; items: readonly Item[] }) => ({
  name: r.name,
  publishTime: r.publishTime,
  offlineTime: r.offlineTime,
  items: r.items.map((i) => `${i.resource}#${i.id}`).join(', '),
});

const stateLabel = (lang: Lang, state: string) => translate(lang, `release.state.${state}`);

/**
 * Checks a release's items for a save by `req`: each resource releasable, its publish permission held (403 naming
 * the resource), each record there (400 naming it), in the caller's data scope, listed once, and in no other
 * scheduled release (409). Linear in the number of items: one query per resource.
 */
async function checkItems(ctx: Ctx, trx: Trx, req: FastifyRequest, releaseId: number | null, items: readonly Item[]): Promise<void> {
  const defs = new Map<string, ResourceDef>();
  for (const item of items) {
    if (defs.has(item.resource)) continue;
    const def = resourceByName(item.resource);
    if (!def || !isReleasable(def)) throw badRequest('release.resourceInvalid', { resource: item.resource.slice(0, 40) });
    defs.set(item.resource, def);
  }
  for (const def of defs.values()) {
    const key = releasePermission(def);
    if (!req.user || !may(req.user, key)) {
      req.log.warn({ event: 'permission.refused', user: req.user?.userName, path: key }, 'release item refused');
      throw forbidden('release.noPublishRight', { resource: t(req, def.label) });
    }
  }
  const records = await readRecords(ctx, trx, items);
  for (const item of items)
    if (!records.has(`${item.resource}:${item.id}`))
      throw badRequest('release.itemMissing', { resource: t(req, defs.get(item.resource)!.label), id: item.id });
  for (const [resource, ids] of byResource(items)) {
    const def = defs.get(resource)!;
    await assertInScope(trx, def.name, scopeFor(def, req), ids);
  }
  const title = (item: Item) => recordTitle(defs.get(item.resource)!, records.get(`${item.resource}:${item.id}`), item.id);
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.resource}:${item.id}`;
    if (seen.has(key)) throw badRequest('release.itemDuplicate', { resource: t(req, defs.get(item.resource)!.label), title: title(item) });
    seen.add(key);
  }
  for (const [resource, ids] of byResource(items)) {
    let q = trx
      .selectFrom('content_release_item as i')
      .innerJoin('content_release as r', 'r.id', 'i.release_id')
      .select(['i.record_id', 'r.name'])
      .where('i.resource', '=', resource)
      .where('i.record_id', 'in', ids)
      .where('r.state', 'in', ['scheduled', 'running']);
    if (releaseId != null) q = q.where('r.id', '<>', releaseId);
    const taken = await q.executeTakeFirst();
    if (taken) {
      const item = { resource, id: Number(taken.record_id) };
      throw conflict('release.itemTaken', { resource: t(req, defs.get(resource)!.label), title: title(item), release: taken.name });
    }
  }
}

/** a scheduled release of `id` for a change (404 when absent; refused when it ran or runs) */
async function editable(trx: Trx, req: FastifyRequest, releaseId: number): Promise<ReleaseDbRow> {
  const r = (await trx.selectFrom('content_release').selectAll().where('id', '=', releaseId).executeTakeFirst()) as
    | ReleaseDbRow
    | undefined;
  if (!r) throw notFound();
  if (r.state !== 'scheduled') throw badRequest('release.notEditable', { name: r.name, state: stateLabel(req.lang, r.state) });
  return r;
}

/** the release's records could not all go: nothing went (the transaction is rolled back), these are the reasons */
class Refused extends Error {
  constructor(
    readonly lines: string[],
    /** per item (`resource:id`): its own lines */
    readonly perItem: Map<string, string[]>,
  ) {
    super(lines.join('\n'));
  }
}
/** another process took the release over (this one's claim expired): this run is rolled back */
class ClaimLost extends Error {}

/** what one problem of one record says, in the system's language */
function problemLine(def: ResourceDef | undefined, resource: string, title: string, err: unknown): string {
  const problem =
    err instanceof AppError
      ? translate(SYSTEM_LANG, err.key, err.params)
      : translate(SYSTEM_LANG, 'release.error', { message: err instanceof Error ? err.message : String(err) });
  return translate(SYSTEM_LANG, 'release.problem', { resource: def ? translate(SYSTEM_LANG, def.label) : resource, title, problem });
}

/**
 * Every problem of every item at the release's time, as the publish would find them: the record is there, holds its
 * save rules with its pending draft applied (as `Crud.publish` checks them), and passes every publish gate at stage
 * `release` (审核, content checks). Nothing is written.
 */
async function problemsOf(ctx: Ctx, trx: Trx, release: ReleaseDbRow, items: readonly Item[]): Promise<Refused | null> {
  const lines: string[] = [];
  const perItem = new Map<string, string[]>();
  const records = await readRecords(ctx, trx, items);
  for (const item of items) {
    const key = `${item.resource}:${item.id}`;
    const def = resourceByName(item.resource);
    const record = records.get(key);
    const own: string[] = [];
    const title = def ? recordTitle(def, record, item.id) : `#${item.id}`;
    if (!def || !isReleasable(def))
      own.push(problemLine(def, item.resource, title, badRequest('release.resourceInvalid', { resource: item.resource })));
    else if (!record) own.push(problemLine(def, item.resource, title, badRequest('release.recordGone')));
    else {
      const crud = crudOf(ctx, def);
      const draft = def.publishable ? await readDraft(trx, def.name, item.id) : null;
      const content: Row = { ...record };
      if (draft) for (const [k, v] of Object.entries(draft.data)) if (!PUBLISH_FIELD_NAMES.includes(k)) content[k] = v;
      const times = { publishTime: release.publish_time, offlineTime: release.offline_time ?? null };
      const body = { ...crud.saveBodyOf(content), ...(def.publishable ? {} : { enableFlag: 1, ...times }) };
      try {
        parseInput(def.save, body);
      } catch (err) {
        own.push(problemLine(def, item.resource, title, err));
      }
      const after = { ...content, ...times, ...(def.publishable ? { status: 'published' } : { enableFlag: 1 }) };
      for (const p of await gateProblems({ ctx, trx, def, id: item.id, before: record, after, stage: 'release' }))
        own.push(problemLine(def, item.resource, title, p));
    }
    if (own.length) {
      perItem.set(key, own);
      lines.push(...own);
    }
  }
  return lines.length ? new Refused(lines, perItem) : null;
}

/**
 * Runs one claimed release in ONE transaction: its items checked together, then (none refused) each published with
 * the release's times through the one write path (publishable: `Crud.publish`; a window: `Crud.save` enabling it with
 * the times), one `release.published` webhook event listing every delivery path of them, the state `done`. Refused:
 * nothing is written, the release is `failed` with one line per problem (and each item's own lines).
 */
async function run(ctx: Ctx, release: ReleaseDbRow, claim: number): Promise<void> {
  const releaseId = Number(release.id);
  const now = () => ctx.nowText();
  let refused: Refused;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const items = ((await itemsOf(trx, [releaseId])).get(releaseId) ?? []).map(({ resource, id: recordId }) => ({
        resource,
        id: recordId,
      }));
      const problems = await problemsOf(ctx, trx, release, items);
      if (problems) throw problems;
      const paths = new Set<string>();
      for (const item of items) {
        const def = resourceByName(item.resource)!;
        const crud = crudOf(ctx, def);
        const before = await crud.get(item.id, trx);
        const title = recordTitle(def, before, item.id);
        let after: Row | null;
        try {
          if (def.publishable)
            after = (
              await crud.publish(
                { id: item.id, publishTime: release.publish_time, offlineTime: release.offline_time ?? null },
                undefined,
                trx,
              )
            ).record;
          // a save answers its schema whole: the stored values, the window opened with the release's times
          else
            after = await crud.save(
              { ...crud.saveBodyOf(before!), enableFlag: 1, publishTime: release.publish_time, offlineTime: release.offline_time ?? null },
              undefined,
              trx,
            );
        } catch (err) {
          const line = problemLine(def, item.resource, title, err);
          throw new Refused([line], new Map([[`${item.resource}:${item.id}`, [line]]]));
        }
        for (const p of pathsOf(ctx, def, item.id, before, after)) paths.add(p);
      }
      await enqueueEvent(ctx, trx, RELEASE_PUBLISHED, {
        resource: 'release',
        id: releaseId,
        paths: [...paths],
        name: release.name,
        publishTime: release.publish_time,
        offlineTime: release.offline_time ?? null,
        items,
      });
      const done = await trx
        .updateTable('content_release')
        .set({ state: 'done', reason: null, done_time: now(), claimed_until: null })
        .where('id', '=', releaseId)
        .where('state', '=', 'running')
        .where('claimed_until', '=', claim)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new ClaimLost();
      await trx.updateTable('content_release_item').set({ problems: null }).where('release_id', '=', releaseId).execute();
      // its author hears that it went out (消息中心)
      await writeNotices(ctx, trx, await authorOf(trx, release.create_user), {
        kind: 'release.done',
        resource: 'release',
        recordId: releaseId,
        title: release.name,
      });
      await audit(ctx, trx, { userName: 'system', module: 'release', action: 'publish', recordId: releaseId, title: release.name });
    });
    return;
  } catch (err) {
    if (err instanceof ClaimLost) return;
    refused =
      err instanceof Refused ? err : new Refused([problemLine(undefined, 'release', release.name, err)], new Map<string, string[]>());
  }
  await ctx.db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('content_release')
      .set({ state: 'failed', reason: refused.lines.join('\n'), done_time: now(), claimed_until: null })
      .where('id', '=', releaseId)
      .where('state', '=', 'running')
      .where('claimed_until', '=', claim)
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return;
    // its author hears why it did not go out (消息中心)
    await writeNotices(ctx, trx, await authorOf(trx, release.create_user), {
      kind: 'release.failed',
      resource: 'release',
      recordId: releaseId,
      title: release.name,
      comment: refused.lines.join('；'),
    });
    for (const [key, lines] of refused.perItem) {
      const at = key.lastIndexOf(':');
      await trx
        .updateTable('content_release_item')
        .set({ problems: JSON.stringify(lines) })
        .where('release_id', '=', releaseId)
        .where('resource', '=', key.slice(0, at))
        .where('record_id', '=', Number(key.slice(at + 1)))
        .execute();
    }
    await audit(ctx, trx, {
      userName: 'system',
      module: 'release',
      action: 'publish',
      recordId: releaseId,
      title: release.name,
      result: LOG_RESULT.REFUSED,
      reason: refused.lines.join('\n'),
    });
  });
}

/**
 * One round of the release ticker (any number of processes may run it at once; tests drive it): every release whose
 * publish time came (or whose runner's claim expired) is claimed by a conditional UPDATE exactly one process wins,
 * then run (`run`). Answers how many this process ran.
 */
export async function releaseTick(ctx: Ctx): Promise<number> {
  const nowMs = ctx.now();
  const nowText = ctx.nowText();
  const due = (await ctx.db
    .selectFrom('content_release')
    .selectAll()
    .where('publish_time', '<=', nowText)
    .where((eb) => eb.or([eb('state', '=', 'scheduled'), eb.and([eb('state', '=', 'running'), eb('claimed_until', '<', nowMs)])]))
    .orderBy('publish_time')
    .orderBy('id')
    .limit(TICK_BATCH)
    .execute()) as ReleaseDbRow[];
  let ran = 0;
  for (const r of due) {
    const claim = nowMs + CLAIM_MS;
    const won = await ctx.db
      .updateTable('content_release')
      .set({ state: 'running', claimed_until: claim })
      .where('id', '=', r.id)
      .where('publish_time', '<=', nowText)
      .where((eb) => eb.or([eb('state', '=', 'scheduled'), eb.and([eb('state', '=', 'running'), eb('claimed_until', '<', nowMs)])]))
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) continue;
    // what was claimed is what runs (the row read before the claim may have been edited since)
    const claimed = (await ctx.db
      .selectFrom('content_release')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow()) as ReleaseDbRow;
    await run(ctx, claimed, claim);
    ran++;
  }
  return ran;
}

const getInput = z.object({ id: id() });

/**
 * 发布计划 (issue 27): `/release/getReleasePage`, `/release/getRelease`, `/release/saveRelease`, `/release/delRelease`
 * and the ticker that runs releases at their time (every RELEASE_TICK_MS, `releaseTick`). The calendar
 * (`/release/getCalendar`) is its own module's.
 */
/** the account that made a release (by its user name), as a list of ids for `writeNotices` (none when it is gone) */
async function authorOf(trx: Transaction<Database>, userName: string | null | undefined): Promise<number[]> {
  if (!userName) return [];
  const u = await trx.selectFrom('sys_user').select('id').where('user_name', '=', userName).executeTakeFirst();
  return u ? [Number(u.id)] : [];
}

export function register(api: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  addRoute(api, ctx, {
    endpoint: releaseEndpoints.page,
    schema: releasePageSchema,
    handler: async (input, req) => {
      let q = db.selectFrom('content_release');
      if (input.name) q = q.where(contains('name', input.name));
      if (input.state) q = q.where('state', '=', input.state);
      const { rows, total } = await pageOf(q, input, (b) => b.selectAll().orderBy('publish_time', 'desc').orderBy('id', 'desc'));
      const list = rows as unknown as ReleaseDbRow[];
      const counts = new Map<number, number>();
      if (list.length)
        for (const c of await db
          .selectFrom('content_release_item')
          .select((eb) => ['release_id', eb.fn.countAll<number>().as('n')])
          .where(
            'release_id',
            'in',
            list.map((r) => Number(r.id)),
          )
          .groupBy('release_id')
          .execute())
          counts.set(Number(c.release_id), Number(c.n));
      return page(
        req,
        list.map((r) => rowOut(r, counts.get(Number(r.id)) ?? 0)),
        total,
      );
    },
  });

  addRoute(api, ctx, {
    endpoint: releaseEndpoints.get,
    schema: getInput,
    input: 'query',
    handler: async ({ id: releaseId }, req) => {
      const r = (await db.selectFrom('content_release').selectAll().where('id', '=', releaseId).executeTakeFirst()) as
        | ReleaseDbRow
        | undefined;
      if (!r) throw notFound();
      return ok(req, await detailOf(ctx, db, r, req.lang));
    },
  });

  addRoute(api, ctx, {
    endpoint: releaseEndpoints.save,
    schema: releaseSaveSchema,
    input: 'body',
    handler: async (input, req) => {
      for (const v of [input.publishTime, input.offlineTime]) if (v && !DATETIME_OK(v)) throw badRequest('publish.timeInvalid');
      const err = checkSchedule(input.publishTime, input.offlineTime);
      if (err) throw badRequest(err);
      if (input.publishTime <= ctx.nowText()) throw badRequest('release.publishTimePast');
      const items = input.items.map((i) => ({ resource: i.resource, id: i.id }));
      const saved = await db.transaction().execute(async (trx) => {
        const existing = input.id != null ? await editable(trx, req, input.id) : null;
        await checkItems(ctx, trx, req, existing ? Number(existing.id) : null, items);
        let releaseId: number;
        const cols = { name: input.name, publish_time: input.publishTime, offline_time: input.offlineTime ?? null };
        let before: ReturnType<typeof logged> | null = null;
        if (existing) {
          releaseId = Number(existing.id);
          const old = ((await itemsOf(trx, [releaseId])).get(releaseId) ?? []).map(({ resource, id: recordId }) => ({
            resource,
            id: recordId,
          }));
          before = logged({ name: existing.name, publishTime: existing.publish_time, offlineTime: existing.offline_time, items: old });
          await trx.updateTable('content_release').set(cols).where('id', '=', releaseId).execute();
          await trx.deleteFrom('content_release_item').where('release_id', '=', releaseId).execute();
        } else {
          const ins = await trx
            .insertInto('content_release')
            .values({ ...cols, state: 'scheduled', create_user: req.user?.userName ?? '', create_time: ctx.nowText() })
            .returning('id')
            .executeTakeFirstOrThrow();
          releaseId = Number(ins.id);
        }
        await trx
          .insertInto('content_release_item')
          .values(items.map((i) => ({ release_id: releaseId, resource: i.resource, record_id: i.id })))
          .execute();
        const after = logged({ name: input.name, publishTime: input.publishTime, offlineTime: input.offlineTime ?? null, items });
        const diff = changedFields(before, after);
        await audit(ctx, trx, {
          req,
          module: 'release',
          action: existing ? 'update' : 'create',
          recordId: releaseId,
          title: input.name,
          before: diff.before,
          after: diff.after,
        });
        const row = (await trx
          .selectFrom('content_release')
          .selectAll()
          .where('id', '=', releaseId)
          .executeTakeFirstOrThrow()) as ReleaseDbRow;
        return detailOf(ctx, trx, row, req.lang);
      });
      return ok(req, saved, 'release.saved');
    },
  });

  addRoute(api, ctx, {
    endpoint: releaseEndpoints.del,
    schema: releaseDelSchema,
    input: 'body',
    handler: async ({ ids }, req) => {
      const unique = [...new Set(ids)];
      await db.transaction().execute(async (trx) => {
        const found = (await trx.selectFrom('content_release').selectAll().where('id', 'in', unique).execute()) as ReleaseDbRow[];
        if (found.length !== unique.length) throw notFound();
        for (const r of found)
          if (r.state !== 'scheduled') throw badRequest('release.notEditable', { name: r.name, state: stateLabel(req.lang, r.state) });
        const items = await itemsOf(trx, unique);
        await trx.deleteFrom('content_release_item').where('release_id', 'in', unique).execute();
        await trx.deleteFrom('content_release').where('id', 'in', unique).execute();
        for (const r of found)
          await audit(ctx, trx, {
            req,
            module: 'release',
            action: 'delete',
            recordId: Number(r.id),
            title: r.name,
            before: logged({
              name: r.name,
              publishTime: r.publish_time,
              offlineTime: r.offline_time,
              items: (items.get(Number(r.id)) ?? []).map(({ resource, id: recordId }) => ({ resource, id: recordId })),
            }),
            after: null,
          });
      });
      return ok(req, null, 'release.deleted');
    },
  });

  const every = ctx.config.releaseTickMs;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  if (every > 0) {
    timer = setInterval(() => {
      if (ticking) return;
      ticking = releaseTick(ctx)
        .then(() => {})
        .catch((err) => api.log.error({ err }, 'release tick failed'))
        .finally(() => {
          ticking = null;
        });
    }, every);
    timer.unref();
  }
  api.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await ticking;
  });
}
