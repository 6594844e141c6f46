import { isSuccess, RELOGIN_CODES, type Reply } from '@gk/contracts/envelope';
import { currentLang, tr } from '../lib/i18n';
import { getToken } from '../lib/token';
import { buildUrl, confirmRelogin, RequestError, reloginContent } from './request';

export interface SendFormOptions {
  /** the bytes sent so far, as a percentage of the body (0–100) */
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with upload progress (fetch has none: XMLHttpRequest's `upload.onprogress`), with the
 * headers every call carries (token, lang). Resolves with the reply when its code is 200; otherwise rejects with a
 * RequestError carrying the server's message (the upload call's `message`, else `msg`; the caller shows it in place, no toast). A session-expiry code
 * brings the re-login dialog, as every other call does.
 */
export function sendForm<T = Reply>(path: string, form: FormData, opts: SendFormOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('lang', currentLang());
    const token = getToken();
    if (token) xhr.setRequestHeader('token', token);
    xhr.responseType = 'text';
    if (opts.onUploadProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) opts.onUploadProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
      };
      // the whole body is sent: the server's step begins
      xhr.upload.onload = () => opts.onUploadProgress?.(100);
    }
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort);
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onerror = () => {
      done();
      reject(new RequestError(tr('shell.networkError')));
    };
    xhr.onabort = () => {
      done();
      reject(new RequestError(tr('shell.aborted')));
    };
    xhr.onload = () => {
      done();
      let reply: Record<string, unknown>;
      try {
        reply = JSON.parse(xhr.responseText);
      } catch {
        reject(new RequestError(tr('shell.badReply', { status: xhr.status }), undefined, undefined, xhr.status));
        return;
      }
      if (reply && typeof reply === 'object' && isSuccess(reply as { code?: number | string })) {
        resolve(reply as T);
        return;
      }
      const code = reply?.code as number | string | undefined;
      const msg = String(reply?.message || reply?.msg || tr('shell.requestFailed'));
      if (code !== undefined && RELOGIN_CODES.includes(Number(code))) confirmRelogin(reloginContent(Number(code), msg));
      reject(new RequestError(msg, code, reply, xhr.status));
    };
    xhr.send(form);
  });
}
