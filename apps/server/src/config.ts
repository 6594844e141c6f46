import path from 'node:path';

export interface AppConfig {
  /** directory for the SQLite file and uploads */
  dataDir: string;
  /** postgres:// URL; SQLite under dataDir when empty */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (tests give each file its own) */
  databaseSchema: string | null;
  /** SQLite file; ':memory:' for tests */
  sqliteFile: string;
  apiPrefix: string;
  /** built SPA to serve; null = API only */
  webDir: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  sessionTtlMinutes: number;
  uploadMaxBytes: number;
  bodyLimitBytes: number;
  timeZone: string;
  logLevel: string | false;
  /** login throttle: failures of one account from one address, and of one address, per window */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  /** trust X-Forwarded-For from a load balancer */
  trustProxy: boolean;
  /** personal center and change-password links of the central site (navbar) */
  centralSiteUrl: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    sqliteFile: path.join(dataDir, 'app.db'),
    apiPrefix: env.API_PREFIX ?? '/api',
    webDir: env.WEB_DIR === '' ? null : path.resolve(env.WEB_DIR || defaultWebDir()),
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: env.SEED_DEMO !== '0',
    sessionTtlMinutes: num(env.SESSION_TTL_MINUTES, 8 * 60),
    uploadMaxBytes: num(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024),
    bodyLimitBytes: num(env.BODY_LIMIT_BYTES, 2 * 1024 * 1024),
    timeZone: env.TZ_NAME || 'Asia/Shanghai',
    logLevel: env.LOG_LEVEL === 'silent' ? false : env.LOG_LEVEL || 'info',
    loginMaxFailuresPerAccount: num(env.LOGIN_MAX_FAILURES, 5),
    loginMaxFailuresPerAddress: num(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 50),
    loginWindowMinutes: num(env.LOGIN_WINDOW_MINUTES, 15),
    trustProxy: env.TRUST_PROXY === '1',
    centralSiteUrl: env.CENTRAL_SITE_URL || '',
  };
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
    ...overrides,
  };
}
