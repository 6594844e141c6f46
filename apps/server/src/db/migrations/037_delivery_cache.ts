import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { type AnyDb, createContentTable } from './helpers.js';

/**
 * Caching that clears, and site keys (issue 23):
 * - `content_version`: one row per table the delivery API reads, its `version` a random token the write pipeline
 *   replaces in the writing transaction; the delivery API's ETags are derived from it (no row yet: version `0`);
 * - banners get indexes on their window's two times, so the next window boundary is an index lookup (the
 *   publishable tables have theirs since migration 022);
 * - `site_key`: read-only tokens of the website's own servers (系统管理 › 站点密钥), stored as the SHA-256 of the
 *   key (hex, unique), its first characters kept to tell keys apart.
 */
export function deliveryCacheMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('content_version')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('version', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('banner_publish_idx').on('banner').column('publish_time').execute();
      await db.schema.createIndex('banner_offline_idx').on('banner').column('offline_time').execute();
      await createContentTable(db, dialect, 'site_key', {
        name: 'text:100',
        mode: 'code:16',
        key_prefix: 'text:20',
        key_hash: 'code:64',
        create_by: 'text:50',
        create_time: 'time',
        last_used_time: 'text?:19',
        revoked: 'flag:0',
      });
      await db.schema.createIndex('site_key_hash_idx').on('site_key').column('key_hash').unique().execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('site_key').ifExists().execute();
      await db.schema.dropIndex('banner_publish_idx').ifExists().execute();
      await db.schema.dropIndex('banner_offline_idx').ifExists().execute();
      await db.schema.dropTable('content_version').ifExists().execute();
    },
  };
}
