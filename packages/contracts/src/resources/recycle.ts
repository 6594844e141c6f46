import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import type { ResourceDef } from '../resource.js';
import { id, optFilter, paging } from '../validators.js';

/**
 * 回收站 (recycle bin): a deleted content record leaves its table at once (lists, indexes, totals, the
 * public site) and is kept here as it was stored, until restored (same id, same content) or purged
 * (by hand, or after `RECYCLE_DAYS`). Accounts and roles are not content: deleting them stays final.
 */
export const recycleEndpoints = defineEndpoints('recycle', {
  page: { path: '/recycle/getRecyclePage', kind: 'read', name: '回收站列表' },
  restore: { path: '/recycle/restore', kind: 'write', name: '恢复回收站数据' },
  purge: { path: '/recycle/purge', kind: 'write', name: '彻底删除回收站数据' },
});

export { isRecyclable } from '../list.js';

/** One record in the recycle bin, as the list shows it. */
export interface RecycleRow {
  id: number;
  /** the resource name (`news`, `policy` …) */
  resource: string;
  /** the resource's display name in the request's language */
  resourceName: string;
  recordId: number;
  title: string;
  deletedBy: string;
  deleteTime: string;
}

export const recyclePageSchema = z.looseObject({
  ...paging,
  resource: optFilter(40),
  keyword: optFilter(200),
});

/** `{ ids: [...] }` or a bare JSON array of recycle-bin entry ids. */
export const recycleIdsSchema = z.array(id(), { error: 'v.ids' }).min(1, { message: 'v.ids' }).max(1000, { message: 'err.badRequest' });

/**
 * The recycle bin as a list the shared list screen shows (not a registered resource: nothing is saved
 * through it); its delete is the permanent purge.
 */
export const recycleResource: ResourceDef = {
  name: 'recycle',
  module: 'recycle',
  table: 'recycle_bin',
  label: 'recycle.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'resource', type: 'code', label: 'recycle.f.resource', readOnly: true },
    { name: 'resourceName', type: 'text', label: 'recycle.f.resource', readOnly: true, list: true },
    { name: 'title', type: 'text', label: 'recycle.f.title', readOnly: true, list: true },
    { name: 'recordId', type: 'int', label: 'recycle.f.recordId', readOnly: true, list: true },
    { name: 'deletedBy', type: 'text', label: 'recycle.f.deletedBy', readOnly: true, list: true },
    { name: 'deleteTime', type: 'datetime', label: 'recycle.f.deleteTime', readOnly: true, list: true },
  ],
  save: z.object({}),
  filters: [
    { param: 'resource', field: 'resource', op: 'eq' },
    { param: 'keyword', field: 'title', op: 'like' },
  ],
  endpoints: { list: recycleEndpoints.page, del: recycleEndpoints.purge },
  del: 'ids',
  order: [['deleteTime', 'desc']],
  pageSize: 20,
};

export const recycleMessages = defineMessages({
  zh: {
    'recycle.entity': '回收站',
    'recycle.f.resource': '类型',
    'recycle.f.title': '标题',
    'recycle.f.recordId': '原编号',
    'recycle.f.deletedBy': '删除人',
    'recycle.f.deleteTime': '删除时间',
    'recycle.keyword': '标题关键字',
    'recycle.restore': '恢复',
    'recycle.purge': '彻底删除',
    'recycle.restored': '已恢复 {count} 条数据',
    'recycle.purged': '已彻底删除 {count} 条数据',
    'recycle.confirmDelete': '将选中的 {count} 条数据移至回收站，可在回收站恢复。',
    'recycle.confirmRestore': '确认恢复选中的 {count} 条数据？',
    'recycle.confirmPurge': '彻底删除后不可恢复，确认彻底删除选中的 {count} 条数据？',
    'recycle.uniqueTaken': '无法恢复「{title}」：{field}“{value}”已被其他记录使用，请先修改那条记录',
    'recycle.idTaken': '无法恢复「{title}」：编号 {id} 已被其他记录使用',
    'recycle.refMissing': '无法恢复「{title}」：{reason}',
    'recycle.unknownResource': '不支持的数据类型：{resource}',
    'recycle.hint': '删除的内容保留在这里，可恢复到原处（编号和内容不变）；超过保留期限的数据每天自动彻底删除。',
  },
  en: {
    'recycle.entity': 'Recycle bin',
    'recycle.f.resource': 'Type',
    'recycle.f.title': 'Title',
    'recycle.f.recordId': 'Original ID',
    'recycle.f.deletedBy': 'Deleted by',
    'recycle.f.deleteTime': 'Deleted at',
    'recycle.keyword': 'Title keyword',
    'recycle.restore': 'Restore',
    'recycle.purge': 'Delete permanently',
    'recycle.restored': '{count} record(s) restored',
    'recycle.purged': '{count} record(s) permanently deleted',
    'recycle.confirmDelete': 'The {count} selected records will be moved to the recycle bin, where they can be restored.',
    'recycle.confirmRestore': 'Restore the {count} selected records?',
    'recycle.confirmPurge': 'Permanently deleted records cannot be restored. Permanently delete the {count} selected records?',
    'recycle.uniqueTaken': 'Cannot restore "{title}": {field} "{value}" is already used by another record; change that record first',
    'recycle.idTaken': 'Cannot restore "{title}": ID {id} is already used by another record',
    'recycle.refMissing': 'Cannot restore "{title}": {reason}',
    'recycle.unknownResource': 'Unsupported data type: {resource}',
    'recycle.hint':
      'Deleted content is kept here and can be restored where it was (same ID and content); records past the retention period are deleted permanently every day.',
  },
  es: {
    'recycle.entity': 'Papelera',
    'recycle.f.resource': 'Tipo',
    'recycle.f.title': 'Título',
    'recycle.f.recordId': 'ID original',
    'recycle.f.deletedBy': 'Eliminado por',
    'recycle.f.deleteTime': 'Fecha de eliminación',
    'recycle.keyword': 'Palabra clave del título',
    'recycle.restore': 'Restaurar',
    'recycle.purge': 'Eliminar definitivamente',
    'recycle.restored': '{count} registro(s) restaurado(s)',
    'recycle.purged': '{count} registro(s) eliminado(s) definitivamente',
    'recycle.confirmDelete': 'Los {count} registros seleccionados se moverán a la papelera, desde donde se pueden restaurar.',
    'recycle.confirmRestore': '¿Restaurar los {count} registros seleccionados?',
    'recycle.confirmPurge':
      'Los registros eliminados definitivamente no se pueden recuperar. ¿Eliminar definitivamente los {count} registros seleccionados?',
    'recycle.uniqueTaken': 'No se puede restaurar «{title}»: {field} «{value}» ya lo usa otro registro; modifique primero ese registro',
    'recycle.idTaken': 'No se puede restaurar «{title}»: el ID {id} ya lo usa otro registro',
    'recycle.refMissing': 'No se puede restaurar «{title}»: {reason}',
    'recycle.unknownResource': 'Tipo de datos no admitido: {resource}',
    'recycle.hint':
      'El contenido eliminado se guarda aquí y se puede restaurar donde estaba (mismo ID y contenido); los registros que superan el periodo de conservación se eliminan definitivamente cada día.',
  },
});
