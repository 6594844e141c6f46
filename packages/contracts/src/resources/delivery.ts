import { z } from 'zod';
import { defineMessages } from '../i18n/index.js';
import type { FieldDef, ResourceDef } from '../resource.js';
import { MAX_ID, patterns } from '../validators.js';
import { applicationResource, applicationTypeResource } from './application.js';
import { bannerResource } from './banner.js';
import { businessResource, businessTypeResource } from './business.js';
import { companyResource } from './company.js';
import { contactResource, linkResource } from './header.js';
import { newsResource, newsTypeResource } from './news.js';
import { pageItemResource, pageResource } from './page.js';
import { policyResource } from './policy.js';
import { productResource } from './product.js';
import { supplierResource } from './supplier.js';

/**
 * The delivery API (issue 11): read-only, no login, published content only, mounted at PUBLIC_API_PREFIX
 * (default /public/v1). This table is the one description of it: the server answers exactly these paths
 * with exactly these fields, and `deliveryOpenApi()` writes the OpenAPI document from it.
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
export interface DeliveryEndpoint {
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
  /** a page definition also carries its published items */
  items?: ResourceDef;
}

export const deliveryEndpoints = {
  newsList: {
    method: 'GET',
    path: '/news',
    summary: 'Published news, newest first (pinned first)',
    resource: newsResource,
    reply: 'page',
    withHtml: false,
    query: z.object({ ...pageQuery, type: z.string().max(50).optional() }),
  },
  news: { method: 'GET', path: '/news/{id}', summary: 'One published news', resource: newsResource, reply: 'one', params: idParam },
  newsView: {
    method: 'POST',
    path: '/news/{id}/view',
    summary: 'Counts a visit (once per address and hour)',
    resource: newsResource,
    reply: 'ack',
    params: idParam,
  },
  newsTypes: { method: 'GET', path: '/news-types', summary: 'News types in order', resource: newsTypeResource, reply: 'list' },
  policyList: {
    method: 'GET',
    path: '/policies',
    summary: 'Published policies and notices',
    resource: policyResource,
    reply: 'page',
    withHtml: false,
    query: z.object(pageQuery),
  },
  policy: {
    method: 'GET',
    path: '/policies/{id}',
    summary: 'One published policy',
    resource: policyResource,
    reply: 'one',
    params: idParam,
  },
  policyView: {
    method: 'POST',
    path: '/policies/{id}/view',
    summary: 'Counts a visit (once per address and hour)',
    resource: policyResource,
    reply: 'ack',
    params: idParam,
  },
  banners: {
    method: 'GET',
    path: '/banners',
    summary: 'Enabled banners inside their time window, in sort order',
    resource: bannerResource,
    reply: 'list',
    query: z.object({ bannerType: z.string().max(50).optional() }),
  },
  page: {
    method: 'GET',
    path: '/pages/{id}',
    summary: 'A page definition with its published items in order',
    resource: pageResource,
    reply: 'one',
    params: idParam,
    items: pageItemResource,
  },
  pageItem: {
    method: 'GET',
    path: '/page-items/{id}',
    summary: 'One published page item',
    resource: pageItemResource,
    reply: 'one',
    params: idParam,
  },
  businessTypes: {
    method: 'GET',
    path: '/business-types',
    summary: 'Business types in order',
    resource: businessTypeResource,
    reply: 'list',
  },
  businesses: {
    method: 'GET',
    path: '/businesses',
    summary: 'Business partners, optionally of one type',
    resource: businessResource,
    reply: 'list',
    query: z.object({ type: z.string().max(50).optional() }),
  },
  applicationTypes: {
    method: 'GET',
    path: '/application-types',
    summary: 'Application types in order',
    resource: applicationTypeResource,
    reply: 'list',
  },
  applications: {
    method: 'GET',
    path: '/applications',
    summary: 'Applications, optionally of one type',
    resource: applicationResource,
    reply: 'list',
    query: z.object({ type: z.string().max(50).optional() }),
  },
  suppliers: { method: 'GET', path: '/suppliers', summary: 'Suppliers in order', resource: supplierResource, reply: 'list' },
  products: {
    method: 'GET',
    path: '/products',
    summary: 'Selected products, optionally of one supplier',
    resource: productResource,
    reply: 'list',
    query: z.object({ supplierId: decimalId().optional() }),
  },
  links: { method: 'GET', path: '/links', summary: 'Enabled friendly links in order', resource: linkResource, reply: 'list' },
  contact: { method: 'GET', path: '/contact', summary: 'The live contact head', resource: contactResource, reply: 'one' },
  company: { method: 'GET', path: '/company', summary: 'The company profile', resource: companyResource, reply: 'one' },
} as const satisfies Record<string, DeliveryEndpoint>;

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
  for (const [key, e] of Object.entries(deliveryEndpoints) as [string, DeliveryEndpoint][]) {
    const row = e.items
      ? objectOf(publicFields(e.resource), { items: { type: 'array', items: objectOf(publicFields(e.items)) } })
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
            description: 'OK (strong ETag; If-None-Match answers 304)',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { code: { type: 'integer', const: 200 }, msg: { type: 'string' }, ...data } },
              },
            },
          },
          ...(e.reply === 'page' || e.reply === 'list'
            ? {}
            : { 404: { description: 'Not found or not published', content: { 'application/json': { schema: error } } } }),
          304: { description: 'Not modified' },
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
