import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import { createContentTable } from './helpers.js';

/** Friendly links and contact heads (the legacy `headerContorller`). */
export function headerMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await createContentTable(db, dialect, 'friend_link', {
        name: 'text:100',
        url: 'text:500',
        sort_no: 'sort',
        enable_flag: 'flag:1',
      });
      await createContentTable(db, dialect, 'contact_head', {
        organizers: 'text:200',
        address: 'text:300',
        phone: 'text:30',
        record_number: 'text:100',
        enable_flag: 'flag:0',
        img: 'text:500',
        png_logo: 'text:500',
        jpg_logo: 'text:500',
        icon_img: 'text:500',
      });
    },
    async down(db) {
      await db.schema.dropTable('contact_head').ifExists().execute();
      await db.schema.dropTable('friend_link').ifExists().execute();
    },
  };
}
