import type { Plugin } from 'vite';

/**
 * `virtual:gk-active-menus`: per hidden menu url (a details screen, lower-cased) the sidebar entry it belongs to
 * (`activeMenu` of the contracts' `menuTree()`), so the sidebar marks a details screen's list without loading the
 * contracts (their registries and zod) with the layout. Computed at build time (the contracts evaluated in Node, as
 * for `virtual:gk-lists`); the dev server and Vitest build it at run time from '@gk/contracts'.
 */
const ID = 'virtual:gk-active-menus';
const RESOLVED = '\0gk-active-menus';

type Contracts = typeof import('@gk/contracts');

/** the table of the module: what `activeMenuOf` of the contracts answers for every url that has one */
export function activeMenus(menu: ReturnType<Contracts['menuTree']>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const top of menu) for (const c of top.children ?? []) if (c.activeMenu) out[c.url.toLowerCase()] ??= c.activeMenu;
  return out;
}

export function gkActiveMenus(): Plugin {
  let build = false;
  let root = process.cwd();
  return {
    name: 'gk-active-menus',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build' && !process.env.VITEST;
      root = config.root;
    },
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      if (!build)
        return [
          "import { menuTree } from '@gk/contracts';",
          'const out = {};',
          'for (const top of menuTree()) for (const c of top.children ?? []) if (c.activeMenu) out[c.url.toLowerCase()] ??= c.activeMenu;',
          'export default out;',
        ].join('\n');
      const { runnerImport } = await import('vite');
      const { module } = await runnerImport<Contracts>('@gk/contracts', { root, configFile: false, logLevel: 'error' });
      const table = activeMenus(module.menuTree());
      if (Object.keys(table).length === 0) this.error('no active menus: does @gk/contracts still export menuTree()?');
      return `export default ${JSON.stringify(table)};\n`;
    },
  };
}
