import crypto from 'node:crypto';
import {
  allResources,
  isScoped,
  type Lang,
  PUBLISH_FIELD_NAMES,
  type ResourceDef,
  type ReviewHistoryReply,
  type ReviewHistoryRow,
  type ReviewInfo,
  type ReviewLevels,
  type ReviewSetting,
  type ReviewState,
  type ReviewTodoRow,
  ROLES,
  resourceByName,
  reviewActSchema,
  reviewDetailsUrl,
  reviewEndpoints,
  reviewRecordSchema,
  reviewRejectSchema,
  reviewSettingSchema,
  reviewSettingsEndpoints,
  reviewTodoSchema,
  SEO_FIELDS,
  translate,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
import { type DataScope, may, permissionsOf, rolesOf, scopeOf } from '../../auth/sessions.js';
import type { Ctx, WriteEvent } from '../../context.js';
import { addPublishGate, assertGates, type GateArgs } from '../../crud/gates.js';
import type { Row } from '../../crud/list.js';
import { readDraft } from '../../crud/pending-draft.js';
import { crudOf } from '../../crud/routes.js';
import { assertInScope, inScope, scopeFor, scopeWhereOf } from '../../crud/scope.js';
import type { AnyDb } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { ok, page, t } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';
import { audit, recordTitle } from '../log/index.js';
import { emitReview, setReviewQueries } from './events.js';

export { onReview, type ReviewEvent, type ReviewQueries, reviewQueries } from './events.js';

/**
 * 审核流程 (review workflow, issue 27). Per publishable resource `review_setting` says how many levels (0: off) and
 * whether a reviewer may approve their own submission; `review_state` where each record stands (no row: 草稿), with
 * the fingerprint of the content submitted; `review_history` every step. Submit / approve / reject each run in one
 * transaction with their history row, an operation-log entry and the review event (modules/review/events.ts: the
 * notices, webhooks and badges listen). The publish gate (crud/gates.ts) lets only an approved record, with the content
 * that was approved, go on the site; a write listener sends a pending or approved record whose content an edit changed
 * back to 草稿.
 */

type Db = AnyDb | Transaction<Database>;
interface Setting {
  levels: ReviewLevels;
  selfApprove: boolean;
}
interface StateRow {
  state: string;
  level: number;
  submit_user_id: number | null;
  submit_user_name: string | null;
  submit_time: string | null;
  submit_comment: string | null;
  title: string | null;
  content_hash: string | null;
}
interface Actor {
  id: number;
  userName: string;
  nickName: string | null;
}

const publishable = () => allResources().filter((def) => def.publishable);
const levelKey = (level: number) => `/review/level${level}`;

/** the resource a review call names: publishable, else 400 */
function reviewable(name: string): ResourceDef {
  const def = resourceByName(name);
  if (!def?.publishable) throw badRequest('review.unknownResource');
  return def;
}

async function settingOf(db: Db, resource: string): Promise<Setting> {
  const r = await (db as AnyDb)
    .selectFrom('review_setting')
    .select(['levels', 'self_approve'])
    .where('resource', '=', resource)
    .executeTakeFirst();
  return { levels: (Number(r?.levels ?? 0) as ReviewLevels) || 0, selfApprove: Number(r?.self_approve ?? 0) === 1 };
}

async function allSettings(db: Db): Promise<Map<string, Setting>> {
  const out = new Map<string, Setting>();
  for (const r of await (db as AnyDb).selectFrom('review_setting').select(['resource', 'levels', 'self_approve']).execute())
    out.set(String(r.resource), { levels: Number(r.levels) as ReviewLevels, selfApprove: Number(r.self_approve) === 1 });
  return out;
}

async function stateOf(db: Db, resource: string, recordId: number): Promise<StateRow | null> {
  const r = await (db as AnyDb)
    .selectFrom('review_state')
    .select(['state', 'level', 'submit_user_id', 'submit_user_name', 'submit_time', 'submit_comment', 'title', 'content_hash'])
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    state: String(r.state),
    level: Number(r.level),
    submit_user_id: r.submit_user_id == null ? null : Number(r.submit_user_id),
    submit_user_name: (r.submit_user_name as string | null) ?? null,
    submit_time: (r.submit_time as string | null) ?? null,
    submit_comment: (r.submit_comment as string | null) ?? null,
    title: (r.title as string | null) ?? null,
    content_hash: (r.content_hash as string | null) ?? null,
  };
}

/**
 * Writes a record's state; `from`: the state (and level) read before, which must still hold — two reviewers acting at
 * once on PostgreSQL: the second finds the row changed and is refused (409 `review.changed`), nothing written twice.
 */
async function writeState(
  trx: Transaction<Database>,
  resource: string,
  recordId: number,
  values: Partial<StateRow>,
  from?: { state: string; level: number } | null,
): Promise<void> {
  let q = trx.updateTable('review_state').set(values).where('resource', '=', resource).where('record_id', '=', recordId);
  if (from) q = q.where('state', '=', from.state).where('level', '=', from.level);
  const done = await q.executeTakeFirst();
  if (Number(done.numUpdatedRows ?? 0) > 0) return;
  if (from) throw conflict('review.changed');
  await trx
    .insertInto('review_state')
    .values({ resource, record_id: recordId, state: values.state ?? 'draft', ...values })
    .execute();
}

// ---- what "the content" of a record is: the fields its save writes, its SEO fields and translations ----------------

const keysCache = new WeakMap<ResourceDef, string[]>();
/** the fields a save writes that are the record's content: not the publish fields, not the list toggles (置顶) */
function contentKeys(def: ResourceDef): string[] {
  let keys = keysCache.get(def);
  if (!keys) {
    const shape = (def.save as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    const toggles = new Set(Object.keys(def.toggles ?? {}));
    keys = Object.keys(shape)
      .filter((k) => k !== 'id' && k !== 'draft' && k !== 'translations' && !PUBLISH_FIELD_NAMES.includes(k) && !toggles.has(k))
      .sort();
    keysCache.set(def, keys);
  }
  return keys;
}

/** a value as the fingerprint compares it: empty is null, numbers as text, objects by sorted keys (a slug is made, not written) */
function norm(v: unknown): unknown {
  if (v == null || v === '') return null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(norm);
  if (typeof v === 'object') {
    const out: Row = {};
    for (const k of Object.keys(v as Row).sort()) {
      if (k === 'slug') continue;
      const n = norm((v as Row)[k]);
      if (n != null) out[k] = n;
    }
    return out;
  }
  return v;
}

/** the fingerprint of a record's content (as its get answers it, a pending draft applied) */
export function contentHash(def: ResourceDef, record: Row): string {
  const out: Row = {};
  for (const k of contentKeys(def)) out[k] = norm(record[k]);
  if (def.translatable) {
    for (const k of SEO_FIELDS) if (k !== 'slug') out[k] = norm(record[k]);
    out.translations = norm(record.translations ?? {});
  }
  return crypto.createHash('sha256').update(JSON.stringify(out)).digest('hex');
}

/** the record as its editor shows it (its pending draft applied), read in `trx`; null when absent */
async function currentRecord(ctx: Ctx, trx: Transaction<Database>, def: ResourceDef, recordId: number): Promise<Row | null> {
  const live = await crudOf(ctx, def).get(recordId, trx as unknown as AnyDb);
  if (!live) return null;
  const draft = await readDraft(trx, def.name, recordId);
  if (!draft) return live;
  const out: Row = { ...live };
  const fields = new Map(def.fields.map((f) => [f.name, f]));
  for (const [k, v] of Object.entries(draft.data)) {
    const f = fields.get(k);
    if (f && !f.readOnly && !f.hidden && !PUBLISH_FIELD_NAMES.includes(k)) out[k] = v;
  }
  if (def.translatable) {
    for (const k of SEO_FIELDS) if (k in draft.data) out[k] = draft.data[k];
    const sent = draft.data.translations as Record<string, Row | null> | undefined;
    if (sent) {
      const translations: Record<string, Row> = { ...(live.translations as Record<string, Row> | undefined) };
      for (const [locale, v] of Object.entries(sent))
        if (v) translations[locale] = { ...v };
        else delete translations[locale];
      out.translations = translations;
    }
  }
  return out;
}

// ---- who may act -------------------------------------------------------------------------------------------------

const actorOf = (req: FastifyRequest): Actor => ({ id: req.user!.id, userName: req.user!.userName, nickName: req.user!.name || null });

/** the read call that opens a record of `def` (its get, else its list) */
const readKey = (def: ResourceDef) => (def.endpoints.get ?? def.endpoints.list)?.path;

function stateName(lang: Lang, state: string): string {
  return translate(lang, `review.state.${state}`);
}

/**
 * The users who may act at `level` on a record (enabled accounts holding the level's permission through an enabled
 * role, or the administrator role), whose data scope holds the record: the rule of `scopeOf` (auth/sessions.ts),
 * evaluated for the record's one owner row inside the caller's transaction.
 */
async function reviewersOf(trx: Transaction<Database>, def: ResourceDef, recordId: number, level: number): Promise<number[]> {
  const key = levelKey(level);
  const held = await trx
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'u.dept_id', 'r.id as roleId', 'r.code', 'r.data_scope'])
    .where('u.enable_flag', '=', 1)
    .where('r.enable_flag', '=', 1)
    .execute();
  const granted = new Set(
    (
      await trx
        .selectFrom('sys_role_permission as rp')
        .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
        .select('r.id')
        .where('rp.permission_key', '=', key)
        .where('r.enable_flag', '=', 1)
        .execute()
    ).map((r) => Number(r.id)),
  );
  const users = new Map<number, { deptId: number | null; roles: typeof held; may: boolean }>();
  for (const r of held) {
    const id = Number(r.id);
    const u = users.get(id) ?? { deptId: r.dept_id == null ? null : Number(r.dept_id), roles: [], may: false };
    u.roles.push(r);
    if (r.code === ROLES.ADMIN || granted.has(Number(r.roleId))) u.may = true;
    users.set(id, u);
  }
  const setting = await settingOf(trx, def.name);
  const st = await stateOf(trx, def.name, recordId);
  const out: number[] = [];
  let owner: { dept_id: number | null; user_id: number | null } | undefined;
  let tree: { id: number; parent_id: number | null; ancestors: string }[] | null = null;
  const custom = new Map<number, number[]>();
  if (isScoped(def))
    owner = await trx
      .selectFrom('record_owner')
      .select(['dept_id', 'user_id'])
      .where('resource', '=', def.name)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
  for (const [userId, u] of users) {
    if (!u.may) continue;
    if (!setting.selfApprove && st?.submit_user_id === userId) continue;
    if (isScoped(def) && !u.roles.some((r) => r.code === ROLES.ADMIN || r.data_scope === 'all')) {
      // the union of the roles' scopes, as scopeOf builds it
      tree ??= (await trx.selectFrom('sys_dept').select(['id', 'parent_id', 'ancestors']).execute()).map((d) => ({
        id: Number(d.id),
        parent_id: d.parent_id == null ? null : Number(d.parent_id),
        ancestors: String(d.ancestors ?? ''),
      }));
      const kinds = new Set(u.roles.map((r) => r.data_scope));
      const depts = new Set<number>();
      if (u.deptId != null && (kinds.has('dept') || kinds.has('deptAndBelow'))) depts.add(u.deptId);
      if (u.deptId != null && kinds.has('deptAndBelow'))
        for (const d of tree) if (d.ancestors.split(',').map(Number).includes(u.deptId)) depts.add(d.id);
      for (const r of u.roles.filter((x) => x.data_scope === 'custom')) {
        const rid = Number(r.roleId);
        if (!custom.has(rid))
          custom.set(
            rid,
            (await trx.selectFrom('sys_role_dept').select('dept_id').where('role_id', '=', rid).execute()).map((d) => Number(d.dept_id)),
          );
        for (const d of custom.get(rid)!) depts.add(d);
      }
      const roots = tree.filter((d) => d.parent_id == null).map((d) => d.id);
      const scope: DataScope = {
        depts: [...depts],
        userId: kinds.has('self') ? userId : null,
        headOffice: roots.some((r) => depts.has(r)),
      };
      if (!inScope(scope, owner)) continue;
    }
    out.push(userId);
  }
  return out.sort((a, b) => a - b);
}

interface TodoWho {
  userId: number;
  admin: boolean;
  permissions: ReadonlySet<string>;
  scope: DataScope | null;
}

/** the pending rows waiting for `who` (one resource or all): levels it holds, not its own unless self-approval, in its scope */
async function todoQuery(db: Db, who: TodoWho, resource?: string | null) {
  const settings = await allSettings(db);
  const levels = [1, 2].filter((l) => who.admin || who.permissions.has(levelKey(l)));
  const on = publishable().filter((def) => (settings.get(def.name)?.levels ?? 0) > 0 && (!resource || def.name === resource));
  if (!levels.length || !on.length) return null;
  const selfOk = on.filter((def) => settings.get(def.name)!.selfApprove).map((def) => def.name);
  const scoped = who.scope ? on.filter((def) => isScoped(def)).map((def) => def.name) : [];
  let q = (db as Transaction<Database>)
    .selectFrom('review_state as s')
    .where('s.state', '=', 'pending')
    .where('s.level', 'in', levels)
    .where(
      's.resource',
      'in',
      on.map((def) => def.name),
    );
  q = q.where((eb) => {
    const parts: Expression<SqlBool>[] = [eb('s.submit_user_id', 'is', null), eb('s.submit_user_id', '<>', who.userId)];
    if (selfOk.length) parts.push(eb('s.resource', 'in', selfOk));
    return eb.or(parts);
  });
  if (scoped.length && who.scope) {
    const scope = who.scope;
    q = q.where((eb) => {
      const parts: Expression<SqlBool>[] = [scopeWhereOf('s.resource', 's.record_id', scope)];
      const open = on.map((def) => def.name).filter((n) => !scoped.includes(n));
      if (open.length) parts.push(eb('s.resource', 'in', open));
      return eb.or(parts);
    });
  }
  return q;
}

/** what waits for one account (the navbar's badge), from its roles and scope as a session would hold them */
async function todoCount(ctx: Ctx, userId: number): Promise<number> {
  const user = await ctx.db.selectFrom('sys_user').select(['dept_id', 'enable_flag']).where('id', '=', userId).executeTakeFirst();
  if (!user || Number(user.enable_flag) !== 1) return 0;
  const roles = await rolesOf(ctx, userId);
  const who: TodoWho = {
    userId,
    admin: roles.includes(ROLES.ADMIN),
    permissions: await permissionsOf(ctx, roles),
    scope: await scopeOf(ctx, userId, user.dept_id == null ? null : Number(user.dept_id), roles),
  };
  const q = await todoQuery(ctx.db, who);
  if (!q) return 0;
  const r = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- the steps ---------------------------------------------------------------------------------------------------

async function history(
  trx: Transaction<Database>,
  ctx: Ctx,
  def: ResourceDef,
  recordId: number,
  action: string,
  level: number,
  actor: Actor | null,
  comment: string | null,
): Promise<void> {
  await trx
    .insertInto('review_history')
    .values({
      resource: def.name,
      record_id: recordId,
      action,
      level,
      user_id: actor?.id ?? null,
      user_name: actor?.userName ?? 'system',
      nick_name: actor?.nickName ?? null,
      time: ctx.nowText(),
      comment,
    })
    .execute();
}

const LOG_ACTION: Record<string, string> = {
  submit: 'reviewSubmit',
  approve: 'reviewApprove',
  reject: 'reviewReject',
  reset: 'reviewReset',
};

/** the review's own gate: with review on for the resource, only an approved record, with the content approved, goes on the site */
async function gate(args: GateArgs): Promise<AppError | null> {
  const { def, trx, stage } = args;
  if (!def.publishable || stage === 'approve') return null;
  const setting = await settingOf(trx, def.name);
  if (!setting.levels) return null;
  const st = await stateOf(trx, def.name, args.id);
  const lang: Lang = args.req?.lang ?? 'zh';
  const title = recordTitle(def, args.after, args.id);
  if (st?.state === 'approved') {
    if (st.content_hash === contentHash(def, args.after)) return null;
    return badRequest('review.changedAfterApproval', { title });
  }
  // a record on the site before review was switched on stays; a save that leaves its content as it is passes
  if (
    stage === 'save' &&
    args.before &&
    args.before.status === 'published' &&
    contentHash(def, args.before) === contentHash(def, args.after)
  )
    return null;
  return badRequest('review.notApproved', { title, state: stateName(lang, st?.state ?? 'draft') });
}

const HEARD = new Set(['update', 'draft', 'restore', 'purge']);

/** an edit after submission or approval sends the record back to 草稿; a restored record comes back as 草稿 */
async function onWrite(ctx: Ctx, e: WriteEvent): Promise<void> {
  if (!e.resource.publishable || !HEARD.has(e.action)) return;
  if (e.action === 'purge') {
    await e.trx.deleteFrom('review_state').where('resource', '=', e.resource.name).where('record_id', '=', e.id).execute();
    return;
  }
  const st = await stateOf(e.trx, e.resource.name, e.id);
  if (!st) return;
  if (e.action === 'restore') {
    if (st.state === 'draft') return;
  } else {
    if (st.state !== 'pending' && st.state !== 'approved') return;
    if (!e.after || st.content_hash === contentHash(e.resource, e.after)) return;
  }
  await writeState(e.trx, e.resource.name, e.id, { state: 'draft', level: 0 });
  const actor = e.req?.user ? actorOf(e.req) : null;
  await history(e.trx, ctx, e.resource, e.id, 'reset', 0, actor, null);
  await audit(ctx, e.trx, {
    req: e.req,
    userName: e.req ? undefined : 'system',
    module: e.resource.name,
    action: LOG_ACTION.reset,
    recordId: e.id,
    title: recordTitle(e.resource, e.after ?? e.before, e.id),
    before: { reviewState: st.state, level: st.level },
    after: { reviewState: 'draft', level: 0 },
  });
}

function infoOf(
  def: ResourceDef,
  recordId: number,
  setting: Setting,
  st: StateRow | null,
  req: FastifyRequest,
  inScopeOk: boolean,
): ReviewInfo {
  const user = req.user!;
  const state: ReviewState = !setting.levels ? 'none' : ((st?.state as ReviewState | undefined) ?? 'draft');
  const save = def.endpoints.save?.path;
  const canSubmit =
    (state === 'draft' || state === 'rejected') && inScopeOk && may(user, reviewEndpoints.submit.path) && !!save && may(user, save);
  const canApprove =
    state === 'pending' && inScopeOk && may(user, levelKey(st!.level)) && (setting.selfApprove || st!.submit_user_id !== user.id);
  return {
    resource: def.name,
    id: recordId,
    levels: setting.levels,
    state,
    level: st && state !== 'none' ? st.level : 0,
    submitUser: st?.submit_user_name ?? null,
    submitTime: st?.submit_time ?? null,
    canSubmit,
    canApprove,
  };
}

export function register(api: FastifyInstance, ctx: Ctx): void {
  addPublishGate(ctx, gate);
  const listener = (e: WriteEvent) => onWrite(ctx, e);
  // a bulk save (an import's chunk of one resource): the records' states in one read, then only those with one
  listener.many = async (events: WriteEvent[]) => {
    const heard = events.filter((e) => e.resource.publishable && HEARD.has(e.action));
    if (!heard.length) return;
    const { trx, resource } = heard[0];
    const ids = [...new Set(heard.map((e) => e.id))];
    const having = new Set<number>();
    for (let i = 0; i < ids.length; i += 500)
      for (const r of await trx
        .selectFrom('review_state')
        .select('record_id')
        .where('resource', '=', resource.name)
        .where('record_id', 'in', ids.slice(i, i + 500))
        .execute())
        having.add(Number(r.record_id));
    for (const e of heard) if (having.has(e.id)) await onWrite(ctx, e);
  };
  ctx.onWrite(listener);
  setReviewQueries(ctx, { reviewersOf, todoCount: (userId) => todoCount(ctx, userId) });

  /** one step on a record in one transaction: the state, its history row, the log entry and the event */
  const act = async (
    req: FastifyRequest,
    input: { resource: string; id: number; comment: string | null },
    action: 'submit' | 'approve' | 'reject',
    atLevel?: 1 | 2,
  ) => {
    const def = reviewable(input.resource);
    const user = req.user!;
    const actor = actorOf(req);
    if (action === 'submit') {
      const save = def.endpoints.save?.path;
      if (!save || !may(user, save)) throw forbidden();
    }
    return ctx.db.transaction().execute(async (trx) => {
      const setting = await settingOf(trx, def.name);
      if (!setting.levels) throw badRequest('review.off');
      const record = await currentRecord(ctx, trx, def, input.id);
      if (!record) throw notFound();
      await assertInScope(trx, def.name, scopeFor(def, req), [input.id]);
      const st = await stateOf(trx, def.name, input.id);
      const state = st?.state ?? 'draft';
      const title = recordTitle(def, record, input.id);
      const submitter = st?.submit_user_id != null ? { id: st.submit_user_id, userName: st.submit_user_name ?? '' } : null;
      const logged = async (after: Row) =>
        audit(ctx, trx, {
          req,
          module: def.name,
          action: LOG_ACTION[action],
          recordId: input.id,
          title,
          before: { reviewState: state, level: st?.level ?? 0 },
          after: { ...after, comment: input.comment },
        });
      if (action === 'submit') {
        if (state !== 'draft' && state !== 'rejected') throw badRequest('review.notSubmittable', { state: stateName(req.lang, state) });
        await writeState(
          trx,
          def.name,
          input.id,
          {
            state: 'pending',
            level: 1,
            submit_user_id: user.id,
            submit_user_name: user.userName,
            submit_time: ctx.nowText(),
            submit_comment: input.comment,
            title,
            content_hash: contentHash(def, record),
          },
          st,
        );
        await history(trx, ctx, def, input.id, 'submit', 1, actor, input.comment);
        await logged({ reviewState: 'pending', level: 1 });
        await emitReview(ctx, {
          kind: 'requested',
          resource: def,
          id: input.id,
          title,
          level: 1,
          comment: input.comment,
          actor,
          submitter: { id: user.id, userName: user.userName },
          trx,
          req,
        });
        return infoOf(def, input.id, setting, await stateOf(trx, def.name, input.id), req, true);
      }
      if (state !== 'pending' || !st) throw badRequest('review.notPending', { state: stateName(req.lang, state) });
      const level = st.level;
      if (atLevel && atLevel !== level) throw badRequest('review.notAtLevel', { level });
      if (!may(user, levelKey(level))) throw forbidden('review.levelDenied', { level, name: t(req, `review.level.${level}`) });
      if (!setting.selfApprove && st.submit_user_id === user.id) throw forbidden('review.ownSubmission');
      const decided = {
        kind: 'decided' as const,
        resource: def,
        id: input.id,
        title,
        level,
        comment: input.comment,
        actor,
        submitter,
        trx,
        req,
      };
      if (action === 'reject') {
        await writeState(trx, def.name, input.id, { state: 'rejected' }, st);
        await history(trx, ctx, def, input.id, 'reject', level, actor, input.comment);
        await logged({ reviewState: 'rejected', level });
        await emitReview(ctx, { ...decided, decision: 'rejected' });
      } else {
        // what is approved passes the other gates first (a 禁止 word refuses the approval)
        await assertGates({ ctx, trx, def, id: input.id, before: record, after: record, req, stage: 'approve' });
        const final = level >= setting.levels;
        const next = final ? { state: 'approved', level } : { state: 'pending', level: level + 1 };
        await writeState(trx, def.name, input.id, next, st);
        await history(trx, ctx, def, input.id, 'approve', level, actor, input.comment);
        await logged({ reviewState: next.state, level: next.level });
        await emitReview(ctx, { ...decided, decision: 'approved', final });
        // the next level's reviewers are asked, with the submitter's comment
        if (!final) await emitReview(ctx, { ...decided, kind: 'requested', level: level + 1, comment: st.submit_comment });
      }
      return infoOf(def, input.id, setting, await stateOf(trx, def.name, input.id), req, true);
    });
  };

  addRoute(api, ctx, {
    endpoint: reviewEndpoints.submit,
    schema: reviewActSchema,
    handler: async (input, req) => ok(req, await act(req, input, 'submit')),
  });
  addRoute(api, ctx, {
    endpoint: reviewEndpoints.approve,
    schema: reviewActSchema,
    handler: async (input, req) => ok(req, await act(req, input, 'approve')),
  });
  // the level keys are routes too (the guard asks for the key itself): 审核通过 at that level only
  addRoute(api, ctx, {
    endpoint: reviewEndpoints.level1,
    schema: reviewActSchema,
    handler: async (input, req) => ok(req, await act(req, input, 'approve', 1)),
  });
  addRoute(api, ctx, {
    endpoint: reviewEndpoints.level2,
    schema: reviewActSchema,
    handler: async (input, req) => ok(req, await act(req, input, 'approve', 2)),
  });
  addRoute(api, ctx, {
    endpoint: reviewEndpoints.reject,
    schema: reviewRejectSchema,
    handler: async (input, req) => ok(req, await act(req, input, 'reject')),
  });

  /** the record's state for the caller, after checking it may read it (its read permission, its data scope) */
  const readable = async (req: FastifyRequest, input: { resource: string; id: number }) => {
    const def = reviewable(input.resource);
    const key = readKey(def);
    if (!key || !may(req.user!, key)) throw forbidden();
    const record = await crudOf(ctx, def).get(input.id);
    if (!record) throw notFound();
    await assertInScope(ctx.db, def.name, scopeFor(def, req), [input.id]);
    const setting = await settingOf(ctx.db, def.name);
    const st = await stateOf(ctx.db, def.name, input.id);
    return { def, info: infoOf(def, input.id, setting, st, req, true) };
  };

  addRoute(api, ctx, {
    endpoint: reviewEndpoints.state,
    schema: reviewRecordSchema,
    input: 'query',
    handler: async (input, req) => ok(req, (await readable(req, input)).info),
  });

  addRoute(api, ctx, {
    endpoint: reviewEndpoints.history,
    schema: reviewRecordSchema,
    input: 'query',
    handler: async (input, req) => {
      const { def, info } = await readable(req, input);
      const rows = await ctx.db
        .selectFrom('review_history')
        .select(['id', 'action', 'level', 'user_name', 'nick_name', 'time', 'comment'])
        .where('resource', '=', def.name)
        .where('record_id', '=', input.id)
        .orderBy('id', 'desc')
        .execute();
      const reply: ReviewHistoryReply = {
        info,
        rows: rows.map(
          (r): ReviewHistoryRow => ({
            id: Number(r.id),
            action: r.action as ReviewHistoryRow['action'],
            level: Number(r.level),
            userName: r.user_name,
            nickName: r.nick_name ?? null,
            time: r.time,
            comment: r.comment ?? null,
          }),
        ),
      };
      return ok(req, reply);
    },
  });

  addRoute(api, ctx, {
    endpoint: reviewEndpoints.todoPage,
    schema: reviewTodoSchema,
    handler: async (input, req) => {
      const user = req.user!;
      const resource = input.resource ? reviewable(input.resource).name : null;
      const q = await todoQuery(
        ctx.db,
        { userId: user.id, admin: user.roles.includes(ROLES.ADMIN), permissions: user.permissions, scope: user.scope },
        resource,
      );
      if (!q) return page(req, [], 0);
      const { n } = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      const total = Number(n);
      if (!total) return page(req, [], 0);
      const found = await q
        .select(['s.resource', 's.record_id', 's.level', 's.submit_user_name', 's.submit_time', 's.submit_comment', 's.title'])
        .orderBy('s.submit_time', 'desc')
        .orderBy('s.id', 'desc')
        .limit(input.pageSize)
        .offset((input.pageNumber - 1) * input.pageSize)
        .execute();
      const rows = found.map((r): ReviewTodoRow => {
        const def = resourceByName(r.resource)!;
        const recordId = Number(r.record_id);
        return {
          resource: r.resource,
          resourceLabel: t(req, def.label),
          id: recordId,
          // the title submitted: an edit since sent the record back to 草稿 (it is no longer listed)
          title: r.title ?? `#${recordId}`,
          level: Number(r.level),
          submitUser: r.submit_user_name ?? '',
          submitTime: r.submit_time ?? '',
          comment: r.submit_comment ?? null,
          url: reviewDetailsUrl(r.resource, recordId),
        };
      });
      return page(req, rows, total);
    },
  });

  addRoute(api, ctx, {
    endpoint: reviewSettingsEndpoints.get,
    handler: async (_i, req) => {
      const settings = await allSettings(ctx.db);
      const rows: ReviewSetting[] = publishable().map((def) => ({
        resource: def.name,
        label: t(req, def.label),
        levels: settings.get(def.name)?.levels ?? 0,
        selfApprove: settings.get(def.name)?.selfApprove ?? false,
      }));
      return ok(req, rows);
    },
  });

  addRoute(api, ctx, {
    endpoint: reviewSettingsEndpoints.save,
    schema: reviewSettingSchema,
    handler: async (input, req) => {
      const def = reviewable(input.resource);
      const saved = await ctx.db.transaction().execute(async (trx) => {
        const before = await settingOf(trx, def.name);
        const values = { levels: input.levels, self_approve: input.selfApprove ? 1 : 0 };
        const done = await trx.updateTable('review_setting').set(values).where('resource', '=', def.name).executeTakeFirst();
        if (Number(done.numUpdatedRows ?? 0) === 0)
          await trx
            .insertInto('review_setting')
            .values({ resource: def.name, ...values })
            .execute();
        await audit(ctx, trx, {
          req,
          module: 'reviewSettings',
          action: 'reviewSettings',
          title: t(req, def.label),
          before: { levels: before.levels, selfApprove: before.selfApprove },
          after: { levels: input.levels, selfApprove: input.selfApprove },
        });
        return {
          resource: def.name,
          label: t(req, def.label),
          levels: input.levels,
          selfApprove: input.selfApprove,
        } satisfies ReviewSetting;
      });
      return ok(req, saved, 'common.saved');
    },
  });
}
