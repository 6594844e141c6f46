import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function applicationMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'application_type', { code: 'code:50', name: 'text:100', sort_no: 'sort' });
      await db.schema.createIndex('application_type_code_uq').on('application_type').column('code').unique().execute();
      await createContentTable(db, dialect, 'application', {
        type: 'code:50',
        name: 'text:100',
        icon: 'text:500',
        url: 'text:500',
        sort_no: 'sort',
      });
      await db.schema.createIndex('application_by_type_idx').on('application').column('type').execute();
    },
    async down(db) {
      await db.schema.dropTable('application').ifExists().execute();
      await db.schema.dropTable('application_type').ifExists().execute();
    },
  };
}
