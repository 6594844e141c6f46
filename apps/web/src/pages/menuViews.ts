import type { MenuSeed, ResourceDef } from '@gk/contracts';

/**
 * Which file shows each menu url (`virtual:gk-views`, vite-plugin-views.ts): no list of views is kept by hand.
 *
 * For every child of the menu tree the contracts seed (`menuTree()`: the hand-written entries and the groups
 * resource descriptions declare), the view is the file under src/pages named by its `view`
 * ('log/OperLogList') or else by its route name (`JobList` → any `<dir>/JobList.tsx`; two files of that name
 * are an error). A screen a resource declares (`menu` on its description) with no file of its own is built from
 * the description (`generic`). Any other url without a file has no view: it routes to the 404 page.
 * `list` is the resource whose first page the entry starts on a cold load, `details` the one whose record it starts
 * (app/firstList.ts).
 */
export interface MenuView {
  url: string;
  /** the view file, relative to src/pages, with its extension */
  file?: string;
  /** no file: the screen built from this resource's description */
  generic?: { resource: string; screen: 'list' | 'details' };
  list?: string;
  /** the resource whose record (and, with rich text, the editor's code) the entry starts on a cold load */
  details?: string;
}

const stem = (f: string) => f.replace(/\.tsx$/, '');
const base = (f: string) => stem(f).split('/').pop()!;

/** `files`: the .tsx files under src/pages (relative, `/`-separated), tests left out by the caller or here. */
export function menuViews(menu: MenuSeed[], resources: ResourceDef[], files: string[]): MenuView[] {
  const screens = files.filter((f) => f.endsWith('.tsx') && !/\.test\.tsx$/.test(f));
  const declared = new Map<string, { resource: string; screen: 'list' | 'details' }>();
  for (const r of resources) {
    if (!r.menu) continue;
    declared.set(r.menu.list.url.toLowerCase(), { resource: r.name, screen: 'list' });
    if (r.menu.details) declared.set(r.menu.details.url.toLowerCase(), { resource: r.name, screen: 'details' });
  }
  const out: MenuView[] = [];
  for (const top of menu)
    for (const c of top.children ?? []) {
      if (/^https?:/i.test(c.url)) continue;
      const wanted = c.view ?? c.routeName;
      const found = wanted.includes('/') ? screens.filter((f) => stem(f) === wanted) : screens.filter((f) => base(f) === wanted);
      if (found.length > 1) throw new Error(`the view of ${c.url}: ${found.join(' and ')} are both named ${wanted}`);
      const list = { ...(c.list ? { list: c.list } : {}), ...(c.details ? { details: c.details } : {}) };
      if (found.length) out.push({ url: c.url, file: found[0], ...list });
      else {
        const generic = declared.get(c.url.toLowerCase());
        if (generic) out.push({ url: c.url, generic, ...list });
      }
    }
  return out;
}

/** the screens built from a description (`listView` / `detailsView`), relative to the web app's folder */
export const GENERIC_VIEWS = { list: 'src/components/resource/ResourceList.tsx', details: 'src/components/resource/ResourceDetails.tsx' };

/**
 * The code of `virtual:gk-views`: one `registerView('<url>', () => import('<file>'), { list, details })` per view, the shape
 * vite-plugin-preload.ts reads to name each view's chunks in the server's shell hints. `webDir`: apps/web, absolute.
 */
export function viewsModule(views: MenuView[], webDir: string): string {
  const at = (rel: string) => JSON.stringify(`${webDir.replace(/\/+$/, '')}/${rel}`);
  const lines = views.map((v) => {
    const options = v.list || v.details ? `, ${JSON.stringify({ list: v.list, details: v.details })}` : '';
    const load = v.file
      ? `() => import(${at(`src/pages/${v.file}`)})`
      : `() => import(${at(GENERIC_VIEWS[v.generic!.screen])}).then((m) => m.${v.generic!.screen}View(${JSON.stringify(v.generic!.resource)}))`;
    return `  registerView(${JSON.stringify(v.url)}, ${load}${options});`;
  });
  return ['export default function registerMenuViews(registerView) {', ...lines, '}', ''].join('\n');
}
