import type { Reply, ReviewInfo } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { reviewEndpoints } from '../../api/detail.contracts';
import { get } from '../../api/request';

/**
 * The review state of a publishable record's detail page (issue 27), kept small: the publish bar imports it to know
 * whether 发布 waits for approval; the review controls themselves load lazily (ReviewBar.tsx).
 * Query keys: `['review', 'info', resource, id]`, `['review', 'history', resource, id]`, `['review', 'todo', body]`.
 */
export const reviewKeys = {
  all: ['review'] as const,
  info: (resource: string, id: string | number) => ['review', 'info', resource, String(id)] as const,
  history: (resource: string, id: string | number) => ['review', 'history', resource, String(id)] as const,
  todo: ['review', 'todo'] as const,
};

/** whether the record is under review (its resource has review on) */
export const underReview = (info: ReviewInfo | null | undefined): info is ReviewInfo => !!info && info.state !== 'none';

/**
 * The record's `ReviewInfo` (GET /review/getState); null for a new record, or when it could not be read (then the
 * bar behaves as without review and the server still refuses what it must). Read again after each load of the
 * record after the first: a save sends an approved record back to 草稿, and the page reloads its record after a save.
 */
export function useReviewInfo(
  resource: ListResource,
  id: string | number | null,
  record: Record<string, unknown> | null,
): ReviewInfo | null {
  const client = useQueryClient();
  const enabled = id != null && id !== '';
  const key = reviewKeys.info(resource.name, id ?? '');
  const q = useQuery({
    queryKey: key,
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      get<Reply<ReviewInfo>>(reviewEndpoints.state.path, { resource: resource.name, id: String(id) }, { quiet: true, signal }).then(
        (r) => r.data,
      ),
  });
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!enabled || !record) return;
    if (seen.current && seen.current !== record) void refreshReview(client, resource.name, id);
    seen.current = record;
  }, [client, enabled, record, resource.name, id]);
  return enabled ? (q.data ?? null) : null;
}

/** after a review step or a save: the record's state and history, and 待我审核, read again */
export function refreshReview(client: QueryClient, resource: string, id: string | number | null): Promise<unknown> {
  return Promise.all([
    id == null ? null : client.invalidateQueries({ queryKey: reviewKeys.info(resource, id) }),
    id == null ? null : client.invalidateQueries({ queryKey: reviewKeys.history(resource, id) }),
    client.invalidateQueries({ queryKey: reviewKeys.todo }),
  ]);
}
