import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { FeedbackHolder } from './FeedbackHolder';

/**
 * No runtime styles in component tests: antd's CSS-in-JS would compute and inject thousands of rules, and
 * jsdom's getComputedStyle (called by antd and by every role query's visibility check) walks them all —
 * that made a list test take 20–30 s on a busy machine. Tests assert text, roles and attributes, not looks.
 */
const THEME = { zeroRuntime: true, token: { motion: false } } as const;

/** Test helpers for the shared components: providers, a data router, and a fetch stub that answers by path. */
export function TestProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const qc = client ?? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  return (
    <QueryClientProvider client={qc}>
      <ConfigProvider locale={zhCN} theme={THEME}>
        <FeedbackHolder />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Renders `element` at `path` inside a memory data router (useNavigate / useBlocker work); other paths render their names. */
export function routed(element: ReactNode, opts: { path?: string; initial?: string; others?: string[] } = {}) {
  const { path = '/', initial = path, others = [] } = opts;
  const router = createMemoryRouter([{ path, element }, ...others.map((p) => ({ path: p, element: <div data-testid="route">{p}</div> }))], {
    initialEntries: [initial],
  });
  return { router, ui: <RouterProvider router={router} /> };
}

export interface Call {
  path: string;
  query: URLSearchParams;
  method: string;
  body: unknown;
}

export type Handler = (call: Call) => unknown | Promise<unknown>;

/** Stubs `fetch`: each call goes to the handler of its path (after /api); replies are JSON. */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call = { path, query: url.searchParams, method: init?.method ?? 'GET', body };
    calls.push(call);
    const h = handlers[path];
    const reply = h ? await h(call) : { code: 404, msg: `no handler for ${path}` };
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, of: (path: string) => calls.filter((c) => c.path === path) };
}
