import { z } from 'zod';
import { defineMessages } from '../i18n/index.js';
import { allResources, type DeliveryDef, type FieldDef, type ResourceDef } from '../resource.js';
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
  },
  en: {
    'delivery.notFound': 'This content does not exist or is not published',
    'delivery.tooMany': 'Too many requests, please try again later',
    'delivery.viewed': 'Recorded',
  },
  es: {
    'delivery.notFound': 'Este contenido no existe o no está publicado',
    'delivery.tooMany': 'Demasiadas solicitudes; inténtelo más tarde',
    'delivery.viewed': 'Registrado',
  },
});

/** fields that never leave through the delivery API (state, flags the site does not need, editor data) */
const INTERNAL = new Set(['status', 'offlineTime', 'enableFlag', 'createTime']);

/** the public fields of a resource: everything but internal and hidden ones; `withHtml` false leaves bodies out */
export function publicFields(def: ResourceDef, withHtml = true): FieldDef[] {
  return def.fields.filter((f) => !f.hidden && !INTERNAL.has(f.name) && (withHtml || f.type !== 'html'));
}

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(50).optional().default(10),
  keyword: z.string().max(100).optional(),
};
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
}

/** which rows the delivery API shows of a resource */
export const deliveryVisibility = (def: ResourceDef): NonNullable<DeliveryDef['visible']> =>
  def.delivery?.visible ?? (def.publishable ? 'published' : 'all');

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
    const shape = { ...base, ...extra };
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

const jsonType = (f: FieldDef): Record<string, unknown> =>
  f.type === 'int' || f.type === 'flag' || f.type === 'sort'
    ? { type: ['number', 'null'], ...(f.type === 'flag' ? { enum: [0, 1, null] } : {}) }
    : { type: ['string', 'null'], ...(f.type === 'datetime' ? { description: 'YYYY-MM-DD HH:mm:ss' } : {}) };

const objectOf = (fields: FieldDef[], extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { ...Object.fromEntries(fields.map((f) => [f.name, jsonType(f)])), ...extra },
});

/** The OpenAPI 3.1 description of the delivery API, generated from the table above. */
export function deliveryOpenApi(prefix: string, version = '1.0.0'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' } }, required: ['code', 'msg'] };
  for (const e of deliveryEndpoints()) {
    const key = e.key;
    const row = e.items
      ? objectOf(publicFields(e.resource), { items: { type: 'array', items: objectOf(publicFields(resourceNamed(e.items.resource))) } })
      : objectOf(publicFields(e.resource, e.withHtml !== false));
    const data =
      e.reply === 'page'
        ? { rows: { type: 'array', items: row }, total: { type: 'integer' } }
        : e.reply === 'list'
          ? { data: { type: 'array', items: row } }
          : e.reply === 'one'
            ? { data: row }
            : {};
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', e.query],
      ['path', e.params],
    ] as const) {
      if (!schema) continue;
      const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
      for (const [name, s] of Object.entries(js.properties ?? {}))
        parameters.push({ name, in: where, required: where === 'path', schema: s });
    }
    paths[`${prefix}${e.path}`] = {
      ...paths[`${prefix}${e.path}`],
      [e.method.toLowerCase()]: {
        operationId: key,
        summary: e.summary,
        parameters,
        responses: {
          200: {
            description: 'OK (weak ETag from the content version; If-None-Match answers 304)',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { code: { type: 'integer', const: 200 }, msg: { type: 'string' }, ...data } },
              },
            },
          },
          ...(e.reply === 'page' || e.reply === 'list'
            ? {}
            : { 404: { description: 'Not found or not published', content: { 'application/json': { schema: error } } } }),
          304: { description: 'Not modified (counts against no rate limit)' },
          401: { description: 'Invalid or revoked site key (Authorization: Bearer)', content: { 'application/json': { schema: error } } },
          429: { description: 'Too many requests', content: { 'application/json': { schema: error } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Website delivery API', version, description: 'Published content of the website, read-only, no login.' },
    paths,
  };
}
