import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function policyMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'policy', {
        title: 'text:200',
        summary: 'text:1000',
        summary_img: 'text:500',
        author: 'text:100',
        source: 'text:200',
        count: 'int:0',
        is_top: 'flag:0',
        is_hot: 'flag:0',
        content: 'html',
        create_time: 'time',
      });
      await db.schema.createIndex('policy_list_idx').on('policy').columns(['is_top', 'create_time']).execute();
    },
    async down(db) {
      await db.schema.dropTable('policy').ifExists().execute();
    },
  };
}
