import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, withId } from './helpers.js';

/**
 * Preview snapshots (issue 11): a preview of unsaved edits keeps the form's record here until its signed
 * link expires (`expires_at`, epoch ms). Webhooks, their deliveries and the scheduled publish / offline events.
 */
export function previewWebhookMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('preview_snapshot'), dialect)
        .addColumn('resource', 'varchar(32)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('preview_snapshot_exp_idx').on('preview_snapshot').column('expires_at').execute();
      await withId(db.schema.createTable('webhook'), dialect)
        .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('events', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('secret', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('enable_flag', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .execute();
      // one row per webhook and event: written in the transaction of the change, sent by the ticker
      await withId(db.schema.createTable('webhook_delivery'), dialect)
        .addColumn('webhook_id', 'integer', (c) => c.notNull())
        .addColumn('event', 'varchar(64)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('last_status', 'integer')
        .addColumn('last_answer', 'varchar(500)')
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .addColumn('update_time', 'varchar(19)')
        .execute();
      await db.schema.createIndex('webhook_delivery_due_idx').on('webhook_delivery').columns(['status', 'next_at']).execute();
      await db.schema.createIndex('webhook_delivery_hook_idx').on('webhook_delivery').columns(['webhook_id', 'id']).execute();
      // a scheduled publish or offline time: fires its event once when it passes
      await withId(db.schema.createTable('publish_event'), dialect)
        .addColumn('resource', 'varchar(32)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('due_at', 'varchar(19)', (c) => c.notNull())
        .addColumn('fired', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('publish_event_due_idx').on('publish_event').columns(['fired', 'due_at']).execute();
      await db.schema.createIndex('publish_event_rec_idx').on('publish_event').columns(['resource', 'record_id']).execute();
    },
    async down(db: AnyDb) {
      for (const t of ['publish_event', 'webhook_delivery', 'webhook', 'preview_snapshot'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
