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
  /** 登录日志's 解锁 (issue 25): lifts the login throttle of accounts that are locked now (`ids` or one `id`) */
  unlockAccount: { path: '/monitor/unlockAccount', kind: 'write', name: '解锁', screen: 'LoginLogList' },
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

/** account ids: `ids` in the body (批量解锁), or one `id` (the row's 解锁) */
export const unlockAccountSchema = z
  .looseObject({
    ids: z.array(id(), { error: 'monitor.pickAccount' }).max(1000).optional(),
    id: id().optional(),
  })
  .transform((v) => [...new Set(v.ids ?? (v.id != null ? [v.id] : []))] as number[])
  .refine((v) => v.length > 0, { message: 'monitor.pickAccount' });

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
    { name: 'id', type: 'int', label: 'monitor.f.sessionId', readOnly: true },
    { name: 'userName', type: 'text', label: 'monitor.f.userName', ...ro },
    { name: 'name', type: 'text', label: 'monitor.f.name', ...ro },
    { name: 'ip', type: 'code', label: 'monitor.f.ip', ...ro },
    { name: 'lastSeen', type: 'datetime', label: 'monitor.f.lastSeen', ...ro },
    { name: 'loginTime', type: 'datetime', label: 'monitor.f.loginTime', ...ro },
    { name: 'location', type: 'text', label: 'monitor.f.location', ...ro },
    { name: 'browser', type: 'text', label: 'monitor.f.browser', ...ro },
    { name: 'os', type: 'text', label: 'monitor.f.os', ...ro },
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
    { name: 'status', type: 'int', label: 'monitor.f.status', readOnly: true },
    { name: 'statusName', type: 'text', label: 'monitor.f.status', ...ro },
    { name: 'ip', type: 'code', label: 'monitor.f.ip', ...ro },
    { name: 'location', type: 'text', label: 'monitor.f.location', ...ro },
    { name: 'browser', type: 'text', label: 'monitor.f.browser', ...ro },
    { name: 'os', type: 'text', label: 'monitor.f.os', ...ro },
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
    'monitor.forceLogoutConfirm': '确定强制 {userName} 的这个会话退出登录吗？',
    'monitor.forcedOut': '已强制退出 {count} 个会话',
    'monitor.noSession': '所选会话已不在线',
    'monitor.pickSession': '请选择要强退的会话',
    'monitor.locked': '登录失败次数过多，账号已锁定',
    'monitor.ownSession': '不能强退当前登录的会话',
    'monitor.notCovered': '账号“{name}”拥有您没有的权限，您不能强制它退出登录',
    'monitor.adminOnly': '只有超级管理员可以强制超级管理员账号“{name}”退出登录',
    'monitor.unlockNoAccount': '该账号不存在，无需解锁',
    'monitor.f.location': '登录地点',
    'monitor.unlock': '解锁',
    'monitor.batchUnlock': '批量解锁',
    'monitor.unlockConfirm': '确定解锁账号“{userName}”吗？',
    'monitor.batchUnlockConfirm': '确定解锁所选的 {count} 个账号吗？',
    'monitor.unlocked': '已解锁 {count} 个账号',
    'monitor.notLocked': '账号“{name}”未被锁定，无需解锁',
    'monitor.noneLocked': '所选账号均未被锁定，无需解锁',
    'monitor.pickAccount': '请选择要解锁的账号',
    'monitor.noAccount': '所选账号不存在',
    'monitor.lockedTag': '已锁定',
    'monitor.notLockedTip': '该账号未被锁定',
    'monitor.unlockNotCovered': '账号“{name}”拥有您没有的权限，您不能解锁它',
    'monitor.unlockAdminOnly': '只有超级管理员可以解锁超级管理员账号“{name}”',
    'monitor.batchForceLogout': '批量强退',
    'monitor.batchForceLogoutConfirm': '确定强制所选的 {count} 个会话退出登录吗？',
    'monitor.ownSessionTip': '当前会话不能强退',
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
    'monitor.f.location': 'Location',
    'monitor.unlock': 'Unlock',
    'monitor.batchUnlock': 'Unlock selected',
    'monitor.unlockConfirm': 'Unlock account "{userName}"?',
    'monitor.batchUnlockConfirm': 'Unlock the {count} selected account(s)?',
    'monitor.unlocked': '{count} account(s) unlocked',
    'monitor.notLocked': 'Account "{name}" is not locked; nothing to unlock',
    'monitor.noneLocked': 'None of the selected accounts is locked; nothing to unlock',
    'monitor.pickAccount': 'Select the accounts to unlock',
    'monitor.noAccount': 'The selected account does not exist',
    'monitor.lockedTag': 'Locked',
    'monitor.notLockedTip': 'This account is not locked',
    'monitor.unlockNotCovered': 'Account "{name}" holds permissions you do not have; you cannot unlock it',
    'monitor.unlockAdminOnly': 'Only an administrator may unlock the administrator account "{name}"',
    'monitor.batchForceLogout': 'Force logout selected',
    'monitor.batchForceLogoutConfirm': 'Sign the {count} selected session(s) out now?',
    'monitor.ownSessionTip': 'You cannot force out your current session',
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
    'monitor.f.location': 'Ubicación',
    'monitor.unlock': 'Desbloquear',
    'monitor.batchUnlock': 'Desbloquear selección',
    'monitor.unlockConfirm': '¿Desbloquear la cuenta "{userName}"?',
    'monitor.batchUnlockConfirm': '¿Desbloquear las {count} cuentas seleccionadas?',
    'monitor.unlocked': '{count} cuenta(s) desbloqueada(s)',
    'monitor.notLocked': 'La cuenta "{name}" no está bloqueada; no hay nada que desbloquear',
    'monitor.noneLocked': 'Ninguna de las cuentas seleccionadas está bloqueada; no hay nada que desbloquear',
    'monitor.pickAccount': 'Seleccione las cuentas que desea desbloquear',
    'monitor.noAccount': 'La cuenta seleccionada no existe',
    'monitor.lockedTag': 'Bloqueada',
    'monitor.notLockedTip': 'Esta cuenta no está bloqueada',
    'monitor.unlockNotCovered': 'La cuenta "{name}" tiene permisos que usted no tiene; no puede desbloquearla',
    'monitor.unlockAdminOnly': 'Solo un administrador puede desbloquear la cuenta de administrador "{name}"',
    'monitor.batchForceLogout': 'Forzar cierre de la selección',
    'monitor.batchForceLogoutConfirm': '¿Cerrar ahora las {count} sesiones seleccionadas?',
    'monitor.ownSessionTip': 'No puede forzar el cierre de su sesión actual',
  },
});
