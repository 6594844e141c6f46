import { allResources, columnOf, guardedFieldsOf, type ResourceDef, translate } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../db/index.js';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { newTag, recordMaker } from '../test/records.js';
import { insertUserHoldingAllBut } from '../test/users.js';

/**
 * A field a button permission guards (every field with a toggle endpoint: 置顶, 热门, 启用 …) holds in the save too:
 * a save without that button cannot change it. Proved over every resource of the contracts that has toggles.
 */
const GUARDED = allResources()
  .filter((r) => r.endpoints.save && r.endpoints.list && guardedFieldsOf(r).length)
  .flatMap((def) => guardedFieldsOf(def).map((g) => [`${def.name}.${g.field.name}`, def, g] as const));

describe('the guarded fields come from the contracts', () => {
  it('include news and policy 置顶 / 热门 and every other toggle', () => {
    const names = GUARDED.map(([n]) => n);
    expect(names).toEqual(expect.arrayContaining(['news.isTop', 'news.isHot', 'policy.isTop', 'policy.isHot']));
    const toggles = allResources().flatMap((r) => Object.keys(r.toggles ?? {}).map((f) => `${r.name}.${f}`));
    expect(names.sort()).toEqual(toggles.filter((n) => allResources().find((r) => r.name === n.split('.')[0])?.endpoints.save).sort());
  });
});

describe.each(DIALECTS)('field guards hold in the save on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin = '';
  const asAdmin = (path: string, body?: unknown) => t.current.post(path, body, { token: admin });
  const { bodyOf, create } = recordMaker(asAdmin);
  let seq = 0;

  beforeAll(async () => {
    admin = await t.current.login();
  });

  /** an account whose role holds every permission key but `lacking` */
  async function accountWithout(lacking: string): Promise<string> {
    const { ctx } = t.current;
    const code = `nog${seq++}`;
    await insertUserHoldingAllBut(ctx, code, 'Guard_12345', lacking, `无按钮${seq}`);
    return t.current.login(code, 'Guard_12345');
  }

  const stored = (def: ResourceDef, id: number) =>
    looseDb(t.current.ctx.db).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const count = async (def: ResourceDef) =>
    Number(
      (
        await looseDb(t.current.ctx.db)
          .selectFrom(def.table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe.each(GUARDED)('%s', (_name, def, g) => {
    const refusal = (lang: 'zh' | 'en' = 'zh') => ({
      code: 403,
      msg: translate(lang, 'crud.fieldForbidden', { field: translate(lang, g.field.label) }),
    });
    const column = columnOf(g.field);

    it('a save without its button cannot change it (create or update); the same value passes; the holder can', async () => {
      const token = await accountWithout(g.permission);
      const post = (path: string, body?: unknown, lang = 'zh') => t.current.post(path, body, { token, headers: { lang } });
      const save = def.endpoints.save!.path;
      const tag = newTag();
      // the records it references are made once
      const shared = new Map<string, unknown>();
      // create: the default passes, another value is refused and nothing is written
      if (g.createDefault !== undefined) {
        const other = Number(g.createDefault) === 1 ? 0 : 1;
        const before = await count(def);
        const refused = await post(save, { ...(await bodyOf(def, `${tag}a`, 0, shared)), [g.field.name]: other });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual(refusal());
        expect(await count(def)).toBe(before);
        const fine = await post(save, { ...(await bodyOf(def, `${tag}b`, 0, shared)), [g.field.name]: g.createDefault });
        expect(fine.body.code, JSON.stringify(fine.body)).toBe(200);
        expect(Number((await stored(def, fine.body.data.id))[column])).toBe(Number(g.createDefault));
      }
      // update: the stored value passes, a change is refused (in the reader's language) and the row keeps its value
      const record = await create(def, `${tag}c`, 0, shared);
      const now = Number((await stored(def, Number(record.id)))[column]);
      const body = { ...(await bodyOf(def, `${tag}c`, 0, shared)), id: record.id };
      const same = await post(save, { ...body, [g.field.name]: now });
      expect(same.body.code, JSON.stringify(same.body)).toBe(200);
      const changed = await post(save, { ...body, [g.field.name]: now ? 0 : 1 });
      expect(changed.status).toBe(403);
      expect(changed.body).toEqual(refusal());
      expect((await post(save, { ...body, [g.field.name]: now ? 0 : 1 }, 'en')).body).toEqual(refusal('en'));
      expect(Number((await stored(def, Number(record.id)))[column])).toBe(now);
      // leaving it out keeps it
      const without = await post(save, body);
      expect(without.body.code, JSON.stringify(without.body)).toBe(200);
      expect(Number((await stored(def, Number(record.id)))[column])).toBe(now);
      // the holder of the button changes it
      const holder = await asAdmin(save, { ...body, [g.field.name]: now ? 0 : 1 });
      expect(holder.body.code, JSON.stringify(holder.body)).toBe(200);
      expect(Number((await stored(def, Number(record.id)))[column])).toBe(now ? 0 : 1);
    });
  });
});
