import { type DashboardStats, dashboardEndpoints } from '@gk/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { HomeStats } from './HomeStats';

afterEach(() => vi.unstubAllGlobals());

const stats = (waiting: DashboardStats['waiting']): DashboardStats => ({
  counts: [],
  waiting,
  recycled: null,
  myEdits: [],
  latest: null,
  failedLogins: null,
});

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
