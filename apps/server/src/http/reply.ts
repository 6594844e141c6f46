import { Code, type Lang, translate } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';

/** The request's language (`lang` header / param, else Accept-Language, else zh). */
export function langOf(req: FastifyRequest): Lang {
  return req.lang;
}

export function t(req: FastifyRequest, key: string, params?: Record<string, string | number>): string {
  return translate(req.lang, key, params);
}

/** `{ code: 200, msg, data }` */
export function ok<T>(req: FastifyRequest, data?: T, msgKey = 'common.ok') {
  return data === undefined ? { code: Code.OK, msg: t(req, msgKey) } : { code: Code.OK, msg: t(req, msgKey), data };
}

/** `{ code: 200, msg, rows, total }` (paged lists keep rows and total at the top level) */
export function page<T>(req: FastifyRequest, rows: T[], total: number) {
  return { code: Code.OK, msg: t(req, 'common.ok'), rows, total };
}
