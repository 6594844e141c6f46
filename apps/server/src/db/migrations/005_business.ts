import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function businessMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'business_type', {
        name: 'text:100',
        code: 'code:50',
        summary: 'text:1000',
        summary_img: 'text:500',
        sort_no: 'sort',
      });
      await db.schema.createIndex('business_type_code_uq').on('business_type').column('code').unique().execute();
      await createContentTable(db, dialect, 'business', {
        type: 'code:50',
        name: 'text:100',
        summary: 'text:1000',
        logo: 'text:500',
        url: 'text:500',
        sort_no: 'sort',
      });
      await db.schema.createIndex('business_by_type_idx').on('business').column('type').execute();
    },
    async down(db) {
      await db.schema.dropTable('business').ifExists().execute();
      await db.schema.dropTable('business_type').ifExists().execute();
    },
  };
}
