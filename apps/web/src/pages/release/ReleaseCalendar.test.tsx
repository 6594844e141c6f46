import { type CalendarEntry, releaseEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import ReleaseCalendar, { entryLink, moveEntry } from './ReleaseCalendar';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  useSession.setState({ roles: ['admin'], buttons: [] });
});

/** a time in the month on screen (the calendar opens on today's month) */
const inMonth = (day: number, hour: number) => dayjs().date(day).hour(hour).minute(0).second(0).format('YYYY-MM-DD HH:mm:ss');
const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({
  kind: 'publish',
  time: inMonth(15, 10),
  resource: 'news',
  resourceLabel: '新闻',
  id: 7,
  title: '港口新闻',
  state: 'scheduled',
  movable: true,
  publishTime: inMonth(15, 10),
  offlineTime: inMonth(20, 18),
  ...over,
});
const NEWS = entry({});
const OFF = entry({ kind: 'offline', time: inMonth(20, 18) });
const BANNER = entry({
  resource: 'banner',
  resourceLabel: '轮播图',
  id: 3,
  title: '节日横幅',
  time: inMonth(16, 8),
  publishTime: inMonth(16, 8),
  offlineTime: null,
});
const RELEASE = entry({
  kind: 'release',
  resource: null,
  resourceLabel: null,
  id: 4,
  title: '新服务上线',
  state: 'scheduled',
  time: inMonth(17, 9),
  offlineTime: null,
});

describe('发布日历', () => {
  it('asks for the month on screen and shows each entry with its content type, in its kind’s colour; the filter hides a type', async () => {
    const api = stubFetch({ [releaseEndpoints.calendar.path]: () => ({ code: 200, msg: '查询成功', data: [NEWS, OFF, BANNER, RELEASE] }) });
    const { ui, router } = routed(<ReleaseCalendar />, {
      path: '/release/release-calendar',
      others: ['/news/news-details', '/release/release-details'],
    });
    render(<TestProviders>{ui}</TestProviders>);
    expect((await screen.findAllByText('新闻 · 港口新闻')).length).toBe(2);
    expect(screen.getByText('轮播图 · 节日横幅')).toBeTruthy();
    expect(screen.getByText('新服务上线')).toBeTruthy();
    const body = api.of(releaseEndpoints.calendar.path)[0].body as { start: string; end: string };
    expect(body.start <= inMonth(1, 0) && body.end > inMonth(28, 0)).toBe(true);
    // the legend names the three kinds
    const legend = Object.fromEntries(
      [...document.querySelectorAll('.ant-tag[data-kind]')].map((tag) => [tag.getAttribute('data-kind'), tag.textContent]),
    );
    expect(legend).toEqual({ publish: '发布', offline: '下线', release: '发布计划' });
    const release = document.querySelector('[data-entry="release:release:4"]')!.closest('.fc-event') as HTMLElement;
    expect(release.className).toContain('gk-cal-release');
    // the filter: only banners
    const select = document.querySelector('.gk-calendar .ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('input')!);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="轮播图"]')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="轮播图"]')!);
    await waitFor(() => expect(screen.queryAllByText('新闻 · 港口新闻')).toHaveLength(0));
    expect(screen.getByText('轮播图 · 节日横幅')).toBeTruthy();
    expect(screen.queryByText('新服务上线')).toBeNull();
    fireEvent.click(document.querySelector('.ant-select-clear')!);
    // a click on the release opens its details
    fireEvent.click(screen.getByText('新服务上线'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/release/release-details?id=4'));
  });

  it('a record opens its details screen, a release its own', () => {
    expect(entryLink(NEWS)).toBe('/news/news-details?id=7');
    expect(entryLink(RELEASE)).toBe('/release/release-details?id=4');
  });

  it('a move goes through the record’s publish call keeping its other time, a banner’s save, or the release’s get and save', async () => {
    const api = stubFetch({
      '/news/publishNews': () => ({ code: 200, msg: '已定时发布', data: {} }),
      '/banner/save': () => ({ code: 200, msg: '保存成功', data: {} }),
      [releaseEndpoints.get.path]: () => ({
        code: 200,
        msg: '查询成功',
        data: {
          id: 4,
          name: '新服务上线',
          publishTime: RELEASE.time,
          offlineTime: null,
          items: [{ resource: 'news', id: 7, title: '港口新闻' }],
        },
      }),
      [releaseEndpoints.save.path]: () => ({ code: 200, msg: '保存成功', data: {} }),
    });
    await moveEntry(NEWS, '2030-01-02 10:00:00');
    expect(api.of('/news/publishNews')[0].body).toEqual({ id: 7, publishTime: '2030-01-02 10:00:00', offlineTime: NEWS.offlineTime });
    await moveEntry(OFF, '2030-01-05 18:00:00');
    expect(api.of('/news/publishNews')[1].body).toEqual({ id: 7, publishTime: NEWS.publishTime, offlineTime: '2030-01-05 18:00:00' });
    await moveEntry(BANNER, '2030-01-03 08:00:00');
    expect(api.of('/banner/save')[0].body).toEqual({ id: 3, publishTime: '2030-01-03 08:00:00', offlineTime: null });
    await moveEntry(RELEASE, '2030-01-04 09:00:00');
    expect(api.of(releaseEndpoints.get.path)[0].query.get('id')).toBe('4');
    expect(api.of(releaseEndpoints.save.path)[0].body).toEqual({
      id: 4,
      name: '新服务上线',
      publishTime: '2030-01-04 09:00:00',
      offlineTime: null,
      items: [{ resource: 'news', id: 7 }],
    });
  });

  it('a refused move rejects (the screen puts the entry back)', async () => {
    stubFetch({ '/news/publishNews': () => ({ code: 400, msg: '下线时间必须晚于发布时间' }) });
    await expect(moveEntry(NEWS, '2030-02-01 10:00:00')).rejects.toThrow('下线时间必须晚于发布时间');
  });
});
