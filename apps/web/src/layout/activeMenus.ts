import type { menuTree } from '@gk/contracts';

/**
 * The table of `virtual:gk-active-menus` (vite-plugin-contracts.ts): per hidden menu url (a details screen,
 * lower-cased) the sidebar entry it belongs to, what `activeMenuOf` of the contracts answers for every url that has one.
 */
export function activeMenus(menu: ReturnType<typeof menuTree>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const top of menu) for (const c of top.children ?? []) if (c.activeMenu) out[c.url.toLowerCase()] ??= c.activeMenu;
  return out;
}
