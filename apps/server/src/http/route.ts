import type { Endpoint, RouteInputDoc } from '@gk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../context.js';
import { badRequest } from './errors.js';

/**
 * Declares one API route from the contracts' endpoint table. The guard (auth/guard.ts) reads
 * `config.endpoint` and checks login and permission before the handler runs; the input is the merge of
 * query parameters and body (SPEC sends ids as query params and filters as bodies), parsed by the schema.
 */
export interface RouteDef<S extends z.ZodType> {
  endpoint: Endpoint;
  schema?: S;
  /** where the input comes from; default both (query params overlaid by the body) */
  input?: 'merged' | 'body' | 'query';
  /** the input as the API reference documents it, for a handler that parses it itself (a resource's list) */
  doc?: z.ZodType;
  handler: (input: z.output<S>, req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;
}

export function rawInput(req: FastifyRequest, from: 'merged' | 'body' | 'query' = 'merged'): unknown {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body;
  if (from === 'query') return query;
  if (from === 'body') return body ?? {};
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') return { ...query, ...(body as Record<string, unknown>) };
  return query;
}

/** Parses input with a schema; the first issue becomes a 400 with its message key. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const params: Record<string, string | number> = {};
  const p = (issue as { params?: Record<string, unknown> }).params;
  if (p) for (const [k, v] of Object.entries(p)) params[k] = String(v);
  let key = issue.message;
  // zod's own English messages (wrong type, unknown keys...) become our generic field message
  if (!/^[a-z][\w]*(\.[\w]+)+$/i.test(key)) {
    key = 'err.invalidField';
    params.field = issue.path.join('.') || 'body';
  }
  throw badRequest(key, params);
}

/**
 * The input schema of every route declared so far, keyed `METHOD path` (the same in every app of a process):
 * what the staff API's OpenAPI document (`staffOpenApi`, modules/apiDocs) reads for the custom routes.
 */
const inputDocs = new Map<string, RouteInputDoc>();
export const routeInputDocs = (): ReadonlyMap<string, RouteInputDoc> => inputDocs;

export function addRoute<S extends z.ZodType>(app: FastifyInstance, ctx: Ctx, def: RouteDef<S>): void {
  void ctx;
  inputDocs.set(`${def.endpoint.method} ${def.endpoint.path}`, { schema: def.doc ?? def.schema, input: def.input });
  app.route({
    method: def.endpoint.method,
    url: def.endpoint.path,
    config: { endpoint: def.endpoint },
    handler: async (req, reply) => {
      const input = def.schema ? parseInput(def.schema, rawInput(req, def.input)) : (undefined as z.output<S>);
      return def.handler(input, req, reply);
    },
  });
}
