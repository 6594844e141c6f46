import type { ListResource } from '@gk/contracts/list';
import { lazy, Suspense } from 'react';
import { underReview, useReviewInfo } from './reviewApi';

// the button (and, once opened, its drawer) loads only for a record under review: the detail page's first load stays lean
const ReviewHistoryButton = lazy(() => import('./ReviewHistoryButton').then((m) => ({ default: m.ReviewHistoryButton })));

/** 审核记录 beside 历史版本 on a publishable record's detail page, when its resource has review on; nothing otherwise */
export function ReviewHistorySlot({ resource, id }: { resource: ListResource; id: string | number | null }) {
  const info = useReviewInfo(resource, id, null);
  if (id == null || id === '' || !underReview(info)) return null;
  return (
    <Suspense fallback={null}>
      <ReviewHistoryButton resource={resource} id={id} />
    </Suspense>
  );
}
