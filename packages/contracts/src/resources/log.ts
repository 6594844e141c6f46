import { z } from 'zod';
import { allEndpoints, defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { menuTree } from '../menu.js';
import { allResources, dateRange, type ResourceDef } from '../resource.js';
import { optDate, optFilter, paging } from '../validators.js';

/**
 * 操作日志 (operation log): every write of every resource and system screen, and every refused write, with
 * who, from where, when, what, the result and the changed fields before / after. Read-only; kept
 * `AUDIT_RETENTION_DAYS`. Only administrators see it (module `log` is admin-only).
 */
export const logEndpoints = defineEndpoints('log', {
  page: { path: '/log/getOperLogPage', kind: 'read', name: '操作日志列表' },
  get: { path: '/log/getOperLog', kind: 'read', name: '操作日志详情' },
});

/** The actions the log names with a code (anything else is stored as the endpoint's name). */
export const LOG_ACTIONS = [
  'create',
  'update',
  'delete',
  'toggle',
  'publish',
  'unpublish',
  'draft',
  'discardDraft',
  'restore',
  'purge',
  'login',
  'logout',
  'forceLogout',
  'unlock',
  'assignUsers',
  'unassignUsers',
] as const;
export const LOG_RESULT = { OK: 1, REFUSED: 0 } as const;

/**
 * The label of an entry's module: a resource's name (a record written through it), 登录 (`auth`), or the
 * menu's title for the other write calls (`upload`, `webhook` …). A message key or the menu's own text.
 */
export function logModuleLabel(module: string): string {
  const def = allResources().find((r) => r.name === module);
  if (def) return def.label;
  if (module === 'auth') return 'log.module.auth';
  const entries = menuTree().flatMap((m) => [m, ...(m.children ?? []).filter((c) => c.module)]);
  return entries.find((m) => m.module === module)?.title ?? module;
}

/** Every module an entry can name: each resource that writes, each module with a write call, and 登录. */
export function logModules(): string[] {
  const writers = allResources().filter((r) => r.endpoints.save || r.endpoints.del || r.toggles);
  const calls = allEndpoints().filter((e) => e.kind === 'write');
  return [...new Set([...writers.map((r) => r.name), ...calls.map((e) => e.module), 'auth'])];
}

export const logPageSchema = z.looseObject({
  ...paging,
  userName: optFilter(100),
  module: optFilter(40),
  action: optFilter(100),
  result: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? null : Number(v)))
    .refine((v) => v == null || v === 0 || v === 1, { message: 'v.flag' }),
  startTime: optDate(),
  endTime: optDate(),
});

/** The log as a list the shared list screen shows (not a registered resource: nothing is saved through it). */
export const logResource: ResourceDef = {
  name: 'operLog',
  module: 'log',
  table: 'oper_log',
  label: 'log.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'operTime', type: 'datetime', label: 'log.f.operTime', readOnly: true, list: true },
    { name: 'userName', type: 'text', label: 'log.f.userName', readOnly: true, list: true },
    /** the account's 姓名 now (issue 25), shown beside the account; empty for a deleted account or a system entry */
    { name: 'nickName', type: 'text', label: 'log.f.nickName', readOnly: true },
    { name: 'module', type: 'code', label: 'log.f.module', readOnly: true },
    { name: 'moduleName', type: 'text', label: 'log.f.module', readOnly: true, list: true },
    { name: 'action', type: 'code', label: 'log.f.action', readOnly: true },
    { name: 'actionName', type: 'text', label: 'log.f.action', readOnly: true, list: true },
    { name: 'result', type: 'int', label: 'log.f.result', readOnly: true },
    { name: 'resultName', type: 'text', label: 'log.f.result', readOnly: true, list: true },
    { name: 'recordId', type: 'int', label: 'log.f.recordId', readOnly: true, list: true },
    { name: 'title', type: 'text', label: 'log.f.title', readOnly: true, list: true },
    { name: 'address', type: 'code', label: 'log.f.address', readOnly: true, list: true },
    { name: 'location', type: 'text', label: 'log.f.location', readOnly: true, list: true },
    { name: 'costMs', type: 'int', label: 'log.f.costMs', readOnly: true, list: true },
    { name: 'reason', type: 'text', label: 'log.f.reason', readOnly: true, list: true },
  ],
  save: z.object({}),
  filters: [
    { param: 'userName', field: 'userName', op: 'like' },
    { param: 'module', field: 'module', op: 'eq' },
    { param: 'action', field: 'action', op: 'eq' },
    { param: 'result', field: 'result', op: 'eq' },
    ...dateRange('operTime'),
  ],
  endpoints: { list: logEndpoints.page, get: logEndpoints.get },
  del: 'ids',
  order: [['operTime', 'desc']],
  pageSize: 20,
};

export const logMessages = defineMessages({
  zh: {
    'log.entity': '操作日志',
    'log.f.operTime': '操作时间',
    'log.f.userName': '操作账号',
    'log.f.nickName': '姓名',
    'log.f.address': '操作地址',
    'log.f.module': '模块',
    'log.f.action': '操作',
    'log.f.recordId': '记录编号',
    'log.f.title': '记录标题',
    'log.f.result': '结果',
    'log.f.reason': '说明',
    'log.f.location': '操作地点',
    'log.f.costMs': '消耗时间',
    'log.costMs': '{ms} 毫秒',
    'log.privateIp': '内网IP',
    'log.result.1': '成功',
    'log.result.0': '被拒绝',
    'log.action.create': '新增',
    'log.action.update': '修改',
    'log.action.delete': '删除',
    'log.action.toggle': '切换状态',
    'log.action.restore': '恢复',
    'log.action.purge': '彻底删除',
    'log.action.login': '登录',
    'log.action.logout': '退出登录',
    'log.action.publish': '发布',
    'log.action.unpublish': '下线',
    'log.action.draft': '保存草稿',
    'log.action.discardDraft': '放弃草稿',
    'log.action.forceLogout': '强退',
    'log.action.unlock': '解锁',
    'log.action.assignUsers': '分配用户',
    'log.action.unassignUsers': '取消分配用户',
    'log.module.auth': '登录',
    'log.detail': '详情',
    'log.field': '字段',
    'log.before': '修改前',
    'log.after': '修改后',
    'log.noChanges': '没有字段变化',
    'log.change': '变化',
  },
  en: {
    'log.entity': 'Operation log',
    'log.f.operTime': 'Time',
    'log.f.userName': 'Account',
    'log.f.nickName': 'Name',
    'log.f.address': 'Address',
    'log.f.module': 'Module',
    'log.f.action': 'Action',
    'log.f.recordId': 'Record ID',
    'log.f.title': 'Record title',
    'log.f.result': 'Result',
    'log.f.reason': 'Note',
    'log.f.location': 'Location',
    'log.f.costMs': 'Duration',
    'log.costMs': '{ms} ms',
    'log.privateIp': 'Private network',
    'log.result.1': 'Done',
    'log.result.0': 'Refused',
    'log.action.create': 'Create',
    'log.action.update': 'Edit',
    'log.action.delete': 'Delete',
    'log.action.toggle': 'Toggle',
    'log.action.restore': 'Restore',
    'log.action.purge': 'Delete permanently',
    'log.action.login': 'Log in',
    'log.action.logout': 'Log out',
    'log.action.publish': 'Publish',
    'log.action.unpublish': 'Take offline',
    'log.action.draft': 'Save draft',
    'log.action.discardDraft': 'Discard draft',
    'log.action.forceLogout': 'Force logout',
    'log.action.unlock': 'Unlock',
    'log.action.assignUsers': 'Assign users',
    'log.action.unassignUsers': 'Remove users',
    'log.module.auth': 'Login',
    'log.detail': 'Details',
    'log.field': 'Field',
    'log.before': 'Before',
    'log.after': 'After',
    'log.noChanges': 'No field changed',
    'log.change': 'Change',
  },
  es: {
    'log.entity': 'Registro de operaciones',
    'log.f.operTime': 'Hora',
    'log.f.userName': 'Cuenta',
    'log.f.nickName': 'Nombre',
    'log.f.address': 'Dirección',
    'log.f.module': 'Módulo',
    'log.f.action': 'Acción',
    'log.f.recordId': 'ID del registro',
    'log.f.title': 'Título del registro',
    'log.f.result': 'Resultado',
    'log.f.reason': 'Nota',
    'log.f.location': 'Ubicación',
    'log.f.costMs': 'Duración',
    'log.costMs': '{ms} ms',
    'log.privateIp': 'Red privada',
    'log.result.1': 'Hecho',
    'log.result.0': 'Rechazado',
    'log.action.create': 'Crear',
    'log.action.update': 'Modificar',
    'log.action.delete': 'Eliminar',
    'log.action.toggle': 'Cambiar estado',
    'log.action.restore': 'Restaurar',
    'log.action.purge': 'Eliminar definitivamente',
    'log.action.login': 'Iniciar sesión',
    'log.action.logout': 'Cerrar sesión',
    'log.action.publish': 'Publicar',
    'log.action.unpublish': 'Retirar',
    'log.action.draft': 'Guardar borrador',
    'log.action.discardDraft': 'Descartar borrador',
    'log.action.forceLogout': 'Forzar cierre',
    'log.action.unlock': 'Desbloquear',
    'log.action.assignUsers': 'Asignar usuarios',
    'log.action.unassignUsers': 'Quitar usuarios',
    'log.module.auth': 'Inicio de sesión',
    'log.detail': 'Detalles',
    'log.field': 'Campo',
    'log.before': 'Antes',
    'log.after': 'Después',
    'log.noChanges': 'Ningún campo cambió',
    'log.change': 'Cambio',
  },
});
