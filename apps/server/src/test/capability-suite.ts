import {
  allResources,
  columnOf,
  deliveryEndpoints,
  deliveryEndpointsOf,
  hasSeo,
  isRecyclable,
  type ResourceDef,
  SLUG_PATTERN,
  slugSource,
  translatableFields,
} from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../context.js';
import { slugify } from '../crud/translations.js';
import { looseDb } from '../db/index.js';
import { type ReplyBody, useTestApp } from './harness.js';
import { field, newTag, recordMaker, scopeOf, textOf } from './records.js';
import { insertUserHoldingAllBut } from './users.js';

/**
 * The capabilities of the resource descriptions, proved for EVERY resource declaring one, from its
 * description alone (no per-resource code): a new content type described publishable, previewable,
 * revisioned, recyclable, with webhook events and a delivery API is tested here the day it is added.
 * - publishable: publish / unpublish change the state, each is one operation-log entry and a webhook event; a
 *   保存草稿 of a live record waits apart (its preview token reads it) until 发布
 * - previewable: a preview link by id and one of the form render the record's title
 * - revisioned: each save keeps a revision; restoring one puts the old content back
 * - recyclable: a delete goes to the recycle bin and comes back with its id
 * - webhook: a save and a delete enqueue their events for a subscribed webhook, each naming delivery paths that
 *   exist (a restore from the recycle bin sends its event too)
 * - translatable: a save carries `translations` of its translated fields (and slugs when it has SEO fields); get (or
 *   its list row) answers them with `translationStatus`; a save without them leaves them; changing a translated field
 *   of the default locale marks them outdated; the list filters by status
 * - operation log: every write is one entry naming the resource, the action and the record
 * - delivery: its list and record show published rows only
 */

/** a record as a reply carries it (JSON values: harness.ts ReplyBody) */
type Row = Record<string, ReplyBody>;

const none = (list: readonly unknown[]) => list.length === 0;

/**
 * The suite over the described resources `only` picks (default every one), on one dialect; `setup` runs once
 * the app is built (a test-only resource creates its table there).
 */
export function capabilitySuite(
  dialect: 'sqlite' | 'postgres',
  opts: { only?: (def: ResourceDef) => boolean; setup?: (ctx: Ctx) => Promise<void> } = {},
) {
  const only = opts.only ?? (() => true);
  /** resources a test can create through the API (list and save), the ones the capabilities apply to */
  const CREATABLE = allResources().filter((r) => r.endpoints.list && r.endpoints.save && only(r));
  const cases = (pick: (def: ResourceDef) => boolean) => CREATABLE.filter(pick).map((def) => [def.name, def] as const);
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const db = () => looseDb(t.current.ctx.db);
  const { bodyOf, create } = recordMaker(post);
  const getRecord = async (def: ResourceDef, id: number): Promise<Row> => {
    const got = await post(`${def.endpoints.get!.path}?id=${id}`);
    return def.getReply === 'entity' ? got.body : got.body.data;
  };
  const logOf = (def: ResourceDef, id: number) =>
    db()
      .selectFrom('oper_log')
      .select(['action', 'user_name', 'result'])
      .where('module', '=', def.name)
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
  const deliveriesOf = async (def: ResourceDef, id: number) =>
    (await db().selectFrom('webhook_delivery').select(['event', 'body']).where('event', 'like', `${def.name}.%`).orderBy('id').execute())
      .map((d) => ({ event: String(d.event), body: JSON.parse(String(d.body)) as { id: number; paths: string[] } }))
      .filter((d) => d.body.id === id);
  const eventsOf = async (def: ResourceDef, id: number) => (await deliveriesOf(def, id)).map((d) => d.event);
  /** a GET path the delivery API answers (a record's id in place of `{id}`) */
  const isDeliveryPath = (path: string) => {
    const prefix = t.current.ctx.config.publicApiPrefix;
    if (!path.startsWith(prefix)) return false;
    const rest = path.slice(prefix.length).split('/');
    return deliveryEndpoints().some((e) => {
      const parts = e.path.split('/');
      return (
        e.method === 'GET' &&
        parts.length === rest.length &&
        parts.every((p, i) => (p === '{id}' ? /^\d{1,10}$/.test(rest[i]) : p === rest[i]))
      );
    });
  };
  const publicGet = (path: string) => t.current.app.inject({ method: 'GET', url: `${t.current.ctx.config.publicApiPrefix}${path}` });

  let accounts = 0;
  /** an account whose role holds every permission key and menu but `lacking` */
  async function accountWithout(lacking: string): Promise<string> {
    const { ctx } = t.current;
    const code = `capw${accounts++}`;
    await insertUserHoldingAllBut(ctx, code, 'Writer_12345', lacking);
    return t.current.login(code, 'Writer_12345');
  }

  beforeAll(async () => {
    await opts.setup?.(t.current.ctx);
    token = await t.current.login();
    // one webhook subscribed to every event of every resource (deliveries stay pending: no ticker in tests)
    const events = allResources().flatMap((r) => (r.webhook ?? []).map((a) => `${r.name}.${a}`));
    if (events.length) {
      const r = await post('/webhook/saveWebhook', { name: 'capabilities', url: 'https://hooks.example.com/in', events: events.join(',') });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    }
  });

  describe.each(cases((def) => !!def.publishable && !!def.endpoints.get))('publishable %s', (_n, def) => {
    it('publish and unpublish change its state, each one log entry and one webhook event; delivery shows it only while published', async () => {
      const p = def.publishable!;
      const tag = newTag();
      const draft = await create(def, tag, 1);
      expect((await getRecord(def, draft.id)).status).toBe('draft');
      const delivered = deliveryEndpointsOf(def);
      const one = delivered.find((e) => e.reply === 'one' && e.params);
      if (one) expect((await publicGet(one.path.replace('{id}', String(draft.id)))).statusCode).toBe(404);

      const pub = await post(`${p.publish.path}?id=${draft.id}`);
      expect(pub.body).toMatchObject({ code: 200, msg: '发布成功', data: { id: draft.id, status: 'published' } });
      expect((await getRecord(def, draft.id)).status).toBe('published');
      if (one) {
        const r = await publicGet(one.path.replace('{id}', String(draft.id)));
        expect(r.statusCode).toBe(200);
        expect(r.json().data).toMatchObject({ id: draft.id, [scopeOf(def).field]: textOf(tag, 1) });
        expect(r.json().data).not.toHaveProperty('status');
      }
      const list = delivered.find((e) => e.reply === 'page' && e.filters?.keyword);
      if (list) {
        const rows = (await publicGet(`${list.path}?keyword=${tag}`)).json().rows as Row[];
        expect(rows.map((r) => r.id)).toEqual([draft.id]);
      }

      const off = await post(`${p.unpublish.path}?id=${draft.id}`);
      expect(off.body).toMatchObject({ code: 200, msg: '已下线' });
      if (one) expect((await publicGet(one.path.replace('{id}', String(draft.id)))).statusCode).toBe(404);
      if (list) expect((await publicGet(`${list.path}?keyword=${tag}`)).json()).toMatchObject({ total: 0, rows: [] });

      expect((await logOf(def, draft.id)).map((l) => l.action)).toEqual(['create', 'publish', 'unpublish']);
      const events = await eventsOf(def, draft.id);
      const expected = (['publish', 'unpublish'] as const).filter((a) => def.webhook?.includes(a)).map((a) => `${def.name}.${a}`);
      expect(events).toEqual(expected);
    });

    it('保存草稿 of a live record keeps a pending draft the site does not show; its preview token reads it; 发布 puts it live', async () => {
      const tag = newTag();
      const scope = scopeOf(def).field;
      const shared = new Map<string, unknown>();
      const saved = await create(def, tag, 0, shared);
      expect((await getRecord(def, saved.id)).publishState).toBe('published');
      const one = deliveryEndpointsOf(def).find((e) => e.reply === 'one' && e.params);
      const path = one?.path.replace('{id}', String(saved.id));
      const eventsBefore = await eventsOf(def, saved.id);
      const draft = await post(def.endpoints.save!.path, {
        ...(await bodyOf(def, tag, 0, shared)),
        id: saved.id,
        [scope]: textOf(tag, 5),
        draft: true,
      });
      expect(draft.body, JSON.stringify(draft.body)).toMatchObject({ code: 200, data: { [scope]: textOf(tag, 5), hasDraft: true } });
      expect(await getRecord(def, saved.id)).toMatchObject({ [scope]: textOf(tag, 5), hasDraft: true, publishState: 'published' });
      expect(await eventsOf(def, saved.id)).toEqual(eventsBefore);
      if (path) {
        expect((await publicGet(path)).json().data[scope]).toBe(textOf(tag, 0));
        if (def.previewable) {
          const { token } = (await post(`${def.previewable.byId.path}?id=${saved.id}`)).body.data;
          const previewed = await publicGet(`${path}?preview=${encodeURIComponent(token)}`);
          expect(previewed.json().data[scope]).toBe(textOf(tag, 5));
          expect(previewed.headers['cache-control']).toBe('private, no-store');
        }
      }
      const pub = await post(`${def.publishable!.publish.path}?id=${saved.id}`);
      expect(pub.body).toMatchObject({ code: 200, data: { [scope]: textOf(tag, 5) } });
      if (path) expect((await publicGet(path)).json().data[scope]).toBe(textOf(tag, 5));
      expect(await getRecord(def, saved.id)).toMatchObject({ hasDraft: false });
      expect((await logOf(def, saved.id)).map((l) => l.action)).toEqual(['create', 'draft', 'publish']);
      if (def.webhook?.includes('publish')) expect(await eventsOf(def, saved.id)).toEqual([...eventsBefore, `${def.name}.publish`]);
    });

    it('a role with 保存 but not 发布 only drafts: a live edit waits for a publisher, a create is a draft, no climb puts it live', async () => {
      const p = def.publishable!;
      const tag = newTag();
      const scope = scopeOf(def).field;
      const column = columnOf(field(def, scope)!);
      const shared = new Map<string, unknown>();
      const writer = await accountWithout(p.publish.path);
      const asWriter = (path: string, body?: unknown, lang = 'zh') => t.current.post(path, body, { token: writer, headers: { lang } });
      const save = def.endpoints.save!.path;
      const stored = (id: number) => db().selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const one = deliveryEndpointsOf(def).find((e) => e.reply === 'one' && e.params);
      const onSite = async (id: number) => {
        if (!one) return undefined;
        const r = await publicGet(one.path.replace('{id}', String(id)));
        return r.statusCode === 200 ? r.json().data[scope] : null;
      };
      // a live record (the admin's), edited by the writer: 200, said so, the site keeps the old text
      const live = await create(def, tag, 0, shared);
      expect((await getRecord(def, live.id)).publishState).toBe('published');
      const body = { ...(await bodyOf(def, tag, 0, shared)), id: live.id };
      const edit = await asWriter(save, { ...body, [scope]: textOf(tag, 5) });
      expect(edit.body, JSON.stringify(edit.body)).toMatchObject({
        code: 200,
        msg: '已保存为草稿，发布需要发布权限',
        data: { [scope]: textOf(tag, 5), hasDraft: true },
      });
      expect((await asWriter(save, { ...body, [scope]: textOf(tag, 6) }, 'en')).body.msg).toBe(
        'Saved as a draft; publishing needs the publish permission',
      );
      expect((await stored(live.id))[column]).toBe(textOf(tag, 0));
      if (one) expect(await onSite(live.id)).toBe(textOf(tag, 0));
      expect(await getRecord(def, live.id)).toMatchObject({ [scope]: textOf(tag, 6), hasDraft: true, publishState: 'published' });
      // climbing through the publish fields: refused, the record unchanged
      for (const climb of [{ publishTime: '2099-01-01 08:00:00' }, { offlineTime: '2030-01-01 08:00:00' }]) {
        const r = await asWriter(save, { ...body, ...climb });
        expect(r.status, JSON.stringify(climb)).toBe(403);
        expect(r.body).toEqual({ code: 403, msg: '没有发布权限，只能保存草稿' });
      }
      expect(await stored(live.id)).toMatchObject({ [column]: textOf(tag, 0), status: 'published' });
      expect((await asWriter(`${p.publish.path}?id=${live.id}`)).status).toBe(403);
      // a publisher publishes the draft: the site shows it
      expect((await post(`${p.publish.path}?id=${live.id}`)).body).toMatchObject({ code: 200, data: { [scope]: textOf(tag, 6) } });
      if (one) expect(await onSite(live.id)).toBe(textOf(tag, 6));
      expect((await stored(live.id))[column]).toBe(textOf(tag, 6));
      // a create by the writer is a draft, whatever it leaves out; sending 已发布 is refused; a publish time schedules nothing
      const { status: _s, ...plain } = await bodyOf(def, `${tag}n`, 0, shared);
      const created = await asWriter(save, plain);
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, msg: '已保存为草稿，发布需要发布权限' });
      expect((await stored(created.body.data.id)).status).toBe('draft');
      if (one) expect(await onSite(created.body.data.id)).toBeNull();
      const timed = await asWriter(save, { ...plain, [scope]: textOf(tag, 7), publishTime: '2000-01-01 08:00:00' });
      expect(timed.body.code, JSON.stringify(timed.body)).toBe(200);
      expect(await getRecord(def, timed.body.data.id)).toMatchObject({ status: 'draft', publishState: 'draft' });
      expect((await asWriter(save, { ...plain, status: 'published' })).body).toEqual({ code: 403, msg: '没有发布权限，只能保存草稿' });
      expect((await asWriter(save, { ...plain, id: created.body.data.id, status: 'published' })).status).toBe(403);
      expect((await stored(created.body.data.id)).status).toBe('draft');
      const list = deliveryEndpointsOf(def).find((e) => e.reply === 'page' && e.filters?.keyword);
      if (list) expect((await publicGet(`${list.path}?keyword=${tag}n`)).json()).toMatchObject({ total: 0, rows: [] });
      // the admin's saves are as before: a plain save of the live record changes it in place
      const admin = await post(save, { ...body, [scope]: textOf(tag, 8) });
      expect(admin.body).toMatchObject({ code: 200, msg: '保存成功', data: { hasDraft: false } });
      expect((await stored(live.id))[column]).toBe(textOf(tag, 8));
    });

    it('a refused publish (offline before publish, unknown id) changes nothing', async () => {
      const saved = await create(def, newTag(), 1);
      const r = await post(
        `${def.publishable!.publish.path}?id=${saved.id}&publishTime=2025-01-02%2008:00:00&offlineTime=2025-01-01%2008:00:00`,
      );
      expect(r.body).toEqual({ code: 400, msg: '下线时间必须晚于发布时间' });
      expect((await getRecord(def, saved.id)).status).toBe('draft');
      expect((await post(`${def.publishable!.publish.path}?id=999999999`)).body).toEqual({ code: 404, msg: '数据不存在或已被删除' });
    });
  });

  describe.each(cases((def) => !!def.previewable && !!def.endpoints.get))('previewable %s', (_n, def) => {
    it('a preview link of the stored record and of the form render its title without a login', async () => {
      const tag = newTag();
      const saved = await create(def, tag, 1);
      const open = (url: string) => {
        const u = new URL(url);
        return t.current.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
      };
      const byId = await post(`${def.previewable!.byId.path}?id=${saved.id}`);
      expect(byId.body.code, JSON.stringify(byId.body)).toBe(200);
      const page = await open(byId.body.data.url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(String(saved[def.previewable!.fields?.title ?? 'title']));
      const form = await post(def.previewable!.form.path, { title: `${tag}-form`, content: '<p>正文</p>' });
      expect(form.body.code, JSON.stringify(form.body)).toBe(200);
      expect((await open(form.body.data.url)).body).toContain(`${tag}-form`);
    });
  });

  describe.each(cases((def) => !!def.revisioned && !!def.endpoints.get))('revisioned %s', (_n, def) => {
    it('each save keeps a revision, and restoring the first puts its content back', async () => {
      const tag = newTag();
      const scope = scopeOf(def).field;
      const shared = new Map<string, unknown>();
      const saved = await create(def, tag, 1, shared);
      const update = await post(def.endpoints.save!.path, {
        ...(await bodyOf(def, tag, 1, shared)),
        id: saved.id,
        [scope]: `${tag}_changed`,
      });
      expect(update.body.code, JSON.stringify(update.body)).toBe(200);
      const list = (await post('/revision/getRevisionList', { resource: def.name, id: saved.id })).body.data as Row[];
      expect(list.length).toBe(2);
      const restored = await post(`/revision/restore?id=${list[1].id}`);
      expect(restored.body.code, JSON.stringify(restored.body)).toBe(200);
      expect((await getRecord(def, saved.id))[scope]).toBe(textOf(tag, 1));
      expect((await post('/revision/getRevisionList', { resource: def.name, id: saved.id })).body.data).toHaveLength(3);
    });
  });

  describe.each(cases((def) => isRecyclable(def)))('recyclable %s', (_n, def) => {
    it('a delete goes to the recycle bin; restoring it gives the same id back, each write one log entry', async () => {
      const tag = newTag();
      const saved = await create(def, tag, 1);
      const del = await post(`${def.endpoints.del!.path}?id=${saved.id}`);
      expect(del.body).toEqual({ code: 200, msg: '删除成功' });
      expect(await db().selectFrom(def.table).select('id').where('id', '=', saved.id).executeTakeFirst()).toBeUndefined();
      const bin = (await post('/recycle/getRecyclePage', { resource: def.name, pageNumber: 1, pageSize: 100 })).body.rows as Row[];
      const entry = bin.find((e) => e.recordId === saved.id);
      expect(entry, `${def.name} #${saved.id} in the recycle bin`).toBeTruthy();
      expect((await post('/recycle/restore', [entry!.id])).body.code).toBe(200);
      const back = await db().selectFrom(def.table).selectAll().where('id', '=', saved.id).executeTakeFirst();
      expect(back?.[columnOf(field(def, scopeOf(def).field)!)]).toBe(textOf(tag, 1));
      expect((await logOf(def, saved.id)).map((l) => l.action)).toEqual(['create', 'delete', 'restore']);
      // back on the site: the restore tells it as the create did
      if (def.webhook?.length) {
        const created = def.publishable ? (saved.status === 'published' ? ['publish'] : []) : ['update'];
        const expected = [...created, 'delete', ...created].filter((a) => def.webhook!.includes(a as never)).map((a) => `${def.name}.${a}`);
        expect(await eventsOf(def, saved.id)).toEqual(expected);
      }
    });
  });

  describe.each(cases((def) => !none(def.webhook ?? [])))('webhook events of %s', (_n, def) => {
    it('a save and a delete enqueue their events for a subscribed webhook, in the write', async () => {
      const tag = newTag();
      const shared = new Map<string, unknown>();
      const saved = await create(def, tag, 2, shared);
      expect((await post(def.endpoints.save!.path, { ...(await bodyOf(def, tag, 2, shared)), id: saved.id })).body.code).toBe(200);
      if (def.endpoints.del) await post(`${def.endpoints.del.path}?id=${saved.id}`);
      const created = def.publishable ? (saved.status === 'published' ? ['publish'] : []) : ['update'];
      const expected = [...created, 'update', ...(def.endpoints.del ? ['delete'] : [])]
        .filter((a) => def.webhook!.includes(a as never))
        .map((a) => `${def.name}.${a}`);
      expect(await eventsOf(def, saved.id)).toEqual(expected);
      const paths = (await deliveriesOf(def, saved.id)).map((d) => d.body.paths);
      for (const list of paths) {
        if (def.delivery) expect(list.length, `${def.name}: its events name its delivery paths`).toBeGreaterThan(0);
        for (const path of list) expect(isDeliveryPath(path), `${def.name}: ${path}`).toBe(true);
      }
    });
  });

  describe.each(cases((def) => !!def.translatable))('translatable %s', (_n, def) => {
    it('its save carries translations; get answers them with statuses; a legacy save keeps them; a source change outdates them', async () => {
      const tag = newTag();
      const scope = scopeOf(def);
      const shared = new Map<string, unknown>();
      const body = await bodyOf(def, tag, 1, shared);
      const type = (name: string) => field(def, name)?.type;
      const en: Row = Object.fromEntries(
        translatableFields(def).map((f) => [f, type(f) === 'html' ? `<p>${tag} English ${f}</p>` : `${tag} English ${f}`]),
      );
      const saved = await post(def.endpoints.save!.path, { ...body, translations: { en } });
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
      const id = saved.body.data.id as number;
      const list = async (extra: Row = {}) =>
        ((await post(def.endpoints.list!.path, { [scope.param]: tag, pageSize: 100, ...extra })).body.rows as Row[]) ?? [];
      // a resource without a get call is edited from its list row, which carries the translations too
      const read = async () => (def.endpoints.get ? getRecord(def, id) : (await list()).find((r) => r.id === id)!);
      const first = await read();
      expect(first.translations.en).toMatchObject(en);
      expect(first.translationStatus).toEqual({ en: 'translated' });
      if (hasSeo(def)) {
        expect(first.slug).toMatch(SLUG_PATTERN);
        expect(first.translations.en.slug).toBe(slugify(String(en[slugSource(def)]), 'en'));
      }
      expect((await list()).find((r) => r.id === id)?.translationStatus).toEqual({ en: 'translated' });
      // a save without translations leaves them
      expect((await post(def.endpoints.save!.path, { ...body, id })).body.code).toBe(200);
      expect((await read()).translations).toEqual(first.translations);
      // a translated field of the default locale changes: the English is outdated, and the list finds it so
      const source = translatableFields(def).find((f) => type(f) === 'text')!;
      const changed = await post(def.endpoints.save!.path, { ...body, id, [source]: `${tag}_changed` });
      expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
      expect((await read()).translationStatus).toEqual({ en: 'outdated' });
      expect((await list({ translationStatus: 'outdated' })).map((r) => r.id)).toContain(id);
      expect((await list({ translationLocale: 'en', translationStatus: 'translated' })).map((r) => r.id)).not.toContain(id);
    });
  });

  describe.each(cases(() => true))('operation log of %s', (_n, def) => {
    it('a create and an update are each one entry naming the resource, the action and the record', async () => {
      const tag = newTag();
      const shared = new Map<string, unknown>();
      const saved = await create(def, tag, 1, shared);
      expect((await post(def.endpoints.save!.path, { ...(await bodyOf(def, tag, 1, shared)), id: saved.id })).body.code).toBe(200);
      const log = await logOf(def, saved.id);
      expect(log.map((l) => [l.action, l.user_name, Number(l.result)])).toEqual([
        ['create', 'admin', 1],
        ['update', 'admin', 1],
      ]);
    });
  });

  describe.each(
    allResources()
      .filter((def) => only(def) && deliveryEndpointsOf(def).length > 0)
      .map((def) => [def.name, def] as const),
  )('delivery of %s', (_n, def) => {
    it('answers each of its paths; a record path 404s for an unknown id', async () => {
      for (const e of deliveryEndpointsOf(def)) {
        if (e.reply === 'ack') continue;
        const path = e.path.replace('{id}', '999999999');
        const r = await publicGet(path);
        if (e.params) expect(r.statusCode, path).toBe(404);
        else if (e.reply === 'one') expect([200, 404], path).toContain(r.statusCode);
        else {
          expect(r.statusCode, path).toBe(200);
          expect(r.json().code).toBe(200);
          // a publishable resource's list shows published rows only
          const rows = (r.json().rows ?? r.json().data) as Row[];
          if (def.publishable && def.endpoints.get)
            for (const row of rows.slice(0, 5)) expect((await getRecord(def, row.id)).status).toBe('published');
        }
      }
    });
  });
}
