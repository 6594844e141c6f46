import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { dateRange, type ResourceDef } from '../resource.js';
import { id, optDate, optFilter, paging } from '../validators.js';

/**
 * 系统监控 › 在线用户 and 登录日志 (issue 12). Module `monitor` is admin-only (ADMIN_ONLY_MODULES).
 * 在线用户: every live session (a session id, never its token), with 强退 that ends it on every server process.
 * 登录日志: every login attempt with its result and, when refused, the reason.
 */
export const monitorEndpoints = defineEndpoints('monitor', {
  onlinePage: { path: '/monitor/getOnlinePage', kind: 'read', name: '在线用户列表', screen: 'OnlineList' },
  forceLogout: { path: '/monitor/forceLogout', kind: 'write', name: '强退' },
  loginLogPage: { path: '/monitor/getLoginLogPage', kind: 'read', name: '登录日志列表', screen: 'LoginLogList' },
});

/** 登录日志 result: 1 signed in, 0 refused */
export const LOGIN_STATUS = { OK: 1, FAILED: 0 } as const;

export const onlinePageSchema = z.looseObject({
  ...paging,
  userName: optFilter(64),
  ip: optFilter(64),
});

/** `ids` in the body (batch), or one `id` (the list's row button posts `?id=`) */
export const forceLogoutSchema = z
  .looseObject({
    ids: z.array(id(), { error: 'monitor.pickSession' }).max(1000).optional(),
    id: id().optional(),
  })
  .transform((v) => (v.ids ?? (v.id != null ? [v.id] : [])) as number[])
  .refine((v) => v.length > 0, { message: 'monitor.pickSession' });

export const loginLogPageSchema = z.looseObject({
  ...paging,
  userName: optFilter(64),
  status: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null || v === '' ? null : Number(v)))
    .refine((v) => v == null || v === 0 || v === 1, { message: 'v.flag' }),
  startTime: optDate(),
  endTime: optDate(),
});

const ro = { readOnly: true, list: true } as const;

export const onlineResource: ResourceDef = {
  name: 'onlineUser',
  module: 'monitor',
  table: 'sys_session',
  label: 'monitor.online.entity',
  fields: [
    { name: 'id', type: 'int', label: 'monitor.f.sessionId', ...ro },
    { name: 'userName', type: 'text', label: 'monitor.f.userName', ...ro },
    { name: 'name', type: 'text', label: 'monitor.f.name', ...ro },
    { name: 'ip', type: 'code', label: 'monitor.f.ip', ...ro },
    { name: 'browser', type: 'text', label: 'monitor.f.browser', ...ro },
    { name: 'os', type: 'text', label: 'monitor.f.os', ...ro },
    { name: 'loginTime', type: 'datetime', label: 'monitor.f.loginTime', ...ro },
    { name: 'lastSeen', type: 'datetime', label: 'monitor.f.lastSeen', ...ro },
  ],
  save: z.object({}),
  filters: [
    { param: 'userName', field: 'userName', op: 'like' },
    { param: 'ip', field: 'ip', op: 'like' },
  ],
  endpoints: { list: monitorEndpoints.onlinePage },
  del: 'ids',
  order: [['loginTime', 'desc']],
  pageSize: 20,
};

export const loginLogResource: ResourceDef = {
  name: 'loginLog',
  module: 'monitor',
  table: 'sys_login_log',
  label: 'monitor.loginLog.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'loginTime', type: 'datetime', label: 'monitor.f.attemptTime', ...ro },
    { name: 'userName', type: 'text', label: 'monitor.f.userName', ...ro },
    { name: 'ip', type: 'code', label: 'monitor.f.ip', ...ro },
    { name: 'browser', type: 'text', label: 'monitor.f.browser', ...ro },
    { name: 'os', type: 'text', label: 'monitor.f.os', ...ro },
    { name: 'status', type: 'int', label: 'monitor.f.status', readOnly: true },
    { name: 'statusName', type: 'text', label: 'monitor.f.status', ...ro },
    { name: 'reason', type: 'text', label: 'monitor.f.reason', ...ro },
  ],
  save: z.object({}),
  filters: [
    { param: 'userName', field: 'userName', op: 'like' },
    { param: 'status', field: 'status', op: 'eq' },
    ...dateRange('loginTime'),
  ],
  endpoints: { list: monitorEndpoints.loginLogPage },
  del: 'ids',
  order: [['loginTime', 'desc']],
  pageSize: 20,
};

export const monitorMessages = defineMessages({
  zh: {
    'monitor.online.entity': '在线用户',
    'monitor.loginLog.entity': '登录日志',
    'monitor.f.sessionId': '会话编号',
    'monitor.f.userName': '登录账号',
    'monitor.f.name': '姓名',
    'monitor.f.ip': '登录地址',
    'monitor.f.browser': '浏览器',
    'monitor.f.os': '操作系统',
    'monitor.f.loginTime': '登录时间',
    'monitor.f.lastSeen': '最后访问',
    'monitor.f.attemptTime': '访问时间',
    'monitor.f.status': '登录结果',
    'monitor.f.reason': '说明',
    'monitor.status.1': '成功',
    'monitor.status.0': '失败',
    'monitor.forceLogout': '强退',
    'monitor.current': '当前会话',
    'monitor.forceLogoutConfirm': '确定强制 {userName} 的这个会话退出登录吗?',
    'monitor.forcedOut': '已强制退出 {count} 个会话',
    'monitor.noSession': '所选会话已不在线',
    'monitor.pickSession': '请选择要强退的会话',
    'monitor.locked': '登录失败次数过多,账号已锁定',
    'monitor.ownSession': '不能强退当前登录的会话',
    'monitor.notCovered': '账号“{name}”拥有您没有的权限，您不能强制它退出登录',
    'monitor.adminOnly': '只有超级管理员可以强制超级管理员账号“{name}”退出登录',
    'monitor.unlockNoAccount': '该账号不存在,无需解锁',
  },
  en: {
    'monitor.online.entity': 'Online users',
    'monitor.loginLog.entity': 'Login log',
    'monitor.f.sessionId': 'Session ID',
    'monitor.f.userName': 'Account',
    'monitor.f.name': 'Name',
    'monitor.f.ip': 'Address',
    'monitor.f.browser': 'Browser',
    'monitor.f.os': 'Operating system',
    'monitor.f.loginTime': 'Signed in',
    'monitor.f.lastSeen': 'Last seen',
    'monitor.f.attemptTime': 'Time',
    'monitor.f.status': 'Result',
    'monitor.f.reason': 'Note',
    'monitor.status.1': 'Succeeded',
    'monitor.status.0': 'Failed',
    'monitor.forceLogout': 'Force logout',
    'monitor.current': 'This session',
    'monitor.forceLogoutConfirm': 'Sign this session of {userName} out now?',
    'monitor.forcedOut': '{count} session(s) signed out',
    'monitor.noSession': 'The selected session is no longer online',
    'monitor.pickSession': 'Select the sessions to sign out',
    'monitor.locked': 'Too many failed logins: account locked',
    'monitor.ownSession': 'You cannot force out your own current session',
    'monitor.notCovered': 'Account "{name}" holds permissions you do not have; you cannot force it out',
    'monitor.adminOnly': 'Only an administrator may force out the administrator account "{name}"',
    'monitor.unlockNoAccount': 'This account does not exist; nothing to unlock',
  },
  es: {
    'monitor.online.entity': 'Usuarios en línea',
    'monitor.loginLog.entity': 'Registro de inicios de sesión',
    'monitor.f.sessionId': 'ID de sesión',
    'monitor.f.userName': 'Cuenta',
    'monitor.f.name': 'Nombre',
    'monitor.f.ip': 'Dirección',
    'monitor.f.browser': 'Navegador',
    'monitor.f.os': 'Sistema operativo',
    'monitor.f.loginTime': 'Inicio de sesión',
    'monitor.f.lastSeen': 'Último acceso',
    'monitor.f.attemptTime': 'Hora',
    'monitor.f.status': 'Resultado',
    'monitor.f.reason': 'Nota',
    'monitor.status.1': 'Correcto',
    'monitor.status.0': 'Fallido',
    'monitor.forceLogout': 'Forzar cierre',
    'monitor.current': 'Esta sesión',
    'monitor.forceLogoutConfirm': '¿Cerrar ahora esta sesión de {userName}?',
    'monitor.forcedOut': '{count} sesión(es) cerrada(s)',
    'monitor.noSession': 'La sesión seleccionada ya no está en línea',
    'monitor.pickSession': 'Seleccione las sesiones que desea cerrar',
    'monitor.locked': 'Demasiados intentos fallidos: cuenta bloqueada',
    'monitor.ownSession': 'No puede forzar el cierre de su propia sesión actual',
    'monitor.notCovered': 'La cuenta "{name}" tiene permisos que usted no tiene; no puede forzar el cierre de su sesión',
    'monitor.adminOnly': 'Solo un administrador puede forzar el cierre de sesión de la cuenta de administrador "{name}"',
    'monitor.unlockNoAccount': 'Esta cuenta no existe; no hay nada que desbloquear',
  },
});
