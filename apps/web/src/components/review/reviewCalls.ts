import { type Reply, reviewEndpoints } from '@gk/contracts';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import type { ReviewStep } from './ReviewCommentModal';

const PATHS = { submit: reviewEndpoints.submit.path, approve: reviewEndpoints.approve.path, reject: reviewEndpoints.reject.path };

/** 提交审核 / 通过 / 驳回 of one record; the reply's message is the caller's to show (a refusal is shown by the request layer) */
export function reviewStep(step: ReviewStep, resource: string, id: number | string, comment: string | null): Promise<Reply> {
  return withLoading(post<Reply>(PATHS[step], { resource, id: Number(id), ...(comment ? { comment } : {}) }));
}
