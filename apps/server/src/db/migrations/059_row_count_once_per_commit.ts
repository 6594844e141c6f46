import { type Migration, sql } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/**
 * PostgreSQL: a transaction's kept row counts (migrations 014, 058) are added to `row_count` once at its commit, not
 * once per row. Migration 058's deferred trigger updated the table's `row_count` row for every inserted or deleted
 * row, all at commit: every update of that one row in one transaction adds a version the next must step over, so a
 * statement of n rows took time in n² (10,000 news 1.7 s, 20,000 6.2 s, 100,000 over two minutes: a restore or a
 * bulk insert stalled). Each row now only adds ±1 to a setting local to the transaction (`set_config(…, true)`,
 * undone with it, and with a savepoint rolled back to); the first of the deferred triggers at commit writes the sum
 * and sets it to 0, the others find 0 and write nothing (100,000 rows: 1.1 s). SQLite is unchanged.
 */
const TABLES = ['news', 'policy', 'page_item'];

/**
 * the transaction-local setting that holds a table's uncommitted count, named by the table's oid (a setting's name
 * takes only simple identifiers: a schema named `my-site` or `2026` would make every insert fail)
 */
const KEY = sql`'gk_row_count.t' || tg_relid::bigint`;

export function rowCountOncePerCommitMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`
        create function row_count_note() returns trigger language plpgsql as $$
        declare
          k text := ${KEY};
        begin
          perform set_config(k, (coalesce(nullif(current_setting(k, true), ''), '0')::bigint
            + case when tg_op = 'INSERT' then 1 else -1 end)::text, true);
          return null;
        end $$`.execute(db);
      await sql`
        create or replace function row_count_row() returns trigger language plpgsql as $$
        declare
          k text := ${KEY};
          d bigint := coalesce(nullif(current_setting(k, true), ''), '0')::bigint;
        begin
          if d <> 0 then
            perform set_config(k, '0', true);
            execute format('update %I.row_count set n = n + $1 where tbl = $2', tg_table_schema) using d, tg_table_name;
          end if;
          return null;
        end $$`.execute(db);
      for (const table of TABLES)
        await sql`create trigger ${sql.ref(`${table}_count_note`)} after insert or delete on ${sql.table(table)}
          for each row execute function row_count_note()`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const table of TABLES) await sql`drop trigger if exists ${sql.ref(`${table}_count_note`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists row_count_note()`.execute(db);
      await sql`
        create or replace function row_count_row() returns trigger language plpgsql as $$
        begin
          execute format('update %I.row_count set n = n + $1 where tbl = $2', tg_table_schema)
            using case when tg_op = 'INSERT' then 1 else -1 end, tg_table_name;
          return null;
        end $$`.execute(db);
    },
  };
}
