import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in the web app or the server (issue 10). esbuild reads every source file as the bundlers do
 * (TypeScript's type-only imports are dropped, as the rule wants; static and dynamic `import()` both count) and
 * reports the import graph in its metafile; the cycles are its strongly connected components.
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\.d\.ts$/.test(f) && !f.split(/[\\/]/).includes('test'))
    .map((f) => join(dir, f));
}

async function importGraph(root: string): Promise<Map<string, string[]>> {
  const { metafile } = await build({
    entryPoints: sources(root),
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'neutral',
    format: 'esm',
    outdir: 'out',
    splitting: true,
    logLevel: 'silent',
    loader: { '.png': 'empty', '.svg': 'empty', '.css': 'empty', '.jpg': 'empty' },
    plugins: [
      {
        name: 'virtual-modules-outside',
        setup(b) {
          // vite's virtual modules (`virtual:…`, `?raw` imports) are not source files of ours
          b.onResolve({ filter: /^virtual:|\?/ }, (a) => ({ path: a.path, external: true }));
        },
      },
    ],
  });
  const graph = new Map<string, string[]>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (!file.startsWith(root)) continue;
    graph.set(
      file,
      input.imports.filter((i) => !i.external && i.path.startsWith(root)).map((i) => i.path),
    );
  }
  return graph;
}

/** Tarjan's strongly connected components; every component of more than one file (or a self-import) is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });

  it('apps/web/src has none', { timeout: 120_000 }, async () => {
    const g = await importGraph('apps/web/src');
    expect(g.size).toBeGreaterThan(50);
    expect(cycles(g)).toEqual([]);
  });

  it('apps/server/src has none', { timeout: 120_000 }, async () => {
    const g = await importGraph('apps/server/src');
    expect(g.size).toBeGreaterThan(30);
    expect(cycles(g)).toEqual([]);
  });
});
