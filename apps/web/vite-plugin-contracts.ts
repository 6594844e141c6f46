import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { listsTable } from './src/api/listsTable.ts';
import { activeMenus } from './src/layout/activeMenus.ts';

/**
 * Modules computed from the contracts at build time, so the chunks that import them carry plain data and no zod
 * (nor the contracts' registries): the contracts are evaluated once per build in Node (as for the messages) and
 * each module's code is made from them. The dev server and Vitest read the contracts at run time instead.
 */
type Contracts = typeof import('@gk/contracts');

const here = (file: string) => JSON.stringify(fileURLToPath(new URL(file, import.meta.url)));

let loaded: { root: string; module: Promise<Contracts> } | undefined;
function loadContracts(root: string): Promise<Contracts> {
  if (loaded?.root !== root)
    loaded = {
      root,
      module: import('vite').then(({ runnerImport }) =>
        runnerImport<Contracts>('@gk/contracts', { root, configFile: false, logLevel: 'error' }).then((r) => r.module),
      ),
    };
  return loaded.module;
}

interface ContractsModuleOptions {
  /** a virtual id (`virtual:gk-…`), or a pattern of source files under the web root whose code a build replaces */
  id: string | RegExp;
  /** the virtual module's code in the dev server and Vitest (a source file stays itself there) */
  dev?: string;
  /** the module's code in a production build (`source`: a replaced file's own code); `fail` stops the build */
  build: (contracts: Contracts, ctx: { source: string; file: string; fail: (message: string) => never }) => string;
}

/** One module made from the contracts (see above). */
export function contractsModule(name: string, { id, dev, build: code }: ContractsModuleOptions): Plugin {
  let build = false;
  let root = process.cwd();
  const matches = (loaded: string) => {
    if (typeof id === 'string') return loaded === `\0${id}`;
    const file = loaded.split('?')[0];
    return !file.startsWith('\0') && file.startsWith(path.join(root, 'src') + path.sep) && id.test(file);
  };
  return {
    name,
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build' && !process.env.VITEST;
      root = config.root;
    },
    resolveId(source) {
      return typeof id === 'string' && source === id ? `\0${id}` : null;
    },
    async load(loaded) {
      if (!matches(loaded)) return null;
      if (!build) return typeof id === 'string' ? (dev ?? null) : null;
      const file = loaded.split('?')[0];
      const fail = (message: string): never => this.error(`${typeof id === 'string' ? id : path.relative(root, file)}: ${message}`);
      return code(await loadContracts(root), { source: typeof id === 'string' ? '' : fs.readFileSync(file, 'utf8'), file, fail });
    },
  };
}

/**
 * `virtual:gk-lists`: what the entry needs to start a list screen's first requests before the screen's code has
 * loaded — per resource with a list endpoint, the list path, the page size, the sortable fields and the model type
 * of its columns; the page sizes offered; the field-config path (`src/api/listsTable.ts`).
 */
export const gkLists = () =>
  contractsModule('gk-lists', {
    id: 'virtual:gk-lists',
    dev: `import * as contracts from '@gk/contracts';\nimport { listsTable } from ${here('./src/api/listsTable.ts')};\nexport default listsTable(contracts);\n`,
    build(contracts, { fail }) {
      const table = listsTable(contracts as unknown as Record<string, unknown>);
      if (Object.keys(table.resources).length === 0) fail('no list resources: does @gk/contracts still export its resources?');
      return `export default /*#__PURE__*/ JSON.parse(${JSON.stringify(JSON.stringify(table))});\n`;
    },
  });

/**
 * `virtual:gk-active-menus`: per hidden menu url (lower-cased) the sidebar entry it belongs to (`src/layout/activeMenus.ts`),
 * so the sidebar marks a details screen's list without loading the contracts with the layout.
 */
export const gkActiveMenus = () =>
  contractsModule('gk-active-menus', {
    id: 'virtual:gk-active-menus',
    dev: `import { menuTree } from '@gk/contracts';\nimport { activeMenus } from ${here('./src/layout/activeMenus.ts')};\nexport default activeMenus(menuTree());\n`,
    build(contracts, { fail }) {
      const table = activeMenus(contracts.menuTree());
      if (Object.keys(table).length === 0) fail('no active menus: does @gk/contracts still export menuTree()?');
      return `export default ${JSON.stringify(table)};\n`;
    },
  });

/** A value of the contracts as plain data: schemas (zod) left out; a function, a class instance or a cycle stops the build. */
export function plainData(value: unknown, where: string, fail: (message: string) => never, seen = new Set<object>()): unknown {
  if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) return value;
  if (typeof value !== 'object') return fail(`${where} is a ${typeof value}: not plain data`);
  if ('_zod' in value) return undefined;
  if (seen.has(value)) return fail(`${where} refers to itself`);
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return fail(`${where} is not a plain object`);
  seen.add(value);
  const out = Array.isArray(value)
    ? value.map((v, i) => plainData(v, `${where}[${i}]`, fail, seen))
    : Object.fromEntries(
        Object.entries(value)
          .map(([k, v]) => [k, plainData(v, `${where}.${k}`, fail, seen)] as const)
          .filter(([, v]) => v !== undefined),
      );
  seen.delete(value);
  return out;
}

/**
 * `*.contracts.ts` under src: the contracts' values a screen reads as data (resource descriptions, endpoint tables),
 * each an `export const NAME = contracts.NAME` (or `= formResource(contracts.NAME)`: a detail screen's resource with
 * the facts of its save schema, `@gk/contracts/form`). A build replaces such a file by those values as plain data,
 * schemas left out (a resource there is typed `ListResource` or `FormResource`, without `save`), so its
 * chunks hold no zod and no resource registry; the dev server and Vitest run the file itself. A screen's own
 * resource sits in a file of its page, so it lands in that page's chunk.
 */
export const gkPlainContracts = () =>
  contractsModule('gk-plain-contracts', {
    id: /\.contracts\.ts$/,
    build: (contracts, { source, fail }) => plainContractsCode(contracts, source, fail),
  });

/** The build's code of a `*.contracts.ts` file (`gkPlainContracts`): its `export const` lines' values as plain data. */
export function plainContractsCode(contracts: Contracts, source: string, fail: (message: string) => never): string {
  const lines = [...source.matchAll(/^export const (\w+)\b([^=]*)=\s*([^;]*);?$/gm)];
  if (lines.length === 0) fail('no `export const` found');
  if (/^export (?!const )/m.test(source)) fail('only `export const NAME = contracts.NAME` lines may export');
  const all = contracts as unknown as Record<string, unknown>;
  return lines
    .map(([, name, , expr]) => {
      // `contracts.NAME`, or a detail screen's resource with its save schema's facts: `formResource(contracts.NAME)`
      const m = /^(?:(formResource)\(\s*)?contracts\.(\w+)(?:\s*\))?$/.exec(expr.trim());
      if (!m || !!m[1] !== expr.trim().endsWith(')'))
        fail(`${name}: only \`contracts.NAME\` or \`formResource(contracts.NAME)\` may be exported`);
      const [, fn, from] = m!;
      if (!(from in all)) fail(`@gk/contracts exports no ${from}`);
      const value = fn ? contracts.formResource(all[from] as Parameters<Contracts['formResource']>[0]) : all[from];
      const data = plainData(value, name, fail);
      return `export const ${name} = /*#__PURE__*/ JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
    })
    .join('');
}
