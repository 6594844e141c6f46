import {
  type FieldDef,
  hasSeo,
  IMAGE_URL_PREFIX,
  imageMetaName,
  imageNameOf,
  LOCALE_FIELDS,
  publicFields,
  type ResourceDef,
  SEO_FIELDS,
} from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { type ImageSize as ImageMeta, imageMetaOf, srcsetOf } from '../upload/index.js';
import { isoOf } from './iso-time.js';
import { type LocaleInfo, localesOfRecord, localize, readLocales, type SeoValues } from './localized.js';
import { type RichText, readImages, writeImages } from './rich-text.js';

type Row = Record<string, unknown>;

/** a host as a URL may name it: a name or IPv4 address, or a bracketed IPv6 address, and an optional port */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The origin image URLs of a delivery reply start with: PUBLIC_BASE_URL, or else the request's own
 * (`req.protocol` and `req.host`, which Fastify reads from X-Forwarded-Proto / X-Forwarded-Host only behind a
 * proxy TRUST_PROXY trusts). A host that is no host name leaves the URLs root-relative.
 */
export function originOf(ctx: Ctx, req: FastifyRequest): string {
  if (ctx.config.publicBaseUrl) return ctx.config.publicBaseUrl;
  const host = req.host;
  return typeof host === 'string' && HOST.test(host) ? `${req.protocol === 'https' ? 'https' : 'http'}://${host}` : '';
}

/** the SEO fields as a reply shapes them: the share image like an image field, the flag as 0/1, the rest as text */
const SEO_SHAPES: FieldDef[] = SEO_FIELDS.map((name) => ({
  name,
  type: name === 'ogImage' ? 'image' : name === 'noindex' ? 'flag' : 'text',
  label: `seo.f.${name}`,
}));

/**
 * Rows as the delivery API answers them, for one request:
 * - of a translatable resource, in the request's content locale (issue 24, localized.ts): translated fields overlaid
 *   along the fallback chain, `locale`, `locales`, `fallbackFields`, and with SEO fields those of the served locale
 *   (`ogImage` with its `ogImageMeta`); image alt text in the served locale where one is set (the tables read once
 *   for all the rows);
 * - the resource's public fields only (rich-text bodies only where `withHtml`), `publishTime` falling back to the
 *   creation time, rich text never null ('');
 * - every date ISO 8601 with its offset in TZ_NAME;
 * - every stored image absolute, each image field with its `{field}Meta` (url, width, height, alt, srcset; null when
 *   the field is empty or the image's size is unknown), every `<img>` of rich text with an absolute src, width,
 *   height and srcset (image_meta read once for all the rows);
 * - only the `fields` asked for (and id), when a list names them.
 */
export class ReplyShaper {
  /** the content locale asked for (CONTENT_LOCALES; default: the default locale) */
  readonly locale: string;

  constructor(
    readonly ctx: Ctx,
    readonly origin: string,
    locale?: string,
  ) {
    this.locale = locale || ctx.config.contentLocales[0];
  }

  static of(ctx: Ctx, req: FastifyRequest): ReplyShaper {
    return new ReplyShaper(ctx, originOf(ctx, req), req.contentLocale);
  }

  /**
   * Records in this shaper's locale: overlaid, with what each says of its locales and its SEO fields (null for a
   * resource that is not translatable). A record carrying `translations` (a draft as the editors have it) is read
   * from them; the others from the tables, in one query.
   */
  async localized(def: ResourceDef, records: Row[]): Promise<{ record: Row; info: LocaleInfo | null; seo: SeoValues | null }[]> {
    if (!def.translatable) return records.map((record) => ({ record, info: null, seo: null }));
    const { config } = this.ctx;
    const own = records.map((r) => localesOfRecord(def, r, config));
    const read = own.some((o) => !o)
      ? await readLocales(
          this.ctx.db,
          def.name,
          records.filter((_r, i) => !own[i]).map((r) => Number(r.id)),
        )
      : null;
    return records.map((r, i) => localize(def, r, own[i] ?? read?.get(Number(r.id)), this.locale, config));
  }

  absolute = (url: string): string => (url.startsWith(IMAGE_URL_PREFIX) ? `${this.origin}${url}` : url);

  srcset = (url: string, width: number): string => srcsetOf(url, width, this.ctx.config.imageWidths);

  async rows(def: ResourceDef, given: Row[], withHtml: boolean, fields?: ReadonlySet<string> | null): Promise<Row[]> {
    const localized = await this.localized(def, given);
    const seoShown = hasSeo(def) ? SEO_SHAPES.filter((f) => !fields || fields.has(f.name)) : [];
    // the SEO fields ride along as fields of the row (the share image shaped like any image)
    const records = localized.map((l) => (l.seo ? { ...l.record, ...l.seo } : l.record));
    const shown = [...publicFields(def, withHtml).filter((f) => !fields || f.name === 'id' || fields.has(f.name)), ...seoShown];
    const shownNames = new Set(shown.map((f) => f.name));
    const images = shown.filter((f) => f.type === 'image');
    const html = shown.filter((f) => f.type === 'html');
    // first pass: the stored images every row names, and the tags of each body
    const names = new Set<string>();
    const bodies = records.map((r) => {
      for (const f of images) {
        const v = r[f.name];
        const name = typeof v === 'string' && v.startsWith(IMAGE_URL_PREFIX) ? imageNameOf(v) : null;
        if (name) names.add(name);
      }
      const read = new Map<string, RichText>();
      for (const f of html) {
        const body = readImages(typeof r[f.name] === 'string' ? (r[f.name] as string) : '');
        for (const tag of body.tags) names.add(tag.name);
        read.set(f.name, body);
      }
      return read;
    });
    const defaultLocale = this.locale === this.ctx.config.contentLocales[0];
    const meta = names.size ? await imageMetaOf(this.ctx.db, names, defaultLocale ? null : this.locale) : new Map<string, ImageMeta>();
    const zone = this.ctx.config.timeZone;
    return records.map((r, i) => {
      const out: Row = {};
      for (const f of shown) {
        let v = r[f.name];
        // the date a site shows: when it went live (records older than publishing: when created)
        if (f.name === 'publishTime' && v == null) v = r.createTime ?? null;
        if (f.type === 'datetime') out[f.name] = isoOf(v, zone);
        else if (f.type === 'html') out[f.name] = writeImages(bodies[i].get(f.name)!, meta, this.absolute, this.srcset);
        else if (f.type === 'image') {
          const url = typeof v === 'string' ? this.absolute(v) : '';
          out[f.name] = url;
          const name = typeof v === 'string' && v.startsWith(IMAGE_URL_PREFIX) ? imageNameOf(v) : null;
          const m = name ? meta.get(name) : undefined;
          out[imageMetaName(f.name)] = m ? { url, width: m.width, height: m.height, alt: m.alt, srcset: this.srcset(url, m.width) } : null;
        } else out[f.name] = v ?? null;
      }
      const info = localized[i].info;
      if (info) {
        const said: Row = {
          locale: info.locale,
          locales: info.locales,
          fallbackFields: info.fallbackFields.filter((f) => shownNames.has(f)),
        };
        for (const name of LOCALE_FIELDS) if (!fields || fields.has(name)) out[name] = said[name];
      }
      return out;
    });
  }

  async one(def: ResourceDef, record: Row): Promise<Row> {
    return (await this.rows(def, [record], true))[0];
  }
}
