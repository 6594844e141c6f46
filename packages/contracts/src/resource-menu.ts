/**
 * Where a resource's screens sit in the menu (the `menu` property of its description, resource.ts). The menu the
 * server seeds and hands out (menu.ts `menuTree()`) adds one group per description that declares it, after the
 * hand-written entries are placed; the role editor's buttons under it come from the resource's module's endpoints.
 *
 * ```ts
 * menu: {
 *   url: '/job', routeName: 'Job', title: '招聘管理', icon: 'SolutionOutlined', after: '/policy',
 *   list: { url: '/job/job-list', routeName: 'JobList', title: '招聘信息列表', icon: 'UnorderedListOutlined' },
 *   details: { url: '/job/job-details', routeName: 'JobDetails', title: '招聘信息详情', icon: 'EditOutlined' },
 * }
 * ```
 * The web shows, for each screen, the view file named by its route name (`apps/web/src/pages/<dir>/JobList.tsx`),
 * or `view` when given; a resource with no such file gets the screens built from its description.
 */
export interface ResourceMenuScreen {
  /** the route's url, e.g. '/job/job-list' */
  url: string;
  /** the route's name, unique in the menu (the seed upserts by it); also the default name of its view file */
  routeName: string;
  /** the sidebar / tab title (the seeded text) */
  title: string;
  /** an Ant Design icon name */
  icon: string;
  /** the view file under apps/web/src/pages, without extension (e.g. 'log/OperLogList'); default: the file named routeName */
  view?: string;
}

export interface ResourceMenu {
  /** the group (first level): its base url, e.g. '/job'. A group of that url already in the menu gets the screens appended. */
  url: string;
  routeName: string;
  title: string;
  icon: string;
  /** the url of the group it follows (e.g. '/policy'); default: after every other group */
  after?: string;
  /** the list screen, in the sidebar; its first page is preloaded with the resource's list endpoint */
  list: ResourceMenuScreen;
  /** the details screen (`?id=`): hidden from the sidebar, which highlights the list screen while it shows */
  details?: ResourceMenuScreen;
}
