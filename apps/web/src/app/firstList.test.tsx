import { newsResource } from '@gk/contracts';
import { render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyKey, startEarly, takeEarly } from '../api/early';
import { DetailPage, type DetailSection } from '../components/DetailPage';
import { loadEditorConfig, resetEditorConfig } from '../components/richtext/editorConfig';
import { loadEditor } from '../components/richtext/loadEditor';
import { routed, stubFetch, TestProviders } from '../components/test-utils';
import NewsList from '../pages/news/NewsList';
import { onViewLoad, prefetchView, preloadView } from '../pages/views';
import { startFirstDetails, startFirstList } from './firstList';
import { preloadFirstScreen } from './router';

vi.setConfig({ testTimeout: 30_000 });

// the editor's code, as the entry and RichText load it: counted
vi.mock(import('../components/richtext/loadEditor'), async (original) => {
  const m = await original();
  return { ...m, loadEditor: vi.fn(m.loadEditor) };
});

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

describe('the first requests of a details screen, started by the entry', () => {
  const NEWS = { id: 7, title: '早到的详情', type: 'gsxw', summary: '', summaryImg: '', isTop: 0, isHot: 0, content: '<p>正文</p>' };

  it("asks for the address's record and the editor's code before the view exists; the detail page shows that reply without asking again", async () => {
    const s = stubFetch({
      '/news/getNews': () => ({ code: 200, msg: 'ok', data: NEWS }),
      '/config': () => ({
        code: 200,
        msg: 'ok',
        data: { uploadUrl: '/api/upload/upload', imageUrlPrefix: '/img/', maxBytes: 1, allowedTypes: ['image/png'], fieldName: 'file' },
      }),
    });
    vi.mocked(loadEditor).mockClear();
    resetEditorConfig();
    startFirstDetails('/news/news-details', '?id=7');
    expect(s.of('/news/getNews').map((c) => c.query.get('id'))).toEqual(['7']);
    expect(s.of('/config')).toHaveLength(1);
    expect(loadEditor).toHaveBeenCalledTimes(1);

    const sections: DetailSection[] = [
      { key: 'basic', title: 'ui.section.basic', fields: [{ name: 'title' }] },
      { key: 'content', title: 'news.f.content', columns: 1, fields: [{ name: 'content', hideLabel: true }] },
    ];
    const { ui } = routed(<DetailPage resource={newsResource} sections={sections} listRoute="/news/news-list" />, {
      path: '/news/news-details',
      initial: '/news/news-details?id=7',
    });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByDisplayValue('早到的详情')).toBeTruthy();
    // the editor shows the body with the settings the entry asked for
    expect(await screen.findByText('正文', { selector: '.ProseMirror p' })).toBeTruthy();
    expect(s.of('/news/getNews')).toHaveLength(1);
    expect(s.of('/config')).toHaveLength(1);
    // the editor's module is in before the test ends
    await loadEditor();
  });

  it('a refused early record (no permission) shows nothing of its own: the page asks again and shows the refusal', async () => {
    let n = 0;
    const s = stubFetch({
      '/news/getNews': () => (++n === 1 ? { code: 403, msg: '没有权限' } : { code: 403, msg: '没有权限访问该新闻' }),
    });
    startFirstDetails('/news/news-details', '?id=9');
    const sections: DetailSection[] = [{ key: 'basic', title: 'ui.section.basic', fields: [{ name: 'title' }] }];
    const { ui } = routed(<DetailPage resource={newsResource} sections={sections} listRoute="/news/news-list" />, {
      path: '/news/news-details',
      initial: '/news/news-details?id=9',
    });
    render(<TestProviders>{ui}</TestProviders>);
    // the server refused both: the early one quietly, the page's own call with its message; no record is shown
    expect(await screen.findByText(/没有权限访问该新闻/)).toBeTruthy();
    expect(s.of('/news/getNews')).toHaveLength(2);
    expect(screen.queryByDisplayValue(/./)).toBeNull();
    // the editor's code and settings the entry started are taken before the next test
    await loadEditor();
    resetEditorConfig();
    await loadEditorConfig().catch(() => undefined);
  });

  it('a new record (no id) asks for no record; a resource without rich text loads no editor; a screen that is no details screen, nothing', () => {
    const s = stubFetch({});
    vi.mocked(loadEditor).mockClear();
    startFirstDetails('/supplier/supplier-details', '?id=3');
    expect(loadEditor).not.toHaveBeenCalled();
    expect(s.calls.map((c) => c.path)).toEqual(['/supplier/getSupplier']);
    startFirstDetails('/system/role-details', '?id=2');
    startFirstDetails('/news/news-list', '?id=2');
    expect(s.calls).toHaveLength(1);
    resetEditorConfig();
    startFirstDetails('/policy/policy-details', '');
    expect(s.calls.map((c) => c.path)).toEqual(['/supplier/getSupplier', '/config']);
    expect(loadEditor).toHaveBeenCalledTimes(1);
    return loadEditor().then(() => undefined);
  });
});
