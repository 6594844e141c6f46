import {
  allResources,
  Code,
  columnOf,
  httpStatusFor,
  imageNameOf,
  imageUrl,
  type MediaDelReply,
  type MediaReplaceReply,
  type MediaRow,
  type MediaUse,
  mediaDelSchema,
  mediaEndpoints,
  mediaPageSchema,
  mediaSaveSchema,
  mediaUsageSchema,
  type ResourceDef,
} from '@gk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../../context.js';
import { contains, pageOf } from '../../crud/list.js';
import { looseDb } from '../../db/index.js';
import { AppError, badRequest } from '../../http/errors.js';
import { ownerOf } from '../../http/fair-queue.js';
import { ok, page, t } from '../../http/reply.js';
import { addRoute, parseInput, rawInput } from '../../http/route.js';
import { storeByContent } from '../../storage/index.js';
import { findReference, rewriteImageReferences } from '../../storage/references.js';
import { contentVersions } from '../delivery/index.js';
import { audit, recordTitle } from '../log/index.js';
import {
  altLocaleIn,
  ensureImageMeta,
  fromStore,
  imageCheckerOf,
  mayDescribeImages,
  readUploadWithFields,
  recordImageMeta,
  removeImages,
  saveLocaleAlt,
  sweepUnusedImages,
  UNUSED_IMAGE_MIN_AGE_MS,
} from '../upload/index.js';
import { recordChanged } from '../webhook/index.js';
import { defOfKey, indexRecords, indexRecycle, startUsageIndex, usageReady } from './usage.js';

export { indexAccount, indexRecords, indexRecycle } from './usage.js';

type Row = Record<string, unknown>;

/** uses named in a refusal's message before "and N places in all" */
const NAMED_USES = 3;

/** a stored row as its get endpoint names the fields (joined names left out) */
function apiRecord(def: ResourceDef, row: Row): Row {
  const out: Row = { id: row.id };
  for (const f of def.fields) if (!f.join) out[f.name] = row[columnOf(f)];
  return out;
}

/** one media_usage row as the library shows it (labels in the request's language; the title filled later) */
function useOf(req: FastifyRequest, u: { resource: string; record_id: number; field: string }): MediaUse {
  let field = u.field;
  let of: string | undefined;
  let draft: boolean | undefined;
  let locale: string | undefined;
  if (u.resource === 'recycle') {
    const dot = field.indexOf('.');
    of = field.slice(0, dot);
    field = field.slice(dot + 1);
  }
  if (field.startsWith('draft.')) {
    draft = true;
    field = field.slice('draft.'.length);
  }
  const tr = /^translations\.([^.]+)\.(.+)$/.exec(field);
  if (tr) {
    locale = tr[1];
    field = tr[2];
  }
  // a nested path (SEO values inside a draft's translations): the last key names the field
  field = field.split('.').at(-1) ?? field;
  const def = u.resource === 'recycle' ? (of ? (allResources().find((d) => d.name === of) ?? null) : null) : defOfKey(u.resource);
  const fd = def?.fields.find((f) => f.name === field || (u.resource === 'recycle' && columnOf(f) === field));
  if (fd && u.resource === 'recycle') field = fd.name;
  const resourceLabel =
    u.resource === 'recycle'
      ? t(req, 'media.recycle')
      : u.resource === 'user'
        ? t(req, 'media.user')
        : def
          ? t(req, def.label)
          : u.resource;
  let fieldLabel = fd ? t(req, fd.label) : field === 'avatar' ? t(req, 'media.avatar') : field;
  if (locale) fieldLabel = `${fieldLabel} · ${locale}`;
  if (draft) fieldLabel = `${fieldLabel} · ${t(req, 'media.draft')}`;
  return {
    resource: u.resource,
    id: Number(u.record_id),
    field,
    fieldLabel,
    resourceLabel,
    ...(locale ? { locale } : {}),
    ...(draft ? { draft } : {}),
    ...(of ? { of } : {}),
  };
}

/** every use of these images, titled, by image name */
async function usesOf(ctx: Ctx, req: FastifyRequest, names: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const out = new Map<string, MediaUse[]>();
  if (!names.length) return out;
  const rows = await ctx.db
    .selectFrom('media_usage')
    .selectAll()
    .where('name', 'in', [...names])
    .orderBy('resource')
    .orderBy('record_id')
    .orderBy('field')
    .execute();
  // titles, one query per resource
  const titles = new Map<string, string>();
  const byResource = new Map<string, Set<number>>();
  for (const r of rows) {
    const ids = byResource.get(r.resource) ?? new Set<number>();
    ids.add(Number(r.record_id));
    byResource.set(r.resource, ids);
  }
  for (const [resource, idSet] of byResource) {
    const ids = [...idSet];
    if (resource === 'recycle') {
      for (const b of await ctx.db.selectFrom('recycle_bin').select(['id', 'title']).where('id', 'in', ids).execute())
        titles.set(`recycle:${b.id}`, b.title);
    } else if (resource === 'user') {
      for (const u of await ctx.db.selectFrom('sys_user').select(['id', 'name', 'user_name']).where('id', 'in', ids).execute())
        titles.set(`user:${u.id}`, u.name || u.user_name);
    } else {
      const def = defOfKey(resource);
      if (!def) continue;
      const found = (await looseDb(ctx.db).selectFrom(def.table).selectAll().where('id', 'in', ids).execute()) as Row[];
      for (const r of found) titles.set(`${resource}:${r.id}`, recordTitle(def, apiRecord(def, r), Number(r.id)));
    }
  }
  for (const r of rows) {
    const use = useOf(req, r);
    const title = titles.get(`${r.resource}:${r.record_id}`);
    if (title) use.title = title;
    const list = out.get(r.name) ?? [];
    list.push(use);
    out.set(r.name, list);
  }
  return out;
}

/** the refusal of a delete while images are used: 400 naming where (the first few places) */
function inUse(req: FastifyRequest, uses: MediaUse[]): AppError {
  const named = uses
    .slice(0, NAMED_USES)
    .map((u) =>
      t(req, 'media.use', { resource: u.resourceLabel ?? u.resource, title: u.title ?? `#${u.id}`, field: u.fieldLabel ?? u.field }),
    )
    .join(t(req, 'media.sep'));
  const text = uses.length > NAMED_USES ? t(req, 'media.inUseMore', { uses: named, count: uses.length }) : named;
  return new AppError(Code.BAD_REQUEST, 'media.inUse', { uses: text });
}

/** a reference the index does not know yet (a write outside the pipeline): named from its table */
function useFromReference(req: FastifyRequest, ref: { table: string; column: string; id: unknown }): MediaUse {
  const def = allResources().find((d) => d.table === ref.table);
  const resource = ref.table === 'recycle_bin' ? 'recycle' : ref.table === 'sys_user' ? 'user' : (def?.name ?? ref.table);
  const field = def?.fields.find((f) => columnOf(f) === ref.column)?.name ?? ref.column;
  return useOf(req, { resource, record_id: Number(ref.id), field: resource === 'recycle' ? `?.${field}` : field });
}

/**
 * 素材库 (issue 26): the library's list, usage, alt text, 替换 and 删除 (see contracts resources/media.ts). Where each
 * image is used is indexed in `media_usage` (usage.ts); deleting asks storage/references.ts, the authority.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  startUsageIndex(api, ctx);
  const maxBytes = ctx.config.uploadMaxBytes;

  /** library rows of these images, in this order */
  const rowsOf = async (metas: Row[]): Promise<MediaRow[]> => {
    const names = metas.map((m) => String(m.name));
    const alts = new Map<string, Record<string, string>>();
    if (names.length)
      for (const a of await ctx.db.selectFrom('image_alt').selectAll().where('name', 'in', names).execute()) {
        const m = alts.get(a.name) ?? {};
        m[a.locale] = a.alt;
        alts.set(a.name, m);
      }
    return metas.map((m) => ({
      name: String(m.name),
      title: (m.title as string | null) ?? null,
      url: imageUrl(String(m.name)),
      bytes: Number(m.bytes),
      width: Number(m.width),
      height: Number(m.height),
      format: String(m.format),
      uploader: (m.uploader as string | null) ?? null,
      uploadTime: (m.upload_time as string | null) ?? null,
      alt: String(m.alt ?? ''),
      alts: alts.get(String(m.name)) ?? {},
      uses: Number(m.uses ?? 0),
    }));
  };
  const usesCount = sql<number>`(select count(*) from media_usage u where u.name = m.name)`;
  const rowByName = async (name: string): Promise<MediaRow | null> => {
    const m = await ctx.db
      .selectFrom('image_meta as m')
      .selectAll('m')
      .select(usesCount.as('uses'))
      .where('m.name', '=', name)
      .executeTakeFirst();
    return m ? (await rowsOf([m]))[0] : null;
  };

  addRoute(api, ctx, {
    endpoint: mediaEndpoints.page,
    doc: mediaPageSchema,
    handler: async (_i, req) => {
      mayDescribeImages(req);
      const input = parseInput(mediaPageSchema, rawInput(req));
      await usageReady(ctx);
      let q = ctx.db.selectFrom('image_meta as m');
      const kw = input.keyword;
      if (kw)
        q = q.where((eb) =>
          eb.or([
            contains('m.title', kw),
            contains('m.name', kw),
            contains('m.alt', kw),
            eb.exists(eb.selectFrom('image_alt as a').select('a.name').whereRef('a.name', '=', 'm.name').where(contains('a.alt', kw))),
          ]),
        );
      if (input.unused)
        q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('media_usage as u').select('u.name').whereRef('u.name', '=', 'm.name'))));
      const resource = input.resource;
      if (resource)
        q = q.where((eb) =>
          eb.exists(
            eb.selectFrom('media_usage as u').select('u.name').whereRef('u.name', '=', 'm.name').where('u.resource', '=', resource),
          ),
        );
      const { rows, total } = await pageOf(
        q,
        input,
        (q) => q.selectAll('m').select(usesCount.as('uses')).orderBy('m.create_time', 'desc').orderBy('m.name'),
        'm.create_time',
      );
      return page(req, await rowsOf(rows as Row[]), total);
    },
  });

  addRoute(api, ctx, {
    endpoint: mediaEndpoints.usage,
    doc: mediaUsageSchema,
    handler: async (_i, req) => {
      mayDescribeImages(req);
      const { name } = parseInput(mediaUsageSchema, rawInput(req));
      await usageReady(ctx);
      const data: MediaUse[] = (await usesOf(ctx, req, [name])).get(name) ?? [];
      return ok(req, data);
    },
  });

  addRoute(api, ctx, {
    endpoint: mediaEndpoints.save,
    doc: mediaSaveSchema,
    handler: async (_i, req) => {
      mayDescribeImages(req);
      const { name, alt, title, ...input } = parseInput(mediaSaveSchema, rawInput(req));
      const locale = altLocaleIn(ctx, input.locale);
      const meta = await fromStore(req, () => ensureImageMeta(ctx, name));
      if (!meta) throw new AppError(Code.NOT_FOUND, 'upload.imageNotFound');
      // an absent alt text is kept when the call names the title (the library's 名称 alone); else as /upload/saveImageAlt
      const altText = alt ?? (title === undefined ? '' : undefined);
      if (altText !== undefined) {
        if (locale) await saveLocaleAlt(ctx.db, name, locale, altText);
        else await ctx.db.updateTable('image_meta').set({ alt: altText }).where('name', '=', name).execute();
      }
      if (title !== undefined) await ctx.db.updateTable('image_meta').set({ title }).where('name', '=', name).execute();
      req.log.info(
        { event: 'image.alt', user: req.user?.userName, name, ...(locale ? { locale } : {}), ...(title !== undefined ? { title } : {}) },
        'image alt text saved',
      );
      return ok(req, await rowByName(name), 'upload.altSaved');
    },
  });

  addRoute(api, ctx, {
    endpoint: mediaEndpoints.replace,
    handler: async (_i, req, reply) => {
      try {
        const { bytes, fields } = await readUploadWithFields(req, maxBytes);
        const query = (req.query ?? {}) as Row;
        const ref = fields.name ?? query.name;
        const from = typeof ref === 'string' ? imageNameOf(ref) : null;
        if (!from) throw badRequest('v.imageUrl');
        const old = await ctx.db.selectFrom('image_meta').selectAll().where('name', '=', from).executeTakeFirst();
        if (!old && !(await fromStore(req, () => ensureImageMeta(ctx, from)))) throw new AppError(Code.NOT_FOUND, 'upload.imageNotFound');
        const before = old ?? (await ctx.db.selectFrom('image_meta').selectAll().where('name', '=', from).executeTakeFirstOrThrow());
        const { ext, facts } = await imageCheckerOf(ctx).check(bytes, ownerOf(req));
        const to = await fromStore(req, () => storeByContent(ctx.images, bytes, ext));
        if (to === from) throw badRequest('media.sameImage');
        const versions = contentVersions(ctx);
        const records = await ctx.db.transaction().execute(async (trx) => {
          // the new image's row: title, alt text and uploader carried over (a row already there keeps what it has, else gets them)
          const origin = { uploader: before.uploader ?? req.user?.userName ?? null, title: before.title ?? null };
          await recordImageMeta(ctx, to, facts, bytes.length, origin, trx);
          await trx
            .updateTable('image_meta')
            .set({ alt: before.alt, uploader: before.uploader ?? req.user?.userName ?? null })
            .where('name', '=', to)
            .where('alt', '=', '')
            .execute();
          for (const a of await trx.selectFrom('image_alt').selectAll().where('name', '=', from).execute())
            await trx
              .insertInto('image_alt')
              .values({ ...a, name: to })
              .onConflict((oc) => oc.columns(['name', 'locale']).doNothing())
              .execute();
          const changed = await rewriteImageReferences(trx, from, to);
          // the records whose stored values changed: their uses again, their delivered tables' versions, their webhooks
          // indexed again: records whose row, translation or draft changed; shown on the site: whose row or translation
          const touched = new Map<ResourceDef, Set<number>>();
          const shown = new Map<ResourceDef, Set<number>>();
          const recycled: number[] = [];
          const add = (to: Map<ResourceDef, Set<number>>, def: ResourceDef | undefined, id: number) => {
            if (!def) return;
            const ids = to.get(def) ?? new Set<number>();
            ids.add(id);
            to.set(def, ids);
          };
          /** the records now showing the new file (a record's row, translations, draft and revisions count once) */
          const named = new Set<string>();
          for (const c of changed) {
            if (c.table === 'recycle_bin') {
              recycled.push(c.id);
              named.add(`recycle:${c.id}`);
              continue;
            }
            const def = c.resource != null ? defOfKeyName(c.resource) : allResources().find((d) => d.table === c.table);
            const id = c.resource != null ? c.recordId! : c.id;
            named.add(`${def?.name ?? c.table}:${id}`);
            if (c.table === 'revision') continue;
            add(touched, def, id);
            if (c.table !== 'pending_draft' && c.table !== 'sys_user') add(shown, def, id);
          }
          for (const [def, ids] of touched) await indexRecords(trx, def, [...ids]);
          await indexRecycle(trx, recycled);
          await trx.deleteFrom('media_usage').where('name', '=', from).execute();
          await trx.deleteFrom('image_alt').where('name', '=', from).execute();
          await trx.deleteFrom('image_meta').where('name', '=', from).execute();
          const live = [...shown.entries()];
          await versions.bump(
            trx,
            live.flatMap(([def]) => versions.tablesWrittenBy(def)),
            req,
          );
          for (const [def, ids] of live) {
            const rows = (await looseDb(trx)
              .selectFrom(def.table)
              .selectAll()
              .where('id', 'in', [...ids])
              .execute()) as Row[];
            for (const r of rows) await recordChanged(ctx, trx, def, Number(r.id), apiRecord(def, r));
          }
          await audit(ctx, trx, {
            req,
            module: 'media',
            action: mediaEndpoints.replace.name,
            title: from,
            before: { name: from, url: imageUrl(from) },
            after: { name: to, url: imageUrl(to), records: named.size },
          });
          return named.size;
        });
        // the old file and its renditions: nothing points at it any more
        await fromStore(req, () => ctx.images.delete(from)).catch((err) =>
          req.log.warn({ event: 'image.deleteFailed', err, name: from }, 'replaced image not removed; the sweep removes it later'),
        );
        req.log.info({ event: 'image.replace', user: req.user?.userName, from, to, records }, 'image replaced');
        const row = await rowByName(to);
        const data: MediaReplaceReply = { row: row!, replaced: from, records };
        return { code: Code.OK, msg: t(req, 'media.replaced', { count: records }), data };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const msg = t(req, e.key, e.params);
        return reply.status(httpStatusFor(e.code)).send({ code: e.code, msg, message: msg });
      }
    },
  });

  addRoute(api, ctx, {
    endpoint: mediaEndpoints.del,
    doc: mediaDelSchema,
    handler: async (_i, req) => {
      const input = parseInput(mediaDelSchema, rawInput(req));
      if (input.unused) {
        const { removed, kept } = await sweepUnusedImages(ctx, req, UNUSED_IMAGE_MIN_AGE_MS);
        await audit(ctx, ctx.db, {
          req,
          module: 'media',
          action: mediaEndpoints.del.name,
          title: `${removed.length}`,
          before: { names: removed },
        });
        const data: MediaDelReply = { removed, kept };
        return { code: Code.OK, msg: t(req, 'media.deleted', { count: removed.length }), data };
      }
      const names: string[] = [];
      for (const ref of input.names) {
        const name = imageNameOf(String(ref));
        if (!name) throw badRequest('v.imageUrl');
        names.push(name);
      }
      if (!names.length) throw badRequest('media.namesRequired');
      await usageReady(ctx);
      // the authority first: one still used refuses the whole call, naming where (from the index, else the reference)
      const used: string[] = [];
      const fallback: MediaUse[] = [];
      for (const name of new Set(names)) {
        const ref = await findReference(ctx.db, name);
        if (!ref) continue;
        used.push(name);
        fallback.push(useFromReference(req, ref));
      }
      if (used.length) {
        const indexed = [...(await usesOf(ctx, req, used)).values()].flat();
        throw inUse(req, indexed.length ? indexed : fallback);
      }
      const removed = await fromStore(req, () => removeImages(ctx, names));
      await audit(ctx, ctx.db, {
        req,
        module: 'media',
        action: mediaEndpoints.del.name,
        title: removed.join(', '),
        before: { names: removed },
      });
      req.log.info({ event: 'image.delete', user: req.user?.userName, names: removed }, 'images deleted from the library');
      const data: MediaDelReply = { removed };
      return { code: Code.OK, msg: t(req, 'media.deleted', { count: removed.length }), data };
    },
  });
}

/** the resource named in a record-owned row (a translation, a draft) */
const defOfKeyName = (name: string): ResourceDef | undefined => allResources().find((d) => d.name === name);
