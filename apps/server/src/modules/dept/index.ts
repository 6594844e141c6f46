import { type DeptNode, deptEndpoints, deptResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';
import type { CrudHooks } from '../../crud/service.js';
import type { AnyDb } from '../../db/index.js';
import { badRequest, conflict } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRoute } from '../../http/route.js';

/** `ancestors` of a department's children: its own ancestors and itself (`1,4` → `1,4,9`). */
export const pathOf = (d: { id: number | string; ancestors: string }) => (d.ancestors ? `${d.ancestors},${d.id}` : String(d.id));

/** Every department as a tree, siblings by sort number then id, each with the number of accounts directly in it. */
export async function deptTree(db: AnyDb): Promise<DeptNode[]> {
  const rows = await db
    .selectFrom('sys_dept')
    .select(['id', 'parent_id', 'name', 'sort_no', 'enable_flag', 'create_time'])
    .orderBy('sort_no')
    .orderBy('id')
    .execute();
  const counts = await db
    .selectFrom('sys_user')
    .select(['dept_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('dept_id')
    .execute();
  const countOf = new Map(counts.map((c) => [Number(c.dept_id), Number(c.n)]));
  const nodes = new Map<number, DeptNode>(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        parentId: r.parent_id == null ? null : Number(r.parent_id),
        name: r.name,
        sortNo: Number(r.sort_no),
        enableFlag: Number(r.enable_flag),
        createTime: r.create_time,
        userCount: countOf.get(Number(r.id)) ?? 0,
      },
    ]),
  );
  const roots: DeptNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId == null ? undefined : nodes.get(n.parentId);
    if (!parent) roots.push(n);
    else if (parent.children) parent.children.push(n);
    else parent.children = [n];
  }
  return roots;
}

/** The ids of these departments and of every department below them. */
export async function deptAndBelow(db: AnyDb, deptIds: number[]): Promise<number[]> {
  if (!deptIds.length) return [];
  const rows = await db.selectFrom('sys_dept').select(['id', 'ancestors']).execute();
  const wanted = new Set(deptIds);
  const out = new Set<number>();
  for (const r of rows) {
    const chain = r.ancestors ? r.ancestors.split(',').map(Number) : [];
    if (wanted.has(Number(r.id)) || chain.some((a) => wanted.has(a))) out.add(Number(r.id));
  }
  return [...out];
}

/** The root department (总公司, created by migration 044): where accounts without a department belong. */
export async function rootDeptId(db: AnyDb): Promise<number> {
  const root = await db.selectFrom('sys_dept').select('id').where('parent_id', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
  return Number(root.id);
}

/** Names for a refusal message: at most `limit`, then `…`. */
const listed = (names: string[], limit = 10) => (names.length > limit ? [...names.slice(0, limit), '…'] : names).join('、');

/**
 * Departments (系统管理 › 部门管理, issue 25) on `sys_dept`. The root (总公司) keeps no parent and cannot be deleted;
 * every other department has an existing parent (a new one without it: the root) that is neither itself nor below it, and its name is unique
 * among its siblings. A move rewrites the `ancestors` of everything below it. A department with child departments
 * or accounts cannot be deleted (the message names them); the custom data scopes naming it forget it.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  const hooks: CrudHooks = {
    beforeSave: async (values, { id: deptId, existing, trx, scratch }) => {
      const isRoot = !!existing && existing.parentId == null;
      if (isRoot) {
        if (values.parentId != null) throw conflict('dept.rootLocked');
        delete values.parentId;
      } else if (values.parentId == null) {
        // an update that leaves the parent out keeps it; a new department without one is placed under the head office
        if (!existing) values.parentId = await rootDeptId(trx);
        else delete values.parentId;
      }
      const parentId = (values.parentId ?? existing?.parentId ?? null) as number | null;
      if (parentId != null) {
        const parent = await trx.selectFrom('sys_dept').select(['id', 'ancestors']).where('id', '=', parentId).executeTakeFirst();
        if (!parent) throw badRequest('dept.parentUnknown');
        if (deptId != null && (Number(parent.id) === deptId || pathOf(parent).split(',').map(Number).includes(deptId)))
          throw badRequest('dept.parentLoop');
        values.ancestors = pathOf(parent);
        if (existing) {
          const old = await trx.selectFrom('sys_dept').select(['id', 'ancestors']).where('id', '=', deptId!).executeTakeFirstOrThrow();
          if (old.ancestors !== values.ancestors)
            scratch.moved = { from: pathOf(old), to: pathOf({ id: deptId!, ancestors: String(values.ancestors) }) };
        }
      }
      const name = (values.name ?? existing?.name) as string;
      let same = trx.selectFrom('sys_dept').select('id').where('name', '=', name);
      same = parentId == null ? same.where('parent_id', 'is', null) : same.where('parent_id', '=', parentId);
      if (deptId != null) same = same.where('id', '<>', deptId);
      if (await same.executeTakeFirst()) throw conflict('dept.nameExists', { name });
      if (values.sortNo === null) values.sortNo = 0;
      return values;
    },
    afterWrite: async (_id, { trx, scratch }) => {
      const moved = scratch.moved as { from: string; to: string } | undefined;
      if (!moved) return;
      const below = await trx
        .selectFrom('sys_dept')
        .select(['id', 'ancestors'])
        .where((eb) => eb.or([eb('ancestors', '=', moved.from), eb('ancestors', 'like', `${moved.from},%`)]))
        .execute();
      for (const d of below)
        await trx
          .updateTable('sys_dept')
          .set({ ancestors: moved.to + d.ancestors.slice(moved.from.length) })
          .where('id', '=', Number(d.id))
          .execute();
    },
    beforeDelete: async (rows, { trx }) => {
      for (const r of rows) {
        const deptId = Number(r.id);
        if (r.parent_id == null) throw conflict('dept.rootLocked');
        const children = await trx
          .selectFrom('sys_dept')
          .select('name')
          .where('parent_id', '=', deptId)
          .orderBy('sort_no')
          .orderBy('id')
          .execute();
        if (children.length) throw conflict('dept.hasChildren', { name: String(r.name), children: listed(children.map((c) => c.name)) });
        const users = await trx.selectFrom('sys_user').select('user_name').where('dept_id', '=', deptId).orderBy('id').limit(11).execute();
        if (users.length) throw conflict('dept.hasUsers', { name: String(r.name), users: listed(users.map((u) => u.user_name)) });
        await trx.deleteFrom('sys_role_dept').where('dept_id', '=', deptId).execute();
        // its content records go up to the parent department, so whoever saw them through the tree still does
        await trx
          .updateTable('record_owner')
          .set({ dept_id: Number(r.parent_id) })
          .where('dept_id', '=', deptId)
          .execute();
      }
    },
  };

  registerResource(api, ctx, deptResource, hooks);

  addRoute(api, ctx, {
    endpoint: deptEndpoints.tree,
    handler: async (_i, req) => ok(req, await deptTree(ctx.db)),
  });
}
