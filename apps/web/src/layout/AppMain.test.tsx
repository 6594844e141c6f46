import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../app/routes';
import { lazyWithPreload } from '../lib/lazyPreload';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { AppMain } from './AppMain';

function Editor({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={label} value={value} onChange={(e) => setValue(e.target.value)} />;
}
const ViewA = lazy(async () => ({ default: () => <Editor label="A 的输入" /> }));
const ViewB = lazy(async () => ({ default: () => <Editor label="B 的输入" /> }));
const NotFound = lazy(async () => ({ default: () => <p>页面不存在</p> }));
// a view whose module arrives when the test says so (a chunk still on the network)
let arriveC: () => void = () => undefined;
const ViewC = lazyWithPreload(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      arriveC = () => resolve({ default: () => <p>丙的内容</p> });
    }),
);

const routes: AppRoute[] = [
  {
    path: '/t',
    name: 'T',
    title: 'T',
    children: [
      { path: '/t/a', name: 'A', title: '甲', component: ViewA },
      { path: '/t/b', name: 'B', title: '乙', component: ViewB },
      { path: '/t/c', name: 'C', title: '丙', component: ViewC },
    ],
  },
  {
    path: '/error',
    name: 'ErrorPages',
    title: '错误页面',
    hidden: true,
    children: [{ path: '/404', name: 'Page404', title: '404', hidden: true, noTag: true, component: NotFound }],
  },
];

function open(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppMain /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  useTags.getState().clear();
  useSession.setState({ token: 't', routes });
});

afterEach(() => {
  useSession.getState().reset();
  useTags.getState().clear();
});

// the first render loads antd's Spin and react-router in jsdom: slow on a busy machine
vi.setConfig({ testTimeout: 20_000 });

describe('kept-alive views', () => {
  it('a view hidden by a tab switch keeps its edits and shows them again', async () => {
    const router = open('/t/a');
    const a = await screen.findByLabelText('A 的输入');
    fireEvent.change(a, { target: { value: '未保存的标题' } });
    await act(() => router.navigate('/t/b'));
    expect(await screen.findByLabelText('B 的输入')).toBeVisible();
    expect(screen.getByLabelText('A 的输入', { selector: 'input' })).not.toBeVisible();
    expect(document.querySelectorAll('.gk-view:not([hidden])')).toHaveLength(1);
    await act(() => router.navigate('/t/a'));
    expect(screen.getByLabelText('A 的输入')).toBeVisible();
    expect(screen.getByLabelText('A 的输入')).toHaveValue('未保存的标题');
    expect(useTags.getState().visited.map((v) => v.name)).toEqual(['A', 'B']);
  });

  it('an error page shows without becoming a tag', async () => {
    const router = open('/t/a');
    await screen.findByLabelText('A 的输入');
    await act(() => router.navigate('/404'));
    expect(await screen.findByText('页面不存在')).toBeVisible();
    expect(useTags.getState().visited.map((v) => v.name)).toEqual(['A']);
    // an unknown path goes to the 404 page, again without a tag
    await act(() => router.navigate('/nowhere'));
    expect(router.state.location.pathname).toBe('/404');
    expect(useTags.getState().visited.map((v) => v.name)).toEqual(['A']);
  });

  it('a navigation to a view still loading keeps the previous view on screen, without a loading fallback, until it is in', async () => {
    const router = open('/t/a');
    const a = await screen.findByLabelText('A 的输入');
    // a fallback committed on the way would make React hold the new view back 300 ms after it: none may appear
    const spinners: number[] = [];
    const seen = new MutationObserver(() => spinners.push(document.querySelectorAll('.gk-view-loading').length));
    seen.observe(document.body, { subtree: true, childList: true });
    await act(async () => {
      void router.navigate('/t/c');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/c'));
    expect(a).toBeVisible();
    expect(screen.queryByText('丙的内容')).toBeNull();
    await act(async () => arriveC());
    expect(await screen.findByText('丙的内容')).toBeVisible();
    expect(screen.getByLabelText('A 的输入', { selector: 'input' })).not.toBeVisible();
    seen.disconnect();
    expect(spinners.filter((n) => n > 0)).toEqual([]);
  });
});
