import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function newsMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'news_type', { code: 'code:50', name: 'text:100', sort_no: 'sort' });
      await db.schema.createIndex('news_type_code_uq').on('news_type').column('code').unique().execute();
      await createContentTable(db, dialect, 'news', {
        title: 'text:200',
        type: 'code:50',
        summary: 'text:1000',
        summary_img: 'text:500',
        count: 'int:0',
        is_top: 'flag:0',
        is_hot: 'flag:0',
        content: 'html',
        create_time: 'time',
      });
      await db.schema.createIndex('news_type_idx').on('news').columns(['type', 'create_time']).execute();
      await db.schema.createIndex('news_list_idx').on('news').columns(['is_top', 'create_time']).execute();
    },
    async down(db) {
      await db.schema.dropTable('news').ifExists().execute();
      await db.schema.dropTable('news_type').ifExists().execute();
    },
  };
}
