import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  activeMenuOf,
  allEndpoints,
  allPermissionKeys,
  defineEndpoints,
  defineResource,
  menuKey,
  menuTree,
  permissionTree,
} from './index.js';

/** A description seen only by this test: a menu declared on it reaches the tree, the role editor and the sidebar. */
const before = menuTree().map((g) => g.routeName);
const eps = defineEndpoints('testVacancy', {
  list: { path: '/testVacancy/getTestVacancyPage', kind: 'read', name: '测试岗位列表' },
  save: { path: '/testVacancy/saveTestVacancy', kind: 'write', name: '保存测试岗位' },
  del: { path: '/testVacancy/delTestVacancy', kind: 'write', name: '删除测试岗位' },
});
defineResource({
  name: 'testVacancy',
  module: 'testVacancy',
  table: 'test_vacancy',
  label: 'testVacancy.entity',
  fields: [{ name: 'title', type: 'text', label: 'common.f.title', list: true }],
  save: z.object({ title: z.string() }),
  filters: [],
  endpoints: { list: eps.list, save: eps.save, del: eps.del },
  del: 'ids',
  order: [],
  menu: {
    url: '/testVacancy',
    routeName: 'TestVacancy',
    title: '测试岗位管理',
    icon: 'SolutionOutlined',
    after: '/banner',
    list: { url: '/testVacancy/testVacancy-list', routeName: 'TestVacancyList', title: '测试岗位列表', icon: 'UnorderedListOutlined' },
    details: { url: '/testVacancy/testVacancy-details', routeName: 'TestVacancyDetails', title: '测试岗位详情', icon: 'EditOutlined' },
  },
});
// a second resource placed after the same group, and one adding its screen to a hand-written group
defineResource({
  name: 'testIntern',
  module: 'testVacancy',
  table: 'test_intern',
  label: 'testIntern.entity',
  fields: [],
  save: z.object({}),
  filters: [],
  endpoints: {},
  del: 'ids',
  order: [],
  menu: {
    url: '/testIntern',
    routeName: 'TestIntern',
    title: '测试实习',
    icon: 'TeamOutlined',
    after: '/banner',
    list: { url: '/testIntern/testIntern-list', routeName: 'TestInternList', title: '测试实习列表', icon: 'TeamOutlined', view: 'x/Y' },
  },
});
defineResource({
  name: 'testNewsTag',
  module: 'testNewsTag',
  table: 'test_news_tag',
  label: 'testNewsTag.entity',
  fields: [],
  save: z.object({}),
  filters: [],
  endpoints: {},
  del: 'ids',
  order: [],
  menu: {
    url: '/news',
    routeName: 'News',
    title: '新闻管理',
    icon: 'ReadOutlined',
    list: { url: '/news/testNewsTag-list', routeName: 'TestNewsTagList', title: '测试新闻标签', icon: 'TagsOutlined' },
  },
});

describe('menus declared by resource descriptions', () => {
  it('places the group after the one it names, with its list screen and its hidden details screen', () => {
    const tree = menuTree();
    const names = tree.map((g) => g.routeName);
    expect(names.slice(names.indexOf('Banner'), names.indexOf('Banner') + 3)).toEqual(['Banner', 'TestVacancy', 'TestIntern']);
    expect(names.filter((n) => !n.startsWith('Test'))).toEqual(before);
    expect(tree.find((g) => g.routeName === 'TestVacancy')).toEqual({
      url: '/testVacancy',
      routeName: 'TestVacancy',
      title: '测试岗位管理',
      icon: 'SolutionOutlined',
      module: 'testVacancy',
      children: [
        {
          url: '/testVacancy/testVacancy-list',
          routeName: 'TestVacancyList',
          title: '测试岗位列表',
          icon: 'UnorderedListOutlined',
          list: 'testVacancy',
        },
        {
          url: '/testVacancy/testVacancy-details',
          routeName: 'TestVacancyDetails',
          title: '测试岗位详情',
          icon: 'EditOutlined',
          isHidden: true,
          activeMenu: '/testVacancy/testVacancy-list',
          details: 'testVacancy',
        },
      ],
    });
    expect(tree.find((g) => g.routeName === 'TestIntern')?.children?.[0]).toMatchObject({ view: 'x/Y', list: 'testIntern' });
    expect(activeMenuOf('/testVacancy/testVacancy-details')).toBe('/testVacancy/testVacancy-list');
  });

  it('names on each details screen that declares it the resource its list screen lists, whose record it opens', () => {
    const children = menuTree().flatMap((g) => g.children ?? []);
    const declared = children.filter((c) => c.details);
    expect(declared.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/news/news-details', '/page/page-details', '/testVacancy/testVacancy-details']),
    );
    for (const c of declared) {
      expect(c.isHidden, c.url).toBe(true);
      expect(children.find((l) => l.url === c.activeMenu)?.list, c.url).toBe(c.details);
    }
    // screens that are no DetailPage of one record by ?id= declare none
    expect(children.filter((c) => /role-details|release-details|company-details/.test(c.url)).map((c) => c.details)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('appends a screen to a group of the same url, under its own module', () => {
    const news = menuTree().find((g) => g.routeName === 'News')!;
    expect(news.children?.at(-1)).toMatchObject({ routeName: 'TestNewsTagList', module: 'testNewsTag', list: 'testNewsTag' });
    expect(menuTree().filter((g) => g.url === '/news')).toHaveLength(1);
  });

  it("gives the role editor the module's write calls as buttons under its list screen (the details screen follows the list), and admin every key", () => {
    const group = permissionTree().find((n) => n.key === menuKey('TestVacancy'))!;
    expect(group.children?.map((c) => c.key)).toEqual([menuKey('TestVacancyList')]);
    expect(group.children?.[0].children?.map((c) => c.key)).toEqual(['/testVacancy/saveTestVacancy', '/testVacancy/delTestVacancy']);
    expect(allPermissionKeys()).toEqual(expect.arrayContaining([menuKey('TestVacancyList'), '/testVacancy/saveTestVacancy']));
    expect(allEndpoints().some((e) => e.path === '/testVacancy/getTestVacancyPage' && e.kind === 'read')).toBe(true);
  });
});
