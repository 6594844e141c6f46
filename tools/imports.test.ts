import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in the web app or the server (issue 10). dependency-cruiser walks each tree; the
 * TypeScript is read through Babel (TypeScript 7 has no compiler API for it), which drops type-only
 * imports, as the rule wants. Static and dynamic (`import()`) imports both count. The files are named by a
 * glob: given a folder, dependency-cruiser scans only the extensions a supported TypeScript (below 7) would
 * read, so it would see no .ts file at all; `linked` counts the files whose imports were read.
 */
async function cycles(root: string): Promise<{ linked: number; cycles: string[] }> {
  const { output } = await cruise(
    [`${root}/**/*.{ts,tsx}`],
    {
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: ['\\.test\\.tsx?$', '/test/'] },
      tsPreCompilationDeps: false,
    },
    { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] }, extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    { babelConfig: { presets: ['@babel/preset-typescript'], babelrc: false, configFile: false } },
  );
  const result = output as ICruiseResult;
  const found = (result.summary.violations ?? []).map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' → '));
  const linked = result.modules.filter(
    (m) => m.source.startsWith(`${root}/`) && m.dependencies.some((d) => d.resolved.startsWith(`${root}/`)),
  );
  return { linked: linked.length, cycles: found };
}

describe('import cycles', () => {
  it('apps/web/src has none', { timeout: 120_000 }, async () => {
    const r = await cycles('apps/web/src');
    expect(r.linked).toBeGreaterThan(80);
    expect(r.cycles).toEqual([]);
  });

  it('apps/server/src has none', { timeout: 120_000 }, async () => {
    const r = await cycles('apps/server/src');
    expect(r.linked).toBeGreaterThan(50);
    expect(r.cycles).toEqual([]);
  });
});
