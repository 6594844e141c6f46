import type { MenuItem } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { registerView } from '../pages/views';
import { buildRoutes, generateRoutes } from './buildRoutes';
import { filterByRoles, flattenLeaves, matchLeaf, navEntries, resolvePath, routeTitle } from './routes';

const Dummy = () => null;
registerView('/news/news-list', async () => ({ default: Dummy }));
registerView('/link/link-list', async () => ({ default: Dummy }));

const menus: MenuItem[] = [
  {
    url: '/news',
    routeName: 'News',
    title: '新闻管理',
    icon: 'ReadOutlined',
    isHidden: false,
    children: [
      { url: '/news/news-type', routeName: 'NewsType', title: '新闻类型', icon: 'TagsOutlined', isHidden: false, children: [] },
      { url: '/news/news-list', routeName: 'NewsList', title: '新闻列表', icon: 'UnorderedListOutlined', isHidden: false, children: [] },
      { url: '/news/news-details', routeName: 'NewsDetails', title: '新闻详情', icon: 'EditOutlined', isHidden: true, children: [] },
      { url: '/news/not-built', routeName: 'NotBuilt', title: '未建', icon: '', isHidden: false, children: [] },
    ],
  },
  {
    url: '/link',
    routeName: 'Link',
    title: '友情链接',
    icon: 'LinkOutlined',
    isHidden: false,
    children: [{ url: 'link-list', routeName: 'LinkList', title: '友情链接列表', icon: 'LinkOutlined', isHidden: false, children: [] }],
  },
  { url: '/empty', routeName: 'Empty', title: '空', icon: '', isHidden: false, children: [] },
  {
    url: '/ext',
    routeName: 'Ext',
    title: '外部',
    icon: '',
    isHidden: false,
    children: [
      { url: 'https://example.com/doc', routeName: 'Doc', title: '文档', icon: '', isHidden: false, children: [] },
      { url: '/ext/hidden', routeName: 'ExtHidden', title: '隐藏', icon: '', isHidden: true, children: [] },
    ],
  },
  { url: '/secret', routeName: 'Secret', title: '隐藏菜单', icon: '', isHidden: true, children: [] },
];

describe('generated routes', () => {
  it('marks every generated route with the role admin and resolves child paths against the base', () => {
    const routes = generateRoutes(menus, ['editor']);
    for (const r of routes) {
      expect(r.roles).toContain('admin');
      for (const c of r.children ?? []) expect(c.roles).toContain('admin');
    }
    expect(routes[1].children?.[0].path).toBe('/link/link-list');
    expect(resolvePath('/a/', 'b')).toBe('/a/b');
    expect(resolvePath('/a', '/c/d')).toBe('/c/d');
    expect(resolvePath('/a', 'https://x.y')).toBe('https://x.y');
  });

  it('shows routes with a roles list only to holders of one', () => {
    const routes = [
      { path: '/a', name: 'A', title: 'A', roles: ['admin'] },
      { path: '/b', name: 'B', title: 'B', roles: ['editor'] },
      { path: '/c', name: 'C', title: 'C' },
    ];
    expect(filterByRoles(routes, ['editor']).map((r) => r.name)).toEqual(['B', 'C']);
    expect(filterByRoles(routes, ['admin']).map((r) => r.name)).toEqual(['A', 'C']);
  });

  it('children with a registered view become routable; the others are not (404)', () => {
    const leaves = flattenLeaves(buildRoutes(menus, ['admin']));
    expect(matchLeaf(leaves, '/news/news-list')?.name).toBe('NewsList');
    expect(matchLeaf(leaves, '/news/news-list/')?.name).toBe('NewsList');
    expect(matchLeaf(leaves, '/news/not-built')).toBeUndefined();
    expect(matchLeaf(leaves, '/dashboard/home')?.name).toBe('Home');
    expect(matchLeaf(leaves, '/404')?.name).toBe('Page404');
    expect(matchLeaf(leaves, '/news/news-list')?.parent?.name).toBe('News');
  });
});

describe('sidebar entries', () => {
  const entries = navEntries(buildRoutes(menus, ['admin']));
  const byName = (n: string) => entries.find((e) => e.name === n);

  it('omits hidden routes and hidden children', () => {
    expect(byName('Secret')).toBeUndefined();
    expect(byName('News')?.children?.map((c) => c.name)).toEqual(['NewsType', 'NewsList', 'NotBuilt']);
    expect(byName('ErrorPages')).toBeUndefined();
  });

  it('renders an entry with one visible child as a single link to that child', () => {
    const link = byName('LinkList');
    expect(link?.children).toBeUndefined();
    expect(link?.path).toBe('/link/link-list');
    expect(link?.icon).toBe('LinkOutlined');
    expect(byName('Home')?.path).toBe('/dashboard/home');
  });

  it('renders an entry with no children as a single link to itself', () => {
    expect(byName('Empty')?.path).toBe('/empty');
    expect(byName('Empty')?.children).toBeUndefined();
  });

  it('marks external links', () => {
    expect(byName('Doc')).toMatchObject({ external: true, path: 'https://example.com/doc' });
  });
});

describe('route titles', () => {
  const t = (k: string) => ({ 'route.NewsList': 'News list' })[k] ?? k;
  const exists = (k: string) => k === 'route.NewsList';
  it('zh shows the server title, en the route.<name> message', () => {
    expect(routeTitle({ name: 'NewsList', title: '新闻列表' }, 'zh', t, exists)).toBe('新闻列表');
    expect(routeTitle({ name: 'NewsList', title: '新闻列表' }, 'en', t, exists)).toBe('News list');
    expect(routeTitle({ name: 'Unknown', title: '未知' }, 'es', t, exists)).toBe('未知');
  });
});
