import { QueryClient } from '@tanstack/react-query';

/**
 * Data fetching of the screens (TanStack Query): the one client of the signed-in area, provided by the layout.
 * A module of its own so a view's preload can fill it before the layout renders (pages/views.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
