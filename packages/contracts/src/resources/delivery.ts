import { z } from 'zod';
import { defineMessages, translate } from '../i18n/index.js';
import { allResources, type DeliveryDef, type DeliveryFilterKind, type FieldDef, type ResourceDef } from '../resource.js';
import { hasSeo, SEO_FIELDS, SLUG_MAX, SLUG_PATTERN, translatableFields } from '../translation.js';
import { MAX_ID, patterns } from '../validators.js';
/**
 * The delivery API (issue 11): read-only, no login, published content only, mounted at PUBLIC_API_PREFIX
 * (default /public/v1). Each resource describes its own paths (`delivery` of its description);
 * `deliveryEndpoints()` gathers them: the server answers exactly these paths with exactly these fields, and
 * `deliveryOpenApi()` writes the OpenAPI document from them.
 */
export const deliveryMessages = defineMessages({
  zh: {
    'delivery.notFound': '内容不存在或未发布',
    'delivery.tooMany': '请求过于频繁，请稍后再试',
    'delivery.viewed': '已记录',
    'delivery.unknownParam': '未知的查询参数：{name}',
    'delivery.unknownSort': '未知的排序字段：{name}',
    'delivery.unknownField': '未知的字段：{name}',
    'delivery.badRange': '{from} 不能晚于 {to}',
    'delivery.queryTooLong': '搜索内容过长，请缩短后再试',
    'delivery.feed.news': '新闻动态',
    'delivery.feed.policy': '政策公告',
    'delivery.feedDescription': '{site}最新发布的{what}',
  },
  en: {
    'delivery.notFound': 'This content does not exist or is not published',
    'delivery.tooMany': 'Too many requests, please try again later',
    'delivery.viewed': 'Recorded',
    'delivery.unknownParam': 'Unknown query parameter: {name}',
    'delivery.unknownSort': 'Unknown sort field: {name}',
    'delivery.unknownField': 'Unknown field: {name}',
    'delivery.badRange': '{from} must not be later than {to}',
    'delivery.queryTooLong': 'The search is too long; please shorten it',
    'delivery.feed.news': 'News',
    'delivery.feed.policy': 'Policies and notices',
    'delivery.feedDescription': 'The latest {what} of {site}',
  },
  es: {
    'delivery.notFound': 'Este contenido no existe o no está publicado',
    'delivery.tooMany': 'Demasiadas solicitudes; inténtelo más tarde',
    'delivery.viewed': 'Registrado',
    'delivery.unknownParam': 'Parámetro de consulta desconocido: {name}',
    'delivery.unknownSort': 'Campo de ordenación desconocido: {name}',
    'delivery.unknownField': 'Campo desconocido: {name}',
    'delivery.badRange': '{from} no puede ser posterior a {to}',
    'delivery.queryTooLong': 'La búsqueda es demasiado larga; acórtela',
    'delivery.feed.news': 'Noticias',
    'delivery.feed.policy': 'Políticas y avisos',
    'delivery.feedDescription': 'Lo último de {site}: {what}',
  },
});

/** fields that never leave through the delivery API (state, flags the site does not need, editor data) */
const INTERNAL = new Set(['status', 'offlineTime', 'enableFlag', 'createTime']);

/** the public fields of a resource: everything but internal and hidden ones; `withHtml` false leaves bodies out */
export function publicFields(def: ResourceDef, withHtml = true): FieldDef[] {
  return def.fields.filter((f) => !f.hidden && !INTERNAL.has(f.name) && (withHtml || f.type !== 'html'));
}

/** the largest `pageSize` of a delivery list */
export const DELIVERY_MAX_PAGE_SIZE = 100;
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(DELIVERY_MAX_PAGE_SIZE).optional().default(10),
  keyword: z.string().max(100).optional(),
};
/**
 * query parameters every path accepts besides its own: the reply language (`lang`, as on the staff API), a
 * preview token (`preview`: a website's preview page may pass it on to every call it makes; only a record read uses
 * it) and the content locale (`locale`, one of CONTENT_LOCALES; else `Accept-Language`, else the default locale)
 */
export const DELIVERY_COMMON_PARAMS = ['lang', 'preview', 'locale'] as const;
/** `q` at most this long (characters) */
export const DELIVERY_MAX_QUERY = 100;
/** a range bound: a day, or a date-time with an optional offset (`Z`, `+08:00`; a `+` sent unencoded reads as a space) */
export const RANGE_VALUE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(Z|[+\- ]\d{2}:\d{2})?)?$/;
/** the sibling a delivery reply gives each image field: `summaryImg` → `summaryImgMeta` */
export const imageMetaName = (field: string) => `${field}Meta`;

/**
 * May this public field be null in a delivery reply? Rich text never (an empty body is ''), the date a site
 * shows never when the resource has a creation time (`publishTime` falls back to it); otherwise as the field
 * says (`nullable`, default: sort numbers and joined names).
 */
export function deliveryNullable(def: ResourceDef, f: FieldDef): boolean {
  if (f.type === 'html') return false;
  if (f.name === 'publishTime' && def.fields.some((x) => x.name === 'createTime')) return false;
  return f.nullable ?? (f.type === 'sort' || !!f.join);
}

/** The query language of one delivery list, resolved from its description. */
export interface DeliveryListQuery {
  /** public fields of its rows (what `fields` may name; id is always answered) */
  fields: string[];
  /** `sort` values accepted: each field and `-field` */
  sort: string[];
  filters: Record<string, DeliveryFilterKind>;
  search: string[];
  /** every query parameter it accepts (an unknown one is a 400 naming it) */
  params: string[];
}
/** a record id in a path or query: plain decimal digits only ("0x10", "1e1", " 16" are not 16), 1 to 2^31 - 1 */
const decimalId = () =>
  z
    .string({ error: 'v.id' })
    .regex(patterns.decimalId, { message: 'v.id' })
    .transform(Number)
    .refine((v) => v >= 1 && v <= MAX_ID, { message: 'v.id' });
const idParam = z.object({ id: decimalId() });

export type DeliveryReply = 'page' | 'list' | 'one' | 'ack';
/** one path of the delivery API, as the server registers it and the OpenAPI document names it */
export interface DeliveryEndpoint {
  /** the operationId */
  key: string;
  method: 'GET' | 'POST';
  /** relative to the prefix, `{id}` for a path parameter */
  path: string;
  summary: string;
  resource: ResourceDef;
  reply: DeliveryReply;
  /** list rows leave rich-text bodies out */
  withHtml?: boolean;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** a record that also carries the shown items of another resource (filtered by its id) */
  items?: { resource: string; filter: string };
  /** list filters from the query (query name → list param) and fixed ones */
  filters?: Record<string, string>;
  fixed?: Record<string, unknown>;
  /** a list's query language (`fields`, `sort`, declared filters, `q`) */
  listQuery?: DeliveryListQuery;
}

/** which rows the delivery API shows of a resource */
export const deliveryVisibility = (def: ResourceDef): NonNullable<DeliveryDef['visible']> =>
  def.delivery?.visible ?? (def.publishable ? 'published' : 'all');

/** The query language of a resource's delivery list, from its description (a field it names must be public). */
function listQueryOf(def: ResourceDef): DeliveryListQuery {
  const q = def.delivery?.list?.query ?? {};
  const list = publicFields(def, false);
  const shown = publicFields(def, true);
  const need = (name: string, among: FieldDef[], what: string) => {
    if (!among.some((f) => f.name === name)) throw new Error(`${def.name}: delivery ${what} names ${name}, not a public field`);
  };
  for (const name of q.sort ?? []) need(name, list, 'sort');
  for (const name of Object.keys(q.filters ?? {})) need(name, list, 'filter');
  for (const name of q.search ?? []) need(name, shown, 'search');
  for (const name of Object.keys(q.filters ?? {}))
    if (def.delivery?.list?.filters?.[name] || def.delivery?.list?.idFilters?.[name])
      throw new Error(`${def.name}: delivery filter ${name} is declared twice`);
  return {
    // a translatable row may be asked for what it says of its locale and for its SEO fields (`fields=id,title,locale,slug`)
    fields: [...list.map((f) => f.name), ...(def.translatable ? LOCALE_FIELDS : []), ...(hasSeo(def) ? SEO_FIELDS : [])],
    sort: (q.sort ?? []).flatMap((f) => [f, `-${f}`]),
    filters: { ...q.filters },
    search: [...(q.search ?? [])],
    params: [],
  };
}

/** the query parameters of a list's query language, as zod (parsed by the server, documented by OpenAPI) */
function queryShape(lq: DeliveryListQuery): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {
    fields: z
      .string()
      .max(1000)
      .optional()
      .describe(`Comma list of the fields each row carries (id always): ${lq.fields.join(', ')}. Without it, every field.`),
  };
  if (lq.sort.length)
    shape.sort = z
      .enum(lq.sort as [string, ...string[]])
      .optional()
      .describe("The order: a field, `-` first for descending (then by id, newest first). Without it, the list's own order.");
  if (lq.search.length)
    shape.q = z
      .string()
      .max(DELIVERY_MAX_QUERY, { message: 'delivery.queryTooLong' })
      .optional()
      .describe(
        `Full-text search over ${lq.search.join(', ')}: every term must be found (Chinese by pairs of characters, a single character alone; other text by words, any case).`,
      );
  const range = (field: string, end: string) =>
    z
      .string()
      .regex(RANGE_VALUE)
      .optional()
      .describe(`${field} ${end} (inclusive): a day (2026-11-26, the whole day) or a date-time (2026-11-26T15:00:00+08:00)`);
  for (const [field, kind] of Object.entries(lq.filters)) {
    if (kind === 'range') {
      shape[`${field}From`] = range(field, 'from');
      shape[`${field}To`] = range(field, 'to');
    } else if (kind === 'flag') shape[field] = z.enum(['0', '1']).optional().describe(`${field} is 0 or 1`);
    else if (kind === 'id') shape[field] = decimalId().optional().describe(`${field} is this id`);
    else shape[field] = z.string().max(100).optional().describe(`${field} equals this value`);
  }
  return shape;
}

/** The paths of one resource's delivery description. */
export function deliveryEndpointsOf(def: ResourceDef): DeliveryEndpoint[] {
  const d = def.delivery;
  if (!d) return [];
  const out: DeliveryEndpoint[] = [];
  if (d.list) {
    const { list } = d;
    const extra: Record<string, z.ZodType> = {};
    for (const q of Object.keys(list.filters ?? {}))
      if (!(list.reply === 'page' && q === 'keyword')) extra[q] = z.string().max(50).optional();
    for (const q of Object.keys(list.idFilters ?? {})) extra[q] = decimalId().optional();
    const base = list.reply === 'page' ? pageQuery : {};
    const listQuery = listQueryOf(def);
    const shape = { ...base, ...extra, ...queryShape(listQuery) };
    listQuery.params = [...Object.keys(shape), ...DELIVERY_COMMON_PARAMS];
    out.push({
      key: list.operationId,
      method: 'GET',
      path: list.path,
      summary: list.summary,
      resource: def,
      reply: list.reply === 'page' ? 'page' : 'list',
      withHtml: false,
      ...(Object.keys(shape).length ? { query: z.object(shape) } : {}),
      filters: { ...list.filters, ...list.idFilters },
      fixed: list.fixed,
      listQuery,
    });
  }
  if (d.get)
    out.push({
      key: d.get.operationId,
      method: 'GET',
      path: d.get.path,
      summary: d.get.summary,
      resource: def,
      reply: 'one',
      params: idParam,
      ...(d.get.items ? { items: d.get.items } : {}),
    });
  if (d.view)
    out.push({
      key: d.view.operationId,
      method: 'POST',
      path: d.view.path,
      summary: d.view.summary,
      resource: def,
      reply: 'ack',
      params: idParam,
    });
  if (d.single)
    out.push({
      key: d.single.operationId,
      method: 'GET',
      path: d.single.path,
      summary: d.single.summary,
      resource: def,
      reply: 'one',
      fixed: d.single.fixed,
    });
  return out;
}

/** a described resource by name (throws for an unknown one: a description names a resource that is not there) */
export function resourceNamed(name: string): ResourceDef {
  const def = allResources().find((r) => r.name === name);
  if (!def) throw new Error(`no resource named ${name}`);
  return def;
}

/** Every path of the delivery API, gathered from the resources' descriptions. */
export function deliveryEndpoints(): DeliveryEndpoint[] {
  return allResources().flatMap(deliveryEndpointsOf);
}

/** a record's path by its slug (`/news/by-slug/{slug}`), beside its path by id (`/news/{id}`) */
export interface DeliveryBySlug {
  key: string;
  /** relative to the prefix, `{slug}` for the path parameter */
  path: string;
  resource: ResourceDef;
  /** the record's path by id: what a current slug answers (a record with its items too) */
  get: DeliveryEndpoint;
}

/** `GET {path}/by-slug/{slug}` of every record path by id of a resource with SEO fields (issue 24) */
export function deliveryBySlug(): DeliveryBySlug[] {
  return deliveryEndpoints()
    .filter((e) => e.method === 'GET' && e.reply === 'one' && e.params && e.path.endsWith('/{id}') && hasSeo(e.resource))
    .map((e) => ({ key: `${e.key}BySlug`, path: `${e.path.slice(0, -'/{id}'.length)}/by-slug/{slug}`, resource: e.resource, get: e }));
}

/** an RSS 2.0 feed of the delivery API: the latest published records of a resource (issue 24) */
export interface DeliveryFeed {
  key: string;
  /** relative to the prefix */
  path: string;
  resource: string;
  summary: string;
  /** the message key of its channel's title */
  title: string;
}

/** how many records a feed carries: the latest */
export const FEED_SIZE = 50;

export const DELIVERY_FEEDS: readonly DeliveryFeed[] = [
  {
    key: 'newsFeed',
    path: '/feeds/news.xml',
    resource: 'news',
    summary: `RSS 2.0 of the latest ${FEED_SIZE} published news`,
    title: 'delivery.feed.news',
  },
  {
    key: 'policyFeed',
    path: '/feeds/policies.xml',
    resource: 'policy',
    summary: `RSS 2.0 of the latest ${FEED_SIZE} published policies`,
    title: 'delivery.feed.policy',
  },
];

// ---- the OpenAPI document ----

const EXAMPLE_IMAGE = 'https://cms.example.com/img/3f2a9c1e5b7d4a60.jpg';
const EXAMPLE_TIME = '2026-11-26T15:00:00+08:00';
const EXAMPLE_META = {
  url: EXAMPLE_IMAGE,
  width: 1920,
  height: 1080,
  alt: '',
  srcset: `${[320, 640, 960, 1280].map((w) => `${EXAMPLE_IMAGE}?w=${w} ${w}w`).join(', ')}, ${EXAMPLE_IMAGE} 1920w`,
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** the JSON schema of one public field in a delivery reply, exact: required, null only where it may be */
function fieldSchema(def: ResourceDef, f: FieldDef): Record<string, unknown> {
  const s: Record<string, unknown> =
    f.type === 'int'
      ? { type: 'integer' }
      : f.type === 'flag'
        ? { type: 'integer', enum: [0, 1] }
        : f.type === 'sort'
          ? { type: 'number' }
          : f.type === 'datetime'
            ? { type: 'string', format: 'date-time', description: `ISO 8601 with the offset of TZ_NAME (${EXAMPLE_TIME})` }
            : f.type === 'image'
              ? { type: 'string', description: `An absolute URL, or '' for none; \`${imageMetaName(f.name)}\` describes it` }
              : f.type === 'html'
                ? { type: 'string', description: 'Rich text; each <img> has an absolute src, and width, height and srcset when known' }
                : { type: 'string' };
  if (!deliveryNullable(def, f)) return s;
  return { ...s, type: [s.type, 'null'], ...(s.enum ? { enum: [...(s.enum as unknown[]), null] } : {}) };
}

/** a value of the field for the examples */
function fieldExample(f: FieldDef): unknown {
  switch (f.type) {
    case 'int':
      return f.name === 'id' ? 12 : 3;
    case 'flag':
      return 0;
    case 'sort':
      return 1;
    case 'datetime':
      return EXAMPLE_TIME;
    case 'image':
      return EXAMPLE_IMAGE;
    case 'html':
      return `<p>…</p><p><img src="${EXAMPLE_IMAGE}" alt="" width="1920" height="1080" srcset="${EXAMPLE_META.srcset}"></p>`;
    default:
      return translate('zh', f.label);
  }
}

/** what a delivered record of a translatable resource says of its locales (issue 24) */
export const LOCALE_FIELDS = ['locale', 'locales', 'fallbackFields'] as const;

/** the content locales when the server does not say (CONTENT_LOCALES' default) */
export const DEFAULT_CONTENT_LOCALES: readonly string[] = ['zh-CN', 'en'];

/**
 * What a delivered record of a translatable resource carries besides its fields (issue 24): the locale it was served
 * in, the locales it exists in, the translated fields served from another locale, and with SEO fields those of the
 * served locale. Schemas and examples.
 */
function localeProperties(def: ResourceDef, withHtml: boolean, locales: readonly string[]) {
  const properties: Record<string, unknown> = {};
  const example: Record<string, unknown> = {};
  if (!def.translatable) return { properties, example };
  const locale = { type: 'string', enum: [...locales] };
  const shown = new Set(publicFields(def, withHtml).map((f) => f.name));
  const translated = translatableFields(def).filter((f) => shown.has(f));
  properties.locale = {
    ...locale,
    description:
      'The locale the record is served in: the one asked for (`?locale=`, else Accept-Language) when the record has a translation there, else the first it has along CONTENT_FALLBACK',
  };
  properties.locales = { type: 'array', items: locale, description: 'The locales the record exists in (the default locale first)' };
  properties.fallbackFields = {
    type: 'array',
    items: translated.length ? { type: 'string', enum: translated } : { type: 'string' },
    description: 'The translated fields whose value was served from another locale than `locale` (they are empty there)',
  };
  Object.assign(example, { locale: locales[1] ?? locales[0], locales: [...locales], fallbackFields: translated.slice(-1) });
  if (!hasSeo(def)) return { properties, example };
  const text = (description: string) => ({ type: 'string', description });
  Object.assign(properties, {
    slug: text(
      "The record's current slug in the served locale (else along CONTENT_FALLBACK; '' when it has none): `by-slug/{slug}` reads it",
    ),
    metaTitle: text("The SEO title of the served locale, else the record's title"),
    metaDescription: text("The SEO description of the served locale, else the record's summary"),
    keywords: text('The SEO keywords of the served locale (comma-separated), or empty'),
    ogImage: { type: 'string', description: "The share image: an absolute URL, or '' for none; `ogImageMeta` describes it" },
    ogImageMeta: { anyOf: [ref('ImageMeta'), { type: 'null' }] },
    canonicalUrl: text('The canonical URL of the served locale (an absolute URL or a site path), or empty'),
    noindex: {
      type: 'integer',
      enum: [0, 1],
      description: '1: search engines should not index this record in this locale (left out of the sitemap)',
    },
  });
  Object.assign(example, {
    slug: 'shenzhen-port-news',
    metaTitle: 'Shenzhen port news',
    metaDescription: 'What changed at the port this week',
    keywords: 'port, customs',
    ogImage: EXAMPLE_IMAGE,
    ogImageMeta: EXAMPLE_META,
    canonicalUrl: '',
    noindex: 0,
  });
  return { properties, example };
}

/** one row of a resource as the delivery API answers it: its schema and an example */
function rowOf(
  def: ResourceDef,
  withHtml: boolean,
  locales: readonly string[],
  extra?: { name: string; schema: unknown; example: unknown },
) {
  const properties: Record<string, unknown> = {};
  const example: Record<string, unknown> = {};
  for (const f of publicFields(def, withHtml)) {
    properties[f.name] = fieldSchema(def, f);
    example[f.name] = fieldExample(f);
    if (f.type === 'image') {
      properties[imageMetaName(f.name)] = { anyOf: [ref('ImageMeta'), { type: 'null' }] };
      example[imageMetaName(f.name)] = EXAMPLE_META;
    }
  }
  const localized = localeProperties(def, withHtml, locales);
  Object.assign(properties, localized.properties);
  Object.assign(example, localized.example);
  if (extra) {
    properties[extra.name] = extra.schema;
    example[extra.name] = extra.example;
  }
  return {
    schema: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
    example,
  };
}

const COMPONENTS = {
  ImageMeta: {
    type: 'object',
    description:
      'A stored image: its absolute URL, pixel size, alt text and the srcset of its renditions (`/img/{name}?w=` at each width of IMAGE_WIDTHS below its own). Null when the field is empty or its size is unknown (an external URL).',
    properties: {
      url: { type: 'string', format: 'uri' },
      width: { type: 'integer' },
      height: { type: 'integer' },
      alt: { type: 'string' },
      srcset: { type: 'string' },
    },
    required: ['url', 'width', 'height', 'alt', 'srcset'],
    additionalProperties: false,
  },
  PageMeta: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: DELIVERY_MAX_PAGE_SIZE },
      total: { type: 'integer', minimum: 0 },
      pageCount: { type: 'integer', minimum: 0 },
    },
    required: ['page', 'pageSize', 'total', 'pageCount'],
    additionalProperties: false,
  },
  Error: {
    type: 'object',
    properties: { code: { type: 'integer' }, msg: { type: 'string' } },
    required: ['code', 'msg'],
    additionalProperties: false,
  },
};

const errorReply = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

/** the `locale` query parameter every path takes, as the OpenAPI document names it */
function localeParameter(locales: readonly string[]) {
  return {
    name: 'locale',
    in: 'query',
    required: false,
    description:
      'The content locale of the reply (one of CONTENT_LOCALES; `zh` reads as zh-CN, `en-US` as en). Without it, the best match of Accept-Language, else the default locale (replies carry `Vary: Accept-Language`). Another value is a 400.',
    schema: { type: 'string', enum: [...locales] },
  };
}

/** an RSS 2.0 example for the feeds' documentation */
const EXAMPLE_RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Example news</title><link>https://www.example.com/</link><description>…</description><language>en</language><item><title>…</title><link>https://www.example.com/en/news/shenzhen-port-news</link><guid isPermaLink="true">https://www.example.com/en/news/shenzhen-port-news</guid><pubDate>Thu, 26 Nov 2026 07:00:00 GMT</pubDate><description>…</description></item></channel></rss>`;

/**
 * The OpenAPI 3.1 description of the delivery API, generated from the table above; `locales` are the server's
 * CONTENT_LOCALES (the default first), which `locale` and the locale fields of a record take.
 */
export function deliveryOpenApi(
  prefix: string,
  version = '1.0.0',
  locales: readonly string[] = DEFAULT_CONTENT_LOCALES,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const envelope = { code: { type: 'integer', const: 200 }, msg: { type: 'string' } };
  const okReply = (body: { properties: Record<string, unknown>; example: Record<string, unknown> }) => ({
    description: 'OK (weak ETag from the content version; If-None-Match answers 304)',
    content: {
      'application/json': {
        schema: { type: 'object', properties: body.properties, required: Object.keys(body.properties), additionalProperties: false },
        example: body.example,
      },
    },
  });
  const rowOfEndpoint = (e: DeliveryEndpoint) => {
    const itemRow = e.items ? rowOf(resourceNamed(e.items.resource), true, locales) : null;
    return itemRow
      ? rowOf(e.resource, true, locales, { name: 'items', schema: { type: 'array', items: itemRow.schema }, example: [itemRow.example] })
      : rowOf(e.resource, e.withHtml !== false, locales);
  };
  for (const e of deliveryEndpoints()) {
    const key = e.key;
    const row = rowOfEndpoint(e);
    const body: { properties: Record<string, unknown>; example: Record<string, unknown> } =
      e.reply === 'page'
        ? {
            properties: {
              ...envelope,
              rows: { type: 'array', items: row.schema },
              total: { type: 'integer', minimum: 0 },
              meta: ref('PageMeta'),
            },
            example: { code: 200, msg: '操作成功', rows: [row.example], total: 1, meta: { page: 1, pageSize: 10, total: 1, pageCount: 1 } },
          }
        : e.reply === 'list'
          ? {
              properties: { ...envelope, data: { type: 'array', items: row.schema } },
              example: { code: 200, msg: '操作成功', data: [row.example] },
            }
          : e.reply === 'one'
            ? { properties: { ...envelope, data: row.schema }, example: { code: 200, msg: '操作成功', data: row.example } }
            : { properties: envelope, example: { code: 200, msg: '已记录' } };
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', e.query],
      ['path', e.params],
    ] as const) {
      if (!schema) continue;
      const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, Record<string, unknown>>;
      };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        const { description, ...rest } = s;
        parameters.push({ name, in: where, required: where === 'path', ...(description ? { description } : {}), schema: rest });
      }
    }
    parameters.push(localeParameter(locales));
    paths[`${prefix}${e.path}`] = {
      ...paths[`${prefix}${e.path}`],
      [e.method.toLowerCase()]: {
        operationId: key,
        summary: e.summary,
        parameters,
        responses: {
          200: okReply(body),
          304: { description: 'Not modified (counts against no rate limit)' },
          400: errorReply('A parameter is unknown or invalid (an unknown `locale` too); the message names it'),
          401: errorReply('Invalid or revoked site key (Authorization: Bearer)'),
          ...(e.reply === 'one' || e.reply === 'ack'
            ? { 403: errorReply('The preview token (?preview=, X-Preview-Token) is invalid or expired') }
            : {}),
          ...(e.reply === 'page' || e.reply === 'list' ? {} : { 404: errorReply('Not found or not published') }),
          429: errorReply('Too many requests'),
        },
      },
    };
  }
  for (const b of deliveryBySlug()) {
    const row = rowOfEndpoint(b.get);
    paths[`${prefix}${b.path}`] = {
      get: {
        operationId: b.key,
        summary: `${b.get.summary}, by its slug in the locale asked for`,
        parameters: [
          {
            name: 'slug',
            in: 'path',
            required: true,
            description: "A slug of the record in the locale (or along CONTENT_FALLBACK); an old one, or another locale's, answers 301",
            schema: { type: 'string', maxLength: SLUG_MAX, pattern: SLUG_PATTERN.source },
          },
          localeParameter(locales),
        ],
        responses: {
          200: okReply({ properties: { ...envelope, data: row.schema }, example: { code: 200, msg: '操作成功', data: row.example } }),
          301: {
            description:
              "The record's slug in this locale is another one (the slug was renamed, or is another locale's): `Location` is its by-slug path",
            headers: {
              Location: { schema: { type: 'string' }, description: 'The by-slug path of the current slug (with the same query)' },
            },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    code: { type: 'integer', const: 301 },
                    data: { type: 'object', properties: { slug: { type: 'string' } }, required: ['slug'], additionalProperties: false },
                  },
                  required: ['code', 'data'],
                  additionalProperties: false,
                },
                example: { code: 301, data: { slug: 'shenzhen-port-news' } },
              },
            },
          },
          304: { description: 'Not modified (counts against no rate limit)' },
          400: errorReply('An unknown `locale`'),
          401: errorReply('Invalid or revoked site key (Authorization: Bearer)'),
          403: errorReply('The preview token (?preview=, X-Preview-Token) is invalid or expired'),
          404: errorReply('No record of the resource has this slug, or it is not published'),
          429: errorReply('Too many requests'),
        },
      },
    };
  }
  for (const f of DELIVERY_FEEDS) {
    paths[`${prefix}${f.path}`] = {
      get: {
        operationId: f.key,
        summary: f.summary,
        description:
          "Newest first, in the locale asked for (the translated fields overlaid with fallback). Links are absolute: the SITE_URL_<RESOURCE> template on PUBLIC_SITE_URL, else this API's record path.",
        parameters: [localeParameter(locales)],
        responses: {
          200: {
            description: 'OK (weak ETag from the content version; If-None-Match answers 304)',
            content: { 'application/rss+xml': { schema: { type: 'string' }, example: EXAMPLE_RSS } },
          },
          304: { description: 'Not modified (counts against no rate limit)' },
          400: errorReply('An unknown `locale`'),
          401: errorReply('Invalid or revoked site key (Authorization: Bearer)'),
          429: errorReply('Too many requests'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Website delivery API',
      version,
      description:
        "Published content of the website, read-only, no login. Image URLs are absolute; dates are ISO 8601 with the offset of the server's time zone. Each reply is in one content locale (`?locale=`, else Accept-Language).",
    },
    paths,
    components: { schemas: COMPONENTS },
  };
}
