import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLayers } from './depcruise.mjs';

/**
 * Each layer rule of `.dependency-cruiser.cjs` fails on a small violation (issue 22). The files are written to
 * a fresh directory laid out like the repository, and cruised with the project's own configuration.
 */
let root = '';

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

/** path → source; returns the names of the rules broken, one entry per violation, sorted */
async function violations(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(join(tmpdir(), 'gk-layers-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const scanned = [...new Set(Object.keys(files).map((p) => p.split('/')[0]))];
  const { output } = await checkLayers(scanned, root, 'json');
  const result = JSON.parse(output) as { summary: { violations: { rule: { name: string } }[] } };
  return result.summary.violations.map((v) => v.rule.name).sort();
}

const S = 'apps/server/src';

describe('layer rules', () => {
  it('pass on imports that follow the layers', async () => {
    expect(
      await violations({
        [`${S}/context.ts`]: "import { now } from './db/time.js';\nexport const ctx = { now };\n",
        [`${S}/db/time.ts`]: "import type { ctx } from '../context.js';\nexport const now = (c?: typeof ctx) => c;\n",
        [`${S}/crud/list.ts`]: "import { now } from '../db/time.js';\nexport const list = now;\n",
        [`${S}/modules/news/index.ts`]:
          "import { list } from '../../crud/list.js';\nimport { other } from '../page/index.js';\nexport const news = [list, other];\n",
        [`${S}/modules/page/index.ts`]: "export { other } from './other.js';\n",
        [`${S}/modules/page/other.ts`]: 'export const other = 1;\n',
        'packages/contracts/src/index.ts': "export { a } from './a.js';\n",
        'packages/contracts/src/a.ts': 'export const a = 1;\n',
      }),
    ).toEqual([]);
  });

  it('no-circular: a cycle of imports fails; one closed by a type-only import passes', async () => {
    expect(
      await violations({
        [`${S}/http/a.ts`]: "import { b } from './b.js';\nexport const a = () => b;\n",
        [`${S}/http/b.ts`]: "import { a } from './a.js';\nexport const b = () => a;\n",
      }),
    ).toEqual(['no-circular']);
    expect(
      await violations({
        [`${S}/http/a.ts`]: "import { b } from './b.js';\nexport type A = number;\nexport const a = () => b;\n",
        [`${S}/http/b.ts`]: "import type { A } from './a.js';\nexport const b = (x: A) => x;\n",
      }),
    ).toEqual([]);
  });

  it('contracts-import-no-app: contracts importing server or web code fails, type-only too', async () => {
    expect(
      await violations({
        'packages/contracts/src/index.ts': "import type { X } from '../../../apps/web/src/x.js';\nexport type Y = X;\n",
        'apps/web/src/x.ts': 'export type X = number;\n',
      }),
    ).toEqual(['contracts-import-no-app']);
  });

  it('web-imports-no-server and server-imports-no-web', async () => {
    expect(
      await violations({
        'apps/web/src/a.ts': "import { b } from '../../server/src/http/b.js';\nexport const a = b;\n",
        [`${S}/http/b.ts`]: 'export const b = 1;\n',
        [`${S}/http/c.ts`]: "import { d } from '../../../web/src/d.js';\nexport const c = d;\n",
        'apps/web/src/d.ts': 'export const d = 1;\n',
      }),
    ).toEqual(['server-imports-no-web', 'web-imports-no-server']);
  });

  it("module-through-index: reaching into another module's file fails", async () => {
    expect(
      await violations({
        [`${S}/modules/news/index.ts`]: "import { other } from '../page/other.js';\nexport const news = other;\n",
        [`${S}/modules/page/index.ts`]: "export { other } from './other.js';\n",
        [`${S}/modules/page/other.ts`]: 'export const other = 1;\n',
      }),
    ).toEqual(['module-through-index']);
  });

  it('no-import-up-to-modules: crud importing a module fails; a test file may', async () => {
    expect(
      await violations({
        [`${S}/crud/list.ts`]: "import { news } from '../modules/news/index.js';\nexport const list = news;\n",
        [`${S}/crud/list.test.ts`]: "import { news } from '../modules/news/index.js';\nexport const t = news;\n",
        [`${S}/modules/news/index.ts`]: 'export const news = 1;\n',
      }),
    ).toEqual(['no-import-up-to-modules']);
  });

  it('no-import-up-to-the-root: a module importing app.ts fails', async () => {
    expect(
      await violations({
        [`${S}/app.ts`]: 'export const app = 1;\n',
        [`${S}/modules/news/index.ts`]: "import { app } from '../../app.js';\nexport const news = app;\n",
      }),
    ).toEqual(['no-import-up-to-the-root']);
  });

  it('infrastructure-imports-no-service: db importing auth fails', async () => {
    expect(
      await violations({
        [`${S}/db/seed.ts`]: "import { hash } from '../auth/password.js';\nexport const seed = hash;\n",
        [`${S}/auth/password.ts`]: 'export const hash = 1;\n',
      }),
    ).toEqual(['infrastructure-imports-no-service']);
  });

  it('web layers: lib importing api, a store calling api, a component importing a page fail; a type from app/ in a store passes', async () => {
    expect(
      await violations({
        'apps/web/src/lib/i18n.ts': "import { call } from '../api/request';\nexport const tr = call;\n",
        'apps/web/src/api/request.ts': 'export const call = 1;\nexport type R = number;\n',
        'apps/web/src/stores/session.ts':
          "import { call } from '../api/request';\nimport type { Route } from '../app/routes';\nexport const s = (r: Route) => [r, call];\n",
        'apps/web/src/app/routes.ts': 'export type Route = string;\n',
        'apps/web/src/components/Table.tsx': "import { view } from '../pages/news';\nexport const T = view;\n",
        'apps/web/src/pages/news.tsx': 'export const view = 1;\n',
      }),
    ).toEqual(['web-components-know-no-screens', 'web-lib-is-the-bottom', 'web-stores-hold-data']);
  });

  it('ctx-is-a-type-below: a value import of context.ts from db fails; a type-only one passes', async () => {
    expect(
      await violations({
        [`${S}/context.ts`]: 'export const ctx = { a: 1 };\nexport type Ctx = typeof ctx;\n',
        [`${S}/db/a.ts`]: "import { ctx } from '../context.js';\nexport const a = ctx;\n",
        [`${S}/db/b.ts`]: "import type { Ctx } from '../context.js';\nexport const b = (c: Ctx) => c;\n",
      }),
    ).toEqual(['ctx-is-a-type-below']);
  });
});
