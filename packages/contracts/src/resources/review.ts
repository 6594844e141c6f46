import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { id, optFilter, paging } from '../validators.js';

/**
 * 审核流程 (review workflow, issue 27). Per publishable resource an administrator switches review off (as before),
 * or on with one or two levels (系统管理 › 审核设置). With review on a record moves 草稿 → 待审核 (提交审核) → 已通过
 * (审核通过, once per level) or 已驳回 (驳回, comment required); only an approved record can be published or scheduled
 * (发布 stays its own permission), and an edit after approval sends it back to 草稿.
 *
 * Permissions: `/review/submit` (提交审核), `/review/level1` (一审), `/review/level2` (二审) are buttons of the 待我审核
 * screen; `/review/level1` and `/review/level2` are permission keys only: `/review/approve` and `/review/reject` are
 * session calls whose handler asks for the level the record waits at. The settings are an administrator's
 * (module `reviewSettings`, admin-only).
 */
export const reviewEndpoints = defineEndpoints('review', {
  /** body `{ resource, id, comment? }`: 提交审核 (a record in 草稿 or 已驳回) */
  submit: { path: '/review/submit', kind: 'write', name: '提交审核', screen: 'ReviewTodo' },
  /** permission key: approve / reject at level 1 (一审) */
  level1: { path: '/review/level1', kind: 'write', name: '一审', screen: 'ReviewTodo' },
  /** permission key: approve / reject at level 2 (二审) */
  level2: { path: '/review/level2', kind: 'write', name: '二审', screen: 'ReviewTodo' },
  /** body `{ resource, id, comment? }`: 审核通过 at the level the record waits at (needs that level's permission) */
  approve: { path: '/review/approve', kind: 'session', name: '审核通过' },
  /** body `{ resource, id, comment }`: 驳回 (comment required; needs the waiting level's permission) */
  reject: { path: '/review/reject', kind: 'session', name: '驳回' },
  /** body `{ resource?, pageNumber, pageSize }`: what waits for the current user (`ReviewTodoRow`) */
  todoPage: { path: '/review/getTodoPage', kind: 'session', name: '待我审核' },
  /** `?resource=&id=`: the record's review state and history (`ReviewHistoryReply`); needs the right to read it */
  history: { path: '/review/getHistory', method: 'GET', kind: 'session', name: '审核记录' },
  /** `?resource=&id=` → the review state of one record (`ReviewInfo`) */
  state: { path: '/review/getState', method: 'GET', kind: 'session', name: '审核状态' },
});

export const reviewSettingsEndpoints = defineEndpoints('reviewSettings', {
  /** every publishable resource with its levels and self-approval rule (`ReviewSetting[]`) */
  get: { path: '/review/getSettings', kind: 'read', name: '审核设置', screen: 'ReviewSettings' },
  /** body `{ resource, levels: 0 | 1 | 2, selfApprove }` */
  save: { path: '/review/saveSettings', kind: 'write', name: '保存审核设置', screen: 'ReviewSettings' },
});

/** where a record stands: no review (`none`: review off for its resource) or a step of the workflow */
export const REVIEW_STATES = ['none', 'draft', 'pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** one step of the history; `reset`: an edit after submission or approval sent the record back to 草稿 */
export const REVIEW_ACTIONS = ['submit', 'approve', 'reject', 'reset'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_LEVELS = [0, 1, 2] as const;
export type ReviewLevels = (typeof REVIEW_LEVELS)[number];
/** longest comment (characters) */
export const REVIEW_COMMENT_MAX = 500;

export interface ReviewSetting {
  resource: string;
  /** the resource's name in the caller's language (its list title) */
  label: string;
  levels: ReviewLevels;
  /** whether a reviewer may approve their own submission (default false) */
  selfApprove: boolean;
}

/** a record's review state, as the detail page shows it */
export interface ReviewInfo {
  resource: string;
  id: number;
  levels: ReviewLevels;
  state: ReviewState;
  /** pending: the level it waits at (1 or 2); approved: the levels passed */
  level: number;
  submitUser: string | null;
  submitTime: string | null;
  /** what the current user may do now */
  canSubmit: boolean;
  canApprove: boolean;
}

export interface ReviewHistoryRow {
  id: number;
  action: ReviewAction;
  level: number;
  userName: string;
  nickName: string | null;
  time: string;
  comment: string | null;
}
export interface ReviewHistoryReply {
  info: ReviewInfo;
  rows: ReviewHistoryRow[];
}

/** one row of 待我审核 */
export interface ReviewTodoRow {
  resource: string;
  /** the resource's name in the caller's language */
  resourceLabel: string;
  id: number;
  title: string;
  level: number;
  submitUser: string;
  submitTime: string;
  comment: string | null;
  /** the record's details screen (`/news/news-details?id=`) */
  url: string | null;
}

const resourceName = z.string({ error: 'review.unknownResource' }).min(1, { message: 'review.unknownResource' }).max(40);
const comment = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? null : v.trim() || null))
  .refine((v) => v == null || v.length <= REVIEW_COMMENT_MAX, { message: 'review.commentTooLong', params: { max: REVIEW_COMMENT_MAX } });

export const reviewSettingSchema = z.object({
  resource: resourceName,
  levels: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'review.levelsInvalid' }),
  selfApprove: z.boolean({ error: 'review.selfApproveInvalid' }).optional().default(false),
});
export const reviewActSchema = z.object({ resource: resourceName, id: id(), comment });
export const reviewRejectSchema = reviewActSchema.extend({
  comment: comment.refine((v) => v != null, { message: 'review.commentRequired' }),
});
export const reviewRecordSchema = z.object({ resource: resourceName, id: id() });
export const reviewTodoSchema = z.looseObject({ ...paging, resource: optFilter(40) });
