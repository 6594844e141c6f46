import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function pageMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'page_def', { name: 'text:100', show_type: 'code:20' });
      await createContentTable(db, dialect, 'page_item', {
        title: 'text:200',
        page_id: 'int:0',
        tag: 'text:100',
        summary: 'text:1000',
        summary_img: 'text:500',
        content: 'html',
        sort_no: 'sort',
        create_time: 'time',
        is_hot: 'flag:0',
        is_top: 'flag:0',
      });
      await db.schema.createIndex('page_item_page_idx').on('page_item').columns(['page_id', 'create_time']).execute();
    },
    async down(db) {
      await db.schema.dropTable('page_item').ifExists().execute();
      await db.schema.dropTable('page_def').ifExists().execute();
    },
  };
}
