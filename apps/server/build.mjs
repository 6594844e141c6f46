// Bundles the server (and the contracts it imports) into dist/main.js, and the operations scripts into
// dist/backup.js, dist/restore.js, dist/images-migrate.js and dist/db-migrate-data.js (what `npm run backup` …
// run from the sources), so an installed image without dev tools can run them; npm dependencies stay external.
import fs from 'node:fs';
import { build } from 'esbuild';
import { migrationsPlugin } from './migrations-plugin.mjs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@gk/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    backup: '../../scripts/backup.ts',
    restore: '../../scripts/restore.ts',
    'images-migrate': '../../scripts/images-migrate.ts',
    'db-migrate-data': '../../scripts/db-migrate-data.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  loader: { '.json': 'json' },
  logLevel: 'warning',
  // the migrations are the files of src/db/migrations/, imported statically in the bundle
  plugins: [migrationsPlugin],
});

// the rich-text sanitizer's worker thread is loaded by file name (http/sanitize.ts): it sits next to main.js
fs.copyFileSync(new URL('./src/http/sanitize-worker.mjs', import.meta.url), new URL('./dist/sanitize-worker.mjs', import.meta.url));
