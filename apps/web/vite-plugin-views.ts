import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { type MenuView, menuViews } from './src/pages/menuViews.ts';

/**
 * `virtual:gk-views`: the views of the menu's urls, found rather than listed (src/pages/menuViews.ts): a function
 * that registers, per url, `registerView('<url>', () => import('<file>'), { list })` in the view registry
 * (src/pages/views.ts). The menu comes from the contracts (evaluated in Node, as for `virtual:gk-lists`), the files
 * from src/pages: only the files a menu entry names become chunks. The lines keep the shape vite-plugin-preload.ts
 * reads, so the server's shell hints name the chunks of every found view.
 *
 * A screen built from a resource's description (no file of its own) loads src/components/resource/ResourceViews.tsx.
 * The dev server reads the menu and the files once: a new view file or menu entry shows after a restart.
 */
export const VIEWS_ID = 'virtual:gk-views';
export const VIEWS_RESOLVED = '\0gk-views';
const GENERIC = 'src/components/resource/ResourceViews.tsx';

type Contracts = typeof import('@gk/contracts');

function walk(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? walk(dir, r) : [r];
  });
}

export function viewsModule(views: MenuView[], root: string): string {
  const lines = views.map((v) => {
    const options = v.list ? `, ${JSON.stringify({ list: v.list })}` : '';
    if (v.file)
      return `  registerView(${JSON.stringify(v.url)}, () => import(${JSON.stringify(path.join(root, 'src/pages', v.file))})${options});`;
    const g = v.generic!;
    return `  registerView(${JSON.stringify(v.url)}, () => import(${JSON.stringify(path.join(root, GENERIC))}).then((m) => m.${g.screen}View(${JSON.stringify(g.resource)}))${options});`;
  });
  return ['export default function registerMenuViews(registerView) {', ...lines, '}', ''].join('\n');
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
