import { type MenuSeed, menuTree, type ResourceDef } from '@gk/contracts';
import { normalizeViewUrl } from '@gk/contracts/views';
import { describe, expect, it } from 'vitest';
import { menuViews, viewsModule } from './menuViews';
import { detailsOf, hasView, listOf, registeredUrls } from './views';

const menu: MenuSeed[] = [
  {
    url: '/job',
    routeName: 'Job',
    title: '招聘管理',
    icon: 'SolutionOutlined',
    module: 'job',
    children: [
      { url: '/job/job-list', routeName: 'JobList', title: '招聘信息列表', icon: 'UnorderedListOutlined', list: 'job' },
      {
        url: '/job/job-details',
        routeName: 'JobDetails',
        title: '招聘信息详情',
        icon: 'EditOutlined',
        isHidden: true,
        activeMenu: '/job/job-list',
        details: 'job',
      },
      { url: '/job/job-city', routeName: 'JobCity', title: '城市', icon: 'TagsOutlined' },
      { url: '/job/job-log', routeName: 'JobLog', title: '日志', icon: 'TagsOutlined', view: 'log/JobLog' },
      { url: 'https://example.com/jobs', routeName: 'JobSite', title: '站点', icon: '' },
    ],
  },
];
const job = { name: 'job', menu: { list: { url: '/job/job-list' }, details: { url: '/job/job-details' } } } as unknown as ResourceDef;

describe('menu views: found by route name', () => {
  it("finds a screen's file in any folder by its route name, or by its `view`; leaves tests and other names out", () => {
    const files = [
      'job/JobList.tsx',
      'job/JobList.test.tsx',
      'job/JobDetails.tsx',
      'other/JobLog.tsx',
      'log/JobLog.tsx',
      'job/JobCityForm.tsx',
    ];
    expect(menuViews(menu, [job], files)).toEqual([
      { url: '/job/job-list', file: 'job/JobList.tsx', list: 'job' },
      { url: '/job/job-details', file: 'job/JobDetails.tsx', details: 'job' },
      { url: '/job/job-log', file: 'log/JobLog.tsx' },
    ]);
  });

  it("builds a declared resource's screens from its description when it ships no file; any other url has no view", () => {
    expect(menuViews(menu, [job], ['job/JobDetails.tsx'])).toEqual([
      { url: '/job/job-list', generic: { resource: 'job', screen: 'list' }, list: 'job' },
      { url: '/job/job-details', file: 'job/JobDetails.tsx', details: 'job' },
    ]);
    expect(menuViews(menu, [], [])).toEqual([]);
  });

  it('refuses two files of the same name', () => {
    expect(() => menuViews(menu, [], ['a/JobList.tsx', 'b/JobList.tsx'])).toThrow('a/JobList.tsx and b/JobList.tsx');
  });
});

describe('virtual:gk-views', () => {
  it('registers each found file, and a built screen through the generic views, in the shape the preload table reads', () => {
    const code = viewsModule(
      [
        { url: '/job/job-list', generic: { resource: 'job', screen: 'list' }, list: 'job' },
        { url: '/job/job-details', file: 'job/JobDetails.tsx', details: 'job' },
      ],
      '/w/apps/web/',
    );
    expect(code.split('\n')).toEqual([
      'export default function registerMenuViews(registerView) {',
      `  registerView("/job/job-list", () => import("/w/apps/web/src/components/resource/ResourceList.tsx").then((m) => m.listView("job")), {"list":"job"});`,
      '  registerView("/job/job-details", () => import("/w/apps/web/src/pages/job/JobDetails.tsx"), {"details":"job"});',
      '}',
      '',
    ]);
  });
});

describe('the view registry of the served menu', () => {
  it('has a view for every screen of the menu, found without a line per view, and the lists they start', () => {
    // every screen of the served menu (the hand-written entries and the groups descriptions declare) has its view
    const screens = menuTree()
      .flatMap((m) => m.children ?? [])
      .filter((c) => c.url.startsWith('/'))
      .map((c) => normalizeViewUrl(c.url));
    expect(registeredUrls().sort()).toEqual(['/dashboard/home', ...screens].sort());
    expect(screens).toEqual(expect.arrayContaining(['/news/news-list', '/page/pageitems-list', '/system/menu-settings']));
    expect([listOf('/page/pageItems-list'), listOf('/monitor/online-list'), listOf('/news/news-details')]).toEqual([
      'pageItem',
      'onlineUser',
      undefined,
    ]);
    expect([
      detailsOf('/news/news-details'),
      detailsOf('/page/page-details'),
      detailsOf('/system/role-details'),
      detailsOf('/news/news-list'),
    ]).toEqual(['news', 'pageItem', undefined, undefined]);
    expect(hasView('/news/not-built')).toBe(false);
  });
});
