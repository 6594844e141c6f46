import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without types
import { migrationsPlugin } from '../../migrations-plugin.mjs';
import { migrationFiles } from './migration-files.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.join(here, 'migrations');
const filesInFolder = () =>
  fs
    .readdirSync(folder)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.ts$/.test(f))
    .map((f) => f.slice(0, -3))
    .sort();

/** the ids installations already carry in kysely_migration: never renamed, never reordered */
const RELEASED = [
  '001_core',
  '002_news',
  '003_policy',
  '004_page',
  '005_business',
  '006_application',
  '007_supplier_product',
  '008_banner',
  '009_header',
  '010_waybill_company',
  '011_user_roles',
  '012_field_config',
  '013_text_index',
  '014_row_count',
  '015_publish',
  '016_preview_webhook',
  '017_access',
  '018_login_log',
  '019_recycle_bin',
  '020_audit',
  '021_live_count',
  '022_publish_state_index',
  '023_one_state_index',
  '030_role_user_count',
  '031_preview_quota',
  '032_webhook_guard',
];

describe('migrations are discovered, not listed', () => {
  it('run from the sources, the migrations are exactly the files of db/migrations/, in name order', async () => {
    const found = (await migrationFiles()).map(([id]) => id);
    expect(found).toEqual(filesInFolder());
    // released ids keep their names and order; newer files only come after them
    expect(found.slice(0, RELEASED.length)).toEqual(RELEASED);
    for (const [, m] of await migrationFiles()) expect(typeof m('sqlite').up).toBe('function');
  });

  it('the bundle (esbuild with the build plugin) carries the same migrations in the same order', async () => {
    const out = fs.mkdtempSync(path.join(here, '..', '..', '.bundle-test-'));
    try {
      await build({
        entryPoints: [path.join(here, 'migration-files.ts')],
        outfile: path.join(out, 'migrations.mjs'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        plugins: [migrationsPlugin],
        logLevel: 'silent',
      });
      const text = fs.readFileSync(path.join(out, 'migrations.mjs'), 'utf8');
      // nothing of the bundle reads the folder at run time
      expect(text).not.toContain('readdirSync');
      const bundled = (await import(pathToFileURL(path.join(out, 'migrations.mjs')).href)) as typeof import('./migration-files.js');
      const ids = (await bundled.migrationFiles()).map(([id]) => id);
      expect(ids).toEqual(filesInFolder());
      for (const [, m] of await bundled.migrationFiles()) expect(typeof m('postgres').up).toBe('function');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
