import { Code, GRANTS_HEADER, isSuccess, RELOGIN_CODES, type Reply } from '@gk/contracts/envelope';
import { authEndpoints } from '@gk/contracts/session';
import { appConfig } from '../config';
import { feedback } from '../lib/feedback';
import { currentLang, tr } from '../lib/i18n';
import { noteGrants } from '../lib/sessionInfo';
import { getToken, removeToken } from '../lib/token';
import { useSession } from '../stores/session';

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** query parameters, appended to the URL (empty values are skipped) */
  params?: Params;
  headers?: Record<string, string>;
  /** no toast and no re-login dialog: the caller reports the failure itself */
  quiet?: boolean;
  signal?: AbortSignal;
  /** default 500000 ms (SPEC point 9) */
  timeout?: number;
  /** default POST; GET for the few GET endpoints (field configuration) */
  method?: 'GET' | 'POST';
  /**
   * The reply is the bare record, without the envelope (`/business/getBusinessType`, SPEC point 7): a 2xx
   * JSON object is the answer even when the record has a `code` field of its own; a failure still arrives
   * as `{ code, msg }` with a non-2xx status.
   */
  entity?: boolean;
}

/** A rejected call: the server's msg (already shown to the user unless `quiet`), its code and the whole reply. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code?: number | string,
    readonly reply?: unknown,
    /** HTTP status, when a reply arrived */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Replies passed through untouched as a Blob (SPEC point 8). */
const BLOB_TYPES = /spreadsheet|ms-excel|octet-stream/i;

export function buildUrl(path: string, params?: Params): string {
  const url = `${appConfig.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.append(k, String(v));
  const s = qs.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

function toastError(msg: string) {
  feedback().message.error(msg, appConfig.errorToastSeconds);
}

let reloginOpen = false;

/**
 * What the re-login dialog says: why the session ended when the server said why (您已被管理员强制下线, 密码已在其他地方
 * 修改, 账号已在其他地方登录 …), the legacy 登录已超时 text for a timeout or when nothing more is known.
 */
export function reloginContent(code?: number, msg?: string): string {
  if (code === undefined || code === Code.TOKEN_EXPIRED || !msg) return tr('shell.reloginContent');
  return `${msg.replace(/[。.！!]$/, '')}${currentLang() === 'zh' ? '，' : '. '}${tr('shell.reloginChoice')}`;
}

/** The session is gone: ask whether to log in again or stay on the page (SPEC point 8); one dialog at a time. */
export function confirmRelogin(content = tr('shell.reloginContent')) {
  if (reloginOpen) return;
  reloginOpen = true;
  feedback().modal.confirm({
    title: tr('shell.reloginTitle'),
    content,
    okText: tr('shell.relogin'),
    cancelText: tr('shell.cancel'),
    onOk: () => {
      useSession.getState().reset();
      location.reload();
    },
    afterClose: () => {
      reloginOpen = false;
    },
  });
}

/**
 * A session-expiry code (50008 / 50012 / 50014): the token is removed at once (cookie too), so a
 * reload goes to the login page and nothing is sent with the dead token again. The first answer shows
 * its msg and the dialog; later ones on the same page only bring the dialog back (no toast each time).
 * The page stays (the user may copy what they typed) until they leave it: then the guard signs them out.
 */
function sessionExpired(msg: string, code: number, quiet: boolean | undefined) {
  const first = getToken() !== undefined;
  removeToken();
  const { token, expiredAt } = useSession.getState();
  if (token && expiredAt === null && typeof location !== 'undefined')
    useSession.setState({ expiredAt: location.pathname + location.search });
  if (quiet) return;
  if (first) toastError(msg);
  confirmRelogin(reloginContent(code, msg));
}

function handleFailure(reply: Record<string, unknown>, quiet: boolean | undefined): never {
  const code = reply.code as number | string | undefined;
  const msg = String(reply.msg || reply.message || tr('shell.requestFailed'));
  if (code !== undefined && RELOGIN_CODES.includes(Number(code)) && reply.intTotal === undefined) sessionExpired(msg, Number(code), quiet);
  else if (!quiet) toastError(msg);
  throw new RequestError(msg, code, reply);
}

/** The server turned the session down (as opposed to a network or server failure). */
export function isAuthFailure(e: unknown): boolean {
  if (!(e instanceof RequestError) || e.code === undefined) return false;
  const code = Number(e.code);
  return RELOGIN_CODES.includes(code) || code === 401 || code === 403 || e.code === 'NO_INFO' || e.code === 'NO_ROLES';
}

async function send<T>(path: string, body: BodyInit | undefined, contentType: string | undefined, opts: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { lang: currentLang(), ...opts.headers };
  const token = getToken();
  if (token) headers.token = token;
  if (contentType) headers['content-type'] = contentType;

  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, opts.timeout ?? appConfig.requestTimeoutMs);
  const onAbort = () => ctrl.abort();
  opts.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.params), {
      method: opts.method ?? 'POST',
      headers,
      body,
      signal: ctrl.signal,
      credentials: 'same-origin',
    });
  } catch {
    const aborted = opts.signal?.aborted && !timedOut;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const msg = timedOut ? tr('shell.timeout') : aborted ? tr('shell.aborted') : offline ? tr('shell.offline') : tr('shell.networkError');
    if (!opts.quiet && !aborted) toastError(msg);
    throw new RequestError(msg);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  noteGrants(res.headers.get(GRANTS_HEADER), path === authEndpoints.info.path);
  const type = res.headers.get('content-type') ?? '';
  if (BLOB_TYPES.test(type)) return (await res.blob()) as T;

  let reply: unknown;
  try {
    reply = await res.json();
  } catch {
    // not JSON (a proxy's error page, or the body was cut off because the page is being left)
    const msg = tr('shell.badReply', { status: res.status });
    if (!opts.quiet) toastError(msg);
    throw new RequestError(msg, undefined, undefined, res.status);
  }
  if (reply === null || typeof reply !== 'object') return reply as T;
  const r = reply as Record<string, unknown>;
  if (opts.entity && res.ok) return reply as T;
  // success: code 200 (string or number); option lists (list + intTotal) and field-config replies (success) carry no code
  if (isSuccess(r as { code?: number | string })) return reply as T;
  if (r.code === undefined && ('intTotal' in r || r.success === true)) return reply as T;
  if (r.code === undefined && r.success === undefined && res.ok) return reply as T;
  return handleFailure(r, opts.quiet);
}

/** POST `/api` + path with a JSON body (or none); resolves with the whole reply when its code is 200. */
export function post<T = Reply>(path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  if (body instanceof FormData) return send<T>(path, body, undefined, opts);
  return send<T>(path, body === undefined ? undefined : JSON.stringify(body), body === undefined ? undefined : 'application/json', opts);
}

/** GET `/api` + path with query parameters (field configuration); replies are handled as `post` does. */
export function get<T = Reply>(path: string, params?: Params, opts: RequestOptions = {}): Promise<T> {
  return send<T>(path, undefined, undefined, { ...opts, params: { ...opts.params, ...params }, method: 'GET' });
}

/** `/img/` + stored name, unless the value is already a URL. */
export function imageUrl(name: string | null | undefined): string {
  if (!name) return '';
  if (/^(https?:)?\/\//.test(name) || name.startsWith('/') || name.startsWith('data:') || name.startsWith('blob:')) return name;
  return `${appConfig.imgBase}${name}`;
}
