import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/** the form-preview permission of each previewable resource, given to the roles holding its save button (literals) */
const FORM_PREVIEW = [
  { save: '/news/saveNews', key: '/news/previewNewsForm', module: 'news', name: '预览未保存的新闻' },
  { save: '/policy/savePolicy', key: '/policy/previewPolicyForm', module: 'policy', name: '预览未保存的政策公告' },
  { save: '/page/savePageItems', key: '/page/previewPageItemForm', module: 'page', name: '预览未保存的页面内容' },
];

/**
 * Preview snapshots get an owner and a size (issue 21): each account keeps at most so many, and so many bytes,
 * of them. The snapshots kept so far belong to nobody and could not be counted: they go (a preview link lives
 * 30 minutes). Previewing unsaved edits becomes a permission of its own, apart from read: every role that
 * could save a resource keeps previewing its forms.
 */
export function previewQuotaMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.deleteFrom('preview_snapshot').execute();
      await db.schema
        .alterTable('preview_snapshot')
        .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('preview_snapshot')
        .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('preview_snapshot_user_idx').on('preview_snapshot').columns(['user_id', 'id']).execute();
      for (const p of FORM_PREVIEW) {
        const holders = await db.selectFrom('sys_role_permission').select('role_id').where('permission_key', '=', p.save).execute();
        if (holders.length === 0) continue;
        const known = await db.selectFrom('sys_permission').select('key').where('key', '=', p.key).executeTakeFirst();
        if (!known) await db.insertInto('sys_permission').values({ key: p.key, name: p.name, module: p.module, kind: 'write' }).execute();
        const already = new Set(
          (await db.selectFrom('sys_role_permission').select('role_id').where('permission_key', '=', p.key).execute()).map((r) =>
            Number(r.role_id),
          ),
        );
        const rows = holders.map((h) => Number(h.role_id)).filter((id) => !already.has(id));
        if (rows.length)
          await db
            .insertInto('sys_role_permission')
            .values(rows.map((role_id) => ({ role_id, permission_key: p.key })))
            .execute();
      }
    },
    async down(db: AnyDb) {
      const keys = FORM_PREVIEW.map((p) => p.key);
      await db.deleteFrom('sys_role_permission').where('permission_key', 'in', keys).execute();
      await db.deleteFrom('sys_permission').where('key', 'in', keys).execute();
      await db.schema.dropIndex('preview_snapshot_user_idx').execute();
      await db.schema.alterTable('preview_snapshot').dropColumn('bytes').execute();
      await db.schema.alterTable('preview_snapshot').dropColumn('user_id').execute();
    },
  };
}
