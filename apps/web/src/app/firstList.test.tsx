import { render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyKey, startEarly, takeEarly } from '../api/early';
import { routed, stubFetch, TestProviders } from '../components/test-utils';
import NewsList from '../pages/news/NewsList';
import { onViewLoad, prefetchView, preloadView } from '../pages/views';
import { startFirstList } from './firstList';
import { preloadFirstScreen } from './router';

vi.setConfig({ testTimeout: 30_000 });

const FIELD_CONFIG = () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } });
const ROWS = [
  { id: 7, title: '早到的新闻', typeName: '公司新闻', isTop: 0, isHot: 0, status: 'published', createTime: '2026-01-01 10:00:00' },
];

beforeEach(() => {
  sessionStorage.clear();
  Cookies.set('token', 'tok-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('token');
});

describe('the first list request, started by the entry', () => {
  it('asks for the page the address shows before the view exists, and the view shows it without asking again', async () => {
    const s = stubFetch({
      '/news/getNewsList': () => ({ code: 200, msg: 'ok', rows: ROWS, total: 1 }),
      '/KJ/GetUserTabFiledNameConfig': FIELD_CONFIG,
    });
    startFirstList('/news/news-list', '?page=2&sort=createTime.desc');
    expect(s.of('/news/getNewsList').map((c) => c.body)).toEqual([
      { pageNumber: 2, pageSize: 20, sortField: 'createTime', sortOrder: 'desc' },
    ]);
    expect(s.of('/KJ/GetUserTabFiledNameConfig').map((c) => c.query.get('modelType'))).toEqual(['news']);

    const { ui } = routed(<NewsList />, { path: '/news/news-list', initial: '/news/news-list?page=2&sort=createTime.desc' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('早到的新闻')).toBeTruthy();
    expect(s.of('/news/getNewsList')).toHaveLength(1);
    expect(s.of('/KJ/GetUserTabFiledNameConfig')).toHaveLength(1);
  });

  it("the entry (main.tsx's preloadFirstScreen) asks for the list before the view's code can be in, once", async () => {
    const s = stubFetch({
      '/supplier/getSupplierPage': () => ({ code: 200, msg: 'ok', rows: [], total: 0 }),
    });
    preloadFirstScreen(false, '/supplier/supplier-list', '?page=3');
    expect(s.of('/supplier/getSupplierPage')).toEqual([]);
    // synchronously, in the same task as the entry's call: no dynamic import (the view's chunk) can have resolved
    const modules = preloadFirstScreen(true, '/supplier/supplier-list', '?page=3');
    expect(s.of('/supplier/getSupplierPage').map((c) => c.body)).toEqual([{ pageNumber: 3, pageSize: 20 }]);
    await modules;
  });

  it('leaves an address with filters, and a screen that is no list, to the screen', () => {
    const s = stubFetch({});
    startFirstList('/news/news-list', '?title=物流');
    startFirstList('/news/news-details', '?id=3');
    expect(s.calls).toEqual([]);
  });

  it('a refused early request shows nothing and the list asks again itself', async () => {
    let n = 0;
    const s = stubFetch({
      '/news/getNewsList': () => (++n === 1 ? { code: 403, msg: '没有权限' } : { code: 200, msg: 'ok', rows: ROWS, total: 1 }),
      '/KJ/GetUserTabFiledNameConfig': FIELD_CONFIG,
    });
    startFirstList('/news/news-list', '');
    const { ui } = routed(<NewsList />, { path: '/news/news-list' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('早到的新闻')).toBeTruthy();
    expect(s.of('/news/getNewsList')).toHaveLength(2);
    expect(screen.queryByText('没有权限')).toBeNull();
  });

  it('started twice for the same address (the entry, then the view as its code starts loading), asks once', () => {
    const s = stubFetch({
      '/policy/getPolicyPage': () => ({ code: 200, msg: 'ok', rows: [], total: 0 }),
      '/KJ/GetUserTabFiledNameConfig': FIELD_CONFIG,
    });
    startFirstList('/policy/policy-list', '');
    startFirstList('/policy/policy-list', '');
    expect(s.of('/policy/getPolicyPage')).toHaveLength(1);
    expect(s.of('/KJ/GetUserTabFiledNameConfig')).toHaveLength(1);
  });
});

describe('a navigation to a list whose code is not loaded yet', () => {
  it('asks for its first page as its code starts loading, not after', async () => {
    const started: string[] = [];
    onViewLoad((pathname, search) => started.push(pathname + search));
    window.history.pushState(null, '', '/link/link-list?page=3');
    const loading = [preloadView('/link/link-list')];
    // the view of another address loading (a preload) starts nothing
    loading.push(preloadView('/supplier/supplier-list'));
    expect(started).toEqual(['/link/link-list?page=3']);
    window.history.pushState(null, '', '/');
    // the modules load before the test ends (none may be imported once the environment is torn down)
    await Promise.all(loading);
  });
});

describe('a pressed menu link (the sidebar)', () => {
  it('starts the code and the first page of a list not loaded yet with the press, once, for the address it links', async () => {
    const started: [string, number | undefined][] = [];
    onViewLoad((pathname, search, maxAgeMs) => started.push([pathname + search, maxAgeMs]));
    // pointer down, then the click: one start, with a hand-over of seconds (its navigation follows at once or never)
    const loading = [prefetchView('/product/product-list?page=2'), prefetchView('/product/product-list?page=2')];
    expect(started).toEqual([['/product/product-list?page=2', 3000]]);
    // a view whose code was asked for already (the screen on display, one visited) starts nothing: it asks itself
    loading.push(preloadView('/contact/contact-list'), prefetchView('/contact/contact-list'));
    // an address with no view
    loading.push(prefetchView('/nowhere/at-all'));
    expect(started).toHaveLength(1);
    await Promise.all(loading);
  });

  it("a press's early reply is handed over for a few seconds only (a save in between must show in the list)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const key = earlyKey('POST', '/link/getLinkPage', { pageNumber: 1, pageSize: 20 });
      startEarly(key, async () => ({ rows: ['before the save'] }), 3000);
      vi.setSystemTime(Date.now() + 3001);
      expect(await takeEarly(key)).toBeUndefined();
      startEarly(key, async () => ({ rows: ['now'] }), 3000);
      vi.setSystemTime(Date.now() + 2000);
      expect(await takeEarly(key)).toEqual({ rows: ['now'] });
    } finally {
      vi.useRealTimers();
    }
  });
});
