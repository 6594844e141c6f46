// Bundles the server (and the contracts it imports) into dist/main.js; npm dependencies stay external.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@gk/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  loader: { '.json': 'json' },
  logLevel: 'warning',
});

// the rich-text sanitizer's worker thread is loaded by file name (http/sanitize.ts): it sits next to main.js
fs.copyFileSync(new URL('./src/http/sanitize-worker.mjs', import.meta.url), new URL('./dist/sanitize-worker.mjs', import.meta.url));
