import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { menuTree } from '../menu.js';
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

/** where 待我审核 links a record: its resource's details screen (the hidden route of its list screen) with `?id=`, or null */
export function reviewDetailsUrl(resource: string, recordId: number): string | null {
  const children = menuTree().flatMap((m) => m.children ?? []);
  const list = children.find((c) => c.list === resource && !c.isHidden);
  const details = list ? children.find((c) => c.isHidden && c.activeMenu === list.url) : undefined;
  return details ? `${details.url}?id=${recordId}` : null;
}

export const reviewMessages = defineMessages({
  zh: {
    'review.unknownResource': '未知或不可审核的数据类型',
    'review.commentTooLong': '审核意见不能超过 {max} 个字',
    'review.commentRequired': '驳回时必须填写审核意见',
    'review.levelsInvalid': '审核级数只能是 0（不审核）、1 或 2',
    'review.selfApproveInvalid': '“允许审核自己提交的内容”只能是是或否',
    'review.off': '该类数据未开启审核',
    'review.notSubmittable': '只有草稿或已驳回的记录可以提交审核（当前：{state}）',
    'review.notPending': '该记录不在待审核状态（当前：{state}）',
    'review.notAtLevel': '该记录当前等待第 {level} 级审核',
    'review.levelDenied': '您没有第 {level} 级审核（{name}）的权限',
    'review.ownSubmission': '不能审核自己提交的内容：审核设置未允许审核人审核自己的提交',
    'review.notApproved': '需要审核通过后才能发布：“{title}”当前为{state}',
    'review.changedAfterApproval': '“{title}”在审核通过后被修改，需要重新提交审核并通过后才能发布',
    'review.state.none': '无需审核',
    'review.state.draft': '草稿',
    'review.state.pending': '待审核',
    'review.state.approved': '已通过',
    'review.state.rejected': '已驳回',
    'review.action.submit': '提交审核',
    'review.action.approve': '审核通过',
    'review.action.reject': '驳回',
    'review.action.reset': '修改后退回草稿',
    'review.level.1': '一审',
    'review.level.2': '二审',
    'review.levels.0': '不审核',
    'review.levels.1': '一级审核',
    'review.levels.2': '两级审核',
    'review.selfApprove': '允许审核自己提交的内容',
    'review.comment': '审核意见',
    'log.action.reviewSubmit': '提交审核',
    'log.action.reviewApprove': '审核通过',
    'log.action.reviewReject': '驳回',
    'log.action.reviewReset': '修改后退回草稿',
    'log.action.reviewSettings': '保存审核设置',
  },
  en: {
    'review.unknownResource': 'Unknown data type, or one that cannot be reviewed',
    'review.commentTooLong': 'The review comment must not exceed {max} characters',
    'review.commentRequired': 'A comment is required to reject',
    'review.levelsInvalid': 'Review levels must be 0 (no review), 1 or 2',
    'review.selfApproveInvalid': '"Reviewers may approve their own submissions" must be yes or no',
    'review.off': 'Review is not switched on for this type of data',
    'review.notSubmittable': 'Only a draft or a rejected record can be submitted for review (now: {state})',
    'review.notPending': 'This record is not waiting for review (now: {state})',
    'review.notAtLevel': 'This record is waiting for review level {level}',
    'review.levelDenied': 'You may not review at level {level} ({name})',
    'review.ownSubmission': 'You cannot review your own submission: the review settings do not allow it',
    'review.notApproved': 'It must be approved before it is published: "{title}" is {state}',
    'review.changedAfterApproval':
      '"{title}" was changed after approval: submit it for review again and have it approved before publishing',
    'review.state.none': 'No review',
    'review.state.draft': 'Draft',
    'review.state.pending': 'Pending review',
    'review.state.approved': 'Approved',
    'review.state.rejected': 'Rejected',
    'review.action.submit': 'Submitted for review',
    'review.action.approve': 'Approved',
    'review.action.reject': 'Rejected',
    'review.action.reset': 'Edited, back to draft',
    'review.level.1': 'First review',
    'review.level.2': 'Second review',
    'review.levels.0': 'No review',
    'review.levels.1': 'One level',
    'review.levels.2': 'Two levels',
    'review.selfApprove': 'Reviewers may approve their own submissions',
    'review.comment': 'Review comment',
    'log.action.reviewSubmit': 'Submit for review',
    'log.action.reviewApprove': 'Approve',
    'log.action.reviewReject': 'Reject',
    'log.action.reviewReset': 'Edited, back to draft',
    'log.action.reviewSettings': 'Save review settings',
  },
  es: {
    'review.unknownResource': 'Tipo de datos desconocido o que no se puede revisar',
    'review.commentTooLong': 'El comentario de revisión no puede superar {max} caracteres',
    'review.commentRequired': 'Para rechazar hace falta un comentario',
    'review.levelsInvalid': 'Los niveles de revisión deben ser 0 (sin revisión), 1 o 2',
    'review.selfApproveInvalid': '«Los revisores pueden aprobar sus propios envíos» debe ser sí o no',
    'review.off': 'La revisión no está activada para este tipo de datos',
    'review.notSubmittable': 'Solo un borrador o un registro rechazado puede enviarse a revisión (ahora: {state})',
    'review.notPending': 'Este registro no está pendiente de revisión (ahora: {state})',
    'review.notAtLevel': 'Este registro espera la revisión de nivel {level}',
    'review.levelDenied': 'No puede revisar en el nivel {level} ({name})',
    'review.ownSubmission': 'No puede revisar su propio envío: los ajustes de revisión no lo permiten',
    'review.notApproved': 'Debe aprobarse antes de publicarse: «{title}» está {state}',
    'review.changedAfterApproval':
      '«{title}» se modificó tras la aprobación: envíelo de nuevo a revisión y obtenga la aprobación antes de publicarlo',
    'review.state.none': 'Sin revisión',
    'review.state.draft': 'Borrador',
    'review.state.pending': 'Pendiente de revisión',
    'review.state.approved': 'Aprobado',
    'review.state.rejected': 'Rechazado',
    'review.action.submit': 'Enviado a revisión',
    'review.action.approve': 'Aprobado',
    'review.action.reject': 'Rechazado',
    'review.action.reset': 'Editado, vuelve a borrador',
    'review.level.1': 'Primera revisión',
    'review.level.2': 'Segunda revisión',
    'review.levels.0': 'Sin revisión',
    'review.levels.1': 'Un nivel',
    'review.levels.2': 'Dos niveles',
    'review.selfApprove': 'Los revisores pueden aprobar sus propios envíos',
    'review.comment': 'Comentario de revisión',
    'log.action.reviewSubmit': 'Enviar a revisión',
    'log.action.reviewApprove': 'Aprobar',
    'log.action.reviewReject': 'Rechazar',
    'log.action.reviewReset': 'Editado, vuelve a borrador',
    'log.action.reviewSettings': 'Guardar ajustes de revisión',
  },
});
