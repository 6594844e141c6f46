import { newsTypeResource } from '@gk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateResource } from '../api/queries';
import { clampPage, fetchRemotePage, RemoteSelect, remoteCacheKey } from './RemoteSelect';
import { stubFetch, TestProviders } from './test-utils';

// antd popups in jsdom are slow under a parallel run
vi.setConfig({ testTimeout: 20_000 });

const URL_ = '/news/getTypeList';
const TYPES = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, code: `t${i + 1}`, name: `类型${i + 1}` }));

function typeList() {
  return stubFetch({
    [URL_]: ({ body }) => {
      const b = body as { query: string; pageNumber: number; pageSize: number };
      const rows = TYPES.filter((t) => !b.query || t.name.includes(b.query) || t.code === b.query);
      const start = (b.pageNumber - 1) * b.pageSize;
      return { code: 200, msg: 'ok', rows: rows.slice(start, start + b.pageSize), total: rows.length };
    },
  });
}

let qc: QueryClient;
beforeEach(() => {
  sessionStorage.clear();
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('page clamping', () => {
  it('keeps the page between 1 and ceil(total / 10)', () => {
    expect(clampPage(0, 23)).toBe(1);
    expect(clampPage(-4, 23)).toBe(1);
    expect(clampPage(3, 23)).toBe(3);
    expect(clampPage(4, 23)).toBe(3);
    expect(clampPage(2, 20)).toBe(2);
    expect(clampPage(3, 20)).toBe(2);
    expect(clampPage(5, 0)).toBe(1);
    expect(clampPage(Number.NaN, 50)).toBe(1);
  });
});

describe('the first unfiltered page is cached per url in sessionStorage', () => {
  it('asks the server once, then reads the cache', async () => {
    const api = typeList();
    const first = await fetchRemotePage(qc, URL_, '', 1);
    expect(first.total).toBe(23);
    expect(first.rows).toHaveLength(10);
    expect(api.of(URL_)[0].body).toEqual({ query: '', pageNumber: 1, pageSize: 10 });
    expect(JSON.parse(sessionStorage.getItem(remoteCacheKey(URL_))!).rows[0].code).toBe('t1');
    await fetchRemotePage(qc, URL_, '', 1);
    expect(api.of(URL_)).toHaveLength(1);
  });

  it('never caches a filtered or later page', async () => {
    const api = typeList();
    await fetchRemotePage(qc, URL_, '类型2', 1);
    await fetchRemotePage(qc, URL_, '', 2);
    expect(sessionStorage.getItem(remoteCacheKey(URL_))).toBeNull();
    await fetchRemotePage(qc, URL_, '', 2);
    expect(api.of(URL_)).toHaveLength(3);
  });

  it('a write of the resource behind the url forgets the stored page (it is one query of the cache)', async () => {
    const api = typeList();
    await fetchRemotePage(qc, URL_, '', 1);
    expect(sessionStorage.getItem(remoteCacheKey(URL_))).not.toBeNull();
    await invalidateResource(qc, newsTypeResource);
    expect(sessionStorage.getItem(remoteCacheKey(URL_))).toBeNull();
    await fetchRemotePage(qc, URL_, '', 1);
    expect(api.of(URL_)).toHaveLength(2);
    expect(sessionStorage.getItem(remoteCacheKey(URL_))).not.toBeNull();
  });

  it('reads list + intTotal replies too', async () => {
    stubFetch({ '/AutoComplete/AutoBaseUnits': () => ({ list: [{ code: '001', name: '台' }], intTotal: 1 }) });
    const page = await fetchRemotePage(qc, '/AutoComplete/AutoBaseUnits', '', 1);
    expect(page).toEqual({ rows: [{ code: '001', name: '台' }], total: 1 });
  });
});

describe('RemoteSelect', () => {
  it('opens with the cached first page and pages through the rest', async () => {
    sessionStorage.setItem(remoteCacheKey(URL_), JSON.stringify({ rows: TYPES.slice(0, 10), total: 23 }));
    const api = typeList();
    const onChange = vi.fn();
    render(
      <TestProviders>
        <RemoteSelect url={URL_} onChange={onChange} placeholder="新闻类型" />
      </TestProviders>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('类型1')).toBeInTheDocument();
    expect(api.of(URL_)).toHaveLength(0);

    const pager = document.querySelector<HTMLElement>('.gk-remote-pager[aria-label="选项翻页"]')!;
    // the pager loads with the first dropdown that needs it (antd/es/pagination: in the build the module antd's index
    // gives, with its locale; Vitest loads it apart from the index's, so its titles are English here)
    const next = () => pager.querySelector<HTMLElement>('.ant-pagination-next')!;
    await waitFor(() => expect(next()).not.toBeNull());
    fireEvent.click(next());
    expect(await screen.findByText('类型11')).toBeInTheDocument();
    expect(api.of(URL_).at(-1)!.body).toMatchObject({ pageNumber: 2, pageSize: 10 });
    fireEvent.click(next());
    expect(await screen.findByText('类型23')).toBeInTheDocument();
    expect(api.of(URL_).at(-1)!.body).toMatchObject({ pageNumber: 3 });

    fireEvent.click(screen.getByText('类型22'));
    expect(onChange).toHaveBeenCalledWith('t22', expect.objectContaining({ name: '类型22' }));
  });

  it('searches by keyword (debounced) from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = typeList();
    render(
      <TestProviders>
        <RemoteSelect url={URL_} />
      </TestProviders>,
    );
    const box = screen.getByRole('combobox');
    fireEvent.mouseDown(box);
    await screen.findByText('类型1');
    const before = api.of(URL_).length;
    fireEvent.change(box, { target: { value: '类型2' } });
    fireEvent.change(box, { target: { value: '类型21' } });
    expect(api.of(URL_)).toHaveLength(before);
    await vi.advanceTimersByTimeAsync(350);
    await waitFor(() => expect(api.of(URL_)).toHaveLength(before + 1));
    expect(api.of(URL_).at(-1)!.body).toEqual({ query: '类型21', pageNumber: 1, pageSize: 10 });
  });

  it('shows the label of a value that is not on the loaded page', async () => {
    const api = typeList();
    const { container } = render(
      <TestProviders>
        <RemoteSelect url={URL_} value="t17" />
      </TestProviders>,
    );
    // first page (t1..t10) does not have it: the keyword look-up finds it
    await waitFor(() => expect(container.querySelector('.ant-select-content')?.textContent).toBe('类型17'));
    expect(api.of(URL_).map((c) => (c.body as { query: string }).query)).toEqual(['', 't17']);
  });

  it('uses the label the caller knows without asking', async () => {
    const api = typeList();
    const { container } = render(
      <TestProviders>
        <RemoteSelect url={URL_} value="t17" valueLabel="行业动态" />
      </TestProviders>,
    );
    expect(container.querySelector('.ant-select-content')?.textContent).toBe('行业动态');
    expect(api.of(URL_)).toHaveLength(0);
  });
});
