import { create } from 'zustand';

/** The global overlay '处理中，请稍候...' shown while a save or delete is in flight (SPEC point 4). */
interface LoadingState {
  pending: number;
}

const useLoadingStore = create<LoadingState>(() => ({ pending: 0 }));

/** Shows the overlay until the promise settles; resolves / rejects like the promise. */
export async function withLoading<T>(p: Promise<T>): Promise<T> {
  useLoadingStore.setState((s) => ({ pending: s.pending + 1 }));
  try {
    return await p;
  } finally {
    useLoadingStore.setState((s) => ({ pending: Math.max(0, s.pending - 1) }));
  }
}

/** `{ loading, withLoading }`: whether the overlay is up, and the wrapper. */
export function useLoading() {
  const loading = useLoadingStore((s) => s.pending > 0);
  return { loading, withLoading };
}
