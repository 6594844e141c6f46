import { allResources } from './resource.js';

/**
 * The menu tree the server seeds and hands out after login (SPEC point 2 route table): `menuTree()`.
 * First level: a layout wrapper (url = its base path); children: the views, loaded by url.
 * `module` ties an entry to its endpoints' permissions; `isHidden` entries are routes without a sidebar link.
 * Icons are Ant Design icon names.
 *
 * The entries below are written by hand; a resource adds its own group by declaring `menu` on its description
 * (resource-menu.ts), placed when the tree is first asked for (after every resource is registered).
 */
export interface MenuSeed {
  url: string;
  routeName: string;
  title: string;
  icon: string;
  isHidden?: boolean;
  /** for a hidden route (a details screen): the sidebar entry it belongs to */
  activeMenu?: string;
  module: string;
  /** a child may name its own module (its buttons sit under it in the role editor); default: the parent's */
  children?: MenuChild[];
}

export type MenuChild = Omit<MenuSeed, 'children' | 'module'> & {
  module?: string;
  /** a list screen: the resource it lists (the web starts its first page on a cold load, before the screen's code) */
  list?: string;
  /**
   * a details screen (`?id=`) showing the resource's record through the web's DetailPage: the web starts the record
   * and, for a resource with rich text, the editor's code on a cold load, before the screen's code
   */
  details?: string;
  /** its view file under apps/web/src/pages without extension; default: the file named `routeName` */
  view?: string;
};

const HAND_WRITTEN: MenuSeed[] = [
  {
    url: '/banner',
    routeName: 'Banner',
    title: '轮播图管理',
    icon: 'PictureOutlined',
    module: 'banner',
    children: [
      { url: '/banner/banner-list', routeName: 'BannerList', title: '轮播图列表', icon: 'UnorderedListOutlined', list: 'banner' },
      {
        url: '/banner/banner-details',
        routeName: 'BannerDetails',
        title: '轮播图详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/banner/banner-list',
        details: 'banner',
      },
    ],
  },
  {
    url: '/news',
    routeName: 'News',
    title: '新闻管理',
    icon: 'ReadOutlined',
    module: 'news',
    children: [
      { url: '/news/news-type', routeName: 'NewsType', title: '新闻类型', icon: 'TagsOutlined', list: 'newsType' },
      { url: '/news/news-list', routeName: 'NewsList', title: '新闻列表', icon: 'UnorderedListOutlined', list: 'news' },
      {
        url: '/news/news-details',
        routeName: 'NewsDetails',
        title: '新闻详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/news/news-list',
        details: 'news',
      },
    ],
  },
  {
    url: '/policy',
    routeName: 'Policy',
    title: '政策公告',
    icon: 'NotificationOutlined',
    module: 'policy',
    children: [
      { url: '/policy/policy-list', routeName: 'PolicyList', title: '政策公告列表', icon: 'UnorderedListOutlined', list: 'policy' },
      {
        url: '/policy/policy-details',
        routeName: 'PolicyDetails',
        title: '政策公告详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/policy/policy-list',
        details: 'policy',
      },
    ],
  },
  {
    url: '/page',
    routeName: 'Page',
    title: '页面管理',
    icon: 'FileTextOutlined',
    module: 'page',
    children: [
      { url: '/page/page-list', routeName: 'PageList', title: '页面定义', icon: 'LayoutOutlined', list: 'page' },
      { url: '/page/pageItems-list', routeName: 'PageItemsList', title: '页面内容', icon: 'UnorderedListOutlined', list: 'pageItem' },
      {
        url: '/page/page-details',
        routeName: 'PageDetails',
        title: '页面内容详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/page/pageItems-list',
        details: 'pageItem',
      },
    ],
  },
  {
    url: '/business',
    routeName: 'Business',
    title: '业务管理',
    icon: 'ApartmentOutlined',
    module: 'business',
    children: [
      { url: '/business/business-type-list', routeName: 'BusinessTypeList', title: '业务类型', icon: 'TagsOutlined', list: 'businessType' },
      {
        url: '/business/business-type-details',
        routeName: 'BusinessTypeDetails',
        title: '业务类型详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/business/business-type-list',
        details: 'businessType',
      },
      { url: '/business/business-list', routeName: 'BusinessList', title: '合作伙伴', icon: 'TeamOutlined', list: 'business' },
      {
        url: '/business/business-details',
        routeName: 'BusinessDetails',
        title: '合作伙伴详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/business/business-list',
        details: 'business',
      },
    ],
  },
  {
    url: '/application',
    routeName: 'Application',
    title: '应用管理',
    icon: 'AppstoreOutlined',
    module: 'application',
    children: [
      {
        url: '/application/application-type-list',
        routeName: 'ApplicationTypeList',
        title: '应用类型',
        icon: 'TagsOutlined',
        list: 'applicationType',
      },
      {
        url: '/application/application-list',
        routeName: 'ApplicationList',
        title: '应用列表',
        icon: 'UnorderedListOutlined',
        list: 'application',
      },
      {
        url: '/application/application-details',
        routeName: 'ApplicationDetails',
        title: '应用详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/application/application-list',
        details: 'application',
      },
    ],
  },
  {
    url: '/supplier',
    routeName: 'Supplier',
    title: '供应商管理',
    icon: 'ShopOutlined',
    module: 'supplier',
    children: [
      { url: '/supplier/supplier-list', routeName: 'SupplierList', title: '供应商列表', icon: 'UnorderedListOutlined', list: 'supplier' },
      {
        url: '/supplier/supplier-details',
        routeName: 'SupplierDetails',
        title: '供应商详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/supplier/supplier-list',
        details: 'supplier',
      },
    ],
  },
  {
    url: '/product',
    routeName: 'Product',
    title: '精选产品',
    icon: 'GiftOutlined',
    module: 'product',
    children: [
      { url: '/product/product-list', routeName: 'ProductList', title: '产品列表', icon: 'UnorderedListOutlined', list: 'product' },
      {
        url: '/product/product-details',
        routeName: 'ProductDetails',
        title: '产品详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/product/product-list',
        details: 'product',
      },
    ],
  },
  {
    url: '/waybill',
    routeName: 'Waybill',
    title: '运单模板',
    icon: 'ProfileOutlined',
    module: 'waybill',
    children: [
      { url: '/waybill/waybill-list', routeName: 'WaybillList', title: '运单模板列表', icon: 'UnorderedListOutlined', list: 'waybill' },
      {
        url: '/waybill/waybill-details',
        routeName: 'WaybillDetails',
        title: '运单模板详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/waybill/waybill-list',
        details: 'waybill',
      },
    ],
  },
  {
    url: '/contact',
    routeName: 'Contact',
    title: '联系方式',
    icon: 'PhoneOutlined',
    module: 'contact',
    children: [
      { url: '/contact/contact-list', routeName: 'ContactList', title: '联系方式列表', icon: 'UnorderedListOutlined', list: 'contact' },
      {
        url: '/contact/contact-details',
        routeName: 'ContactDetails',
        title: '联系方式详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/contact/contact-list',
        details: 'contact',
      },
      { url: '/contact/company-details', routeName: 'CompanyDetails', title: '公司信息', icon: 'BankOutlined' },
    ],
  },
  {
    url: '/link',
    routeName: 'Link',
    title: '友情链接',
    icon: 'LinkOutlined',
    module: 'link',
    children: [{ url: '/link/link-list', routeName: 'LinkList', title: '友情链接', icon: 'LinkOutlined', list: 'link' }],
  },
  {
    url: '/media',
    routeName: 'Media',
    title: '素材库',
    icon: 'PictureOutlined',
    module: 'media',
    children: [{ url: '/media/media-list', routeName: 'MediaList', title: '素材库', icon: 'PictureOutlined' }],
  },
  {
    url: '/review',
    routeName: 'Review',
    title: '内容审核',
    icon: 'AuditOutlined',
    module: 'review',
    children: [{ url: '/review/review-todo', routeName: 'ReviewTodo', title: '待我审核', icon: 'AuditOutlined' }],
  },
  {
    url: '/release',
    routeName: 'Release',
    title: '发布计划',
    icon: 'ScheduleOutlined',
    module: 'release',
    children: [
      { url: '/release/release-list', routeName: 'ReleaseList', title: '发布计划', icon: 'UnorderedListOutlined' },
      {
        url: '/release/release-details',
        routeName: 'ReleaseDetails',
        title: '发布计划详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/release/release-list',
      },
      { url: '/release/release-calendar', routeName: 'ReleaseCalendar', title: '发布日历', icon: 'CalendarOutlined' },
    ],
  },
  {
    url: '/userInfo',
    routeName: 'UserInfo',
    title: '用户管理',
    icon: 'UserOutlined',
    module: 'userInfo',
    children: [{ url: '/userInfo/userInfo-list', routeName: 'UserInfoList', title: '用户列表', icon: 'UserOutlined', list: 'userInfo' }],
  },
  {
    url: '/system',
    routeName: 'System',
    title: '系统管理',
    icon: 'SettingOutlined',
    module: 'role',
    children: [
      { url: '/system/role-list', routeName: 'RoleList', title: '角色管理', icon: 'TeamOutlined', list: 'role' },
      {
        url: '/system/role-details',
        routeName: 'RoleDetails',
        title: '角色详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/system/role-list',
      },
      { url: '/system/dept-list', routeName: 'DeptList', title: '部门管理', icon: 'ApartmentOutlined', module: 'dept' },
      { url: '/system/menu-settings', routeName: 'MenuSettings', title: '菜单设置', icon: 'BarsOutlined' },
      { url: '/system/review-settings', routeName: 'ReviewSettings', title: '审核设置', icon: 'AuditOutlined', module: 'reviewSettings' },
      { url: '/webhook/webhook-list', routeName: 'WebhookList', title: 'Webhook', icon: 'ApiOutlined', list: 'webhook', module: 'webhook' },
      { url: '/system/api-docs', routeName: 'ApiDocs', title: '接口文档', icon: 'FileTextOutlined', module: 'apiDocs' },
    ],
  },
  {
    url: '/recycle',
    routeName: 'Recycle',
    title: '回收站',
    icon: 'RestOutlined',
    module: 'recycle',
    children: [{ url: '/recycle/recycle-list', routeName: 'RecycleList', title: '回收站', icon: 'RestOutlined' }],
  },
  {
    url: '/monitor',
    routeName: 'Monitor',
    title: '系统监控',
    icon: 'DashboardOutlined',
    module: 'log',
    children: [
      { url: '/monitor/operlog-list', routeName: 'OperLogList', title: '操作日志', icon: 'ProfileOutlined' },
      {
        url: '/monitor/online-list',
        routeName: 'OnlineList',
        title: '在线用户',
        icon: 'UserOutlined',
        list: 'onlineUser',
        module: 'monitor',
      },
      {
        url: '/monitor/loginlog-list',
        routeName: 'LoginLogList',
        title: '登录日志',
        icon: 'FileTextOutlined',
        list: 'loginLog',
        module: 'monitor',
      },
    ],
  },
];

let built: { resources: number; tree: MenuSeed[] } | null = null;
/** a declared group → the (lower-case) url it was placed after, so later ones follow it */
const placedAfter = new WeakMap<MenuSeed, string>();

/**
 * The whole menu: the hand-written entries, then one group per resource declaring `menu`, in the order the
 * resources were registered, each after the group its `after` names (else at the end). A declared group whose url
 * is already a group gets its screens appended there. Built on first use, again when a resource is registered later.
 */
export function menuTree(): MenuSeed[] {
  const resources = allResources();
  if (built?.resources === resources.length) return built.tree;
  const tree: MenuSeed[] = HAND_WRITTEN.map((m) => ({ ...m, children: [...(m.children ?? [])] }));
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  let pending = resources.filter((r) => r.menu);
  while (pending.length) {
    const waiting = pending.filter((r) => r.menu!.after && !tree.some((g) => same(g.url, r.menu!.after!)));
    // an `after` naming a group no resource declares: placed at the end rather than never
    const now = waiting.length === pending.length ? pending : pending.filter((r) => !waiting.includes(r));
    for (const r of now) {
      const { list, details, after, ...group } = r.menu!;
      let top = tree.find((g) => same(g.url, group.url));
      if (!top) {
        top = { ...group, module: r.module, children: [] };
        const at = after ? tree.findIndex((g) => same(g.url, after)) : -1;
        // after the named group and the groups other resources already placed after it
        let i = at < 0 ? tree.length : at + 1;
        while (after && i < tree.length && placedAfter.get(tree[i]) === after.toLowerCase()) i++;
        tree.splice(i, 0, top);
        if (after) placedAfter.set(top, after.toLowerCase());
      }
      // the seed upserts menus by route name: a declared screen must not take over another entry's row
      const names = new Set(tree.flatMap((g) => [g.routeName, ...(g.children ?? []).map((c) => c.routeName)]));
      for (const sc of details ? [list, details] : [list])
        if (names.has(sc.routeName)) throw new Error(`menu of ${r.name}: route name ${sc.routeName} is taken`);
      const module = top.module === r.module ? {} : { module: r.module };
      const view = (s: { view?: string }) => (s.view ? { view: s.view } : {});
      top.children!.push({
        url: list.url,
        routeName: list.routeName,
        title: list.title,
        icon: list.icon,
        ...module,
        list: r.name,
        ...view(list),
      });
      if (details)
        top.children!.push({
          url: details.url,
          routeName: details.routeName,
          title: details.title,
          icon: details.icon,
          isHidden: true,
          activeMenu: list.url,
          ...module,
          details: r.name,
          ...view(details),
        });
    }
    pending = waiting.length === pending.length ? [] : waiting;
  }
  built = { resources: resources.length, tree };
  return tree;
}
/** The sidebar entry a route belongs to: itself, or for a details screen the list it was opened from. */
export function activeMenuOf(url: string): string {
  const u = url.toLowerCase();
  for (const top of menuTree()) for (const c of top.children ?? []) if (c.url.toLowerCase() === u && c.activeMenu) return c.activeMenu;
  return url;
}
