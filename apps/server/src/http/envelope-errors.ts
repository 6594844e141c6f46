import http from 'node:http';
import type { Socket } from 'node:net';
import { type Lang, pickLang, translate } from '@gk/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_HEADERS } from './security-headers.js';

/**
 * Replies that Node or Fastify would write before any route runs, in the API's envelope `{ code, msg }` with a
 * translated message (docs/decisions.md):
 * - Node's HTTP parser refuses a request (`clientError`): headers or address over Node's 16 KB header limit → 431,
 *   a request that took too long to arrive → 408, anything malformed → 400;
 * - Fastify's router refuses an address (`frameworkErrors`): bad percent-encoding → 400, a path segment longer
 *   than the router's `maxParamLength` → 414.
 */

const STATUS = { badRequest: 400, timeout: 408, uriTooLong: 414, headersTooLarge: 431, internal: 500 } as const;

/**
 * The language of a request Node could not parse, from the bytes it had read: a `lang` header, `lang=` in the
 * address, then Accept-Language (what the API's `onRequest` hook reads); Chinese when none of them arrived.
 */
export function langOfRaw(raw: Buffer | string | undefined): Lang {
  if (!raw) return pickLang();
  const text = (typeof raw === 'string' ? raw : raw.toString('latin1')).slice(0, 64 * 1024);
  const header = (name: string) => new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]*)`, 'i').exec(text)?.[1];
  const eol = text.indexOf('\r\n');
  const firstLine = eol < 0 ? text : text.slice(0, eol);
  const inAddress = /[?&]lang=([A-Za-z-]+)/.exec(firstLine)?.[1];
  return pickLang(header('lang'), inAddress, header('accept-language'));
}

function rawReply(code: number, lang: Lang, key: string, params?: Record<string, string | number>): string {
  const body = JSON.stringify({ code, msg: translate(lang, key, params) });
  const head = [
    `HTTP/1.1 ${code} ${http.STATUS_CODES[code] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(API_HEADERS).map(([k, v]) => `${k}: ${v}`),
    'connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (this = the Fastify instance) */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  // a connection reset, or one already gone: nothing to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // the bytes read so far (a Buffer at run time)
  const lang = langOfRaw(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined);
  let reply: string;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    reply = rawReply(STATUS.headersTooLarge, lang, 'err.headersTooLarge', { limit: `${Math.round(http.maxHeaderSize / 1024)} KB` });
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    reply = rawReply(STATUS.timeout, lang, 'err.timeout');
  } else {
    reply = rawReply(STATUS.badRequest, lang, 'err.badHttp');
  }
  this.log.debug({ event: 'http.clientError', code: err.code }, 'request refused by the HTTP parser');
  // as Node's own handler: only when no reply of this connection has begun (else the bytes would corrupt it)
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(reply);
  socket.destroy();
}

/** Fastify's `frameworkErrors`: the router refused the address before any hook ran */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = pickLang(
    typeof req.headers.lang === 'string' ? req.headers.lang : undefined,
    /[?&]lang=([A-Za-z-]+)/.exec(req.url)?.[1],
    req.headers['accept-language'],
  );
  let code: number;
  let key: string;
  if (err.code === 'FST_ERR_BAD_URL') {
    code = STATUS.badRequest;
    key = 'err.badUrl';
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    code = STATUS.uriTooLong;
    key = 'err.uriTooLong';
  } else {
    req.log.error({ err }, 'router error');
    code = STATUS.internal;
    key = 'err.internal';
  }
  reply
    .status(code)
    .headers(API_HEADERS)
    .type('application/json; charset=utf-8')
    .send({ code, msg: translate(lang, key) });
}
