import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * The JavaScript /login loads stays within its gzip budget (docs/decisions.md: ≤ 200 KB; measured 141 KB).
 * Measured on the real build (`npm run build` runs before the e2e suite): the files the browser fetches for
 * the login page, which must be the entry of dist/index.html and its static-import graph from the Vite
 * manifest (the modulepreloads), and nothing the signed-in area needs.
 */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const BUDGET_GZIP = 200 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** the files an entry loads before it runs: the entry and its static imports, transitively */
function staticGraph(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticGraph(manifest, dep, seen);
  return seen;
}

const gzipSize = (file: string) => gzipSync(fs.readFileSync(path.join(DIST, file))).length;

test('the login page loads only the entry graph of the build, within the gzip budget', async ({ page }) => {
  const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  expect(entryKey, 'the manifest names an entry').toBeTruthy();
  const graph = staticGraph(manifest, entryKey!);
  // index.html loads exactly that graph: its module script and its modulepreloads
  const fromHtml = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  expect(new Set(fromHtml)).toEqual(graph);

  const loaded: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.request().resourceType() === 'script' && url.pathname.endsWith('.js')) loaded.push(url.pathname.slice(1));
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // what the browser fetched is the built entry graph (plus nothing from the signed-in area)
  expect(new Set(loaded)).toEqual(graph);
  for (const file of loaded) expect(fs.existsSync(path.join(DIST, file)), file).toBe(true);
  const lazyOnly = new Set(
    Object.values(manifest)
      .flatMap((c) => c.dynamicImports ?? [])
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => !!f && !graph.has(f)),
  );
  expect(lazyOnly.size).toBeGreaterThan(0);
  expect(loaded.filter((f) => lazyOnly.has(f))).toEqual([]);

  const sizes = Object.fromEntries(loaded.map((f) => [f, gzipSize(f)]));
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  expect(total, `gzip bytes of /login's JavaScript: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(BUDGET_GZIP);
  // the measure is of real code: the entry alone is more than a stub
  expect(total).toBeGreaterThan(20 * 1024);
});
