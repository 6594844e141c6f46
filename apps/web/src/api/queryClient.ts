import { QueryClient } from '@tanstack/react-query';

/**
 * Data fetching of the screens (TanStack Query): the one client of the signed-in area, provided by the layout.
 * A module of its own so a view's preload can fill it before the layout renders (pages/views.ts).
 */
export const queryClient = new QueryClient({
  // 'always': offline, a search or a save still runs and says 网络连接已断开 rather than waiting silently
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});
