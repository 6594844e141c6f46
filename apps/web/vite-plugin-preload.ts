import path from 'node:path';
import type { Plugin } from 'vite';
import { VIEWS_RESOLVED } from './vite-plugin-views.ts';

/**
 * `dist/.vite/preload.json`: the chunks a signed-in first screen needs beyond the entry, so the server can name
 * them in the shell it answers (`<link rel="modulepreload">`) and the browser fetches and compiles them while the
 * entry is still loading, instead of discovering them only once the entry has run (apps/server/src/web-shell.ts).
 *
 * - `signedIn`: the static closure of the modules every signed-in screen loads (the layout, the antd scope, the
 *   screens' strings of the default language);
 * - `views`: per view url as registered, the static closure of its screen's module (the server keys them with
 *   `normalizeViewUrl` of @gk/contracts/views, as the registry does);
 * - each list holds only files the entry does not already load (index.html names those), JS and CSS.
 *
 * The urls are read from the `registerView('<url>', () => import('<module>'))` lines of the view registry and of
 * the menu's found views (`virtual:gk-views`, vite-plugin-views.ts); a
 * registered url whose module is not found in the bundle, or a `signedIn` module that is not, fails the build.
 */
export const PRELOAD_FILE = '.vite/preload.json';

const REGISTER = /registerView\(\s*(['"])([^'"]+)\1\s*,\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\3\s*\)/g;

export interface PreloadTable {
  signedIn: string[];
  views: Record<string, string[]>;
}

export function gkPreload(options: { signedIn: string[] }): Plugin {
  let root = process.cwd();
  /** view url → absolute module id */
  const views = new Map<string, string>();
  return {
    name: 'gk-preload',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (id.includes('node_modules') || !(/\.[jt]sx?$/.test(id) || id === VIEWS_RESOLVED) || !code.includes('registerView(')) return null;
      for (const m of code.matchAll(REGISTER)) {
        const resolved = await this.resolve(m[4], id);
        if (resolved) views.set(m[2], resolved.id);
      }
      return null;
    },
    // after Vite's CSS plugin has dropped the chunks that held only CSS (their files are never written)
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
        /** a chunk's file, its CSS and those of its static imports, transitively */
        const closure = (fileName: string, into = new Set<string>()) => {
          const c = byFile.get(fileName);
          if (!c || into.has(c.fileName)) return into;
          into.add(c.fileName);
          for (const css of c.viteMetadata?.importedCss ?? []) into.add(css);
          for (const i of c.imports) closure(i, into);
          return into;
        };
        const entry = new Set<string>();
        for (const c of chunks) if (c.isEntry) closure(c.fileName, entry);
        const beyondEntry = (files: Set<string>) => [...files].filter((f) => !entry.has(f)).sort();
        const chunkOf = (moduleId: string, what: string) => {
          const c = byModule.get(moduleId);
          if (!c) this.error(`gk-preload: ${what} (${path.relative(root, moduleId)}) is not a chunk of its own in the bundle`);
          return c.fileName;
        };
        const signedIn = new Set<string>();
        // a file of src, or a virtual module by its resolved id ('\0…')
        for (const rel of options.signedIn)
          closure(chunkOf(rel.startsWith('\0') ? rel : path.resolve(root, rel), 'a signed-in module'), signedIn);
        const table: PreloadTable = { signedIn: beyondEntry(signedIn), views: {} };
        for (const [url, moduleId] of [...views].sort(([a], [b]) => a.localeCompare(b))) {
          const files = closure(chunkOf(moduleId, `the view of ${url}`));
          table.views[url] = beyondEntry(files).filter((f) => !signedIn.has(f));
        }
        this.emitFile({ type: 'asset', fileName: PRELOAD_FILE, source: `${JSON.stringify(table, null, 1)}\n` });
      },
    },
  };
}
