import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { type MenuView, menuViews, viewsModule } from './src/pages/menuViews.ts';

/**
 * `virtual:gk-views`: the views of the menu's urls, found rather than listed (src/pages/menuViews.ts): a function
 * that registers, per url, `registerView('<url>', () => import('<file>'), { list, details })` in the view registry
 * (src/pages/views.ts). The menu comes from the contracts (evaluated in Node, as for `virtual:gk-lists`), the files
 * from src/pages: only the files a menu entry names become chunks. The lines keep the shape vite-plugin-preload.ts
 * reads, so the server's shell hints name the chunks of every found view.
 *
 * A screen built from a resource's description (no file of its own) loads src/components/resource/ResourceList.tsx / ResourceDetails.tsx.
 * The dev server finds the files again when one is added or removed under src/pages; a menu entry added to the
 * contracts shows after a restart.
 */
export const VIEWS_ID = 'virtual:gk-views';
export const VIEWS_RESOLVED = '\0gk-views';

type Contracts = typeof import('@gk/contracts');

function walk(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? walk(dir, r) : [r];
  });
}

/** apps/web, wherever the config that uses the plugin sits (vitest.config.ts is at the repository's root) */
const WEB_DIR = path.dirname(fileURLToPath(import.meta.url));

export function gkViews(): Plugin {
  let root = process.cwd();
  let table: Promise<MenuView[]> | null = null;
  const load = () => {
    table ??= import('vite')
      .then(({ runnerImport }) => runnerImport<Contracts>('@gk/contracts', { root, configFile: false, logLevel: 'error' }))
      .then(({ module }) => menuViews(module.menuTree(), module.allResources(), walk(path.join(WEB_DIR, 'src/pages'))));
    return table;
  };
  return {
    name: 'gk-views',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      // a view file added or removed: found again on the next load of the page
      const pages = path.join(WEB_DIR, 'src/pages');
      const changed = (file: string) => {
        if (!file.startsWith(pages) || !file.endsWith('.tsx')) return;
        table = null;
        const mod = server.moduleGraph.getModuleById(VIEWS_RESOLVED);
        if (mod) server.moduleGraph.invalidateModule(mod);
      };
      server.watcher.on('add', changed);
      server.watcher.on('unlink', changed);
    },
    resolveId(id) {
      return id === VIEWS_ID ? VIEWS_RESOLVED : null;
    },
    async load(id) {
      if (id !== VIEWS_RESOLVED) return null;
      const views = await load();
      if (views.length === 0) this.error('no menu views: does @gk/contracts still export menuTree()?');
      return viewsModule(views, WEB_DIR);
    },
  };
}
