import {
  checkSchedule,
  columnOf,
  draftFlag,
  type FieldDef,
  type GuardedField,
  guardedFieldsOf,
  hasSeo,
  id,
  isRecyclable,
  optDateTime,
  PUBLISH_FIELD_NAMES,
  type PublishInfo,
  publishState,
  type ResourceDef,
  SEO_FIELDS,
} from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { may } from '../auth/sessions.js';
import type { Ctx, WriteEvent, WritePart } from '../context.js';
import { type AnyDb, looseDb } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { cascadeCopies, reindexRows, unindexRows } from '../db/text-index.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { ownerOf } from '../http/fair-queue.js';
import { t } from '../http/reply.js';
import { parseInput } from '../http/route.js';
import { sanitizeRichText } from '../http/sanitize.js';
import { imageNamesIn } from '../storage/references.js';
import { assertGates, goesLive } from './gates.js';
import { type ListWhere, ResourceQuery, type Row, type Visibility } from './list.js';
import { draftsOf, dropDrafts, type PendingDraft, readDraft, writeDraft } from './pending-draft.js';
import { publishSaveRule, scheduleRule } from './publish-state.js';
import { assertInScope, dropOwners, scopeFor, setOwners } from './scope.js';
import {
  dropTranslations,
  flushTranslations,
  I18N_KEY,
  type I18nSnapshot,
  IMAGE_URL,
  imagesOfI18n,
  imagesOfSnapshot,
  parseTranslations,
  putBack,
  type RecordI18n,
  readI18n,
  snapshotsOf,
  statusesOf,
  type TranslationInput,
  translationBatch,
  withI18n,
  writeTranslations,
} from './translations.js';

/**
 * The one write path of every resource: save (validate, check references and uniqueness, sanitize, write),
 * delete, toggle, publish / unpublish, and the recycle bin's restore / purge, each in one transaction that
 * also emits the write's domain event (`WriteEvent`, context.ts): one per record, `{ resource, id, action,
 * before, after }`.
 *
 * Two extension points, and only these two:
 * - `CrudHooks` are per resource: the module that registers a resource passes them (hash a password, refuse
 *   a delete, give a new account its role). They run inside the writing transaction. Capabilities of the
 *   description add their own (a publishable resource's save rules).
 * - `ctx.onWrite(listener)` is cross-cutting: every listener hears every domain event of every resource, with
 *   the record before and after, the request (who) and the writing transaction (operation log, revisions,
 *   recycle bin, webhooks build on it). A listener that throws rolls the write back.
 */

/** what one write's hooks share (a save's beforeSave hands values to its afterWrite), made fresh per write */
export type WriteScratch = Record<string, unknown>;

export interface CrudHooks {
  /** adjust the values about to be written (hash a password, check a rule); may throw AppError */
  beforeSave?: (
    values: Row,
    info: { id: number | null; existing: Row | null; req: FastifyRequest; trx: AnyDb; scratch: WriteScratch },
  ) => Promise<Row> | Row;
  /** refuse or prepare a delete (inside the transaction) */
  beforeDelete?: (rows: Row[], info: { req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** refuse a flag toggle of this stored record before it is written (inside the transaction); may throw AppError */
  beforeToggle?: (record: Row, info: { field: string; value: number; req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** after a row was written (`created`: it was inserted) or a flag toggled (inside the transaction) */
  afterWrite?: (id: number, info: { created: boolean; req: FastifyRequest; trx: AnyDb; scratch: WriteScratch }) => Promise<void> | void;
  /** after rows were deleted (inside the transaction) */
  afterDelete?: (rows: Row[], info: { req: FastifyRequest; trx: AnyDb }) => Promise<void> | void;
  /** extra list conditions from custom parameters */
  listWhere?: ListWhere;
  /** what a reader may see (crud/list.ts) */
  visible?: Visibility;
}

const publishInput = z.object({ id: id(), publishTime: optDateTime(), offlineTime: optDateTime() });
/** a save body's id and draft flag, read before its schema (built once: zod compiles each schema on its first use) */
const idInput = z.object({ id: z.union([z.number(), z.string(), z.null()]).optional() });
const draftInput = z.object({ draft: draftFlag });
/** how many records a bulk save (`saveMany`) reads, checks and finishes at once */
const BULK_CHUNK = 500;

/** the first half of a save done (the row written), for `finish` (with the other rows of a bulk save) */
interface WrittenRow {
  savedId: number;
  existing: Row | null;
  values: Row;
  input: PreparedSave;
  scratch: WriteScratch;
  held: boolean;
}

/**
 * What a bulk save (`saveMany`) read at once for a chunk of records: the stored records, the references found and
 * the unique values held (updated as its rows are written, so each row sees the ones before it, as single saves do)
 */
interface BulkRead {
  existing: Map<number, Row>;
  refs: Map<string, Set<string>>;
  /** per unique field: the values read (`known`) and which records hold each */
  unique: Map<string, { known: Set<string>; held: Map<string, Set<number>> }>;
}

/** the save rule a resource's capabilities add (a publishable resource's, a time window's), run before its hooks */
type CapabilityRule = (values: Row, info: { existing: Row | null; req?: FastifyRequest }) => Row;
function capabilityRuleOf(def: ResourceDef): CapabilityRule | null {
  if (def.publishable) return publishSaveRule(def);
  if (def.fields.some((f) => f.name === 'publishTime') && def.fields.some((f) => f.name === 'offlineTime'))
    return (values, { existing }) => scheduleRule(values, existing);
  return null;
}

/** the same stored value (a flag sent as 1, '1' or true is the stored 1); null and undefined are the same absence */
const sameValue = (a: unknown, b: unknown) =>
  a == null || b == null ? (a ?? null) === (b ?? null) : Number(a) === Number(b) || String(a) === String(b);

/** a save's input after its checks outside the transaction */
interface PreparedSave {
  recordId: number | null;
  rawObj: Row;
  parsed: Row;
  /** rich-text fields, sanitized */
  clean: Map<string, string>;
  /** `draft: true` (a publishable resource only) */
  draft: boolean;
  /** its `translations` and top-level SEO fields (a translatable resource only; crud/translations.ts) */
  i18n: TranslationInput | null;
}

/** a 保存草稿 keeps the edit apart for a record on the site or scheduled for it; a draft or offline record is saved in place */
export const keepsDraftApart = (record: Row, now: string) => {
  const state = publishState(record, now);
  return state === 'published' || state === 'scheduled';
};

/** the replies of a save that kept a pending draft (the save route answers them 草稿已保存 …) */
const draftReplies = new WeakSet<Row>();
export const isDraftReply = (saved: Row) => draftReplies.has(saved);
/** the replies of a save its caller, lacking 发布, could only make a draft (answered 已保存为草稿，发布需要发布权限) */
const heldReplies = new WeakSet<Row>();
/** the message a save's reply carries: 保存成功, 草稿已保存 …, or the draft of a caller without 发布 */
export const saveMessageOf = (saved: Row) =>
  heldReplies.has(saved) ? 'publish.heldAsDraft' : draftReplies.has(saved) ? 'publish.draftSaved' : 'common.saved';

/** Reads, filters, pages, writes and deletes one resource, exactly as its contract describes. */
export class Crud extends ResourceQuery {
  constructor(
    ctx: Ctx,
    def: ResourceDef,
    override readonly hooks: CrudHooks = {},
  ) {
    super(ctx, def, hooks);
    this.capabilityRule = capabilityRuleOf(def);
    this.imageFields = def.fields.filter((f) => f.type === 'image' || f.type === 'html');
    this.guarded = guardedFieldsOf(def);
  }

  /** the fields a button permission guards (their toggles' permissions) */
  private readonly guarded: GuardedField[];

  /**
   * Refuses (403, naming the field) a save that changes a field guarded by a button its user lacks. A save without a
   * request (a seed at start-up) is not checked; a request without a user (none reaches a save) holds nothing.
   */
  private async checkGuardedFields(trx: AnyDb, values: Row, existing: Row | null, req: FastifyRequest | undefined): Promise<void> {
    if (!req || !this.guarded.length) return;
    let draft: Row | null | undefined;
    for (const g of this.guarded) {
      const name = g.field.name;
      if (!(name in values) || (req.user && may(req.user, g.permission))) continue;
      const before = existing ? existing[name] : g.createDefault;
      if (before === undefined || sameValue(values[name], before)) continue;
      // the value its pending draft holds (the form shows the draft) counts as unchanged too
      if (existing && this.def.publishable) {
        if (draft === undefined) draft = (await readDraft(trx, this.def.name, Number(existing.id)))?.data ?? null;
        if (draft && name in draft && sameValue(values[name], draft[name])) continue;
      }
      req.log.warn({ event: 'permission.refused', user: req.user?.userName, path: g.permission, field: name }, 'guarded field refused');
      throw forbidden('crud.fieldForbidden', { field: t(req, g.field.label) });
    }
  }

  /** the save rule of its capabilities (runs for every save, a seed's too) */
  private readonly capabilityRule: CapabilityRule | null;

  /** the fields that hold (image) or embed (rich text) stored images */
  private readonly imageFields: FieldDef[];

  /**
   * the stored images a record holds (image fields) or embeds (rich text), its locales' too (share images, translated
   * rich text); `stored`: a table row (column names) with its locales' snapshot (`I18N_KEY`) when it has one
   */
  private imagesOf(record: Row, stored = false): Set<string> {
    const names = new Set<string>();
    for (const f of this.imageFields)
      for (const name of imageNamesIn(record[stored ? columnOf(f) : f.name], f.type as 'image' | 'html')) names.add(name);
    if (this.def.translatable)
      for (const name of stored ? imagesOfSnapshot(this.def, record[I18N_KEY] as I18nSnapshot | undefined) : imagesOfI18n(this.def, record))
        names.add(name);
    return names;
  }

  /** the record as its table holds it (joined names included), without its locales */
  private plain(recordId: number, db: AnyDb = this.db as unknown as AnyDb): Promise<Row | null> {
    return super.get(recordId, db);
  }

  /**
   * One record, as the staff get answers it: with a translatable resource's default-locale SEO fields at the top
   * level, `translations` and `translationStatus` (crud/translations.ts); null when absent.
   */
  override async get(idValue: number, db: AnyDb = this.db as unknown as AnyDb): Promise<Row | null> {
    const r = await super.get(idValue, db);
    return r && this.def.translatable ? this.attachI18n(r, db) : r;
  }

  private async attachI18n(record: Row, db: AnyDb): Promise<Row> {
    const id = Number(record.id);
    return withI18n(record, (await readI18n(db, this.ctx, this.def, [id])).get(id));
  }

  /**
   * After the write committed: the images it dropped stay stored (issue 26, docs/decisions.md): with the 素材库 an
   * uploaded image is the operator's until they delete it there (删除, 删除所有未使用); only noted in the log.
   */
  private async deleteDroppedImages(names: Set<string>, req?: FastifyRequest): Promise<void> {
    if (names.size)
      req?.log.info({ event: 'image.dropped', user: req.user?.userName, names: [...names] }, 'images no longer held by the record kept');
  }

  /** emits the write's domain event to every listener (inside the writing transaction) */
  private async emit(event: Omit<WriteEvent, 'resource'>): Promise<void> {
    for (const listener of this.ctx.writeListeners) await listener({ ...event, resource: this.def });
  }

  /** emits the events of several writes: each listener hears them together when it can (`many`), else one by one */
  private async emitMany(events: Omit<WriteEvent, 'resource'>[]): Promise<void> {
    if (events.length <= 1) return events.length ? this.emit(events[0]) : undefined;
    const all = events.map((e) => ({ ...e, resource: this.def }));
    for (const listener of this.ctx.writeListeners)
      if (listener.many) await listener.many(all);
      else for (const e of all) await listener(e);
  }

  /** the request the hooks receive: a save without one (a seed at start-up) is only possible without hooks */
  private hookRequest(req: FastifyRequest | undefined): FastifyRequest {
    if (!req) throw new Error(`${this.def.name}: its hooks need the request`);
    return req;
  }

  /**
   * validates, checks references and uniqueness, sanitizes, writes; returns the saved record.
   * `req` is only handed to the hooks; `outer` writes inside the caller's transaction instead of a new one.
   * A publishable record saved with `draft: true` (contracts `draftFlag`) while it is on the site or scheduled keeps
   * the edit as its pending draft instead (crud/pending-draft.ts): the answer is the record with the draft applied.
   */
  async save(raw: unknown, req?: FastifyRequest, outer?: Transaction<Database>, partOf?: WritePart): Promise<Row> {
    const input = await this.prepare(raw, req);
    /** images the saved record no longer holds or embeds */
    const dropped = new Set<string>();
    const write = (trx: Transaction<Database>) => this.write(trx, input, req, dropped, true, partOf);
    // a caller's transaction (start-up seeds, which only create) leaves file cleanup to the caller
    if (outer) return this.answer(await write(outer));
    const saved = await this.ctx.db.transaction().execute(write);
    await this.deleteDroppedImages(dropped, req);
    return this.answer(saved);
  }

  /** a save's answer: what the get call answers (a saved publishable record has no pending draft left) */
  private answer(saved: Row): Row {
    if (!this.def.publishable || isDraftReply(saved)) return saved;
    const reply = { ...saved, ...this.publishInfo(saved, null) };
    if (heldReplies.has(saved)) heldReplies.add(reply);
    return reply;
  }

  /** a save's input checked, its rich text sanitized: before any transaction opens */
  private async prepare(raw: unknown, req?: FastifyRequest): Promise<PreparedSave> {
    const rawObj = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Row;
    const idValue = parseInput(idInput, rawObj).id;
    const recordId = idValue == null || idValue === '' ? null : parseInput(id(), idValue);
    const draft = this.def.publishable ? parseInput(draftInput, rawObj).draft : false;
    const parsed = parseInput(this.def.save, rawObj) as Row;
    // rich text is sanitized before the transaction opens: a costly body must never hold the database
    const sanitize = (html: string) => sanitizeRichText(html, { owner: ownerOf(req), timeLimitMs: this.ctx.config.sanitizeTimeLimitMs });
    const clean = new Map<string, string>();
    for (const [k, v] of Object.entries(parsed))
      if (this.byName.get(k)?.type === 'html' && typeof v === 'string') clean.set(k, await sanitize(v));
    const i18n = await parseTranslations(this.ctx, this.def, rawObj, sanitize);
    return { recordId, rawObj, parsed, clean, draft, i18n };
  }

  /** a save inside `trx`: the record written (or its pending draft kept), its event emitted when `emit` */
  private async write(
    trx: Transaction<Database>,
    input: PreparedSave,
    req: FastifyRequest | undefined,
    dropped: Set<string>,
    emit: boolean,
    partOf?: WritePart,
  ): Promise<Row> {
    const row = await this.writeRow(trx, input, req, dropped, partOf);
    if (!('savedId' in row)) return row.reply;
    return (await this.finish(trx, [row], req, dropped, emit, partOf))[0];
  }

  /**
   * Saves many records inside the caller's transaction (an Excel import), each exactly as `save` would (its checks,
   * hooks, one event per record), `BULK_CHUNK` at a time: a chunk's stored records, references, unique values,
   * owner rows, text index, locales and read-back are each one query for the chunk, and the listeners hear its
   * events together (`WriteListener.many`). Answers the saved records in order; `between` runs after each chunk (a
   * caller lets other requests in there). Images the saves dropped are added to `dropped` (the caller deletes their
   * files after its commit).
   */
  async saveMany(
    raws: unknown[],
    req: FastifyRequest | undefined,
    trx: Transaction<Database>,
    opts: { partOf?: WritePart; dropped?: Set<string>; between?: () => Promise<void> } = {},
  ): Promise<Row[]> {
    const dropped = opts.dropped ?? new Set<string>();
    const out: Row[] = [];
    let chunk: PreparedSave[] = [];
    const ids = new Set<number>();
    const flush = async () => {
      if (!chunk.length) return;
      out.push(...(await this.writeChunk(trx, chunk, req, dropped, opts.partOf)));
      chunk = [];
      ids.clear();
      await opts.between?.();
    };
    for (const raw of raws) {
      const input = await this.prepare(raw, req);
      // a record saved twice: its second save reads what the first wrote
      if (chunk.length >= BULK_CHUNK || (input.recordId != null && ids.has(input.recordId))) await flush();
      if (input.recordId != null) ids.add(input.recordId);
      chunk.push(input);
    }
    await flush();
    return out.map((r) => this.answer(r));
  }

  private async writeChunk(
    trx: Transaction<Database>,
    inputs: PreparedSave[],
    req: FastifyRequest | undefined,
    dropped: Set<string>,
    partOf: WritePart | undefined,
  ): Promise<Row[]> {
    const loose = looseDb(trx);
    const updateIds = inputs.flatMap((i) => (i.recordId == null ? [] : [i.recordId]));
    const existing = new Map((await this.getMany(updateIds, trx)).map((r) => [Number(r.id), r]));
    if (existing.size !== updateIds.length) throw notFound();
    await assertInScope(trx, this.def.name, scopeFor(this.def, req), updateIds);
    // the values the chunk names, looked up at once (a value not among them is looked up as a single save does)
    const sent = (field: string) => [...new Set(inputs.map((i) => i.parsed[field]).filter((v) => v != null && v !== ''))];
    const bulk: BulkRead = { existing, refs: new Map(), unique: new Map() };
    for (const r of this.def.refs ?? []) {
      if (r.table === this.def.table) continue;
      const found = new Set<string>();
      const values = sent(r.field);
      for (let i = 0; i < values.length; i += BULK_CHUNK)
        for (const f of (await loose
          .selectFrom(r.table)
          .select(r.key)
          .where(r.key, 'in', values.slice(i, i + BULK_CHUNK))
          .execute()) as Row[])
          found.add(String(f[r.key]));
      bulk.refs.set(r.field, found);
    }
    for (const u of this.def.unique ?? []) {
      const col = columnOf(this.byName.get(u.field)!);
      const held = new Map<string, Set<number>>();
      const values = sent(u.field);
      for (let i = 0; i < values.length; i += BULK_CHUNK)
        for (const h of (await loose
          .selectFrom(this.def.table)
          .select(['id', col])
          .where(col, 'in', values.slice(i, i + BULK_CHUNK))
          .execute()) as Row[]) {
          const ids = held.get(String(h[col])) ?? new Set<number>();
          ids.add(Number(h.id));
          held.set(String(h[col]), ids);
        }
      bulk.unique.set(u.field, { known: new Set(values.map(String)), held });
    }
    const replies: (Row | number)[] = [];
    const written: WrittenRow[] = [];
    for (const input of inputs) {
      const row = await this.writeRow(trx, input, req, dropped, partOf, bulk);
      if ('savedId' in row) {
        replies.push(written.length);
        written.push(row);
      } else replies.push(row.reply);
    }
    const saved = await this.finish(trx, written, req, dropped, true, partOf);
    return replies.map((r) => (typeof r === 'number' ? saved[r] : r));
  }

  /** records as `get` answers them (with their locales), in the order of `ids` (the absent ones left out), a few queries */
  async getMany(ids: readonly number[], db: AnyDb = this.db as unknown as AnyDb): Promise<Row[]> {
    const byId = new Map<number, Row>();
    for (let i = 0; i < ids.length; i += BULK_CHUNK) {
      const part = ids.slice(i, i + BULK_CHUNK);
      const rows = ((await this.selectFields(this.base(db)).where('t.id', 'in', part).execute()) as Row[]).map((r) => this.out(r));
      const i18n = this.def.translatable ? await readI18n(db, this.ctx, this.def, part) : null;
      for (const r of rows) byId.set(Number(r.id), i18n ? withI18n(r, i18n.get(Number(r.id))) : r);
    }
    return ids.flatMap((i): Row[] => {
      const r = byId.get(i);
      return r ? [r] : [];
    });
  }

  /**
   * The first half of a save inside `trx`: checked and written (its owner row, text index, hooks after the write,
   * locales and event wait for `finish`), or its pending draft kept (`reply`, done). `bulk`: what a bulk save read
   * for its chunk.
   */
  private async writeRow(
    trx: Transaction<Database>,
    input: PreparedSave,
    req: FastifyRequest | undefined,
    dropped: Set<string>,
    partOf?: WritePart,
    bulk?: BulkRead,
  ): Promise<WrittenRow | { reply: Row }> {
    const { recordId, rawObj, parsed, clean } = input;
    const scratch: WriteScratch = {};
    const loose = looseDb(trx);
    const existing = recordId == null ? null : bulk ? (bulk.existing.get(recordId) ?? null) : await this.get(recordId, trx);
    if (recordId != null && !existing) throw notFound();
    if (existing && !bulk) await assertInScope(trx, this.def.name, scopeFor(this.def, req), [recordId!]);
    // 保存草稿 of a record on the site (or due on it): the edit waits apart, the record stays as it is
    let pending = input.draft && !!existing && keepsDraftApart(existing, this.ctx.nowText());
    // without the publish permission, no save changes what the site shows (see `held` below)
    const mayPublish = !this.def.publishable || !req || (!!req.user && may(req.user, this.def.publishable.publish.path));
    let values: Row = {};
    for (const [k, v] of Object.entries(parsed)) {
      // on update, a field the client did not send keeps its stored value
      if (existing && !(k in rawObj)) continue;
      const f = this.byName.get(k);
      if (!f) {
        values[k] = v;
        continue;
      }
      if (f.readOnly) continue;
      if (v == null && (f.type === 'text' || f.type === 'code' || f.type === 'image' || f.type === 'html')) values[k] = '';
      else if (f.type === 'html' && typeof v === 'string') values[k] = clean.get(k) ?? '';
      else if (f.type === 'image' && v != null && v !== '') {
        if (!IMAGE_URL.test(String(v))) throw badRequest('v.imageUrl');
        values[k] = v;
      } else values[k] = v;
    }
    await this.checkGuardedFields(trx, values, existing, req);
    for (const r of this.def.refs ?? []) {
      const v = values[r.field];
      if (v == null || v === '') continue;
      if (bulk?.refs.get(r.field)?.has(String(v))) continue;
      const found = await loose.selectFrom(r.table).select('id').where(r.key, '=', v).executeTakeFirst();
      if (!found) throw badRequest(r.message);
    }
    for (const u of this.def.unique ?? []) {
      const v = values[u.field];
      if (v == null || v === '') continue;
      const read = bulk?.unique.get(u.field);
      if (read?.known.has(String(v))) {
        if ([...(read.held.get(String(v)) ?? [])].some((h) => h !== recordId)) throw conflict(u.message);
        continue;
      }
      let q = loose
        .selectFrom(this.def.table)
        .select('id')
        .where(columnOf(this.byName.get(u.field)!), '=', v);
      if (recordId != null) q = q.where('id', '<>', recordId);
      if (await q.executeTakeFirst()) throw conflict(u.message);
    }
    if (input.draft) {
      // a draft never changes what the site shows: a new record is a draft, a stored one keeps its state
      if (existing) delete values.status;
      else values.status = 'draft';
    }
    /** a save of a caller without 发布 that was turned into a draft (the reply says so) */
    let held = false;
    if (!mayPublish && !input.draft && this.capabilityRule) {
      // the publish fields are checked as before: changing one needs 发布 / 下线 (403), an unchanged one is ignored
      const checked = this.capabilityRule({ ...values }, { existing, req });
      if (!existing) {
        // a new record of a caller without 发布 is a draft, never on the site nor scheduled for it
        values.status = 'draft';
        held = true;
      } else if (keepsDraftApart(existing, this.ctx.nowText()) && checked.status !== 'draft') {
        // an edit of a record on the site (or due on it) waits as its pending draft, as 保存草稿 does
        pending = held = true;
      }
    }
    if (pending) {
      for (const k of PUBLISH_FIELD_NAMES) delete values[k];
      if (this.hooks.beforeSave)
        values = await this.hooks.beforeSave(values, { id: recordId, existing, req: this.hookRequest(req), trx, scratch });
      const reply = await this.keepDraft(trx, existing!, values, req, dropped, input.i18n, partOf);
      if (held) heldReplies.add(reply);
      return { reply };
    }
    if (this.capabilityRule) values = this.capabilityRule(values, { existing, req });
    if (this.hooks.beforeSave)
      values = await this.hooks.beforeSave(values, { id: recordId, existing, req: this.hookRequest(req), trx, scratch });
    const cols: Row = {};
    for (const [k, v] of Object.entries(values)) cols[this.byName.has(k) ? columnOf(this.byName.get(k)!) : k] = v;
    let savedId = recordId;
    if (recordId == null) {
      if (this.byName.get('createTime')) cols.create_time = this.ctx.nowText();
      const ins = await loose.insertInto(this.def.table).values(cols).returning('id').executeTakeFirstOrThrow();
      savedId = Number(ins.id);
    } else if (Object.keys(cols).length) {
      await loose.updateTable(this.def.table).set(cols).where('id', '=', recordId).execute();
    }
    // the next rows of a bulk save see the unique values this one now holds (and no longer holds)
    if (bulk)
      for (const u of this.def.unique ?? []) {
        const read = bulk.unique.get(u.field);
        if (!read || !(u.field in values)) continue;
        for (const ids of read.held.values()) ids.delete(savedId!);
        const v = values[u.field];
        if (v == null || v === '') continue;
        read.known.add(String(v));
        read.held.set(String(v), (read.held.get(String(v)) ?? new Set<number>()).add(savedId!));
      }
    return { savedId: savedId!, existing, values, input, scratch, held };
  }

  /**
   * The second half of saves (one, or a bulk save's chunk, in order): owner rows, text index, renamed codes, the
   * hooks after the write, read back, locales, dropped images and drafts, events. Answers the saved records.
   */
  private async finish(
    trx: Transaction<Database>,
    rows: WrittenRow[],
    req: FastifyRequest | undefined,
    dropped: Set<string>,
    emit: boolean,
    partOf?: WritePart,
  ): Promise<Row[]> {
    if (!rows.length) return [];
    const loose = looseDb(trx);
    const ids = rows.map((r) => r.savedId);
    // a created record belongs to its creator's department and account (数据权限), never to what the body says
    const created = rows.filter((r) => !r.existing).map((r) => r.savedId);
    await setOwners(trx, this.def, created, req);
    await reindexRows(trx, this.def, ids, new Set(created));
    // a code that other rows reference follows its rename
    for (const { existing, values } of rows) {
      if (!existing) continue;
      for (const u of this.def.usedBy ?? []) {
        const before = existing[u.field];
        const after = values[u.field];
        if (after !== undefined && before !== after) {
          await loose
            .updateTable(u.table)
            .set({ [u.column]: after })
            .where(u.column, '=', before)
            .execute();
          await cascadeCopies(trx, u.table, u.column, before, after);
        }
      }
    }
    if (this.hooks.afterWrite)
      for (const r of rows)
        await this.hooks.afterWrite(r.savedId, { created: !r.existing, req: this.hookRequest(req), trx, scratch: r.scratch });
    let written: Row[];
    if (rows.length === 1) {
      const one = await this.plain(ids[0], trx);
      if (!one) throw notFound();
      written = [one];
    } else {
      const byId = new Map(
        ((await this.selectFields(this.base(trx)).where('t.id', 'in', ids).execute()) as Row[]).map((r) => [Number(r.id), this.out(r)]),
      );
      written = ids.map((i) => {
        const one = byId.get(i);
        if (!one) throw notFound();
        return one;
      });
    }
    let saved = written;
    if (this.def.translatable) {
      // its locales, in the same transaction (a save without them leaves them as they are)
      const batch = rows.length > 1 ? await translationBatch(trx, this.def, ids) : undefined;
      let one: RecordI18n | undefined;
      for (const [i, r] of rows.entries())
        one = await writeTranslations(
          trx,
          this.ctx,
          this.def,
          {
            recordId: r.savedId,
            before: r.existing,
            after: written[i],
            input: r.input.i18n,
            userName: req?.user?.userName ?? 'system',
            now: this.ctx.nowText(),
          },
          batch,
        );
      if (batch) await flushTranslations(trx, batch);
      // one record: its locales as written (a bulk save's are read back once, together)
      if (rows.length === 1) saved = [withI18n(written[0], one)];
      else {
        const i18n = await readI18n(trx, this.ctx, this.def, ids);
        saved = written.map((w) => withI18n(w, i18n.get(Number(w.id))));
      }
    }
    const updated = rows.flatMap((r, i) => (r.existing ? [i] : []));
    if (updated.length) {
      const kept = new Map(updated.map((i) => [i, this.imagesOf(saved[i])]));
      // each side read once: one pass over each text, however many images it names
      for (const i of updated) for (const name of this.imagesOf(rows[i].existing!)) if (!kept.get(i)!.has(name)) dropped.add(name);
      // the record written as the form showed it (the pending draft applied): the draft is done with
      if (this.def.publishable)
        for (const i of updated)
          for (const draft of await dropDrafts(trx, this.def.name, [ids[i]]))
            for (const name of this.imagesOf(draft)) if (!kept.get(i)!.has(name)) dropped.add(name);
    }
    // what goes on the site passes the gates first (审核, content checks: crud/gates.ts)
    for (const [i, r] of rows.entries())
      if (goesLive(this.def, saved[i]))
        await assertGates({ ctx: this.ctx, trx, def: this.def, id: r.savedId, before: r.existing, after: saved[i], req, stage: 'save' });
    if (emit && this.ctx.writeListeners.length)
      await this.emitMany(
        rows.map((r, i) => ({
          action: r.existing ? 'update' : 'create',
          id: r.savedId,
          before: r.existing,
          after: { ...saved[i] },
          req,
          trx,
          partOf,
        })),
      );
    for (const [i, r] of rows.entries()) if (r.held) heldReplies.add(saved[i]);
    return saved;
  }

  /**
   * Keeps `values` as the record's pending draft, over the one it had (a field this save did not send keeps the
   * draft's value): the record and its state unchanged. One event `draft` (operation log, revision; no webhook:
   * the site sees nothing). Answers the record as the edit form shows it.
   */
  private async keepDraft(
    trx: Transaction<Database>,
    live: Row,
    values: Row,
    req: FastifyRequest | undefined,
    dropped: Set<string>,
    i18n: TranslationInput | null,
    partOf?: WritePart,
  ) {
    const recordId = Number(live.id);
    const previous = await readDraft(trx, this.def.name, recordId);
    // its locales wait in the draft too: the SEO fields sent, each locale sent over the one the draft had
    const locales: Row = { ...i18n?.seo };
    if (i18n?.translations) locales.translations = { ...(previous?.data.translations as Row | undefined), ...i18n.translations };
    const draft: PendingDraft = {
      data: { ...previous?.data, ...values, ...locales },
      userName: req?.user?.userName ?? 'system',
      saveTime: this.ctx.nowText(),
    };
    await writeDraft(trx, this.def.name, recordId, draft);
    const before = previous ? await this.applyDraft(live, previous, trx) : live;
    const after = await this.applyDraft(live, draft, trx);
    if (previous) {
      const kept = new Set([...this.imagesOf(draft.data), ...this.imagesOf(live)]);
      for (const name of this.imagesOf(previous.data)) if (!kept.has(name)) dropped.add(name);
    }
    if (this.ctx.writeListeners.length) await this.emit({ action: 'draft', id: recordId, before, after: { ...after }, req, trx, partOf });
    const reply = { ...after, ...this.publishInfo(live, draft) };
    draftReplies.add(reply);
    return reply;
  }

  /** the record with a pending draft's fields applied (names joined through a changed field read again) */
  private async applyDraft(record: Row, draft: PendingDraft, db: AnyDb = this.db): Promise<Row> {
    const out: Row = { ...record };
    for (const [k, v] of Object.entries(draft.data)) {
      const f = this.byName.get(k);
      if (f && !f.readOnly && !f.hidden && !PUBLISH_FIELD_NAMES.includes(k)) out[k] = v;
    }
    if (this.def.translatable) {
      if (hasSeo(this.def)) for (const k of SEO_FIELDS) if (k in draft.data) out[k] = draft.data[k];
      const sent = draft.data.translations as Record<string, Row | null> | undefined;
      if (sent) {
        const translations: Record<string, Row> = { ...(record.translations as Record<string, Row> | undefined) };
        for (const [locale, v] of Object.entries(sent))
          if (v) translations[locale] = { ...v };
          else delete translations[locale];
        out.translations = translations;
      }
    }
    for (const f of this.def.fields) {
      if (!f.join || !(f.join.via in draft.data) || draft.data[f.join.via] === record[f.join.via]) continue;
      const via = draft.data[f.join.via];
      const j =
        via == null || via === ''
          ? null
          : await looseDb(db).selectFrom(f.join.table).select(f.join.select).where(f.join.key, '=', via).executeTakeFirst();
      out[f.name] = j ? j[f.join.select] : null;
    }
    return this.out(out);
  }

  /** the state at the server's now and the pending draft, as the staff list and get answer them */
  private publishInfo(live: Row, draft: { saveTime: string; userName: string } | null | undefined, now = this.ctx.nowText()): PublishInfo {
    return {
      publishState: publishState(live, now),
      hasDraft: !!draft,
      draftTime: draft?.saveTime ?? null,
      draftUser: draft?.userName ?? null,
    };
  }

  /**
   * A record as its staff get call answers it: for a publishable resource, with its pending draft applied (what
   * the edit form shows) and `publishState` / `hasDraft` / `draftTime` / `draftUser` (`PublishInfo`); 404 when absent.
   */
  async forEditor(recordId: number, req?: FastifyRequest): Promise<Row> {
    const record = await this.mustGet(recordId);
    await assertInScope(this.ctx.db, this.def.name, scopeFor(this.def, req), [recordId]);
    if (!this.def.publishable) return record;
    const draft = await readDraft(this.ctx.db, this.def.name, recordId, this.ctx.dialect);
    return { ...(draft ? await this.applyDraft(record, draft) : record), ...this.publishInfo(record, draft) };
  }

  /**
   * The record with its pending draft applied (whatever its state), or null when absent: what a preview shows.
   */
  async withDraft(recordId: number): Promise<Row | null> {
    const record = await this.get(recordId);
    if (!record || !this.def.publishable) return record;
    const draft = await readDraft(this.ctx.db, this.def.name, recordId);
    return draft ? this.applyDraft(record, draft) : record;
  }

  /** a staff list page's rows: for a publishable resource each gets its `PublishInfo` (the server's now, its draft) */
  /**
   * A staff list page's rows: for a publishable resource each gets its `PublishInfo` (the server's now, its draft);
   * for a translatable one its `translationStatus` (one query for the page), and, when the resource has no get call
   * (its dialog edits the row), its SEO fields and `translations` too.
   */
  async withListInfo(rows: Row[]): Promise<Row[]> {
    if (!rows.length || (!this.def.publishable && !this.def.translatable)) return rows;
    const ids = rows.map((r) => Number(r.id));
    // the rows are this request's own (`out` made them): the facts go on them, not on copies
    if (this.def.translatable) {
      if (!this.def.endpoints.get) {
        const i18n = await readI18n(this.ctx.db, this.ctx, this.def, ids);
        rows = rows.map((r) => withI18n(r, i18n.get(Number(r.id))));
      } else {
        const statuses = await statusesOf(this.ctx.db, this.ctx, this.def, ids);
        for (let i = 0; i < rows.length; i++) rows[i].translationStatus = statuses.get(ids[i]) ?? {};
      }
    }
    if (!this.def.publishable) return rows;
    const drafts = await draftsOf(this.ctx.db, this.def.name, ids, this.ctx.dialect);
    const now = this.ctx.nowText();
    for (let i = 0; i < rows.length; i++) Object.assign(rows[i], this.publishInfo(rows[i], drafts.get(ids[i]), now));
    return rows;
  }

  /**
   * 放弃草稿: drops the record's pending draft (404 when the record is absent; `publish.noDraft` when it has none).
   * One event `discardDraft` (operation log). Answers the record as the edit form now shows it.
   */
  async discardDraft(recordId: number, req: FastifyRequest): Promise<Row> {
    if (!this.def.publishable) throw new Error(`${this.def.name} is not publishable`);
    const dropped = new Set<string>();
    const record = await this.ctx.db.transaction().execute(async (trx) => {
      const live = await this.get(recordId, trx);
      if (!live) throw notFound();
      await assertInScope(trx, this.def.name, scopeFor(this.def, req), [recordId]);
      const draft = await readDraft(trx, this.def.name, recordId);
      if (!draft) throw badRequest('publish.noDraft');
      await dropDrafts(trx, this.def.name, [recordId]);
      const kept = this.imagesOf(live);
      for (const name of this.imagesOf(draft.data)) if (!kept.has(name)) dropped.add(name);
      await this.emit({ action: 'discardDraft', id: recordId, before: await this.applyDraft(live, draft, trx), after: live, req, trx });
      return { ...live, ...this.publishInfo(live, null) };
    });
    await this.deleteDroppedImages(dropped, req);
    return record;
  }

  /**
   * deletes all given rows or none; `outer` deletes inside the caller's transaction (the caller then deletes the files
   * of the images returned in `dropped` after its commit), `partOf` names the whole the deletes belong to
   */
  async delete(
    ids: number[],
    req: FastifyRequest,
    outer?: { trx: Transaction<Database>; dropped: Set<string>; partOf?: WritePart },
  ): Promise<number> {
    const dropped = outer?.dropped ?? new Set<string>();
    const partOf = outer?.partOf;
    const work = async (trx: Transaction<Database>) => {
      const loose = looseDb(trx);
      const rows = (await loose.selectFrom(this.def.table).selectAll().where('id', 'in', ids).execute()) as Row[];
      if (rows.length !== new Set(ids).size) throw notFound();
      await assertInScope(trx, this.def.name, scopeFor(this.def, req), ids);
      for (const u of this.def.usedBy ?? []) {
        const col = columnOf(this.byName.get(u.field)!);
        const values = rows.map((r) => r[col]).filter((v) => v != null);
        if (!values.length) continue;
        const used = await loose.selectFrom(u.table).select('id').where(u.column, 'in', values).executeTakeFirst();
        if (used) throw conflict(u.message);
      }
      if (this.hooks.beforeDelete) await this.hooks.beforeDelete(rows, { req, trx });
      const before = this.ctx.writeListeners.length ? await this.getMany([...new Set(ids)], trx) : [];
      // its locales go with it: the stored row keeps them (the recycle bin puts them back), their images count
      const snapshots = await snapshotsOf(trx, this.def, ids);
      for (const row of rows) if (snapshots.has(Number(row.id))) row[I18N_KEY] = snapshots.get(Number(row.id));
      await loose.deleteFrom(this.def.table).where('id', 'in', ids).execute();
      await unindexRows(trx, this.def, ids);
      await dropTranslations(trx, this.def, ids);
      // a record that is gone for good takes its owner row along; the recycle bin keeps it until the purge
      if (!isRecyclable(this.def)) await dropOwners(trx, this.def.name, ids);
      // a deleted record's pending draft goes with it (the recycle bin keeps the record as it was stored)
      if (this.def.publishable)
        for (const draft of await dropDrafts(trx, this.def.name, ids)) for (const name of this.imagesOf(draft)) dropped.add(name);
      if (this.hooks.afterDelete) await this.hooks.afterDelete(rows, { req, trx });
      const rowOf = new Map(rows.map((r) => [Number(r.id), r]));
      await this.emitMany(
        before.map((record) => ({
          action: 'delete',
          id: Number(record.id),
          before: record,
          after: null,
          row: rowOf.get(Number(record.id)),
          req,
          trx,
          partOf,
        })),
      );
      for (const row of rows) for (const name of this.imagesOf(row, true)) dropped.add(name);
      return rows.length;
    };
    if (outer) return work(outer.trx);
    const count = await this.ctx.db.transaction().execute(work);
    await this.deleteDroppedImages(dropped, req);
    return count;
  }

  /** after the caller's transaction committed: deletes the files of the images its writes dropped (`delete`'s `outer`) */
  async afterOuter(dropped: Set<string>, req?: FastifyRequest): Promise<void> {
    await this.deleteDroppedImages(dropped, req);
  }

  /** sets a flag (`outer`: inside the caller's transaction, as `save`) */
  async toggle(field: string, recordId: number, value: number, req: FastifyRequest, outer?: Transaction<Database>): Promise<void> {
    await this.inTransaction(outer, async (trx) => {
      const loose = looseDb(trx);
      const scope = scopeFor(this.def, req);
      const before = this.ctx.writeListeners.length || this.hooks.beforeToggle || scope ? await this.get(recordId, trx) : null;
      if (scope) {
        if (!before) throw notFound();
        await assertInScope(trx, this.def.name, scope, [recordId]);
      }
      if (this.hooks.beforeToggle) {
        if (!before) throw notFound();
        await this.hooks.beforeToggle(before, { field, value, req, trx });
      }
      const r = await loose
        .updateTable(this.def.table)
        .set({ [columnOf(this.byName.get(field)!)]: value })
        .where('id', '=', recordId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound();
      if (this.textIndex?.copies.some((c) => c.field === field)) await reindexRows(trx, this.def, [recordId]);
      if (this.hooks.afterWrite) await this.hooks.afterWrite(recordId, { created: false, req, trx, scratch: {} });
      if (this.ctx.writeListeners.length)
        await this.emit({ action: 'toggle', id: recordId, before, after: await this.get(recordId, trx), req, trx });
    });
  }

  /**
   * Publishes one record of a publishable resource (`?id=&publishTime=&offlineTime=`): on the site from
   * publishTime (default now), until the offline time given (else the stored one, dropped when already past).
   * Answers the record and whether it is only scheduled. Without a request it is the system's (a release at its time,
   * issue 27): no data scope, no permission check, the log names `system`.
   */
  async publish(raw: Row, req: FastifyRequest | undefined, outer?: Transaction<Database>): Promise<{ record: Row; scheduled: boolean }> {
    const input = parseInput(publishInput, raw);
    let scheduled = false;
    const dropped = new Set<string>();
    // a pending draft goes into the record first, through the save's own checks, in the same transaction
    const applyDraft = async (trx: Transaction<Database>) => {
      const draft = await readDraft(trx, this.def.name, input.id);
      if (!draft) return;
      const data = { ...draft.data, id: input.id };
      const parsed = parseInput(this.def.save, data) as Row;
      const clean = new Map<string, string>();
      // sanitized when the draft was kept
      for (const [k, v] of Object.entries(parsed)) if (this.byName.get(k)?.type === 'html' && typeof v === 'string') clean.set(k, v);
      const i18n = await parseTranslations(this.ctx, this.def, data, null);
      await this.write(trx, { recordId: input.id, rawObj: data, parsed, clean, draft: false, i18n }, req, dropped, false);
    };
    // what goes on the site holds the save's rules: a record lacking a required field is refused with its message
    const checked = async (trx: Transaction<Database>) => {
      await applyDraft(trx);
      const record = await this.plain(input.id, trx);
      if (record) parseInput(this.def.save, this.saveBodyOf(record));
    };
    const record = await this.changeState(input.id, 'publish', req, checked, outer, (before, now) => {
      const publishTime = input.publishTime ?? now;
      let offlineTime = 'offlineTime' in raw ? (input.offlineTime ?? null) : ((before.offlineTime as string | null) ?? null);
      // publishing again after an offline time passed puts the record back on the site
      if (!('offlineTime' in raw) && offlineTime && offlineTime <= publishTime) offlineTime = null;
      const err = checkSchedule(publishTime, offlineTime);
      if (err) throw badRequest(err);
      scheduled = publishTime > now;
      return { status: 'published', publish_time: publishTime, offline_time: offlineTime };
    });
    // inside a caller's transaction the files wait for the sweep (they may be used again until it commits)
    if (!outer) await this.deleteDroppedImages(dropped, req);
    return { record, scheduled };
  }

  /** Takes one record off the site: not yet on it (scheduled), back to a draft; on it, offline from now. */
  async unpublish(recordId: number, req: FastifyRequest, outer?: Transaction<Database>): Promise<Row> {
    return this.changeState(recordId, 'unpublish', req, null, outer, (before, now) => {
      const state = publishState(before, now);
      if (state === 'scheduled') return { status: 'draft' };
      if (state === 'published') return { offline_time: now };
      return {};
    });
  }

  private async changeState(
    recordId: number,
    action: 'publish' | 'unpublish',
    req: FastifyRequest | undefined,
    first: ((trx: Transaction<Database>) => Promise<void>) | null,
    outer: Transaction<Database> | undefined,
    change: (before: Row, now: string) => Row,
  ): Promise<Row> {
    if (!this.def.publishable) throw new Error(`${this.def.name} is not publishable`);
    return this.inTransaction(outer, async (trx) => {
      const before = await this.get(recordId, trx);
      if (!before) throw notFound();
      await assertInScope(trx, this.def.name, scopeFor(this.def, req), [recordId]);
      if (first) await first(trx);
      const cols = change(before, this.ctx.nowText());
      if (Object.keys(cols).length) await looseDb(trx).updateTable(this.def.table).set(cols).where('id', '=', recordId).execute();
      const after = (await this.get(recordId, trx))!;
      if (action === 'publish')
        await assertGates({ ctx: this.ctx, trx, def: this.def, id: recordId, before, after, req, stage: 'publish' });
      await this.emit({ action, id: recordId, before, after: { ...after }, req, trx });
      return after;
    });
  }

  /** runs `fn` inside the caller's transaction, or a new one */
  private inTransaction<T>(outer: Transaction<Database> | undefined, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return outer ? fn(outer) : this.ctx.db.transaction().execute(fn);
  }

  /**
   * The save body of a stored record (as `get` answers it): the values of the fields its save takes, the publish
   * fields and empty values left out (a save keeps what it is not sent). What a batch save starts from, and what
   * `publish` checks against the save's rules.
   */
  saveBodyOf(record: Row): Row {
    const shape = (this.def.save as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    const body: Row = { id: record.id };
    for (const k of Object.keys(shape)) if (!PUBLISH_FIELD_NAMES.includes(k) && k in record && record[k] != null) body[k] = record[k];
    return body;
  }

  /**
   * Puts a deleted record's stored row (column names, from the recycle bin) back with its id, inside the
   * caller's transaction; the caller checked that it fits (id, unique values, references).
   */
  async restore(recordId: number, row: Row, req: FastifyRequest, trx: Transaction<Database>): Promise<Row> {
    // the record is back within the scope it left: its owner row stayed while it was in the recycle bin
    await assertInScope(trx, this.def.name, scopeFor(this.def, req), [recordId]);
    const { [I18N_KEY]: snapshot, ...columns } = row;
    await looseDb(trx)
      .insertInto(this.def.table)
      .values({ ...columns, id: recordId })
      .execute();
    await reindexRows(trx, this.def, [recordId]);
    await putBack(trx, this.def, recordId, snapshot as I18nSnapshot | undefined, this.ctx.nowText());
    const after = await this.mustGet(recordId, trx);
    await this.emit({ action: 'restore', id: recordId, before: null, after: { ...after }, req, trx });
    return after;
  }

  /** A deleted record's copy is gone for good (the recycle bin purged it, inside the caller's transaction). */
  async purged(recordId: number, title: string, req: FastifyRequest | undefined, trx: Transaction<Database>): Promise<void> {
    await assertInScope(trx, this.def.name, scopeFor(this.def, req), [recordId]);
    await dropOwners(trx, this.def.name, [recordId]);
    await this.emit({ action: 'purge', id: recordId, before: null, after: null, title, req, trx });
  }
}
