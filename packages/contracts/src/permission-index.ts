import { allEndpoints, type Endpoint } from './endpoints.js';
import { type MenuSeed, menuTree } from './menu.js';
import { allResources, type ResourceDef } from './resource.js';

/**
 * Where each permission sits and what holding it grants (issue 25), read from the menu tree and the endpoint table:
 * - a **screen** is a menu entry under a first level that is not a details route; a hidden details route
 *   (`activeMenu` naming its list) is not a screen of its own: it **follows its list**;
 * - each write endpoint (a button) sits under **one** screen: its `screen`, else the list screen of the resource
 *   it belongs to, else the first screen of its module; a module with no screen (uploads) is a group of its own;
 * - each read endpoint is granted with the screens that need it (`readScreens`): those it names (`screen`), else
 *   derived: a resource's list, get, aliases and preview by id → its list screen; the list of a resource another
 *   resource `refs` (a picker) → that resource's list screen too, in whatever module; a read neither names nor is
 *   derived for → every screen of its module (a module of one screen, mostly);
 * - holding a button grants its screen; holding a screen grants its first level, its followers and the reads it
 *   needs (`expandGrants`), so what the role editor shows is what the server enforces.
 */
export interface ScreenInfo {
  routeName: string;
  title: string;
  module: string;
  /** the route name of its first level */
  top: string;
  /** hidden details routes opened from it */
  followers: string[];
}

export interface PermissionIndex {
  /** screens by route name, in menu order */
  screens: Map<string, ScreenInfo>;
  /** first levels: route name → title and its screens */
  tops: Map<string, { title: string; module: string; screens: string[] }>;
  /** hidden details route → the screen it follows */
  followerOf: Map<string, string>;
  /** write path → the route name of its screen (null: a module without a screen, a group) */
  buttonScreen: Map<string, string | null>;
  /** the write endpoints, in table order */
  buttons: Endpoint[];
  /** read path → the screens any of which grants it (absent: every screen of its module does) */
  readScreens: Map<string, string[]>;
  /** the read endpoints, in table order */
  reads: Endpoint[];
}

const menuKeyOf = (routeName: string) => `menu:${routeName}`;

/** the resource owning a write endpoint: its save / delete, a toggle, publish / unpublish or the form preview */
function ownerOf(resources: ResourceDef[]): Map<string, ResourceDef> {
  const out = new Map<string, ResourceDef>();
  for (const r of resources) {
    const eps = [
      r.endpoints.save,
      r.endpoints.del,
      ...Object.values(r.toggles ?? {}),
      r.publishable?.publish,
      r.publishable?.unpublish,
      r.previewable?.form,
    ];
    for (const e of eps) if (e && !out.has(e.path)) out.set(e.path, r);
  }
  return out;
}

let cached: { tree: MenuSeed[]; endpoints: number; index: PermissionIndex } | null = null;

export function permissionIndex(): PermissionIndex {
  const tree = menuTree();
  const endpoints = allEndpoints();
  if (cached && cached.tree === tree && cached.endpoints === endpoints.length) return cached.index;
  const screens = new Map<string, ScreenInfo>();
  const tops: PermissionIndex['tops'] = new Map();
  const followerOf = new Map<string, string>();
  const lower = (s: string) => s.toLowerCase();
  for (const top of tree) {
    const children = top.children ?? [];
    const byUrl = new Map(children.filter((c) => !(c.isHidden && c.activeMenu)).map((c) => [lower(c.url), c.routeName]));
    const own: string[] = [];
    for (const c of children) {
      const list = c.isHidden && c.activeMenu ? byUrl.get(lower(c.activeMenu)) : undefined;
      if (list) {
        followerOf.set(c.routeName, list);
        continue;
      }
      own.push(c.routeName);
      screens.set(c.routeName, {
        routeName: c.routeName,
        title: c.title,
        module: c.module ?? top.module,
        top: top.routeName,
        followers: [],
      });
    }
    tops.set(top.routeName, { title: top.title, module: top.module, screens: own });
  }
  for (const [follower, list] of followerOf) screens.get(list)?.followers.push(follower);
  const listScreen = new Map<string, string>();
  for (const top of tree) for (const c of top.children ?? []) if (c.list && screens.has(c.routeName)) listScreen.set(c.list, c.routeName);
  const owners = ownerOf(allResources());
  const buttons = endpoints.filter((e) => e.kind === 'write');
  const buttonScreen = new Map<string, string | null>();
  for (const e of buttons) {
    const named = typeof e.screen === 'string' ? (followerOf.get(e.screen) ?? e.screen) : undefined;
    const owner = owners.get(e.path);
    const byResource = owner ? listScreen.get(owner.name) : undefined;
    const byModule = [...screens.values()].find((s) => s.module === e.module)?.routeName;
    const screen = named && screens.has(named) ? named : (byResource ?? byModule ?? null);
    buttonScreen.set(e.path, screen);
  }
  const reads = endpoints.filter((e) => e.kind === 'read');
  const readScreens = new Map<string, string[]>();
  const need = (path: string | undefined, screen: string | undefined) => {
    if (!path || !screen) return;
    const list = readScreens.get(path) ?? [];
    if (!list.includes(screen)) list.push(screen);
    readScreens.set(path, list);
  };
  const resources = allResources();
  for (const r of resources) {
    const screen = listScreen.get(r.name);
    const own = [r.endpoints.list, r.endpoints.get, ...(r.endpoints.aliases ?? []), r.previewable?.byId];
    for (const e of own) if (e?.kind === 'read') need(e.path, screen);
  }
  // a picker: the list of the table a resource refs is needed by that resource's list screen (its form and filters)
  for (const r of resources)
    for (const ref of r.refs ?? []) {
      const target = resources.find((x) => x.table === ref.table);
      if (target?.endpoints.list?.kind === 'read') need(target.endpoints.list.path, listScreen.get(r.name));
    }
  // named screens replace what is derived
  for (const e of reads) {
    if (!e.screen) continue;
    const named = (typeof e.screen === 'string' ? [e.screen] : [...e.screen]).map((s) => followerOf.get(s) ?? s);
    readScreens.set(
      e.path,
      named.filter((s) => screens.has(s)),
    );
  }
  const index = { screens, tops, followerOf, buttonScreen, buttons, readScreens, reads };
  cached = { tree, endpoints: endpoints.length, index };
  return index;
}

/** What a list of role-editor keys grants once derived (issue 25). */
export interface ExpandedGrants {
  /** the screens held: named, or implied by a button under them */
  screens: Set<string>;
  /** every menu route to write: the screens, their first levels and the details routes following them */
  menus: Set<string>;
  /** the buttons held (write paths) */
  buttons: Set<string>;
  /** the modules of the screens held */
  modules: Set<string>;
  /** the read endpoints granted (paths): those a screen held needs, and those of its module no screen claims */
  reads: Set<string>;
  /** the keys as the role editor shows them: `menu:<screen>` and the buttons */
  keys: Set<string>;
}

/**
 * Derives what `keys` grant: a screen named or implied by one of its buttons, and with it its first level, its
 * details routes and the reads it needs (`readScreens`; a read no screen claims: with any screen of its module). A first level alone, a details route alone and a group key grant nothing.
 * Unknown keys are ignored (the caller refuses them first).
 */
export function expandGrants(keys: Iterable<string>): ExpandedGrants {
  const idx = permissionIndex();
  const out: ExpandedGrants = {
    screens: new Set(),
    menus: new Set(),
    buttons: new Set(),
    modules: new Set(),
    reads: new Set(),
    keys: new Set(),
  };
  const addScreen = (routeName: string) => {
    const s = idx.screens.get(routeName);
    if (!s || out.screens.has(routeName)) return;
    out.screens.add(routeName);
    out.keys.add(menuKeyOf(routeName));
    out.menus.add(routeName);
    out.menus.add(s.top);
    for (const f of s.followers) out.menus.add(f);
    out.modules.add(s.module);
  };
  for (const k of keys) {
    if (k.startsWith('menu:')) addScreen(k.slice(5));
    else if (idx.buttonScreen.has(k)) {
      out.buttons.add(k);
      out.keys.add(k);
      const screen = idx.buttonScreen.get(k);
      if (screen) addScreen(screen);
    }
  }
  for (const e of idx.reads) {
    const need = idx.readScreens.get(e.path);
    if (need ? need.some((s) => out.screens.has(s)) : out.modules.has(e.module)) out.reads.add(e.path);
  }
  return out;
}

/** Whether a key is one the role editor may send: a menu of the tree (a details route too: legacy), a button or a group. */
export function isKnownPermissionKey(key: string): boolean {
  const idx = permissionIndex();
  if (key.startsWith('menu:')) {
    const name = key.slice(5);
    return idx.screens.has(name) || idx.tops.has(name) || idx.followerOf.has(name);
  }
  if (key.startsWith('module:')) return idx.buttons.some((e) => e.module === key.slice(7) && idx.buttonScreen.get(e.path) === null);
  return idx.buttonScreen.has(key);
}
