import path from 'node:path';
import type { S3Settings } from './storage/s3.js';

export interface AppConfig {
  /** directory for the SQLite file and uploads */
  dataDir: string;
  /** postgres:// URL; SQLite under dataDir when empty */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (tests give each file its own) */
  databaseSchema: string | null;
  /** SQLite file; ':memory:' for tests */
  sqliteFile: string;
  /**
   * SQLITE_CACHE_MB: SQLite's page cache of the server's connection, in MB. better-sqlite3 builds SQLite with 16 MB
   * (SQLite's own default is 2); the database file's pages stay in the operating system's cache either way.
   */
  sqliteCacheMb: number;
  /** MALLOC_TRIM_MS: how often glibc is asked to hand freed native memory back (ops/malloc-trim.ts); 0 = never */
  mallocTrimMs: number;
  apiPrefix: string;
  /** built SPA to serve; null = API only */
  webDir: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  sessionTtlMinutes: number;
  uploadMaxBytes: number;
  /** the most data rows an Excel import takes (IMPORT_MAX_ROWS) */
  importMaxRows: number;
  /** the largest .xlsx an import takes (IMPORT_MAX_BYTES) */
  importMaxBytes: number;
  /** largest image accepted, in pixels (width × height × frames), read from the header before decoding */
  uploadMaxPixels: number;
  /** images decoded at once, and how many more may wait; past that an upload is refused with 429 */
  uploadDecodeConcurrency: number;
  uploadDecodeQueue: number;
  bodyLimitBytes: number;
  /** the time a rich-text body may take to sanitize, counted from when a thread takes it (SANITIZE_TIME_LIMIT_MS) */
  sanitizeTimeLimitMs: number;
  timeZone: string;
  logLevel: string | false;
  /** login throttle: failures of one account from one address, and of one address, per window */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  /**
   * which proxies' X-Forwarded-For to believe (TRUST_PROXY): false = none; a hop count (1 = the one
   * load balancer in front); or addresses / CIDRs of the proxies. Never "every client".
   */
  trustProxy: false | number | string[];
  /** an S3-compatible bucket for the images (S3_BUCKET set), else null: DATA_DIR/uploads */
  s3: S3Settings | null;
  /** cron expression for scheduled backups (BACKUP_CRON, e.g. `0 3 * * *`); null = none */
  backupCron: string | null;
  /** scheduled backups kept (the oldest are removed) */
  backupKeep: number;
  /** where scheduled backups are written */
  backupDir: string;
  /**
   * BACKUP_ENCRYPTION_KEY: backups are encrypted with age (an `AGE-SECRET-KEY-1…` identity, or any other text as
   * a passphrase); a restore needs the same key. null = plain archives.
   */
  backupEncryptionKey: string | null;
  /** bearer token for GET /metrics; without it only loopback callers may read the metrics */
  metricsToken: string | null;
  /** Strict-Transport-Security max-age in seconds; 0 = header not sent */
  hstsMaxAge: number;
  /** personal center and change-password links of the central site (navbar) */
  centralSiteUrl: string;
  /** days a deleted record stays in the recycle bin before the daily purge (RECYCLE_DAYS) */
  recycleDays: number;
  /** days an operation log entry is kept (AUDIT_RETENTION_DAYS) */
  auditRetentionDays: number;
  /** revisions kept per record, oldest dropped (REVISIONS_KEEP) */
  revisionsKeep: number;
  /** SINGLE_SESSION=1: a newer login ends the account's older sessions (they then get 50012) */
  singleSession: boolean;
  /** the delivery API (issue 11): prefix, cache lifetime and stale window (s), CORS origins, requests per minute per address */
  publicApiPrefix: string;
  publicMaxAge: number;
  publicStaleSeconds: number;
  publicCorsOrigins: string;
  publicRateLimit: number;
  /** DELIVERY_CACHE_MB: megabytes of delivery API replies kept in memory per process (LRU); 0: no reply cache */
  deliveryCacheMb: number;
  /** how often the webhook ticker runs (ms); 0 = never (tests drive it) */
  webhookTickMs: number;
  /** how often each process looks for releases (发布计划) whose time came (ms); 0 = never (tests drive `releaseTick`) */
  releaseTickMs: number;
  /** preview snapshots of unsaved edits one account keeps at most, by count and by bytes; the oldest go first */
  previewMaxPerAccount: number;
  previewMaxBytesPerAccount: number;
  /** WEBHOOK_ALLOW_PRIVATE=1: webhooks may be sent to loopback / private / link-local addresses (off: public only) */
  webhookAllowPrivate: boolean;
  /**
   * PUBLIC_BASE_URL: the origin image URLs in delivery replies start with (`https://cms.example.com`, or a CDN in
   * front of it), no trailing slash; null = the request's own origin (its Host / X-Forwarded-* read through TRUST_PROXY)
   */
  publicBaseUrl: string | null;
  /** IMAGE_WIDTHS: the only widths `/img/{name}?w=` renders (ascending); any other width is a 400 */
  imageWidths: number[];
  /** SITE_KEY_RATE_LIMIT: delivery requests per minute of one site key (instead of the per-address limit) */
  siteKeyRateLimit: number;
  /** ALLOWED_LINK_DOMAINS: hosts links in rich text may point to (`example.com`, `*.example.com`); empty: no warning */
  allowedLinkDomains: string[];
  /**
   * PREVIEW_URL_<RESOURCE> (PREVIEW_URL_NEWS, PREVIEW_URL_POLICY, …): the website's page showing a draft, with
   * `{id}` and `{token}` placeholders; a resource without one previews on the built-in page
   */
  previewUrls: Record<string, string>;
  /** CONTENT_LOCALES: the locales content is written in, the default first (`zh-CN,en`); independent of the UI languages */
  contentLocales: string[];
  /**
   * CONTENT_FALLBACK: the locales a missing translated field is read from, in order, after the one asked for
   * (default: the default locale); the default locale always ends the chain
   */
  contentFallback: string[];
  /**
   * PUBLIC_SITE_URL: the website's origin (`https://www.example.com`, an optional path, no trailing slash) the sitemap's
   * and the feeds' links start with; null = no sitemap (the feeds link to the delivery API's record paths)
   */
  publicSiteUrl: string | null;
  /**
   * SITE_URL_<RESOURCE> (SITE_URL_NEWS=/news/{slug}, SITE_URL_PAGE_ITEM=/{locale}/about/{slug}): a record's page on
   * the website, a path after PUBLIC_SITE_URL with `{slug}`, `{id}` and `{locale}`; a resource without one is in no
   * sitemap. Resource name (lower camel case of the suffix) → template
   */
  siteUrls: Record<string, string>;
  /** slugs for records saved before slugs existed, made in the background at start (modules/delivery/slug-backfill.ts); off in tests */
  slugBackfill: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    sqliteFile: path.join(dataDir, 'app.db'),
    sqliteCacheMb: Math.max(1, num(env.SQLITE_CACHE_MB, 4)),
    mallocTrimMs: Math.max(0, num(env.MALLOC_TRIM_MS, 5_000)),
    apiPrefix: env.API_PREFIX ?? '/api',
    webDir: env.WEB_DIR === '' ? null : path.resolve(env.WEB_DIR || defaultWebDir()),
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: env.SEED_DEMO !== '0',
    sessionTtlMinutes: num(env.SESSION_TTL_MINUTES, 8 * 60),
    uploadMaxBytes: num(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024),
    importMaxRows: num(env.IMPORT_MAX_ROWS, 20_000),
    importMaxBytes: num(env.IMPORT_MAX_BYTES, 20 * 1024 * 1024),
    uploadMaxPixels: num(env.UPLOAD_MAX_PIXELS, 25_000_000),
    uploadDecodeConcurrency: num(env.UPLOAD_DECODE_CONCURRENCY, 2),
    uploadDecodeQueue: num(env.UPLOAD_DECODE_QUEUE, 8),
    bodyLimitBytes: num(env.BODY_LIMIT_BYTES, 2 * 1024 * 1024),
    sanitizeTimeLimitMs: num(env.SANITIZE_TIME_LIMIT_MS, 5_000),
    timeZone: env.TZ_NAME || 'Asia/Shanghai',
    logLevel: env.LOG_LEVEL === 'silent' ? false : env.LOG_LEVEL || 'info',
    loginMaxFailuresPerAccount: num(env.LOGIN_MAX_FAILURES, 5),
    loginMaxFailuresPerAddress: num(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 50),
    loginWindowMinutes: num(env.LOGIN_WINDOW_MINUTES, 15),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    hstsMaxAge: num(env.HSTS_MAX_AGE, 0),
    metricsToken: env.METRICS_TOKEN || null,
    backupCron: env.BACKUP_CRON || null,
    backupKeep: num(env.BACKUP_KEEP, 7),
    backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    backupEncryptionKey: env.BACKUP_ENCRYPTION_KEY || null,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT || null,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
          prefix: env.S3_PREFIX || '',
        }
      : null,
    centralSiteUrl: env.CENTRAL_SITE_URL || '',
    recycleDays: num(env.RECYCLE_DAYS, 30),
    auditRetentionDays: num(env.AUDIT_RETENTION_DAYS, 365),
    revisionsKeep: Math.max(1, num(env.REVISIONS_KEEP, 50)),
    singleSession: env.SINGLE_SESSION === '1',
    publicApiPrefix: env.PUBLIC_API_PREFIX || '/public/v1',
    publicMaxAge: num(env.PUBLIC_MAX_AGE, 60),
    publicStaleSeconds: num(env.PUBLIC_STALE_SECONDS, 600),
    publicCorsOrigins: env.PUBLIC_CORS_ORIGINS || '*',
    publicRateLimit: num(env.PUBLIC_RATE_LIMIT, 600),
    deliveryCacheMb: Math.max(0, num(env.DELIVERY_CACHE_MB, 16)),
    webhookTickMs: num(env.WEBHOOK_TICK_MS, 1000),
    releaseTickMs: num(env.RELEASE_TICK_MS, 1000),
    previewMaxPerAccount: Math.max(1, num(env.PREVIEW_MAX_PER_ACCOUNT, 20)),
    previewMaxBytesPerAccount: Math.max(1024, num(env.PREVIEW_MAX_BYTES_PER_ACCOUNT, 10 * 1024 * 1024)),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    publicBaseUrl: baseUrlOf(env.PUBLIC_BASE_URL),
    imageWidths: widthsOf(env.IMAGE_WIDTHS),
    siteKeyRateLimit: num(env.SITE_KEY_RATE_LIMIT, 60_000),
    allowedLinkDomains: (env.ALLOWED_LINK_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    previewUrls: previewUrlsOf(env),
    ...contentLocalesOf(env),
    slugBackfill: true,
    ...siteUrlsOf(env),
  };
}

/** PUBLIC_BASE_URL: an http(s) origin with an optional path, no trailing slash; anything else is refused at start */
export function baseUrlOf(v: string | undefined, name = 'PUBLIC_BASE_URL'): string | null {
  const s = (v ?? '').trim();
  if (!s) return null;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new Error(`${name} is not a URL: ${s}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${name} must be http(s): ${s}`);
  if (u.search || u.hash) throw new Error(`${name} takes no query or fragment: ${s}`);
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

/** the placeholders a SITE_URL_<RESOURCE> template may hold */
const SITE_URL_PLACEHOLDERS = new Set(['{slug}', '{id}', '{locale}']);

/**
 * PUBLIC_SITE_URL (like PUBLIC_BASE_URL) and SITE_URL_<RESOURCE> (resource name: lower camel case of the suffix,
 * SITE_URL_PAGE_ITEM → pageItem): each template a site path starting with `/`, naming the record by `{slug}` or
 * `{id}` (and `{locale}` when the site's paths carry it), no other `{…}`, no spaces, quotes, `<>` or `#`. A template
 * without PUBLIC_SITE_URL is refused at start; so is one naming no delivered resource (checked by the delivery API).
 */
export function siteUrlsOf(env: NodeJS.ProcessEnv): { publicSiteUrl: string | null; siteUrls: Record<string, string> } {
  const publicSiteUrl = baseUrlOf(env.PUBLIC_SITE_URL, 'PUBLIC_SITE_URL');
  const siteUrls: Record<string, string> = {};
  for (const [k, raw] of Object.entries(env)) {
    const m = /^SITE_URL_([A-Z0-9_]+)$/.exec(k);
    const v = (raw ?? '').trim();
    if (!m || !v) continue;
    const name = m[1].toLowerCase().replace(/_([a-z0-9])/g, (_x, c: string) => c.toUpperCase());
    if (!v.startsWith('/') || v.startsWith('//') || /[\s"'<>#\\]/.test(v))
      throw new Error(`${k} must be a site path starting with / (after PUBLIC_SITE_URL), without spaces, quotes or #: ${v}`);
    for (const p of v.match(/\{[^}]*\}?/g) ?? [])
      if (!SITE_URL_PLACEHOLDERS.has(p)) throw new Error(`${k}: ${p} is not one of {slug}, {id}, {locale}: ${v}`);
    if (!v.includes('{slug}') && !v.includes('{id}')) throw new Error(`${k} must name the record by {slug} or {id}: ${v}`);
    if (!publicSiteUrl) throw new Error(`${k} needs PUBLIC_SITE_URL (the website's origin its paths follow)`);
    siteUrls[name] = v;
  }
  return { publicSiteUrl, siteUrls };
}

/** IMAGE_WIDTHS: whole pixel widths, 16 to 8192, comma-separated; sorted, duplicates dropped */
export function widthsOf(v: string | undefined): number[] {
  const s = (v ?? '').trim() || '320,640,960,1280,1920';
  const widths = s.split(',').map((x) => Number(x.trim()));
  for (const w of widths)
    if (!Number.isInteger(w) || w < 16 || w > 8192) throw new Error(`IMAGE_WIDTHS: ${s} (whole widths from 16 to 8192)`);
  return [...new Set(widths)].sort((a, b) => a - b);
}

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * CONTENT_LOCALES (comma-separated BCP 47 tags, the default first; default `zh-CN,en`) and CONTENT_FALLBACK (the
 * chain a missing field is read from; each must be a content locale; the default locale is appended when absent).
 */
export function contentLocalesOf(env: NodeJS.ProcessEnv): { contentLocales: string[]; contentFallback: string[] } {
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  const locales = [...new Set(list(env.CONTENT_LOCALES))];
  if (!locales.length) locales.push('zh-CN', 'en');
  for (const l of locales) if (!LOCALE.test(l)) throw new Error(`CONTENT_LOCALES: ${l} is not a locale tag (zh-CN, en, ja …)`);
  const fallback = [...new Set(list(env.CONTENT_FALLBACK))];
  for (const l of fallback) if (!locales.includes(l)) throw new Error(`CONTENT_FALLBACK: ${l} is not one of CONTENT_LOCALES`);
  if (!fallback.includes(locales[0])) fallback.push(locales[0]);
  return { contentLocales: locales, contentFallback: fallback };
}

/** PREVIEW_URL_<RESOURCE>: resource name (lower camel case of the suffix: PREVIEW_URL_PAGE_ITEM → pageItem) → template */
export function previewUrlsOf(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    const m = /^PREVIEW_URL_([A-Z0-9_]+)$/.exec(k);
    if (!m || !v) continue;
    const name = m[1].toLowerCase().replace(/_([a-z0-9])/g, (_x, c: string) => c.toUpperCase());
    if (!v.includes('{token}')) throw new Error(`${k} must contain {token}: ${v}`);
    out[name] = v;
  }
  return out;
}

/**
 * TRUST_PROXY: empty / 0 / false = trust no proxy; a whole number = that many proxy hops in front
 * (1 = one load balancer); otherwise a comma-separated list of proxy addresses or CIDRs
 * (`10.0.0.0/8,127.0.0.1`). `true` is refused: it would let any client choose its own address.
 */
export function trustProxyOf(v: string | undefined): false | number | string[] {
  const s = (v ?? '').trim();
  if (s === '' || s === '0' || s.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(s)) return Number(s);
  if (s.toLowerCase() === 'true') throw new Error('TRUST_PROXY=true would trust any client; give a hop count or proxy addresses');
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * Fastify's `trustProxy`. A hop count is given as a function trusting the connecting address and the next
 * `hops - 1` entries of X-Forwarded-For (Fastify 5 takes a bare number as "trust nobody", which made
 * TRUST_PROXY=1 behind nginx see every client as nginx's own address); addresses / CIDRs as they are.
 */
export function trustProxyFn(tp: AppConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return tp > 0 ? (_address, hop) => hop < tp : false;
  return tp;
}

function defaultWebDir(): string {
  // apps/server/dist/main.js or apps/server/src/main.ts → apps/web/dist
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
}

/** A config for tests: in-memory SQLite (or the given PostgreSQL), no SPA, no logs, no demo content. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...configFromEnv({}),
    dataDir: overrides.dataDir ?? path.join('/tmp', `gk-test-${process.pid}-${Math.random().toString(36).slice(2)}`),
    sqliteFile: ':memory:',
    webDir: null,
    adminPassword: 'Admin_123456',
    seedDemo: false,
    logLevel: false,
    // a test that writes rows by hand gives them slugs when it means to (backfillSlugs), not whenever the app starts
    slugBackfill: false,
    ...overrides,
  };
}
