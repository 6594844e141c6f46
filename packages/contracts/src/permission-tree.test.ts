import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints.js';
import { allMessages } from './i18n/index.js';
import { menuTree } from './menu.js';
import { allResources } from './resource.js';
import './messages.js';
import { expandGrants, permissionIndex } from './permission-index.js';
import { allPermissionKeys, type PermissionNode, permissionTree } from './resources/role.js';

/** The role editor's tree over every screen and button of the contracts (issue 25), not one by one. */
const flat = (nodes: PermissionNode[], parent: PermissionNode | null = null): { node: PermissionNode; parent: PermissionNode | null }[] =>
  nodes.flatMap((n) => [{ node: n, parent }, ...flat(n.children ?? [], n)]);
const CJK = /[\u3400-\u9fff]/;

describe('the permission tree', () => {
  const writes = allEndpoints().filter((e) => e.kind === 'write');

  it('holds each write endpoint exactly once, under the screen it names or belongs to', () => {
    const nodes = flat(permissionTree());
    const buttons = nodes.filter((n) => n.node.kind === 'button');
    expect(buttons.map((b) => b.node.key).sort()).toEqual(writes.map((e) => e.path).sort());
    const idx = permissionIndex();
    for (const e of writes) {
      const at = buttons.find((b) => b.node.key === e.path)!;
      const screen = idx.buttonScreen.get(e.path);
      expect([e.path, at.parent?.key]).toEqual([e.path, screen ? `menu:${screen}` : `module:${e.module}`]);
      // a button names one screen
      expect([e.path, Array.isArray(e.screen)]).toEqual([e.path, false]);
      if (typeof e.screen === 'string') expect([e.path, screen]).toEqual([e.path, idx.followerOf.get(e.screen) ?? e.screen]);
    }
    // every key once
    const keys = nodes.map((n) => n.node.key);
    expect(keys.length).toBe(new Set(keys).size);
    expect(allPermissionKeys().length).toBe(new Set(allPermissionKeys()).size);
  });

  it('has every screen of the menu under its first level, and no details route of its own (it follows its list)', () => {
    const idx = permissionIndex();
    const tree = permissionTree();
    for (const top of menuTree()) {
      const node = tree.find((n) => n.key === `menu:${top.routeName}`)!;
      const screens = (top.children ?? []).filter((c) => !idx.followerOf.has(c.routeName)).map((c) => `menu:${c.routeName}`);
      expect([top.routeName, node.children?.map((c) => c.key)]).toEqual([top.routeName, screens]);
      for (const c of top.children ?? [])
        if (c.isHidden && c.activeMenu) expect([c.routeName, idx.followerOf.has(c.routeName)]).toEqual([c.routeName, true]);
    }
    // no first level holds a button directly: each sits under a screen (or a group of its own)
    for (const top of tree) if (top.kind === 'menu') expect(top.children?.filter((c) => c.kind === 'button')).toEqual([]);
  });

  it('every named screen is a menu entry', () => {
    const names = new Set(menuTree().flatMap((m) => (m.children ?? []).map((c) => c.routeName)));
    for (const e of allEndpoints())
      for (const s of typeof e.screen === 'string' ? [e.screen] : (e.screen ?? []))
        expect([e.path, s, names.has(s)]).toEqual([e.path, s, true]);
  });

  it('every key, once expanded, grants its screen: a button its screen, all keys every screen', () => {
    const idx = permissionIndex();
    const all = expandGrants(allPermissionKeys());
    expect([...all.screens].sort()).toEqual([...idx.screens.keys()].sort());
    for (const e of writes) {
      const screen = idx.buttonScreen.get(e.path);
      const got = expandGrants([e.path]);
      expect([e.path, [...got.screens]]).toEqual([e.path, screen ? [screen] : []]);
      if (screen) expect(got.menus.has(idx.screens.get(screen)!.top)).toBe(true);
    }
    expect([...expandGrants(['menu:NewsList']).menus].sort()).toEqual(['News', 'NewsDetails', 'NewsList']);
    expect(expandGrants(['menu:NewsDetails']).screens.size).toBe(0);
    expect(expandGrants(['menu:News']).screens.size).toBe(0);
  });

  it.each(['en', 'es'] as const)('every menu entry and write endpoint has its %s title, and the tree shows no Chinese', (lang) => {
    const msgs = allMessages(lang);
    const routes = menuTree().flatMap((m) => [m.routeName, ...(m.children ?? []).map((c) => c.routeName)]);
    expect(routes.filter((r) => !msgs[`route.${r}`] || CJK.test(msgs[`route.${r}`]))).toEqual([]);
    expect(writes.filter((e) => !msgs[`perm.${e.path}`] || CJK.test(msgs[`perm.${e.path}`])).map((e) => e.path)).toEqual([]);
    const chinese = flat(permissionTree(lang))
      .filter((n) => CJK.test(n.node.title))
      .map((n) => `${n.node.key} ${n.node.title}`);
    expect(chinese).toEqual([]);
  });

  it('shows the contracts’ Chinese names in zh', () => {
    const nodes = flat(permissionTree('zh'));
    for (const e of writes) expect(nodes.find((n) => n.node.key === e.path)?.node.title).toBe(e.name);
    expect(nodes.find((n) => n.node.key === 'module:upload')?.node.title).toBe('图片上传');
  });

  describe('reads follow the screens that need them, not the module', () => {
    const idx = permissionIndex();
    const reads = allEndpoints().filter((e) => e.kind === 'read');
    const listScreen = new Map(
      menuTree()
        .flatMap((m) => m.children ?? [])
        .filter((c) => c.list && idx.screens.has(c.routeName))
        .map((c) => [c.list!, c.routeName]),
    );
    const readsOf = (screen: string) => expandGrants([`menu:${screen}`]).reads;

    it('a resource’s list, get, aliases and preview are granted with its list screen; the list of what it refs with it too (a picker)', () => {
      for (const r of allResources()) {
        const screen = listScreen.get(r.name);
        if (!screen) continue;
        const own = [r.endpoints.list, r.endpoints.get, ...(r.endpoints.aliases ?? []), r.previewable?.byId].filter(
          (e) => e?.kind === 'read',
        );
        for (const e of own) expect([r.name, e!.path, readsOf(screen).has(e!.path)]).toEqual([r.name, e!.path, true]);
        for (const ref of r.refs ?? []) {
          const picker = allResources().find((x) => x.table === ref.table)?.endpoints.list;
          // a referenced resource without a list (the department tree) is read through the screen's own call
          if (!picker) continue;
          expect([r.name, picker?.path, readsOf(screen).has(picker!.path)]).toEqual([r.name, picker?.path, true]);
        }
      }
    });

    it('every read is granted with some screen, and all keys grant every read', () => {
      const all = expandGrants(allPermissionKeys()).reads;
      expect(reads.filter((e) => !all.has(e.path)).map((e) => e.path)).toEqual([]);
      for (const e of reads) {
        const need = idx.readScreens.get(e.path);
        if (need) expect([e.path, need.length > 0]).toEqual([e.path, true]);
      }
    });

    it('a screen of a module with several grants none of the reads only the others need', () => {
      expect([...readsOf('OnlineList')]).toEqual(['/monitor/getOnlinePage']);
      expect([...readsOf('LoginLogList')]).toEqual(['/monitor/getLoginLogPage']);
      expect([...readsOf('MenuSettings')]).toEqual(['/role/getMenuSettings']);
      expect([...readsOf('RoleList')].sort()).toEqual([
        '/role/getDeptTree',
        '/role/getPermissionTree',
        '/role/getRole',
        '/role/getRoleCandidates',
        '/role/getRoleList',
        '/role/getRolePage',
        '/role/getRoleUsers',
      ]);
      expect([...readsOf('CompanyDetails')]).toEqual(['/company/getCompany']);
      expect([...readsOf('ContactList')].sort()).toEqual(['/headerContorller/getContact', '/headerContorller/getContactPage']);
      expect([...readsOf('NewsType')]).toEqual(['/news/getTypeList']);
      expect([...readsOf('NewsList')].sort()).toEqual(['/news/getNews', '/news/getNewsList', '/news/getTypeList', '/news/previewNews']);
      // the product form's supplier picker, another module's list
      expect(readsOf('ProductList').has('/supplier/getSupplierPage')).toBe(true);
      expect(readsOf('ProductList').has('/supplier/getSupplier')).toBe(false);
      // a read no screen claims goes with any screen of its module (a module of one screen)
      expect(readsOf('OperLogList').has('/log/getOperLog')).toBe(true);
      // a button brings its screen's reads, a details route alone none
      expect([...expandGrants(['/monitor/forceLogout']).reads]).toEqual(['/monitor/getOnlinePage']);
      expect(expandGrants(['menu:NewsDetails']).reads.size).toBe(0);
    });
  });
});
