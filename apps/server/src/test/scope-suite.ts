import { allResources, isRecyclable, isScoped, type ResourceDef, ROLES } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetSessions } from '../auth/sessions.js';
import type { Ctx } from '../context.js';
import { type ReplyBody, useTestApp } from './harness.js';
import { newTag, recordMaker, scopeOf } from './records.js';
import { insertUser } from './users.js';

/**
 * 数据权限 (data scope), proved for EVERY scoped resource from its description alone: records created by accounts of
 * the Shenzhen branch, a team below it, the Shanghai branch and a record from before departments (no owner: the head
 * office); roles of each scope written straight into the database (the role editor's save is another part). What a
 * holder lists, opens, edits, toggles, publishes, deletes, restores, reads in revisions and the recycle bin, and what
 * the dashboard counts, follows the scope; everything else answers 403 数据权限不足 or is absent.
 */

type Row = Record<string, ReplyBody>;
const DENIED = { code: 403, msg: '数据权限不足：该记录不在您的数据范围内' };
const PASSWORD = 'Passw0rd_1';

export function scopeSuite(
  dialect: 'sqlite' | 'postgres',
  opts: { only?: (def: ResourceDef) => boolean; setup?: (ctx: Ctx) => Promise<void> } = {},
) {
  const only = opts.only ?? (() => true);
  const SCOPED = allResources().filter((r) => isScoped(r) && r.endpoints.list && r.endpoints.save && only(r));
  const t = useTestApp(dialect);
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const roles: Record<string, number> = {};
  const depts: Record<string, number> = {};
  /** per resource: the records of each creator (sz, sz2, team, sh, legacy) */
  const records = new Map<string, Record<string, number>>();
  const tag = newTag();
  const shared = new Map<string, unknown>();
  let rank = 0;
  /** a whole save body of this resource with its searched text set to `text` */
  const bodyWith = async (def: ResourceDef, text: string) => ({
    ...(await recordMaker(as('admin')).bodyOf(def, tag, rank++, shared)),
    [scopeOf(def).field]: text,
  });
  const as = (who: string) => (path: string, body?: unknown) => t.current.post(path, body, { token: tokens[who] });
  const db = () => t.current.ctx.db;

  /** gives an account exactly these roles (as the user dialog would) */
  const setRoles = async (who: string, codes: string[]) => {
    await db().deleteFrom('sys_user_role').where('user_id', '=', ids[who]).execute();
    for (const code of codes) await db().insertInto('sys_user_role').values({ user_id: ids[who], role_id: roles[code] }).execute();
    forgetSessions(t.current.ctx);
  };
  /** the ids of this test's records a list shows the account */
  const listed = async (who: string, def: ResourceDef) => {
    const r = await as(who)(def.endpoints.list!.path, { [scopeOf(def).param]: tag, pageSize: 100 });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.total).toBe(r.body.rows.length);
    return (r.body.rows as Row[]).map((x) => x.id as number).sort((a, b) => a - b);
  };
  const idsOf = (def: ResourceDef, ...who: string[]) => who.map((w) => records.get(def.name)![w]).sort((a, b) => a - b);

  beforeAll(async () => {
    const ctx = t.current.ctx;
    await opts.setup?.(ctx);
    // the organisation: 总公司 (the migration's root) › 深圳分公司 › 深圳一组, and 上海分公司
    const root = await db().selectFrom('sys_dept').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    depts.root = Number(root.id);
    const dept = async (name: string, parent: number, ancestors: string) =>
      Number(
        (
          await db()
            .insertInto('sys_dept')
            .values({ parent_id: parent, ancestors, name, create_time: ctx.nowText() })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    depts.sz = await dept('深圳分公司', depts.root, `${depts.root}`);
    depts.team = await dept('深圳一组', depts.sz, `${depts.root},${depts.sz}`);
    depts.sh = await dept('上海分公司', depts.root, `${depts.root}`);
    // one role per scope, each with the content editor's grants
    const editor = await db().selectFrom('sys_role').select('id').where('code', '=', ROLES.EDITOR).executeTakeFirstOrThrow();
    const grants = await db().selectFrom('sys_role_permission').select('permission_key').where('role_id', '=', editor.id).execute();
    const role = async (code: string, scope: string, custom: number[] = []) => {
      const r = await db().insertInto('sys_role').values({ code, name: code, data_scope: scope }).returning('id').executeTakeFirstOrThrow();
      roles[code] = Number(r.id);
      await db()
        .insertInto('sys_role_permission')
        .values(grants.map((g) => ({ role_id: r.id, permission_key: g.permission_key })))
        .execute();
      for (const d of custom) await db().insertInto('sys_role_dept').values({ role_id: r.id, dept_id: d }).execute();
    };
    await role('s_all', 'all');
    await role('s_dept', 'dept');
    await role('s_below', 'deptAndBelow');
    await role('s_self', 'self');
    await role('s_custom', 'custom', [depts.sh, depts.root]);
    await role('s_custom_sh', 'custom', [depts.sh]);
    for (const [who, d, code] of [
      ['sz', 'sz', 's_dept'],
      ['sz2', 'sz', 's_dept'],
      ['team', 'team', 's_dept'],
      ['sh', 'sh', 's_dept'],
      ['hq', 'root', 's_all'],
    ] as const) {
      ids[who] = await insertUser(ctx, `${tag}_${who}`, PASSWORD, []);
      await db().updateTable('sys_user').set({ dept_id: depts[d] }).where('id', '=', ids[who]).execute();
      await setRoles(who, [code]);
      tokens[who] = await t.current.login(`${tag}_${who}`, PASSWORD);
    }
    tokens.admin = await t.current.login();
    // every scoped resource: one record per creator, and one from before departments (its owner row removed)
    for (const def of SCOPED) {
      const mine: Record<string, number> = {};
      for (const who of ['sz', 'sz2', 'team', 'sh', 'admin']) {
        const saved = await recordMaker(as(who)).create(def, tag, rank++, shared);
        mine[who === 'admin' ? 'legacy' : who] = saved.id as number;
      }
      await db().deleteFrom('record_owner').where('resource', '=', def.name).where('record_id', '=', mine.legacy).execute();
      records.set(def.name, mine);
    }
  });

  const cases = (pick: (def: ResourceDef) => boolean = () => true) => SCOPED.filter(pick).map((def) => [def.name, def] as const);

  describe.each(cases())('%s', (_n, def) => {
    it('its records carry their creator’s department and account, set by the server', async () => {
      const rows = await db()
        .selectFrom('record_owner')
        .select(['record_id', 'dept_id', 'user_id'])
        .where('resource', '=', def.name)
        .where('record_id', 'in', idsOf(def, 'sz', 'team'))
        .orderBy('record_id')
        .execute();
      expect(rows.map((r) => [Number(r.dept_id), Number(r.user_id)])).toEqual([
        [depts.sz, ids.sz],
        [depts.team, ids.team],
      ]);
    });

    it('a save that names another department or account as the owner does not move the record there', async () => {
      await setRoles('sz', ['s_dept']);
      const claim = { deptId: depts.sh, userId: ids.sh, dept_id: depts.sh, user_id: ids.sh, ownerDeptId: depts.sh };
      const ownerOf = async (id: number) =>
        (
          await db()
            .selectFrom('record_owner')
            .select(['dept_id', 'user_id'])
            .where('resource', '=', def.name)
            .where('record_id', '=', id)
            .execute()
        ).map((r) => [Number(r.dept_id), Number(r.user_id)]);
      // its own text (the other tests list this test file's records by `tag`, with exact results)
      const text = `认领${rank}`;
      const seen = async (who: string) =>
        ((await as(who)(def.endpoints.list!.path, { [scopeOf(def).param]: text, pageSize: 100 })).body.rows as Row[]).map((x) => x.id);
      const created = await as('sz')(def.endpoints.save!.path, { ...(await bodyWith(def, text)), ...claim });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id as number;
      expect(await ownerOf(id)).toEqual([[depts.sz, ids.sz]]);
      // an edit that names them keeps the owner too, and the record stays where Shenzhen sees it
      const edited = await as('sz')(def.endpoints.save!.path, { ...(await bodyWith(def, text)), ...claim, id });
      expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
      expect(await ownerOf(id)).toEqual([[depts.sz, ids.sz]]);
      expect(await seen('sz')).toEqual([id]);
      await setRoles('sh', ['s_dept']);
      expect(await seen('sh')).toEqual([]);
    });

    it('a Shenzhen editor with 本部门 lists, opens and edits only Shenzhen’s records; others answer 403', async () => {
      await setRoles('sz', ['s_dept']);
      expect(await listed('sz', def)).toEqual(idsOf(def, 'sz', 'sz2'));
      const mine = records.get(def.name)!;
      const get = def.endpoints.get;
      if (get) {
        expect((await as('sz')(`${get.path}?id=${mine.sz2}`)).body.code).toBe(200);
        for (const other of ['team', 'sh', 'legacy']) expect((await as('sz')(`${get.path}?id=${mine[other]}`)).body).toEqual(DENIED);
      }
      const save = def.endpoints.save!.path;
      const edited = await as('sz')(save, { ...(await bodyWith(def, `${tag}_edited`)), id: mine.sz2 });
      expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
      expect((await as('sz')(save, { ...(await bodyWith(def, `${tag}_taken`)), id: mine.sh })).body).toEqual(DENIED);
      for (const [name, toggle] of Object.entries(def.toggles ?? {})) {
        expect((await as('sz')(`${toggle.path}?id=${mine.sh}&flag=1`)).body, name).toEqual(DENIED);
        expect((await as('sz')(`${toggle.path}?id=${mine.sz}&flag=1`)).body.code, name).toBe(200);
      }
      if (def.publishable) {
        expect((await as('sz')(`${def.publishable.publish.path}?id=${mine.sh}`)).body).toEqual(DENIED);
        expect((await as('sz')(`${def.publishable.unpublish.path}?id=${mine.sh}`)).body).toEqual(DENIED);
        expect((await as('sz')(`${def.publishable.publish.path}?id=${mine.sz}`)).body.code).toBe(200);
      }
      if (def.previewable) expect((await as('sz')(`${def.previewable.byId.path}?id=${mine.sh}`)).body).toEqual(DENIED);
      const del = def.endpoints.del;
      if (del) {
        const path = def.del === 'ids' ? del.path : `${del.path}?id=${mine.sh}`;
        expect((await as('sz')(path, def.del === 'ids' ? [mine.sh, mine.sz] : undefined)).body).toEqual(DENIED);
      }
      // nothing of the refused writes happened
      const stored = await as('admin')(def.endpoints.list!.path, { [scopeOf(def).param]: `${tag}_taken` });
      expect(stored.body.total).toBe(0);
    });

    it('the head office with 全部 sees every record; 本部门及以下 the team too; 仅本人 its own; 自定义 the chosen departments', async () => {
      const all = idsOf(def, 'sz', 'sz2', 'team', 'sh', 'legacy');
      expect(await listed('hq', def)).toEqual(all);
      expect(await listed('admin', def)).toEqual(all);
      await setRoles('sz', ['s_below']);
      expect(await listed('sz', def)).toEqual(idsOf(def, 'sz', 'sz2', 'team'));
      await setRoles('sz', ['s_self']);
      expect(await listed('sz', def)).toEqual(idsOf(def, 'sz'));
      if (def.endpoints.get) expect((await as('sz')(`${def.endpoints.get.path}?id=${records.get(def.name)!.sz2}`)).body).toEqual(DENIED);
      // a custom scope holding the head office sees the records from before departments
      await setRoles('sz', ['s_custom']);
      expect(await listed('sz', def)).toEqual(idsOf(def, 'sh', 'legacy'));
      // two roles: the union of their scopes
      await setRoles('sz', ['s_dept', 's_custom_sh']);
      expect(await listed('sz', def)).toEqual(idsOf(def, 'sz', 'sz2', 'sh'));
      // the head office's own 本部门: head office records only (those from before included), no branch
      await setRoles('hq', ['s_dept']);
      expect(await listed('hq', def)).toEqual(idsOf(def, 'legacy'));
      await setRoles('hq', ['s_all']);
      await setRoles('sz', ['s_dept']);
    });

    it.runIf(!!def.revisioned)('revisions of a record outside the scope answer 403; its own restore', async () => {
      await setRoles('sz', ['s_dept']);
      const mine = records.get(def.name)!;
      expect((await as('sz')('/revision/getRevisionList', { resource: def.name, id: mine.sh })).body).toEqual(DENIED);
      const own = await as('sz')('/revision/getRevisionList', { resource: def.name, id: mine.sz });
      expect(own.body.code).toBe(200);
      const theirs = await as('admin')('/revision/getRevisionList', { resource: def.name, id: mine.sh });
      expect((await as('sz')(`/revision/getRevision?id=${theirs.body.data[0].id}`)).body).toEqual(DENIED);
      expect((await as('sz')(`/revision/restore?id=${theirs.body.data[0].id}`)).body).toEqual(DENIED);
      const restored = await as('sz')(`/revision/restore?id=${own.body.data.at(-1).id}`);
      expect(restored.body.code, JSON.stringify(restored.body)).toBe(200);
    });

    it.runIf(isRecyclable(def))('the recycle bin shows, restores and purges only records within the scope', async () => {
      await setRoles('sz', ['s_dept']);
      await setRoles('sh', ['s_dept']);
      const mine = records.get(def.name)!;
      const del = def.endpoints.del!;
      const remove = (who: string, id: number) =>
        as(who)(def.del === 'ids' ? del.path : `${del.path}?id=${id}`, def.del === 'ids' ? [id] : undefined);
      expect((await remove('sz', mine.sz2)).body.code).toBe(200);
      expect((await remove('sh', mine.sh)).body.code).toBe(200);
      const bin = async (who: string) =>
        ((await as(who)('/recycle/getRecyclePage', { resource: def.name, pageSize: 100 })).body.rows as Row[])
          .filter((r) => r.recordId === mine.sz2 || r.recordId === mine.sh)
          .map((r) => r.recordId);
      expect(await bin('sz')).toEqual([mine.sz2]);
      // an unfiltered total (read from the owner rows) counts what the list shows, records in the bin left out
      await setRoles('hq', ['s_dept']);
      for (const who of ['sz', 'sh', 'hq']) {
        const all = (await as(who)(def.endpoints.list!.path, { pageSize: 100 })).body;
        expect(all.total, who).toBe(all.rows.length);
        expect(
          (all.rows as Row[]).map((r) => r.id),
          who,
        ).not.toContain(who === 'sh' ? mine.sh : mine.sz2);
      }
      expect((await as('sz')(def.endpoints.list!.path, { pageSize: 100 })).body.rows.map((r: Row) => r.id)).toContain(mine.sz);
      await setRoles('hq', ['s_all']);
      expect(await bin('admin')).toEqual(expect.arrayContaining([mine.sz2, mine.sh]));
      const entry = async (recordId: number) =>
        ((await as('admin')('/recycle/getRecyclePage', { resource: def.name, pageSize: 100 })).body.rows as Row[]).find(
          (r) => r.recordId === recordId,
        )!.id;
      const theirs = await entry(mine.sh);
      expect((await as('sz')('/recycle/restore', [theirs])).body.code).toBe(404);
      expect((await as('sz')('/recycle/purge', [theirs])).body.code).toBe(404);
      expect((await as('sz')('/recycle/restore', [await entry(mine.sz2)])).body.code).toBe(200);
      expect(await listed('sz', def)).toEqual(idsOf(def, 'sz', 'sz2'));
      const back = (await as('sz')(def.endpoints.list!.path, { pageSize: 100 })).body;
      expect(back.total).toBe(back.rows.length);
      // a purge drops the record's owner row with it
      expect((await as('sh')('/recycle/purge', [theirs])).body.code).toBe(200);
      const owner = await db()
        .selectFrom('record_owner')
        .select('record_id')
        .where('resource', '=', def.name)
        .where('record_id', '=', mine.sh)
        .execute();
      expect(owner).toEqual([]);
    });
  });

  it('the dashboard counts what the scope lists', async () => {
    await setRoles('sz', ['s_dept']);
    const stats = (await as('sz')('/dashboard/getStats')).body;
    expect(stats.code, JSON.stringify(stats)).toBe(200);
    for (const c of stats.data.counts as Row[]) {
      const def = SCOPED.find((d) => d.name === c.resource);
      if (!def) continue;
      const total = (await as('sz')(def.endpoints.list!.path, {})).body.total;
      expect(c.count, def.name).toBe(total);
      const admin = (await as('admin')(def.endpoints.list!.path, {})).body.total;
      expect(c.count, def.name).toBeLessThan(admin);
    }
  });
}
