import crypto from 'node:crypto';
import { allResources, type DeliveryEndpoint, deliveryEndpoints, deliveryVisibility, type ResourceDef, resourceNamed } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Ctx, WriteEvent } from '../../context.js';
import { keepCounts } from '../../crud/kept-counts.js';
import type { Database } from '../../db/schema.js';
import { busOf, changed, OWN_KINDS } from '../../events/bus.js';

/**
 * Content versions (issue 23): what a delivery reply's ETag is derived from, so a matching `If-None-Match` is
 * answered without reading the content.
 *
 * - Every table the delivery API reads has a row in `content_version` (migration 037) whose `version` is a random
 *   token. The write pipeline's domain event (every save, delete, toggle, publish, unpublish, restore, purge of
 *   any resource: crud/service.ts) replaces the token of the resource's table, and of the tables its `usedBy`
 *   renames write, inside the writing transaction: the new version commits (or rolls back) with the write. A
 *   token, not a counter: a restored backup brings back its versions with its content, never a number that meant
 *   other content since.
 * - Each process keeps the versions in memory while the change bus hears every change (`delivery`, published
 *   when the write's reply goes out, after the commit); otherwise each read asks the database (one small table).
 * - Read-time schedules (a scheduled publish going live, an offline time passing, a banner's window opening or
 *   closing) change no row. A path's version therefore also holds, per table with a schedule, the last boundary
 *   that passed: the latest publish or offline time at or before now. It is read with the next boundary (four
 *   index lookups, migrations 022 / 037) and kept until that next boundary or the table's next version.
 *
 * A version is read before the content (and never newer than the rows a reply is built from), so a reply can
 * only be labelled older than what it holds, which costs one more full reply, never a stale 304.
 */

/** how a table's rows are shown on the delivery API, which decides what its schedule boundaries are */
type Schedule = 'published' | 'window' | 'all';

/** a table a delivery path reads, and whether read-time schedules decide its rows */
export interface TableRead {
  table: string;
  schedule: Schedule;
}

/** the tables of one resource's reads: its own, and those its joined names come from */
function tablesOf(def: ResourceDef, schedule: Schedule): TableRead[] {
  const out: TableRead[] = [{ table: def.table, schedule }];
  for (const f of def.fields) if (f.join && !out.some((t) => t.table === f.join!.table)) out.push({ table: f.join.table, schedule: 'all' });
  return out;
}

/** the tables a resource's delivery list reads (its own and its joins'), with its read-time schedule */
export const tablesOfResource = (def: ResourceDef): TableRead[] => tablesOf(def, deliveryVisibility(def));

/** every table one delivery path reads (its resource, its joins, its items and theirs), in a fixed order */
export function tablesRead(e: DeliveryEndpoint): TableRead[] {
  const out = tablesOf(e.resource, deliveryVisibility(e.resource));
  if (e.items) {
    const itemDef = resourceNamed(e.items.resource);
    for (const t of tablesOf(itemDef, deliveryVisibility(itemDef))) {
      const had = out.find((o) => o.table === t.table);
      if (!had) out.push(t);
      else if (had.schedule === 'all') had.schedule = t.schedule;
    }
  }
  return out.sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
}

/** the resources (by name) whose rows a path's reply holds or names: what a CDN purges it by besides its record ids */
export function resourcesRead(e: DeliveryEndpoint): string[] {
  const names = new Set<string>();
  for (const t of tablesRead(e)) for (const def of allResources()) if (def.table === t.table) names.add(def.name);
  return [...names];
}

/** a fresh version token */
const token = () => crypto.randomBytes(9).toString('base64url');

interface Boundaries {
  /** the version of the table they were read at */
  version: string;
  /** the latest boundary at or before the time they were read ('' when none) */
  last: string;
  /** the earliest boundary after it (null when none is ahead) */
  next: string | null;
}

/** the content versions of one app (one per Ctx) */
export class ContentVersions {
  /** the tables the delivery API reads: only their writes bump a version */
  private readonly delivered: Set<string>;
  get tables(): ReadonlySet<string> {
    return this.delivered;
  }
  /** version per table, while the bus can be trusted to say when they change */
  private kept: Map<string, string> | null = null;
  private loading: Promise<Map<string, string>> | null = null;
  private readonly boundaries = new Map<string, Boundaries>();
  /** the tables already bumped by a transaction (a batch delete emits one event per record) */
  private readonly bumped = new WeakMap<object, Set<string>>();

  constructor(private readonly ctx: Ctx) {
    this.delivered = new Set(deliveryEndpoints().flatMap((e) => tablesRead(e).map((t) => t.table)));
    busOf(ctx).subscribe((change) => {
      if (OWN_KINDS.includes(change.kind)) return;
      this.kept = null;
      this.loading = null;
    });
  }

  /** the tables a write of this resource changes that the delivery API reads */
  tablesWrittenBy(def: ResourceDef): string[] {
    return [def.table, ...(def.usedBy ?? []).map((u) => u.table)].filter((t) => this.delivered.has(t));
  }

  /** the write pipeline's listener: a new version of each delivered table the write changed, in its transaction */
  async onWrite(e: WriteEvent): Promise<void> {
    await this.bump(e.trx, this.tablesWrittenBy(e.resource), e.req);
  }

  /**
   * New versions of these tables inside the writing transaction, and every process told once the reply goes out
   * (or the transaction commits, without a request). For a write outside the write pipeline that changes what
   * the delivery API serves.
   */
  async bump(trx: Transaction<Database>, tables: readonly string[], req?: FastifyRequest): Promise<void> {
    let done = this.bumped.get(trx);
    if (!done) {
      done = new Set();
      this.bumped.set(trx, done);
    }
    // in one order, so two transactions bumping the same tables never wait on each other crosswise
    const fresh = [...new Set(tables)].filter((t) => !done.has(t)).sort();
    if (!fresh.length) return;
    for (const name of fresh) {
      const version = token();
      await trx
        .insertInto('content_version')
        .values({ name, version })
        .onConflict((oc) => oc.column('name').doUpdateSet({ version }))
        .execute();
      done.add(name);
    }
    await changed(this.ctx, 'delivery', { db: trx, req });
  }

  /** every table's version (kept while the bus hears every change; read again after any) */
  private async versions(): Promise<Map<string, string>> {
    const bus = busOf(this.ctx);
    if (bus.trusted && this.kept) return this.kept;
    if (bus.trusted && this.loading) return this.loading;
    const generation = bus.generation;
    const load = this.ctx.db
      .selectFrom('content_version')
      .select(['name', 'version'])
      .execute()
      .then((rows) => {
        const map = new Map(rows.map((r) => [String(r.name), String(r.version)]));
        // a change heard while reading: the next request reads again
        if (bus.trusted && bus.generation === generation) this.kept = map;
        return map;
      })
      .finally(() => {
        if (this.loading === load) this.loading = null;
      });
    if (bus.trusted) this.loading = load;
    return load;
  }

  /** the last boundary that passed of a table with a read-time schedule, read again once the next one is reached */
  private async lastBoundary(t: TableRead, version: string, now: string): Promise<string> {
    const hit = this.boundaries.get(t.table);
    if (hit && hit.version === version && (hit.next == null || now < hit.next)) return hit.last;
    // a publishable table's boundaries are its published rows' times (the state indexes of migration 022);
    // a window's are every row's (migration 037)
    const live = t.schedule === 'published' ? sql`status = 'published' and ` : sql``;
    const tbl = sql.table(t.table);
    type Times = { last_publish: string | null; next_publish: string | null; last_offline: string | null; next_offline: string | null };
    const { rows } = await sql<Times>`select
      (select max(publish_time) from ${tbl} where ${live}publish_time <= ${now}) as last_publish,
      (select min(publish_time) from ${tbl} where ${live}publish_time > ${now}) as next_publish,
      (select max(offline_time) from ${tbl} where ${live}offline_time <= ${now}) as last_offline,
      (select min(offline_time) from ${tbl} where ${live}offline_time > ${now}) as next_offline`.execute(this.ctx.db);
    const r: Partial<Times> = rows[0] ?? {};
    const last = [r.last_publish, r.last_offline].filter((v): v is string => v != null).reduce((a, b) => (a > b ? a : b), '');
    const ahead = [r.next_publish, r.next_offline].filter((v): v is string => v != null);
    const next = ahead.length ? ahead.reduce((a, b) => (a < b ? a : b)) : null;
    this.boundaries.set(t.table, { version, last: String(last), next: next == null ? null : String(next) });
    return String(last);
  }

  /**
   * `versionOf` without waiting, when everything it needs is kept (the versions while the bus is trusted, each
   * schedule's last boundary until the next one): the steady state of a delivery request. Else undefined.
   */
  keptVersionOf(tables: readonly TableRead[]): string | undefined {
    const all = this.kept;
    if (!all || !busOf(this.ctx).trusted) return undefined;
    let now: string | undefined;
    let out = '';
    for (let i = 0; i < tables.length; i++) {
      const t = tables[i];
      const version = all.get(t.table) ?? '0';
      if (i) out += ';';
      if (t.schedule === 'all') {
        out += `${t.table}=${version}`;
        continue;
      }
      now ??= this.ctx.nowText();
      const hit = this.boundaries.get(t.table);
      if (!hit || hit.version !== version || (hit.next != null && now >= hit.next)) return undefined;
      out += `${t.table}=${version}@${hit.last}`;
    }
    return out;
  }

  /**
   * The version of what a path reads: each table's version, and for a table with a read-time schedule the last
   * boundary that passed. Read before the content.
   */
  async versionOf(tables: readonly TableRead[]): Promise<string> {
    const kept = this.keptVersionOf(tables);
    if (kept !== undefined) return kept;
    const all = await this.versions();
    const now = this.ctx.nowText();
    const parts: string[] = [];
    for (const t of tables) {
      const version = all.get(t.table) ?? '0';
      parts.push(t.schedule === 'all' ? `${t.table}=${version}` : `${t.table}=${version}@${await this.lastBoundary(t, version, now)}`);
    }
    return parts.join(';');
  }
}

const byCtx = new WeakMap<Ctx, ContentVersions>();

/** the content versions of this app; the first call starts bumping them on every write */
export function contentVersions(ctx: Ctx): ContentVersions {
  let v = byCtx.get(ctx);
  if (!v) {
    const created = new ContentVersions(ctx);
    ctx.onWrite((e) => created.onWrite(e));
    // every write of these tables is now a change on the bus: list totals over them may be kept between changes
    keepCounts(ctx, created.tables);
    byCtx.set(ctx, created);
    v = created;
  }
  return v;
}
