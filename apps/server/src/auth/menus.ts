import type { MenuItem } from '@gk/contracts';
import type { Ctx } from '../context.js';

/** The menus of these (enabled) roles as the sidebar shows them, with an administrator's menu settings applied. */
export async function menusOf(ctx: Ctx, roles: string[]): Promise<MenuItem[]> {
  if (roles.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('sys_menu as m')
    .select([
      'm.id',
      'm.parent_id',
      'm.url',
      'm.route_name',
      'm.title',
      'm.icon',
      'm.is_hidden',
      'm.sort_no',
      'm.custom_title',
      'm.custom_icon',
      'm.custom_sort_no',
      'm.custom_hidden',
    ])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_role_menu as rm')
          .innerJoin('sys_role as r', 'r.id', 'rm.role_id')
          .select('rm.menu_id')
          .whereRef('rm.menu_id', '=', 'm.id')
          .where('r.code', 'in', roles),
      ),
    )
    .execute();
  // an administrator's menu settings (title, icon, order, hiding) over the contracts' values
  const sortOf = (r: (typeof rows)[number]) => r.custom_sort_no ?? r.sort_no;
  rows.sort((a, b) => sortOf(a) - sortOf(b) || a.id - b.id);
  const toItem = (r: (typeof rows)[number]): MenuItem => ({
    url: r.url,
    routeName: r.route_name,
    title: r.custom_title || r.title,
    icon: r.custom_icon || r.icon,
    isHidden: (r.custom_hidden ?? r.is_hidden) === 1,
    children: [],
  });
  const tops = rows.filter((r) => r.parent_id == null);
  return tops.map((top) => ({ ...toItem(top), children: rows.filter((r) => r.parent_id === top.id).map(toItem) }));
}
