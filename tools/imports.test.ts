import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in the web app or the server (issue 10). dependency-cruiser walks each tree; the
 * TypeScript is read through Babel (TypeScript 7 has no compiler API for it), which drops type-only
 * imports, as the rule wants. Static and dynamic (`import()`) imports both count.
 */
async function cycles(root: string): Promise<{ modules: number; cycles: string[] }> {
  const { output } = await cruise(
    [root],
    {
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: ['\\.test\\.tsx?$', '/test/'] },
      tsPreCompilationDeps: false,
    },
    { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    { babelConfig: { presets: ['@babel/preset-typescript'], babelrc: false, configFile: false } },
  );
  const result = output as ICruiseResult;
  const found = (result.summary.violations ?? []).map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' → '));
  return { modules: result.modules.length, cycles: found };
}

describe('import cycles', () => {
  it('apps/web/src has none', { timeout: 120_000 }, async () => {
    const r = await cycles('apps/web/src');
    expect(r.modules).toBeGreaterThan(50);
    expect(r.cycles).toEqual([]);
  });

  it('apps/server/src has none', { timeout: 120_000 }, async () => {
    const r = await cycles('apps/server/src');
    expect(r.modules).toBeGreaterThan(30);
    expect(r.cycles).toEqual([]);
  });
});
