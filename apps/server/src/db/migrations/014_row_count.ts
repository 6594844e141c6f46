import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * The tables that grow with the years (news, policies, page items) keep their row count in `row_count`,
 * maintained by triggers in the same transaction as every insert and delete, on both dialects. An unfiltered
 * list reads its total from there: `count(*)` walks a whole index, ~11 ms at a million news.
 * The list is fixed here: a table created by a later migration gets its counter from a later migration.
 * The resources read it when their description says `counted: true` (packages/contracts).
 */
const TABLES = ['news', 'policy', 'page_item'];

export function rowCountMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('row_count')
        .addColumn('tbl', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .execute();
      if (dialect === 'postgres') {
        // one update per statement (transition tables), in the table's own schema
        await sql`
          create function row_count_bump() returns trigger language plpgsql as $$
          declare delta bigint;
          begin
            if tg_op = 'INSERT' then
              select count(*) into delta from new_rows;
            elsif tg_op = 'DELETE' then
              select -count(*) into delta from old_rows;
            else
              execute format('update %I.row_count set n = 0 where tbl = $1', tg_table_schema) using tg_table_name;
              return null;
            end if;
            execute format('update %I.row_count set n = n + $1 where tbl = $2', tg_table_schema) using delta, tg_table_name;
            return null;
          end $$`.execute(db);
      }
      for (const table of TABLES) {
        const t = sql.table(table);
        if (dialect === 'postgres') {
          await sql`create trigger ${sql.ref(`${table}_count_ins`)} after insert on ${t}
            referencing new table as new_rows for each statement execute function row_count_bump()`.execute(db);
          await sql`create trigger ${sql.ref(`${table}_count_del`)} after delete on ${t}
            referencing old table as old_rows for each statement execute function row_count_bump()`.execute(db);
          await sql`create trigger ${sql.ref(`${table}_count_trunc`)} after truncate on ${t}
            for each statement execute function row_count_bump()`.execute(db);
        } else {
          await sql`create trigger ${sql.ref(`${table}_count_ins`)} after insert on ${t}
            begin update row_count set n = n + 1 where tbl = ${sql.lit(table)}; end`.execute(db);
          await sql`create trigger ${sql.ref(`${table}_count_del`)} after delete on ${t}
            begin update row_count set n = n - 1 where tbl = ${sql.lit(table)}; end`.execute(db);
        }
        await sql`insert into row_count (tbl, n) select ${sql.lit(table)}, count(*) from ${t}`.execute(db);
      }
    },
    async down(db: AnyDb) {
      for (const table of TABLES) {
        for (const kind of ['ins', 'del', 'trunc']) {
          if (kind === 'trunc' && dialect !== 'postgres') continue;
          const name = sql.ref(`${table}_count_${kind}`);
          if (dialect === 'postgres') await sql`drop trigger if exists ${name} on ${sql.table(table)}`.execute(db);
          else await sql`drop trigger if exists ${name}`.execute(db);
        }
      }
      if (dialect === 'postgres') await sql`drop function if exists row_count_bump()`.execute(db);
      await db.schema.dropTable('row_count').ifExists().execute();
    },
  };
}
