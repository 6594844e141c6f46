import { type DashboardStats, type DashboardTranslation, dashboardEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { HomeStats, withStatus } from './HomeStats';

afterEach(() => vi.unstubAllGlobals());

// asserted, not annotated: the fixtures hold no `translations` (issue 24), whether the contract's type has it or not
const stats = (waiting: DashboardStats['waiting']) =>
  ({
    counts: [],
    waiting,
    recycled: null,
    myEdits: [],
    latest: null,
    failedLogins: null,
    failedLoginsUrl: null,
  }) as DashboardStats;

describe('home page: drafts and scheduled items waiting', () => {
  it('shows each area with its drafts and scheduled counts; a count opens the list filtered by status', async () => {
    stubFetch({
      [dashboardEndpoints.stats.path]: () => ({
        code: 200,
        msg: 'ok',
        data: stats([
          {
            resource: 'news',
            name: '新闻',
            drafts: 3,
            draftsUrl: '/news/news-list?status=draft',
            scheduled: 2,
            scheduledUrl: '/news/news-list?status=scheduled',
          },
        ]),
      }),
    });
    const { router, ui } = routed(<HomeStats />, { others: ['/news/news-list'] });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('待发布')).toBeInTheDocument();
    expect(screen.getByTestId('home-waiting')).toHaveTextContent('新闻');
    expect(screen.getByTestId('home-scheduled')).toHaveTextContent('定时 2');
    fireEvent.click(screen.getByTestId('home-drafts'));
    expect(await screen.findByTestId('route')).toHaveTextContent('/news/news-list');
    expect(router.state.location.search).toBe('?status=draft');
  });

  it('shows no waiting card to a user who may list no publishable area', async () => {
    stubFetch({ [dashboardEndpoints.stats.path]: () => ({ code: 200, msg: 'ok', data: stats([]) }) });
    const { ui } = routed(<HomeStats />);
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByTestId('home-stats')).toBeInTheDocument();
    expect(screen.queryByText('待发布')).not.toBeInTheDocument();
  });
});

const change = (over: Partial<DashboardStats['myEdits'][number]>): DashboardStats['myEdits'][number] => ({
  id: 1,
  operTime: '2026-11-20 10:05:00',
  userName: 'admin',
  module: 'news',
  moduleName: '新闻',
  action: 'update',
  actionName: '修改',
  recordId: 7,
  title: '港口新规',
  url: '/news/news-details?id=7',
  ...over,
});

describe('home page: the figures an operator opens the back-office for', () => {
  const full = {
    counts: [
      { resource: 'news', name: '新闻', url: '/news/news-list', count: 128 },
      { resource: 'policy', name: '政策公告', url: '/policy/policy-list', count: 12 },
    ],
    waiting: [],
    recycled: 3,
    myEdits: [
      change({}),
      change({ id: 2, action: 'delete', actionName: '删除', title: '旧新闻', recordId: 5, url: '/recycle/recycle-list' }),
    ],
    latest: [change({ id: 3, userName: 'editor', module: 'policy', moduleName: '政策公告', title: '关税通知', url: null })],
    failedLogins: 4,
    failedLoginsUrl: '/monitor/operlog-list?module=auth&action=login&result=0&startTime=2026-11-19',
  } as DashboardStats;

  it('shows content counts per area, the recycle bin, failed logins, my edits and the latest changes, each a link', async () => {
    stubFetch({ [dashboardEndpoints.stats.path]: () => ({ code: 200, msg: 'ok', data: full }) });
    const { ui } = routed(<HomeStats />);
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByTestId('home-stats');
    const tiles = screen.getAllByTestId('home-count');
    expect(tiles.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['新闻128', '/news/news-list'],
      ['政策公告12', '/policy/policy-list'],
    ]);
    expect(screen.getByText('回收站').closest('a')).toHaveAttribute('href', '/recycle/recycle-list');
    expect(screen.getByTestId('home-failed-logins')).toHaveTextContent('近 24 小时登录失败4 次');
    expect(screen.getByTestId('home-failed-logins')).toHaveAttribute('href', full.failedLoginsUrl);

    const mine = screen.getByText('我最近的修改').closest('.gk-home-card') as HTMLElement;
    expect(within(mine).getByText('港口新规').closest('a')).toHaveAttribute('href', '/news/news-details?id=7');
    expect(within(mine).getByText('旧新闻').closest('a')).toHaveAttribute('href', '/recycle/recycle-list');
    expect(within(mine).getAllByRole('listitem')[0]).toHaveTextContent(/11-20 10:05\s*修改 新闻\s*港口新规/);
    const latest = screen.getByText('最新变更').closest('.gk-home-card') as HTMLElement;
    expect(within(latest).getByRole('listitem')).toHaveTextContent(/11-20 10:05\s*editor\s*修改 政策公告\s*关税通知/);
    expect(within(latest).getByText('关税通知').closest('a')).toBeNull();
    expect(within(latest).getByText('最新变更').closest('a')).toHaveAttribute('href', '/monitor/operlog-list');
  });

  it('leaves out what the user may not see: no log, no failed logins, no recycle bin; an empty edit list says so', async () => {
    stubFetch({ [dashboardEndpoints.stats.path]: () => ({ code: 200, msg: 'ok', data: { ...stats([]), counts: full.counts } }) });
    const { ui } = routed(<HomeStats />);
    render(<TestProviders>{ui}</TestProviders>);
    await screen.findByTestId('home-stats');
    expect(screen.queryByText('最新变更')).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-failed-logins')).not.toBeInTheDocument();
    expect(screen.queryByText('回收站')).not.toBeInTheDocument();
    expect(screen.getByText('我最近的修改').closest('.gk-home-card')).toHaveTextContent('暂无记录');
  });
});

describe('home page: 待翻译 (issue 24)', () => {
  const withTranslations = (translations: DashboardTranslation[]) => ({ ...stats([]), translations });

  it('lists per area and locale what is missing and outdated; each count opens the list filtered to it', async () => {
    stubFetch({
      [dashboardEndpoints.stats.path]: () => ({
        code: 200,
        msg: 'ok',
        data: withTranslations([
          {
            resource: 'news',
            name: '新闻',
            locale: 'en',
            missing: 5,
            outdated: 2,
            url: '/news/news-list?translationLocale=en&translationStatus=missing',
          },
          {
            resource: 'policy',
            name: '政策公告',
            locale: 'en',
            missing: 0,
            outdated: 0,
            url: '/policy/policy-list?translationLocale=en&translationStatus=missing',
          },
        ]),
      }),
    });
    const { router, ui } = routed(<HomeStats />, { others: ['/news/news-list'] });
    render(<TestProviders>{ui}</TestProviders>);
    const card = await screen.findByTestId('home-translations');
    expect(within(card).getByText('待翻译')).toBeInTheDocument();
    // an area with nothing to translate is left out
    expect(within(card).getAllByTestId('home-translation')).toHaveLength(1);
    expect(within(card).getByTestId('home-translation')).toHaveTextContent('新闻 · English');
    expect(within(card).getByTestId('home-translation-missing')).toHaveTextContent('未翻译 5');
    expect(within(card).getByTestId('home-translation-outdated')).toHaveTextContent('待更新 2');
    fireEvent.click(within(card).getByTestId('home-translation-outdated'));
    expect(await screen.findByTestId('route')).toHaveTextContent('/news/news-list');
    expect(new URLSearchParams(router.state.location.search).get('translationStatus')).toBe('outdated');
    expect(new URLSearchParams(router.state.location.search).get('translationLocale')).toBe('en');
  });

  it('is hidden when nothing waits for a translation (or the server sends no counts)', async () => {
    stubFetch({
      [dashboardEndpoints.stats.path]: () => ({
        code: 200,
        msg: 'ok',
        data: withTranslations([{ resource: 'news', name: '新闻', locale: 'en', missing: 0, outdated: 0, url: '/news/news-list' }]),
      }),
    });
    const { ui } = routed(<HomeStats />);
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByTestId('home-stats')).toBeInTheDocument();
    expect(screen.queryByText('待翻译')).not.toBeInTheDocument();
  });

  it('withStatus swaps the status of a filtered list link', () => {
    expect(withStatus('/news/news-list?translationLocale=en&translationStatus=missing', 'outdated')).toBe(
      '/news/news-list?translationLocale=en&translationStatus=outdated',
    );
    expect(withStatus('/job/job-list', 'missing')).toBe('/job/job-list?translationStatus=missing');
  });
});
