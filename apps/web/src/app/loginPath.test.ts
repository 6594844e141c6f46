import fs from 'node:fs';
import path from 'node:path';
import { allMessages } from '@gk/contracts/messages';
import { describe, expect, it } from 'vitest';
import { isCoreKey, pickPart } from '../../vite-plugin-messages';

/**
 * What /login may import: the modules loaded for it — the entry's static imports and the login page's —
 * must not import Ant Design, the contracts index (zod, every resource) or the signed-in area's libraries.
 * Those load with the layout, the error pages or the first toast (app/antd.tsx). This follows the static
 * imports from the source, so a wrong import fails here at once; the size budget (≤ 200 KB gzip) is
 * measured on the real built chunks the browser fetches, in e2e/tests/login-path.spec.ts.
 */
const SRC = path.resolve(__dirname, '..');
const ROOTS = ['main.tsx', 'pages/login/Login.tsx'];
const FORBIDDEN = [/^antd(\/|$)/, /^@gk\/contracts$/, /^zod(\/|$)/, /^@tanstack\//, /^dayjs(\/|$)/, /^@tiptap\//, /^@dnd-kit\//];

/** Runtime imports of a module: `import … from 'x'` / `import 'x'` / `export … from 'x'`, not `import type`, not `import()`. */
function runtimeImports(code: string): string[] {
  const out: string[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?([^'";()=]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(re)) {
    const [, kind, typeOnly, clause, spec] = m;
    if (typeOnly) continue;
    if (kind === 'export' && !clause) continue;
    // `import { type A, type B } from 'x'` is erased as well
    const names = clause.match(/^\{([^}]*)\}$/)?.[1];
    if (names?.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    out.push(spec);
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const f of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  return null;
}

function loginPath(roots = ROOTS) {
  const seen = new Map<string, string[]>();
  const queue = roots.map((r) => path.join(SRC, r));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const specs = runtimeImports(fs.readFileSync(file, 'utf8'));
    seen.set(file, specs);
    for (const s of specs) {
      if (!s.startsWith('.')) continue;
      const f = resolveLocal(file, s);
      if (f && /\.tsx?$/.test(f)) queue.push(f);
    }
  }
  return seen;
}

describe('the login path', () => {
  it('reads the imports of a module', () => {
    const code = [
      "import type { A } from 'antd';",
      "import { type B, type C } from '@gk/contracts';",
      "import { D, type E } from './d';",
      "import './styles.css';",
      "export * from './f';",
      "const g = () => import('./g');",
      "export function h() {\n  return import('./h');\n}",
    ].join('\n');
    expect(runtimeImports(code)).toEqual(['./d', './styles.css', './f']);
  });

  it('loads no antd, no contracts index (zod) and no signed-in libraries', () => {
    const modules = loginPath();
    expect(modules.size).toBeGreaterThan(10);
    const offenders = [...modules].flatMap(([file, specs]) =>
      specs.filter((s) => FORBIDDEN.some((re) => re.test(s))).map((s) => `${path.relative(SRC, file)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the signed-in frame', () => {
  it('loads no contracts index (zod): the layout reads the menu from the build (virtual:gk-active-menus)', () => {
    const modules = loginPath(['layout/Layout.tsx', 'app/antd.tsx']);
    expect(modules.size).toBeGreaterThan(10);
    const offenders = [...modules].flatMap(([file, specs]) =>
      specs.filter((s) => /^@gk\/contracts$|^zod(\/|$)/.test(s)).map((s) => `${path.relative(SRC, file)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('a list screen', () => {
  it('loads no contracts index (zod): its resource and endpoint tables come from `*.contracts.ts`, data in a build', () => {
    // a `*.contracts.ts` module imports the index only in the dev server and Vitest (vite-plugin-contracts.ts)
    const modules = [...loginPath(['pages/news/NewsList.tsx'])].filter(([file]) => !file.endsWith('.contracts.ts'));
    expect(modules.map(([file]) => path.relative(SRC, file))).toContain('components/list/ListPage.tsx');
    const offenders = modules.flatMap(([file, specs]) =>
      specs.filter((s) => /^@gk\/contracts$|^zod(\/|$)/.test(s)).map((s) => `${path.relative(SRC, file)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('a detail screen', () => {
  it("paints without zod: its resource with the save schema's facts from `*.contracts.ts`, the schema loaded on demand", () => {
    // the news detail's first paint: the page, the editor and the content check it renders at once (lazy chunks)
    const roots = ['pages/news/NewsDetails.tsx', 'components/richtext/Editor.tsx', 'components/ContentCheckPanel.tsx'];
    const modules = [...loginPath(roots)].filter(([file]) => !file.endsWith('.contracts.ts'));
    const files = modules.map(([file]) => path.relative(SRC, file));
    expect(files).toEqual(
      expect.arrayContaining(['components/DetailPage.tsx', 'components/form/FormFields.tsx', 'components/publish/PublishBar.tsx']),
    );
    const offenders = modules.flatMap(([file, specs]) =>
      specs.filter((s) => /^@gk\/contracts$|^zod(\/|$)/.test(s)).map((s) => `${path.relative(SRC, file)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe("the entry's part of the dictionaries (vite-plugin-messages.ts)", () => {
  it('holds every string the login path translates by name, and the two parts make the whole dictionary', () => {
    const keys = [...loginPath().keys()].flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/\b(?:t|tr)\(\s*'([a-z][\w.]*)'/g)].map((m) => m[1]!),
    );
    expect(keys).toContain('login.submit');
    expect(keys.filter((k) => !isCoreKey(k))).toEqual([]);
    for (const lang of ['zh', 'en', 'es'] as const) {
      const all = allMessages(lang);
      const core = pickPart(all, 'core');
      const rest = pickPart(all, 'rest');
      expect({ ...core, ...rest }).toEqual(all);
      expect(Object.keys(core).some((k) => k in rest)).toBe(false);
      // the screens' strings stay out of the entry
      expect(core['news.f.title']).toBeUndefined();
      expect(rest['news.f.title']).toBeTruthy();
      expect(core['login.submit']).toBeTruthy();
    }
  });
});
