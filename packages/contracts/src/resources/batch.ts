import { defineEndpoints } from '../endpoints.js';

/**
 * Batch actions (批量操作, issue 26) on the selected rows of a list. One `session` call: each action asks for the
 * permission its single action needs (发布, 下线, the 置顶 toggle, 保存 for the type) and goes through the same write
 * pipeline, in one transaction; a row its checks refuse is named with why, the others are done.
 */
export const batchEndpoints = defineEndpoints('batch', {
  /** body: resource, action, ids, type? → `BatchReply` */
  doBatch: { path: '/batch/doBatch', kind: 'session', name: '批量操作' },
});

export const BATCH_ACTIONS = ['publish', 'unpublish', 'top', 'untop', 'setType'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

/** `/batch/doBatch`'s data */
export interface BatchReply {
  done: number[];
  refused: { id: number; msg: string }[];
}
