import { z } from 'zod';
import { allEndpoints, type Endpoint } from './endpoints.js';
import { allResources, type FieldDef, type ResourceDef } from './resource.js';
import { autoCompleteEndpoints } from './resources/autoComplete.js';
import { fieldConfigEndpoints } from './resources/fieldConfig.js';
import { mediaEndpoints } from './resources/media.js';
import { UPLOAD_FIELD, uploadEndpoints } from './resources/upload.js';
import { flag, id } from './validators.js';

/**
 * The staff API's OpenAPI 3.1 document (issue 22), generated like the delivery API's (`deliveryOpenApi`):
 * every path of every endpoint table (`allEndpoints()`, legacy paths and misspellings as they are), each with
 * its method, input (JSON body, query parameters, or multipart for the upload), reply envelope and security.
 * Resource endpoints (list, get, save, delete, toggles) are described from their `ResourceDef`: row fields,
 * the zod `save` schema, the filters. Custom routes give the zod schema they parse with (`addRoute` on the
 * server records it and hands the map in as `inputs`).
 */

/** What a route parses its input from, as the server's `addRoute` records it. */
export interface RouteInputDoc {
  schema?: z.ZodType;
  /** default 'merged': query parameters overlaid by the JSON body */
  input?: 'merged' | 'body' | 'query';
}

/** Reply shapes of the staff API (docs/architecture.md "Replies", envelope.ts). */
type ReplyShape =
  /** `{ code, msg, data }` */
  | 'envelope'
  /** `{ code, msg, rows, total }` */
  | 'page'
  /** the record itself (SPEC 7 getBusinessType) */
  | 'entity'
  /** `{ code, msg, list, intTotal }` (the pickers' options) */
  | 'options'
  /** `{ success, message, data }` (the field configuration) */
  | 'success'
  /** `{ code, msg, message, data: { name, url } }` */
  | 'upload';

/** Custom routes answering a list page (`page(req, rows, total)`) rather than the usual envelope. */
const PAGE_REPLIES = new Set([
  '/log/getOperLogPage',
  '/media/getMediaPage',
  '/monitor/getOnlinePage',
  '/monitor/getLoginLogPage',
  '/recycle/getRecyclePage',
  '/webhook/getDeliveryPage',
  '/role/getRoleList',
  '/userInfo/getRoleOptions',
  '/role/getRoleUsers',
  '/role/getRoleCandidates',
  '/release/getReleasePage',
]);

type Json = Record<string, unknown>;

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** a field's value in a reply: numbers for int / flag / sort, text otherwise; null when the column is empty */
function fieldSchema(f: FieldDef): Json {
  if (f.name === 'id') return { type: 'integer' };
  if (f.type === 'int') return { type: ['integer', 'null'] };
  if (f.type === 'flag') return { type: ['integer', 'null'], enum: [0, 1, null] };
  if (f.type === 'sort') return { type: ['number', 'null'] };
  const s: Json = { type: ['string', 'null'] };
  if (f.type === 'datetime') s.description = 'YYYY-MM-DD HH:mm:ss';
  if (f.type === 'html') s.description = 'rich text (sanitized HTML)';
  if (f.type === 'image') s.description = 'image URL (/img/{name} or http(s))';
  if (f.lookup) s.type = 'string';
  return s;
}

/** the row a reply carries: every visible field (a list row leaves rich-text bodies out) */
function rowSchema(def: ResourceDef, forList: boolean): Json {
  const fields = def.fields.filter((f) => !f.hidden && !(forList && f.type === 'html'));
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
    required: fields.map((f) => f.name),
  };
}

/** a zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), as the input it accepts */
function jsonOf(schema: z.ZodType): Json {
  let js: Json;
  try {
    js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Json;
  } catch {
    return {};
  }
  delete js.$schema;
  return js;
}

/** parameters a merged route is documented to take from the address (`?id=`, `?id=&flag=`) */
const QUERY_NAMES = new Set(['id', 'flag']);

const isScalar = (s: unknown) => {
  const t = (s as Json | undefined)?.type;
  return !(t === 'object' || t === 'array' || (Array.isArray(t) && (t.includes('object') || t.includes('array'))));
};

interface Operation {
  endpoint: Endpoint;
  input?: { schema: Json; from: 'merged' | 'body' | 'query' } | { multipart: true; fields?: string[] } | { ids: 'ids' | 'id' };
  reply: ReplyShape;
  /** the reply's `data` (envelope) or rows (page) */
  data?: Json;
  summary?: string;
}

/** the operations the resource descriptions define: list (and aliases), get, save, delete, toggles */
function resourceOperations(schemas: Record<string, Json>): Map<Endpoint, Omit<Operation, 'endpoint'>> {
  const ops = new Map<Endpoint, Omit<Operation, 'endpoint'>>();
  for (const def of allResources()) {
    const name = pascal(def.name);
    schemas[name] = rowSchema(def, false);
    schemas[`${name}ListRow`] = rowSchema(def, true);
    const ref = (n: string) => ({ $ref: `#/components/schemas/${n}` });
    const e = def.endpoints;
    for (const ep of [...(e.list ? [e.list] : []), ...(e.aliases ?? [])]) ops.set(ep, { reply: 'page', data: ref(`${name}ListRow`) });
    if (e.get)
      ops.set(e.get, {
        input: { schema: jsonOf(z.object({ id: id() })), from: 'merged' },
        reply: def.getReply === 'entity' ? 'entity' : 'envelope',
        data: ref(name),
      });
    if (e.save) {
      const save = jsonOf(def.save);
      if (save.type === 'object')
        save.properties = {
          id: { ...jsonOf(id()), description: 'the record to update; absent for a new one' },
          ...(save.properties as Json),
        };
      schemas[`${name}Save`] = save;
      ops.set(e.save, {
        input: { schema: ref(`${name}Save`), from: 'body' },
        reply: 'envelope',
        data: ref(name),
        summary: 'without `id` a new record; with `id` an update (fields not sent are kept)',
      });
    }
    if (e.del) ops.set(e.del, { input: { ids: def.del }, reply: 'envelope' });
    for (const [field, ep] of Object.entries(def.toggles ?? {}))
      ops.set(ep, {
        input: { schema: jsonOf(z.object({ id: id(), flag: flag() })), from: 'merged' },
        reply: 'envelope',
        summary: `sets \`${field}\` (flag 0 or 1)`,
      });
  }
  return ops;
}

const error: Json = {
  type: 'object',
  properties: { code: { type: 'integer' }, msg: { type: 'string' } },
  required: ['code', 'msg'],
};

function replySchema(shape: ReplyShape, data: Json | undefined): Json {
  const head = { code: { type: 'integer', const: 200 }, msg: { type: 'string' } };
  switch (shape) {
    case 'page':
      return {
        type: 'object',
        properties: { ...head, rows: { type: 'array', items: data ?? { type: 'object' } }, total: { type: 'integer', minimum: 0 } },
        required: ['code', 'msg', 'rows', 'total'],
        additionalProperties: false,
      };
    case 'entity':
      return data ?? { type: 'object' };
    case 'options':
      return {
        type: 'object',
        properties: { ...head, list: { type: 'array', items: { type: 'object' } }, intTotal: { type: 'integer', minimum: 0 } },
        required: ['code', 'msg', 'list', 'intTotal'],
        additionalProperties: false,
      };
    case 'success':
      return {
        type: 'object',
        properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: {} },
        required: ['success', 'message'],
        additionalProperties: false,
      };
    case 'upload':
      return {
        type: 'object',
        properties: {
          ...head,
          message: { type: 'string' },
          data: {
            type: 'object',
            properties: { name: { type: 'string' }, url: { type: 'string', description: '/img/{name}' } },
            required: ['name', 'url'],
          },
        },
        required: ['code', 'msg', 'message', 'data'],
        additionalProperties: false,
      };
    default:
      return data
        ? { type: 'object', properties: { ...head, data }, required: ['code', 'msg', 'data'], additionalProperties: false }
        : { type: 'object', properties: { ...head, data: {} }, required: ['code', 'msg'], additionalProperties: false };
  }
}

const operationId = (e: Endpoint) => `${e.method.toLowerCase()}${e.path.replace(/[^A-Za-z0-9]+/g, '_')}`;

function operationOf(op: Operation): Json {
  const { endpoint: e } = op;
  const parameters: Json[] = [];
  let requestBody: Json | undefined;
  const input = op.input;
  if (input && 'multipart' in input) {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              ...Object.fromEntries((input.fields ?? []).map((f) => [f, { type: 'string' }])),
              [UPLOAD_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
            required: [...(input.fields ?? []), UPLOAD_FIELD],
          },
        },
      },
    };
  } else if (input && 'ids' in input) {
    parameters.push({ name: 'id', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } });
    if (input.ids === 'ids') {
      parameters.push({ name: 'ids', in: 'query', required: false, schema: { type: 'string' }, description: 'comma-separated ids' });
      const ids = { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 1000 };
      requestBody = {
        required: false,
        description: 'the ids to delete: a JSON array, or `{ "ids": [...] }` (or `?ids=1,2` / `?id=`)',
        content: {
          'application/json': {
            schema: { oneOf: [ids, { type: 'object', properties: { ids }, required: ['ids'] }] },
          },
        },
      };
    }
  } else if (input) {
    const props = (input.schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.schema.required as string[] | undefined) ?? []);
    const isObject = input.schema.type === 'object';
    // a GET or a query-only route reads every parameter from the address; a merged one takes a record's id and
    // flag there (`?id=&flag=`, as the SPEC's calls send them) and the rest as a JSON body
    const inQuery = (n: string) =>
      isObject && isScalar(props[n]) && (e.method === 'GET' || input.from === 'query' || (input.from === 'merged' && QUERY_NAMES.has(n)));
    const query = Object.keys(props).filter(inQuery);
    for (const n of query) parameters.push({ name: n, in: 'query', required: required.has(n), schema: props[n] });
    const rest = Object.keys(props).filter((n) => !inQuery(n));
    if (!isObject || rest.length > 0 || (input.schema.additionalProperties !== undefined && query.length === 0)) {
      const schema =
        isObject && query.length
          ? {
              ...input.schema,
              properties: Object.fromEntries(rest.map((n) => [n, props[n]])),
              required: [...required].filter((n) => rest.includes(n)),
            }
          : input.schema;
      requestBody = {
        required: [...required].some((n) => rest.includes(n)) || !isObject,
        ...(input.from === 'merged' ? { description: 'query parameters of the same names are read too (the body wins)' } : {}),
        content: { 'application/json': { schema } },
      };
    }
  }
  const responses: Json = {
    200: {
      description: 'OK',
      content: { 'application/json': { schema: replySchema(op.reply, op.data) } },
    },
    400: { $ref: '#/components/responses/BadRequest' },
  };
  if (e.kind !== 'public') responses[401] = { $ref: '#/components/responses/Unauthorized' };
  if (e.kind === 'read' || e.kind === 'write') responses[403] = { $ref: '#/components/responses/Forbidden' };
  responses.default = { $ref: '#/components/responses/Error' };
  const who =
    e.kind === 'public'
      ? 'no login needed'
      : e.kind === 'session'
        ? 'any signed-in account'
        : `permission \`${e.path}\` (${e.kind === 'read' ? 'granted with the screens that need it' : 'a button'})`;
  return {
    operationId: operationId(e),
    tags: [e.module],
    summary: e.name,
    description: [op.summary, `Who may call it: ${who}.`].filter(Boolean).join('\n\n'),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(e.kind === 'public' ? { security: [] } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of the staff API under `prefix` (the server's API prefix). `inputs` are the input
 * schemas the server's routes parse with, keyed `METHOD path` (custom routes and lists).
 */
export function staffOpenApi(prefix: string, inputs: ReadonlyMap<string, RouteInputDoc> = new Map(), version = '1.0.0'): Json {
  const schemas: Record<string, Json> = { Error: error };
  const fromResources = resourceOperations(schemas);
  const options = new Set(Object.values(autoCompleteEndpoints).flatMap((p) => [p.post, p.get]));
  const paths: Record<string, Json> = {};
  for (const e of allEndpoints()) {
    const key = `${e.method} ${e.path}`;
    const recorded = inputs.get(key);
    const derived = fromResources.get(e);
    const op: Operation = { endpoint: e, reply: 'envelope', ...derived };
    if (e === uploadEndpoints.upload) {
      op.input = { multipart: true };
      op.reply = 'upload';
    } else if (e === mediaEndpoints.replace) {
      // 替换: the image's name (sent before the file), then the file
      op.input = { multipart: true, fields: ['name'] };
    } else if (!op.input && recorded?.schema) {
      op.input = { schema: jsonOf(recorded.schema), from: recorded.input ?? 'merged' };
    }
    if (!derived) {
      if (PAGE_REPLIES.has(e.path)) op.reply = 'page';
      if (options.has(e)) op.reply = 'options';
      if (e === fieldConfigEndpoints.get || e === fieldConfigEndpoints.save) op.reply = 'success';
    }
    paths[e.path] = { ...paths[e.path], [e.method.toLowerCase()]: operationOf(op) };
  }
  const errorReply = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Staff API',
      version,
      description: [
        'The API of the admin (every path of the endpoint tables, legacy names kept).',
        'Every reply is JSON: `{ code, msg, data }`, lists `{ code, msg, rows, total }`, errors `{ code, msg }` with an HTTP status telling the same story.',
        'Messages follow the `lang` header (`zh` default, `en`, `es`).',
        'Sign in with `POST /login/doLogin` and send the token in the `token` header; token errors are 401 with code 50008 (missing or unknown), 50014 (expired) or 50012 (signed in elsewhere).',
      ].join('\n\n'),
    },
    servers: [{ url: prefix || '/' }],
    // the guard reads the `token` header, else a `token` query (or body) parameter (auth/guard.ts)
    security: [{ token: [] }, { tokenParam: [] }],
    tags: [...new Set(allEndpoints().map((e) => e.module))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token', description: 'the token `/login/doLogin` answers' },
        tokenParam: { type: 'apiKey', in: 'query', name: 'token', description: 'the same token as a parameter (also read from the body)' },
      },
      schemas,
      responses: {
        BadRequest: errorReply('Invalid input: `msg` names the field and the rule (code 400)'),
        Unauthorized: errorReply('Not signed in: code 50008 (token missing or unknown), 50014 (expired), 50012 (signed in elsewhere)'),
        Forbidden: errorReply('The account lacks the permission (code 403)'),
        Error: errorReply('Any other refusal: 404 not found, 409 conflict, 413 too large, 429 too many requests, 500'),
      },
    },
  };
}
