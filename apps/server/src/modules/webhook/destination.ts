import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent, and the one attempt of sending it (issue 21).
 *
 * A destination must be a public address: the address checked is the one connected to, inside the socket's
 * own DNS lookup (`guardedLookup`), so a name that resolves to a public address when the webhook is saved and
 * to a private one when it is sent (DNS rebinding) is refused at send time, on every try. Literal IP hosts
 * (`http://127.1/`, `http://0x7f000001/`, `http://[::ffff:10.0.0.1]/`: the URL parser writes them as plain
 * addresses) are checked before connecting. `WEBHOOK_ALLOW_PRIVATE=1` lifts the rule (tests with loopback
 * receivers, an intranet deployment).
 */

/** the most of an answer read before the connection is closed */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** one attempt, from the DNS lookup to the last byte read */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** the save-time lookup of a host name */
const SAVE_LOOKUP_MS = 5_000;

/** The resolver the sender and the save check use (a seam for tests: a name that resolves as the test says). */
export const resolver: {
  lookup: (hostname: string, cb: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;
} = {
  lookup: (hostname, cb) => dns.lookup(hostname, { all: true, verbatim: true }, cb),
};

/** IANA's global unicast block for IPv6 (2000::/3): anything outside it is not a public address */
const GLOBAL_UNICAST_6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is a public one: IPv4 outside loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, the cloud metadata address among them), CGNAT (100.64/10), unspecified, broadcast, multicast
 * and reserved ranges; IPv6 global unicast only (no loopback, ULA, link-local, multicast, NAT64, 6to4, Teredo,
 * IPv4-compatible …); an IPv4-mapped IPv6 address is judged as its IPv4 address. The ranges are ipaddr.js's.
 */
export function isPublicAddress(address: string): boolean {
  const kind = net.isIP(address);
  if (!kind) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (!v6.isIPv4MappedAddress()) return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_6);
    ip = v6.toIPv4Address();
  }
  return ip.range() === 'unicast';
}

/** a connection refused because of where it would go */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(readonly address: string) {
    super(`not a public address: ${address}`);
  }
}

/** the host of a URL as an address or name (`[::1]` → `::1`) */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The socket's DNS lookup: resolves with `resolver`, keeps the public addresses only (all of them when private
 * ones are allowed) and fails when none is left. Node connects to what this answers, so the check and the
 * connection see the same address.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolver.lookup(hostname, (err, found) => {
      if (err) return callback(err, '');
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = found.filter((a) => (!family || a.family === family) && (allowPrivate || isPublicAddress(a.address)));
      if (!usable.length) return callback(new BlockedAddressError(found[0]?.address ?? hostname), '');
      if (options.all) callback(null, usable);
      else callback(null, usable[0].address, usable[0].family);
    });
  };
}

/**
 * The save-time check: null when the URL may be saved, else the host to name in the refusal. A literal address
 * must be public; a name must resolve to at least one public address. A name that does not resolve (yet) is
 * accepted: every send checks again.
 */
export async function refusedHost(rawUrl: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null; // the schema's rule answers for a malformed URL
  }
  const host = hostOf(url);
  if (net.isIP(host)) return isPublicAddress(host) ? null : host;
  const found = await new Promise<dns.LookupAddress[] | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), SAVE_LOOKUP_MS);
    timer.unref();
    resolver.lookup(host, (err, addresses) => {
      clearTimeout(timer);
      resolve(err ? null : addresses);
    });
  });
  if (!found?.length) return null;
  return found.some((a) => isPublicAddress(a.address)) ? null : host;
}

/**
 * What one attempt ended with: the answer's status (null: none came), a short reason code when there was no
 * status (`blocked:<address>`, `timeout`, `dns`, `refused`, `network:<code>`, `shutdown`), and how many bytes of
 * the answer were read (at most MAX_ANSWER_BYTES and the one network chunk that crossed it; never kept).
 */
export interface Attempt {
  status: number | null;
  reason: string;
  bytesRead: number;
}

function reasonOf(err: unknown): string {
  if (err instanceof BlockedAddressError) return `blocked:${err.address}`;
  const code = String((err as NodeJS.ErrnoException | null)?.code ?? '');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EHOSTDOWN' || code === 'ENETDOWN') return 'unreachable';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'reset';
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return `tls:${code.replace(/[^\w]/g, '').slice(0, 40)}`;
  return `network:${code.replace(/[^\w]/g, '').slice(0, 40) || 'error'}`;
}

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  maxAnswerBytes?: number;
  /** aborts the attempt (the server is stopping) */
  signal?: AbortSignal;
}

/**
 * POSTs once: no redirects followed, no connection kept, one deadline for the whole attempt (lookup, connect,
 * send, answer). Of the answer only the status counts: at most `maxAnswerBytes` are read, then the
 * connection is closed. Never throws.
 */
export function postOnce(rawUrl: string, opts: PostOptions): Promise<Attempt> {
  const maxBytes = opts.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  return new Promise<Attempt>((resolve) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      resolve({ status: null, reason: 'network:EINVALIDURL', bytesRead: 0 });
      return;
    }
    const host = hostOf(url);
    if (net.isIP(host) && !opts.allowPrivate && !isPublicAddress(host)) {
      resolve({ status: null, reason: `blocked:${host}`, bytesRead: 0 });
      return;
    }
    if (opts.signal?.aborted) {
      resolve({ status: null, reason: 'shutdown', bytesRead: 0 });
      return;
    }
    let status: number | null = null;
    let bytesRead = 0;
    let settled = false;
    const finish = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve({ status, reason: status == null ? reason : '', bytesRead });
    };
    const onAbort = () => finish('shutdown');
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(url, {
      method: 'POST',
      headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)), connection: 'close' },
      agent: false,
      lookup: guardedLookup(opts.allowPrivate),
    });
    const timer = setTimeout(() => finish('timeout'), opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      res.on('data', (chunk: Buffer) => {
        bytesRead += chunk.length;
        if (bytesRead >= maxBytes) finish('');
      });
      res.on('end', () => finish(''));
      res.on('error', () => finish(''));
      res.on('aborted', () => finish(''));
    });
    req.on('error', (err) => finish(reasonOf(err)));
    req.end(opts.body);
  });
}
