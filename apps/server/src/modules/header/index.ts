import { contactResource, linkResource } from '@gk/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from '../../context.js';
import { registerResource } from '../../crud/routes.js';

/**
 * Friendly links and contact heads of the legacy `headerContorller` (SPEC point 7, misspelling kept).
 *
 * The public website shows ONE contact head: enabling a contact (save or switch) disables every other,
 * inside the same transaction. Disabling or deleting the live one leaves none live until another is enabled.
 */
export function register(api: FastifyInstance, ctx: Ctx): void {
  registerResource(api, ctx, linkResource);
  registerResource(api, ctx, contactResource, {
    afterWrite: async (id, { trx }) => {
      const db = trx;
      const row = await db.selectFrom('contact_head').select('enable_flag').where('id', '=', id).executeTakeFirst();
      if (Number(row?.enable_flag) !== 1) return;
      // PostgreSQL: two contacts enabled at the same instant must not both stay live. This lock makes the
      // second wait for the first to commit; its statement then sees the first one's row and disables it.
      // (SQLite already runs one writer at a time.)
      if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('contact_head.enable_flag'))`.execute(db);
      await db.updateTable('contact_head').set({ enable_flag: 0 }).where('id', '<>', id).where('enable_flag', '=', 1).execute();
    },
  });
}
