import { allResources, columnOf, MAX_PAGE_SIZE, type ResourceDef } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../db/index.js';
import { DIALECTS, useTestApp } from './harness.js';
import { field, newTag, recordMaker, scopeOf, textOf } from './records.js';

/**
 * The generic guarantees of the resource machinery, proved once over every listed resource of the contracts
 * (each resource's own messages and rules stay in its module's test): unknown id, joined names read from the
 * database, the delete rule, sort whitelisting, rich-text sanitizing, image URLs, paging and empty filters.
 * Every record is built from the resource's contract (and the records it references) and found by a tag
 * unique to the test, so nothing depends on another test's rows.
 */

type Row = Record<string, unknown>;

const RESOURCES = allResources().filter((r) => r.endpoints.list && r.endpoints.save);
describe.each(DIALECTS)('generic resource guarantees on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const db = () => looseDb(t.current.ctx.db);

  beforeAll(async () => {
    token = await t.current.login();
  });

  const { bodyOf, create } = recordMaker(post);

  const list = async (def: ResourceDef, tag: string, extra: Row = {}) => {
    const r = await post(def.endpoints.list!.path, { [scopeOf(def).param]: tag, ...extra });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body as { rows: Row[]; total: number };
  };
  const stored = (def: ResourceDef, id: number) => db().selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
  const delPath = (def: ResourceDef, id: number | string) => `${def.endpoints.del!.path}?id=${id}`;
  const NOT_FOUND = { code: 404, msg: '数据不存在或已被删除' };
  const UNKNOWN = 999_999_999;

  describe.each(RESOURCES.map((def) => [def.name, def] as const))('%s', (_name, def) => {
    it('saves a record built from its contract and reads it back', async () => {
      const tag = newTag();
      const saved = await create(def, tag, 1);
      expect(saved.id).toBeGreaterThan(0);
      const row = await stored(def, saved.id);
      expect(row?.[columnOf(field(def, scopeOf(def).field)!)]).toBe(textOf(tag, 1));
      const found = await list(def, tag);
      expect(found.total).toBe(1);
      expect(found.rows[0].id).toBe(saved.id);
      if (def.endpoints.get) {
        const got = await post(`${def.endpoints.get.path}?id=${saved.id}`);
        const record = def.getReply === 'entity' ? got.body : got.body.data;
        expect(record).toMatchObject({ id: saved.id, [scopeOf(def).field]: textOf(tag, 1) });
      }
    });

    it('answers an unknown id with 404 数据不存在或已被删除 and changes nothing', async () => {
      const tag = newTag();
      if (def.endpoints.get) {
        const got = await post(`${def.endpoints.get.path}?id=${UNKNOWN}`);
        expect(got.status).toBe(404);
        expect(got.body).toEqual(NOT_FOUND);
      }
      const body = await bodyOf(def, tag, 0);
      expect((await post(def.endpoints.save!.path, { ...body, id: UNKNOWN })).body).toEqual(NOT_FOUND);
      for (const endpoint of Object.values(def.toggles ?? {}))
        expect((await post(`${endpoint.path}?id=${UNKNOWN}&flag=1`)).body).toEqual(NOT_FOUND);
      if (def.endpoints.del) expect((await post(delPath(def, UNKNOWN))).body).toEqual(NOT_FOUND);
      expect((await list(def, tag)).total).toBe(0);
    });

    const joins = def.fields.filter((f) => f.join && def.refs?.some((r) => r.field === f.join!.via));
    it.runIf(joins.length > 0)('reads joined names from the referenced row, never from the request', async () => {
      const tag = newTag();
      const body = await bodyOf(def, tag, 0);
      for (const f of joins) body[f.name] = 'forged';
      const saved = (await post(def.endpoints.save!.path, body)).body.data;
      for (const f of joins) {
        const ref = def.refs!.find((r) => r.field === f.join!.via)!;
        const refRow = await db().selectFrom(ref.table).selectAll().where(ref.key, '=', body[ref.field]).executeTakeFirstOrThrow();
        expect(saved[f.name]).toBe(refRow[f.join!.select]);
        await db()
          .updateTable(ref.table)
          .set({ [f.join!.select]: `${tag}-renamed` })
          .where(ref.key, '=', body[ref.field])
          .execute();
      }
      const [row] = (await list(def, tag)).rows;
      for (const f of joins) expect(row[f.name]).toBe(`${tag}-renamed`);
      if (def.endpoints.get) {
        const got = await post(`${def.endpoints.get.path}?id=${saved.id}`);
        const record = def.getReply === 'entity' ? got.body : got.body.data;
        for (const f of joins) expect(record[f.name]).toBe(`${tag}-renamed`);
      }
    });

    it.runIf(!!def.endpoints.del)(`deletes by its rule (${def.del}) and all or nothing`, async () => {
      const tag = newTag();
      const shared = new Map<string, unknown>();
      const a = (await create(def, tag, 0, shared)).id;
      const b = (await create(def, tag, 1, shared)).id;
      const del = def.endpoints.del!.path;
      expect((await post(del, [])).body).toEqual({ code: 400, msg: '请选择要删除的数据' });
      expect((await post(del)).body).toEqual({ code: 400, msg: '请选择要删除的数据' });
      if (def.del === 'id') {
        expect((await post(del, [a, b])).body).toEqual({ code: 400, msg: '仅能选择一条数据进行删除' });
        expect((await list(def, tag)).total).toBe(2);
        expect((await post(delPath(def, a))).body).toEqual({ code: 200, msg: '删除成功' });
      } else {
        expect((await post(del, [a, UNKNOWN])).body).toEqual(NOT_FOUND);
        expect((await list(def, tag)).total).toBe(2);
        expect((await post(del, [a, b])).body).toEqual({ code: 200, msg: '删除成功' });
        expect(await stored(def, b)).toBeUndefined();
      }
      expect(await stored(def, a)).toBeUndefined();
    });

    const sortable = def.fields.filter((f) => f.sortable);
    it('sorts by a whitelisted field in every order format, and ignores any other sort field', async () => {
      const tag = newTag();
      const ids: number[] = [];
      for (const rank of [1, 2, 0]) {
        // createTime differs by the server clock; a counter (count) only the server writes is set in the database
        t.current.advance(2000);
        const saved = await create(def, tag, rank);
        ids.push(saved.id);
        const counters = sortable.filter((f) => f.readOnly && !f.join && f.type === 'int');
        if (counters.length)
          await db()
            .updateTable(def.table)
            .set(Object.fromEntries(counters.map((f) => [columnOf(f), rank])))
            .where('id', '=', saved.id)
            .execute();
      }
      const order = async (extra: Row) => (await list(def, tag, extra)).rows.map((r) => r.id);
      const plain = await order({});
      expect([...plain].sort()).toEqual([...ids].sort());
      for (const f of sortable) {
        const values = async (sortOrder: string) =>
          (await list(def, tag, { sortField: f.name, sortOrder })).rows.map((r) => r[f.name] as string | number);
        const asc = await values('ascending');
        expect(new Set(asc).size, `${f.name} differs between the records`).toBeGreaterThan(1);
        expect(asc, f.name).toEqual([...asc].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
        expect(await values('asc')).toEqual(asc);
        expect(await values('ascend')).toEqual(asc);
        const desc = await values('descending');
        expect(desc, f.name).toEqual([...asc].reverse());
        expect(await values('DESC')).toEqual(desc);
        expect(await values('descend')).toEqual(desc);
      }
      const unsortable = def.fields.find((f) => !f.sortable && !f.lookup && f.name !== 'id') ?? field(def, 'id')!;
      for (const sortField of [unsortable.name, 'id; drop table sys_user', 'nope'])
        expect(await order({ sortField, sortOrder: 'desc' }), sortField).toEqual(plain);
      expect((await post(def.endpoints.list!.path, {})).body.code).toBe(200);
    });

    const htmls = def.fields.filter((f) => f.type === 'html');
    it.runIf(htmls.length > 0)('sanitizes rich text: scripts, on* handlers and javascript: links are removed', async () => {
      const body = await bodyOf(def, newTag(), 0);
      for (const f of htmls)
        body[f.name] = '<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><strong>加粗</strong></p>';
      const saved = (await post(def.endpoints.save!.path, body)).body.data;
      const row = await stored(def, saved.id);
      for (const f of htmls) {
        expect(saved[f.name]).toBe('<p>正文<a>链接</a><strong>加粗</strong></p>');
        expect(row?.[columnOf(f)]).toBe('<p>正文<a>链接</a><strong>加粗</strong></p>');
      }
    });

    const images = def.fields.filter((f) => f.type === 'image');
    it.runIf(images.length > 0)('takes image URLs under /img/ or http(s) only; a bad one changes nothing', async () => {
      const tag = newTag();
      const body = await bodyOf(def, tag, 0);
      const saved = (await post(def.endpoints.save!.path, body)).body.data;
      for (const f of images) {
        const before = (await stored(def, saved.id))?.[columnOf(f)];
        for (const bad of [
          'javascript:alert(1)',
          '/etc/passwd',
          '/img/../secret.png',
          'ftp://example.com/a.png',
          'data:image/png;base64,AAAA',
        ]) {
          const r = await post(def.endpoints.save!.path, { ...body, id: saved.id, [f.name]: bad });
          expect(r.body, `${f.name} = ${bad}`).toEqual({ code: 400, msg: '图片地址无效' });
        }
        expect((await stored(def, saved.id))?.[columnOf(f)]).toBe(before);
        for (const good of [`/img/${tag}.png`, `https://cdn.example.com/${tag}.png`, '']) {
          const r = await post(def.endpoints.save!.path, { ...body, id: saved.id, [f.name]: good });
          expect(r.body.code, JSON.stringify(r.body)).toBe(200);
          expect((await stored(def, saved.id))?.[columnOf(f)]).toBe(good);
        }
      }
      const created = await post(def.endpoints.save!.path, { ...(await bodyOf(def, tag, 1)), [images[0].name]: '/static/x.png' });
      expect(created.body).toEqual({ code: 400, msg: '图片地址无效' });
      expect((await list(def, tag)).total).toBe(1);
    });

    it('pages from 1 with its default size, caps the size, and ignores empty filters', async () => {
      const tag = newTag();
      const shared = new Map<string, unknown>();
      const count = MAX_PAGE_SIZE + 1;
      for (let i = 0; i < count; i++) await create(def, tag, i, shared);
      const first = await list(def, tag);
      expect(first.total).toBe(count);
      expect(first.rows).toHaveLength(def.pageSize ?? 20);
      expect((await list(def, tag, { pageSize: 100_000 })).rows).toHaveLength(MAX_PAGE_SIZE);
      expect((await list(def, tag, { pageNumber: 2, pageSize: 50 })).rows).toHaveLength(50);
      const last = await list(def, tag, { pageNumber: 3, pageSize: 50 });
      expect(last.rows).toHaveLength(1);
      expect(last.total).toBe(count);
      expect((await list(def, tag, { pageNumber: 9, pageSize: 50 })).rows).toHaveLength(0);
      expect((await list(def, tag, { pageNumber: '', pageSize: '' })).rows).toHaveLength(def.pageSize ?? 20);
      const r = await post(def.endpoints.list!.path, { [scopeOf(def).param]: tag, pageNumber: 0 });
      expect(r.body).toEqual({ code: 400, msg: '页码必须是大于等于1的整数' });
      // empty values of every other filter are ignored (a resource with one filter has none to try)
      const others = def.filters.filter((f) => f.param !== scopeOf(def).param);
      if (others.length === 0) return;
      expect((await list(def, tag, Object.fromEntries(others.map((f) => [f.param, ''])))).total).toBe(count);
      expect((await list(def, tag, Object.fromEntries(others.map((f) => [f.param, null])))).total).toBe(count);
    });
  });
});
