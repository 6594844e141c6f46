import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { listsTable } from './src/api/listsTable.ts';

/**
 * `virtual:gk-lists`: what the entry needs to start a list screen's first requests before the screen's code
 * (or the contracts' schemas) has loaded — per resource with a list endpoint, the list path, the page size,
 * the sortable fields and the model type of its columns; the page sizes offered; the field-config path.
 * A projection of the contracts' `ResourceDef`s (same field names), so the list's own functions read it.
 *
 * In a production build it is computed at build time (the contracts evaluated in Node, as for the
 * messages) and emitted as plain data: no zod on the entry. The dev server and Vitest build the same table
 * at run time from '@gk/contracts'.
 */
const ID = 'virtual:gk-lists';
const RESOLVED = '\0gk-lists';

type Contracts = typeof import('@gk/contracts');

export function gkLists(): Plugin {
  let build = false;
  let root = process.cwd();
  return {
    name: 'gk-lists',
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
          "import * as contracts from '@gk/contracts';",
          `import { listsTable } from ${JSON.stringify(fileURLToPath(new URL('./src/api/listsTable.ts', import.meta.url)))};`,
          'export default listsTable(contracts);',
        ].join('\n');
      const { runnerImport } = await import('vite');
      const { module } = await runnerImport<Contracts>('@gk/contracts', { root, configFile: false, logLevel: 'error' });
      const table = listsTable(module as unknown as Record<string, unknown>);
      if (Object.keys(table.resources).length === 0) this.error('no list resources: does @gk/contracts still export its resources?');
      return `export default /*#__PURE__*/ JSON.parse(${JSON.stringify(JSON.stringify(table))});\n`;
    },
  };
}
