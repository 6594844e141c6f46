import type { Migration } from 'kysely';
import type { Dialect } from '../index.js';
import type { AnyDb } from './helpers.js';

/** the webhook module's permission keys at the time of this migration */
const WEBHOOK_KEYS = [
  '/webhook/getWebhookPage',
  '/webhook/saveWebhook',
  '/webhook/delWebhook',
  '/webhook/testWebhook',
  '/webhook/getDeliveryPage',
];

/**
 * Webhooks become an administrator's tool (issue 21):
 * - `secret_set` tells whether a secret is set: the secret itself is write-only from now on;
 * - the answers kept of earlier deliveries (up to 500 characters of a receiver's body) are dropped;
 * - the webhook keys the seed gave to the other roles are taken back: a role keeps them only when an
 *   administrator granted it the Webhook menu (the seed never did);
 * - the secrets the operation log recorded with webhook saves, and deleted webhooks in the recycle bin
 *   (which kept the whole row), are removed.
 */
export function webhookGuardMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('webhook')
        .addColumn('secret_set', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.updateTable('webhook').set({ secret_set: 1 }).where('secret', '<>', '').execute();
      await db.updateTable('webhook_delivery').set({ last_answer: '' }).execute();

      const menu = await db.selectFrom('sys_menu').select('id').where('route_name', '=', 'WebhookList').executeTakeFirst();
      const granted = menu
        ? (await db.selectFrom('sys_role_menu').select('role_id').where('menu_id', '=', menu.id).execute()).map((r) => Number(r.role_id))
        : [];
      const others = await db.selectFrom('sys_role').select('id').where('code', '<>', 'admin').execute();
      const seeded = others.map((r) => Number(r.id)).filter((id) => !granted.includes(id));
      if (seeded.length)
        await db.deleteFrom('sys_role_permission').where('role_id', 'in', seeded).where('permission_key', 'in', WEBHOOK_KEYS).execute();

      const logged = await db
        .selectFrom('oper_log')
        .select(['id', 'before_data', 'after_data'])
        .where('module', '=', 'webhook')
        .where((eb) => eb.or([eb('before_data', 'like', '%"secret"%'), eb('after_data', 'like', '%"secret"%')]))
        .execute();
      const scrub = (v: unknown) => {
        if (typeof v !== 'string') return v ?? null;
        try {
          const o = JSON.parse(v) as Record<string, unknown> | null;
          if (o && typeof o === 'object') delete o.secret;
          return JSON.stringify(o);
        } catch {
          return null;
        }
      };
      for (const r of logged)
        await db
          .updateTable('oper_log')
          .set({ before_data: scrub(r.before_data), after_data: scrub(r.after_data) })
          .where('id', '=', r.id)
          .execute();
      await db.deleteFrom('recycle_bin').where('resource', '=', 'webhook').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('webhook').dropColumn('secret_set').execute();
    },
  };
}
