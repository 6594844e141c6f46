import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints.js';
import { allMessages } from './i18n/index.js';
import { menuTree } from './menu.js';
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
      if (e.screen) expect([e.path, screen]).toEqual([e.path, idx.followerOf.get(e.screen) ?? e.screen]);
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
    for (const e of allEndpoints()) if (e.screen) expect([e.path, names.has(e.screen)]).toEqual([e.path, true]);
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
});
