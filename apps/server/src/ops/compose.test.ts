import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configFromEnv } from '../config.js';
import { scaleOutEnv } from './test-scale.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, unknown> | string[];
  entrypoint?: string;
}

/**
 * compose.yaml is the deployment the two-process test runs in miniature (two-process.test.ts): it must give
 * its app processes every setting the test gives them, pointed at its own PostgreSQL, MinIO and volume.
 */
describe('compose.yaml and the Dockerfile match what the tests run', () => {
  const compose = parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    configs: Record<string, { content: string }>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;
  const apps = Object.entries(services).filter(([, s]) => s.build);

  it('two app processes with the same settings, and PostgreSQL, MinIO and nginx', () => {
    expect(apps.map(([n]) => n).sort()).toEqual(['app1', 'app2']);
    expect(services.app1.environment).toEqual(services.app2.environment);
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.minio.image).toMatch(/^minio\/minio/);
    expect(services.nginx.image).toMatch(/^nginx:/);
  });

  it('every setting the two-process test gives its processes, pointed at the compose services', () => {
    const env = services.app1.environment!;
    const tested = scaleOutEnv({
      databaseUrl: 'postgres://x@h/db',
      s3: { endpoint: 'http://h', bucket: 'b', region: 'r', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: '' },
      backupDir: '/b',
      backupCron: '* * * * *',
    });
    for (const key of Object.keys(tested)) expect(env, key).toHaveProperty(key);
    // the same database the postgres service creates, by its service name
    const pgEnv = services.postgres.environment!;
    const db = new URL(env.DATABASE_URL.replace(/\$\{POSTGRES_PASSWORD:-[^}]*\}/, 'secret'));
    expect(db.hostname).toBe('postgres');
    expect(db.username).toBe(pgEnv.POSTGRES_USER);
    expect(db.pathname).toBe(`/${pgEnv.POSTGRES_DB}`);
    // the bucket the minio-bucket job makes, on the minio service, path-style as the test's s3rver
    expect(new URL(env.S3_ENDPOINT).hostname).toBe('minio');
    expect(services['minio-bucket'].entrypoint).toContain(`local/${env.S3_BUCKET}`);
    expect(env.S3_FORCE_PATH_STYLE).toBe(tested.S3_FORCE_PATH_STYLE);
    expect(env.TRUST_PROXY).toBe(tested.TRUST_PROXY);
    // the settings parse as the server reads them
    const config = configFromEnv({ ...env, DATABASE_URL: db.href, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(config.s3).toMatchObject({ bucket: env.S3_BUCKET, forcePathStyle: true });
    expect(config.trustProxy).toBe(1);
    expect(config.backupCron).toBeTruthy();
  });

  it('scheduled backups go to one volume both processes share; only nginx is reachable from outside', () => {
    const dir = services.app1.environment!.BACKUP_DIR;
    for (const [, s] of apps) {
      const mount = (s.volumes ?? []).find((v) => v.endsWith(`:${dir}`));
      expect(mount).toBeDefined();
      expect(Object.keys(compose.volumes)).toContain(mount!.split(':')[0]);
      expect(s.ports).toBeUndefined();
    }
    expect(services.nginx.ports).toEqual(['8080:80']);
    const nginx = compose.configs.nginx.content;
    expect(nginx).toMatch(/server app1:8080/);
    expect(nginx).toMatch(/server app2:8080/);
    expect(nginx).toMatch(/location = \/metrics \{ deny all; \}/);
    expect(nginx).toContain('X-Forwarded-For $$proxy_add_x_forwarded_for');
  });

  it('the image checks /readyz, stops on SIGTERM, runs as npm run serve does and carries the operations scripts', () => {
    const docker = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(docker).toMatch(/HEALTHCHECK[^\n]*\/readyz/);
    expect(docker).toMatch(/^STOPSIGNAL SIGTERM$/m);
    const serve = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.serve as string;
    const flags = serve.split(' ').filter((w) => w.startsWith('--'));
    const cmd = /^CMD (\[.*\])$/m.exec(docker)![1];
    expect(JSON.parse(cmd)).toEqual(['node', ...flags, 'apps/server/dist/main.js']);
    for (const env of serve.split(' ').filter((w) => /^[A-Z_]+=/.test(w))) expect(docker).toContain(env);
    expect(docker).toContain('COPY --from=build /app/apps/server/dist ./apps/server/dist');
    const build = fs.readFileSync(path.join(ROOT, 'apps/server/build.mjs'), 'utf8');
    for (const script of ['backup', 'restore', 'images-migrate', 'db-migrate-data']) {
      expect(build).toContain(`'../../scripts/${script}.ts'`);
      expect(docker).toContain(`apps/server/dist/${script}.js`);
    }
  });
});
