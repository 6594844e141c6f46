import { resourceNamed, SEO_FIELDS, translatableFields } from '@gk/contracts';
import type { Ctx } from '../../context.js';
import { contentVersions } from './version.js';

type Row = Record<string, unknown>;

/**
 * TEST HELPER, to be replaced by the staff save once it writes translations (issue 24, crud/translations.ts): seeds
 * a record's values in one content locale, writing migration 040's tables exactly as its doc comment describes, and
 * gives the resource's table a new content version (as every write does).
 *
 * - the default locale (CONTENT_LOCALES' first): `content_translation.data` = its SEO fields except slug, `has_text` 1;
 * - another locale: `data` = its translated fields and SEO fields except slug (API names), `has_text` = 1 when a
 *   translated field holds text;
 * - `slug`: becomes the record's current slug in that locale (`content_slug.current = 1`); the one it had stays as an
 *   old one (`current = 0`, a redirect).
 *
 * `null` as values removes the locale's row and slugs.
 */
export async function seedTranslation(
  ctx: Ctx,
  resource: string,
  recordId: number,
  locale: string,
  values: Row | null,
  opts: { sourceVersion?: number; updateTime?: string } = {},
): Promise<void> {
  const def = resourceNamed(resource);
  const isDefault = locale === ctx.config.contentLocales[0];
  const fields = translatableFields(def);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('content_translation')
      .where('resource', '=', resource)
      .where('record_id', '=', recordId)
      .where('locale', '=', locale)
      .execute();
    if (values == null) {
      await trx
        .deleteFrom('content_slug')
        .where('resource', '=', resource)
        .where('record_id', '=', recordId)
        .where('locale', '=', locale)
        .execute();
    } else {
      const kept = [...(isDefault ? [] : fields), ...SEO_FIELDS.filter((f) => f !== 'slug')];
      const data = Object.fromEntries(kept.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
      const hasText = isDefault || fields.some((f) => typeof values[f] === 'string' && (values[f] as string).trim() !== '');
      await trx
        .insertInto('content_translation')
        .values({
          resource,
          record_id: recordId,
          locale,
          data: JSON.stringify(data),
          has_text: hasText ? 1 : 0,
          source_version: opts.sourceVersion ?? 0,
          user_name: 'test',
          update_time: opts.updateTime ?? ctx.nowText(),
        })
        .execute();
      const slug = typeof values.slug === 'string' ? values.slug : '';
      if (slug) {
        await trx
          .updateTable('content_slug')
          .set({ current: 0 })
          .where('resource', '=', resource)
          .where('record_id', '=', recordId)
          .where('locale', '=', locale)
          .execute();
        await trx
          .deleteFrom('content_slug')
          .where('resource', '=', resource)
          .where('locale', '=', locale)
          .where('slug', '=', slug)
          .execute();
        await trx
          .insertInto('content_slug')
          .values({ resource, locale, slug, record_id: recordId, current: 1, create_time: ctx.nowText() })
          .execute();
      }
    }
    await contentVersions(ctx).bump(trx, [def.table]);
  });
}
