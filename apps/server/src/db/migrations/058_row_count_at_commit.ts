import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * PostgreSQL: the kept row counts (migration 014) change when the writing transaction commits, not at its insert
 * or delete (issue 28). Migration 014's statement triggers updated the table's one `row_count` row at the insert,
 * so every other insert of that table waited on it until the first transaction ended: a news save holds its
 * transaction for its text index, locales, slug, operation log, revision and listeners after the insert, and
 * saves on 10 connections ran one at a time (71 saves/s, nine of ten connections waiting on the counter). Deferred
 * constraint triggers now add each row at commit, where the row is held only while the commit is written. A
 * transaction sees its own inserts in `row_count` only once committed; nothing reads a total inside the writing
 * transaction. A bulk load that bypasses triggers (`session_replication_role = replica`) sets the counts after it.
 * TRUNCATE keeps its statement trigger. SQLite (one writer) keeps its row triggers.
 */
const TABLES = ['news', 'policy', 'page_item'];

export function rowCountAtCommitMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`
        create function row_count_row() returns trigger language plpgsql as $$
        begin
          execute format('update %I.row_count set n = n + $1 where tbl = $2', tg_table_schema)
            using case when tg_op = 'INSERT' then 1 else -1 end, tg_table_name;
          return null;
        end $$`.execute(db);
      for (const table of TABLES) {
        const t = sql.table(table);
        for (const kind of ['ins', 'del']) await sql`drop trigger if exists ${sql.ref(`${table}_count_${kind}`)} on ${t}`.execute(db);
        await sql`create constraint trigger ${sql.ref(`${table}_count_ins`)} after insert on ${t}
          deferrable initially deferred for each row execute function row_count_row()`.execute(db);
        await sql`create constraint trigger ${sql.ref(`${table}_count_del`)} after delete on ${t}
          deferrable initially deferred for each row execute function row_count_row()`.execute(db);
      }
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const table of TABLES) {
        const t = sql.table(table);
        for (const kind of ['ins', 'del']) await sql`drop trigger if exists ${sql.ref(`${table}_count_${kind}`)} on ${t}`.execute(db);
        await sql`create trigger ${sql.ref(`${table}_count_ins`)} after insert on ${t}
          referencing new table as new_rows for each statement execute function row_count_bump()`.execute(db);
        await sql`create trigger ${sql.ref(`${table}_count_del`)} after delete on ${t}
          referencing old table as old_rows for each statement execute function row_count_bump()`.execute(db);
      }
      await sql`drop function if exists row_count_row()`.execute(db);
    },
  };
}
