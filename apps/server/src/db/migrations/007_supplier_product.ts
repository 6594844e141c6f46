import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

export function supplierProductMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'supplier', {
        name: 'text:100',
        summary: 'text:1000',
        logo: 'text:500',
        sort_no: 'sort',
      });
      await createContentTable(db, dialect, 'product', {
        supplier_id: 'int:0',
        name: 'text:200',
        summary: 'text:1000',
        img: 'text:500',
        url: 'text:500',
        sort_no: 'sort',
        create_time: 'time',
      });
      // the supplier filter, the join and the "still has products" check of a supplier delete
      await db.schema.createIndex('product_supplier_idx').on('product').column('supplier_id').execute();
      await db.schema.createIndex('product_create_time_idx').on('product').column('create_time').execute();
    },
    async down(db) {
      await db.schema.dropTable('product').ifExists().execute();
      await db.schema.dropTable('supplier').ifExists().execute();
    },
  };
}
