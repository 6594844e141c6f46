import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function waybillCompanyMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'waybill_template', {
        code: 'code:50',
        name: 'text:100',
        sketch_img: 'text:500',
        content: 'html',
        sort_no: 'sort',
        enable_flag: 'flag:1',
        create_time: 'time',
      });
      await db.schema.createIndex('waybill_template_code_uq').on('waybill_template').column('code').unique().execute();
      await createContentTable(db, dialect, 'company', {
        name: 'text:200',
        short_name: 'text:100',
        summary: 'text:2000',
        logo: 'text:500',
        address: 'text:300',
        phone: 'text:30',
        email: 'text:100',
        website: 'text:500',
        record_number: 'text:100',
        // always 1: the unique index keeps the profile a single row, even under concurrent first saves
        singleton: 'int:1',
      });
      await db.schema.createIndex('company_singleton_uq').on('company').column('singleton').unique().execute();
    },
    async down(db) {
      await db.schema.dropTable('company').ifExists().execute();
      await db.schema.dropTable('waybill_template').ifExists().execute();
    },
  };
}
