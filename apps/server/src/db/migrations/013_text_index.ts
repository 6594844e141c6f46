import { newsResource, policyResource } from '@gk/contracts';
import type { Migration } from 'kysely';
import { createGramTable, rebuildTextIndex } from '../../http/text-index.js';
import type { Dialect } from '../index.js';

/** Gram indexes for title search of news and policies (see http/text-index.ts), filled from existing rows. */
export function textIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createGramTable(
        db,
        dialect,
        'news_title_gram',
        { type: 'varchar(50)', is_top: 'integer', create_time: 'varchar(19)' },
        ['type'],
        ['is_top', 'create_time'],
      );
      await createGramTable(
        db,
        dialect,
        'policy_title_gram',
        { is_top: 'integer', create_time: 'varchar(19)' },
        [],
        ['is_top', 'create_time'],
      );
      // the list's default order read straight from an index (SQLite indexes carry the rowid already)
      if (dialect === 'postgres') {
        await db.schema.createIndex('news_order_idx').on('news').columns(['is_top', 'create_time', 'id']).execute();
        await db.schema.createIndex('news_type_order_idx').on('news').columns(['type', 'is_top', 'create_time', 'id']).execute();
        await db.schema.createIndex('policy_order_idx').on('policy').columns(['is_top', 'create_time', 'id']).execute();
      } else {
        await db.schema.createIndex('news_type_order_idx').on('news').columns(['type', 'is_top', 'create_time']).execute();
      }
      await rebuildTextIndex(db, newsResource);
      await rebuildTextIndex(db, policyResource);
    },
    async down(db) {
      await db.schema.dropTable('news_title_gram').ifExists().execute();
      await db.schema.dropTable('policy_title_gram').ifExists().execute();
    },
  };
}
