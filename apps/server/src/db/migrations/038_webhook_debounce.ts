import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, bigintType, withId } from './helpers.js';

/**
 * Every visible change tells the site (issue 23):
 * - `webhook.debounce_seconds`: 0 sends each change at once; N > 0 folds a burst into one `site.changed`;
 * - `webhook_fold`: the changes waiting to be folded, one row per webhook and change, written in the change's
 *   transaction; the ticker turns them into one delivery when the burst is over;
 * - the window boundaries of the banners saved before this version (enabled, with a publish or offline time)
 *   become scheduled events marked `fired = 2`: the first tick of the webhook module settles them against its
 *   clock (already past: fired; still ahead: due), since a migration knows no time zone.
 */
export function webhookDebounceMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('webhook')
        .addColumn('debounce_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('webhook_fold'), dialect)
        .addColumn('webhook_id', 'integer', (c) => c.notNull())
        .addColumn('event', 'varchar(64)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('at', bigintType, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_fold_hook_idx').on('webhook_fold').columns(['webhook_id', 'id']).execute();
      for (const [column, action] of [
        ['publish_time', 'publish'],
        ['offline_time', 'unpublish'],
      ] as const) {
        const rows = await db
          .selectFrom('banner')
          .select(['id', column])
          .where('enable_flag', '=', 1)
          .where(column, 'is not', null)
          .where(column, '<>', '')
          .execute();
        for (const r of rows)
          await db
            .insertInto('publish_event')
            .values({ resource: 'banner', record_id: r.id, action, due_at: r[column], fired: 2 })
            .execute();
      }
    },
    async down(db: AnyDb) {
      await db.deleteFrom('publish_event').where('fired', '=', 2).execute();
      await db.schema.dropTable('webhook_fold').ifExists().execute();
      await db.schema.alterTable('webhook').dropColumn('debounce_seconds').execute();
    },
  };
}
