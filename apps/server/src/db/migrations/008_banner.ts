import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function bannerMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'banner', {
        title: 'text:200',
        name: 'text:100',
        banner_type: 'code:20',
        summary: 'text:1000',
        img_url: 'text:500',
        url: 'text:500',
        sort_no: 'sort',
        enable_flag: 'flag:1',
      });
      // the public site reads the enabled banners of one page in sort order
      await db.schema.createIndex('banner_type_idx').on('banner').columns(['banner_type', 'enable_flag', 'sort_no']).execute();
    },
    async down(db) {
      await db.schema.dropTable('banner').ifExists().execute();
    },
  };
}
