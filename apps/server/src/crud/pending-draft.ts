import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { runShape } from '../db/shapes.js';
import type { Row } from './list.js';

/**
 * Pending drafts of publishable records (migration 039, `draftEndpoints` in contracts resources/publish.ts): the
 * edit a 保存草稿 made to a record on the website, kept apart until 发布 puts it into the record or 放弃草稿 drops it.
 * `data` holds the fields as the save would write them (API names, rich text sanitized), never the publish state.
 * The write pipeline (crud/service.ts) is the only writer.
 */
export interface PendingDraft {
  data: Row;
  userName: string;
  saveTime: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/** `dialect` (the hot reads: a form's record, a list page): the SQL kept per shape (db/shapes.ts) */
export async function readDraft(db: Db, resource: string, recordId: number, dialect?: Dialect): Promise<PendingDraft | null> {
  const query = () =>
    db
      .selectFrom('pending_draft')
      .select(['data', 'user_name', 'save_time'])
      .where('resource', '=', resource)
      .where('record_id', '=', recordId);
  const [r] = dialect
    ? await runShape<{ data: unknown; user_name: unknown; save_time: unknown }>(db, dialect, 'draft:one', [resource, recordId], query)
    : [await query().executeTakeFirst()];
  return r ? { data: JSON.parse(String(r.data)) as Row, userName: String(r.user_name), saveTime: String(r.save_time) } : null;
}

/** keeps `draft` as the record's one pending draft (replacing the one before), inside the writing transaction */
export async function writeDraft(trx: Transaction<Database>, resource: string, recordId: number, draft: PendingDraft): Promise<void> {
  const values = { data: JSON.stringify(draft.data), user_name: draft.userName.slice(0, 100), save_time: draft.saveTime };
  const r = await trx
    .updateTable('pending_draft')
    .set(values)
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0)
    await trx
      .insertInto('pending_draft')
      .values({ resource, record_id: recordId, ...values })
      .execute();
}

/** drops the pending drafts of these records; answers what they held (their images may be unused now) */
export async function dropDrafts(trx: Transaction<Database>, resource: string, recordIds: number[]): Promise<Row[]> {
  if (!recordIds.length) return [];
  const rows = await trx
    .selectFrom('pending_draft')
    .select('data')
    .where('resource', '=', resource)
    .where('record_id', 'in', recordIds)
    .execute();
  if (!rows.length) return [];
  await trx.deleteFrom('pending_draft').where('resource', '=', resource).where('record_id', 'in', recordIds).execute();
  return rows.map((r) => JSON.parse(String(r.data)) as Row);
}

/** when and by whom the pending drafts of these records were saved (a list page's rows), by record id */
export async function draftsOf(
  db: Db,
  resource: string,
  recordIds: number[],
  dialect: Dialect,
): Promise<Map<number, { saveTime: string; userName: string }>> {
  const out = new Map<number, { saveTime: string; userName: string }>();
  if (!recordIds.length) return out;
  const rows = await runShape<{ record_id: unknown; save_time: unknown; user_name: unknown }>(
    db,
    dialect,
    `draft:of:${recordIds.length}`,
    [resource, ...recordIds],
    () =>
      db
        .selectFrom('pending_draft')
        .select(['record_id', 'save_time', 'user_name'])
        .where('resource', '=', resource)
        .where('record_id', 'in', recordIds),
  );
  for (const r of rows) out.set(Number(r.record_id), { saveTime: String(r.save_time), userName: String(r.user_name) });
  return out;
}
