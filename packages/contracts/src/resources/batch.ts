import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { id } from '../validators.js';

/**
 * Batch actions (批量操作, issue 26) on the selected rows of a list. One `session` call: each action asks for the
 * permission its single action needs (发布, 下线, the 置顶 toggle, 保存 for the type) and goes through the same write
 * pipeline, in one transaction; a row its checks refuse is named with why, the others are done.
 */
export const batchEndpoints = defineEndpoints('batch', {
  /** body: resource, action, ids, type? → `BatchReply` */
  doBatch: { path: '/batch/doBatch', kind: 'session', name: '批量操作' },
});

import { BATCH_ACTIONS } from '../list.js';

export { BATCH_ACTIONS, type BatchAction, type BatchActionOf, batchActionsOf } from '../list.js';

/** the most ids one batch call takes */
export const BATCH_MAX_IDS = 1000;

/** `/batch/doBatch`'s data */
export interface BatchReply {
  done: number[];
  refused: { id: number; msg: string }[];
}

/** `/batch/doBatch`'s body */
export const batchInput = z.object({
  resource: z.string({ error: 'batch.resourceUnknown' }).min(1, { message: 'batch.resourceUnknown' }).max(50),
  action: z.enum(BATCH_ACTIONS, { error: 'batch.actionUnknown' }),
  ids: z
    .array(id(), { error: 'v.ids' })
    .min(1, { message: 'v.ids' })
    .refine((ids) => ids.length <= BATCH_MAX_IDS, { message: 'batch.tooMany', params: { max: BATCH_MAX_IDS } }),
  type: z.string().max(50, { message: 'batch.typeRequired' }).optional(),
});
export type BatchInput = z.output<typeof batchInput>;

export const batchMessages = defineMessages({
  zh: {
    'batch.menu': '批量操作',
    'batch.reasonSep': '：',
    'batch.publish': '批量发布',
    'batch.unpublish': '批量下线',
    'batch.top': '批量置顶',
    'batch.untop': '取消置顶',
    'batch.setType': '批量修改类型',
    'batch.confirm': '确认对选中的 {count} 条记录执行“{action}”吗？',
    'batch.pickType': '新的类型',
    'batch.typeRequired': '请选择类型',
    'batch.summaryTitle': '{action}：完成 {done} 条，未完成 {refused} 条',
    'batch.doneCount': '已完成 {count} 条',
    'batch.refusedCount': '未完成 {count} 条：',
    'batch.allDone': '{action}：{count} 条全部完成',
    'batch.resourceUnknown': '不支持批量操作的数据类型',
    'batch.actionUnknown': '批量操作只能是发布、下线、置顶、取消置顶或修改类型',
    'batch.actionUnavailable': '此类数据没有这个批量操作',
    'batch.tooMany': '一次最多操作 {max} 条记录',
    'batch.hasDraft': '有待发布的草稿，请先发布或放弃草稿再修改类型',
    'batch.selectFirst': '请先勾选要批量操作的记录',
  },
  en: {
    'batch.menu': 'Batch actions',
    'batch.reasonSep': ': ',
    'batch.publish': 'Publish selected',
    'batch.unpublish': 'Take selected offline',
    'batch.top': 'Pin selected',
    'batch.untop': 'Unpin selected',
    'batch.setType': 'Change type',
    'batch.confirm': 'Apply "{action}" to the {count} selected records?',
    'batch.pickType': 'New type',
    'batch.typeRequired': 'Choose a type',
    'batch.summaryTitle': '{action}: {done} done, {refused} not done',
    'batch.doneCount': '{count} done',
    'batch.refusedCount': '{count} not done:',
    'batch.allDone': '{action}: all {count} done',
    'batch.resourceUnknown': 'This kind of record has no batch actions',
    'batch.actionUnknown': 'The batch action must be publish, unpublish, top, untop or setType',
    'batch.actionUnavailable': 'This kind of record does not have this batch action',
    'batch.tooMany': 'At most {max} records at a time',
    'batch.hasDraft': 'It has a pending draft; publish or discard the draft before changing its type',
    'batch.selectFirst': 'Select the records to act on first',
  },
  es: {
    'batch.menu': 'Acciones por lotes',
    'batch.reasonSep': ': ',
    'batch.publish': 'Publicar seleccionados',
    'batch.unpublish': 'Retirar seleccionados',
    'batch.top': 'Fijar seleccionados',
    'batch.untop': 'Desfijar seleccionados',
    'batch.setType': 'Cambiar tipo',
    'batch.confirm': '¿Aplicar «{action}» a los {count} registros seleccionados?',
    'batch.pickType': 'Nuevo tipo',
    'batch.typeRequired': 'Elija un tipo',
    'batch.summaryTitle': '{action}: {done} hechos, {refused} sin hacer',
    'batch.doneCount': '{count} hechos',
    'batch.refusedCount': '{count} sin hacer:',
    'batch.allDone': '{action}: los {count} hechos',
    'batch.resourceUnknown': 'Este tipo de registro no tiene acciones por lotes',
    'batch.actionUnknown': 'La acción por lotes debe ser publish, unpublish, top, untop o setType',
    'batch.actionUnavailable': 'Este tipo de registro no tiene esta acción por lotes',
    'batch.tooMany': 'Como máximo {max} registros a la vez',
    'batch.hasDraft': 'Tiene un borrador pendiente; publíquelo o descártelo antes de cambiar el tipo',
    'batch.selectFirst': 'Seleccione primero los registros',
  },
});
