import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { dateRange, defineResource } from '../resource.js';
import { id, normalizeUserName, optId, optText, patterns, reqText, userNameProblem, validators } from '../validators.js';

/** User accounts (SPEC point 7 "Links, contacts, users"); the module is admin-only (ADMIN_ONLY_MODULES). */
export const userInfoEndpoints = defineEndpoints('userInfo', {
  /** each row with `UserInfoAccess`: what the caller may do to the account */
  list: { path: '/userInfo/getUserInfoPage', kind: 'read', name: '用户列表' },
  save: { path: '/userInfo/saveUserInfo', kind: 'write', name: '保存用户' },
  del: { path: '/userInfo/delUserInfo', kind: 'write', name: '删除用户' },
  flag: { path: '/userInfo/upUserInfoFlag', kind: 'write', name: '启用/停用用户' },
  showPassword: { path: '/userInfo/showPassWord', kind: 'read', name: '查看密码' },
  /** one account with `roleIds` (the user dialog) */
  get: { path: '/userInfo/getUserInfo', kind: 'read', name: '用户详情' },
  resetPassword: { path: '/userInfo/resetPassword', kind: 'write', name: '重置密码' },
  unlock: { path: '/userInfo/unlock', kind: 'write', name: '解锁账号' },
  /** every role for the user dialog's picker and the list's filter, each with `grantable`: the caller may assign it */
  roles: { path: '/userInfo/getRoleOptions', kind: 'read', name: '角色选项' },
  /** the department tree for the list's left panel and the dialog's 部门 (`DeptNode[]`, issue 25) */
  deptTree: { path: '/userInfo/getDeptTree', kind: 'read', name: '部门树' },
});

/** One role as the user dialog's picker offers it. */
export interface RoleOption {
  id: number;
  code: string;
  name: string;
  enableFlag: number;
  /** the caller's grants cover the role's: it may be assigned */
  grantable: boolean;
}

/**
 * What the user list adds to each row (issue 21): `mayTouch`, the caller's grants cover the account's, so it may
 * edit, reset, disable, enable, unlock or delete it (the caller's own account: true, its own rules aside); when not,
 * `touchRefusal` is the key of the message the server refuses those with (`{name}`: the user name).
 */
export interface UserInfoAccess {
  mayTouch: boolean;
  /** too many failed sign-ins: the login throttle refuses this account now (解锁 lifts it) */
  locked?: boolean;
  touchRefusal?: 'userInfo.adminOnly' | 'userInfo.notCovered';
}

/** The signed-in user's own account (个人中心, 修改密码): any logged-in user, for themself only. */
export const profileEndpoints = defineEndpoints('profile', {
  get: { path: '/user/getProfile', kind: 'session', name: '个人中心' },
  update: { path: '/user/updateProfile', kind: 'session', name: '修改个人信息' },
  password: { path: '/user/updatePassword', kind: 'session', name: '修改密码' },
});

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;
export const USER_NAME_MAX = 64;

export const userInfoMessages = defineMessages({
  zh: {
    'userInfo.entity': '用户',
    'userInfo.f.userName': '用户名',
    'userInfo.f.password': '密码',
    'userInfo.f.enableFlag': '是否启用',
    'userInfo.f.roleNames': '角色',
    'userInfo.userNameRequired': '用户名不得为空',
    'userInfo.userNameExists': '用户名已存在',
    'userInfo.passwordRequired': '密码不得为空',
    'userInfo.passwordTooLong': '密码不得超过30位',
    'userInfo.passwordTooShort': '密码不得少于8位',
    'userInfo.enableFlagRequired': '启用状态不得为空',
    'userInfo.notSelf': '不能删除或停用当前登录的账号',
    'userInfo.lastAdmin': '不能删除或停用最后一个管理员',
    'userInfo.passwordHidden': '密码已加密保存，无法查看；如需更改请重置密码',
    'userInfo.showPassword': '查看密码',
    'userInfo.passwordKeep': '留空则保留原密码',
    'userInfo.f.roleIds': '角色',
    'userInfo.roleIds': '角色格式不正确',
    'userInfo.roleUnknown': '所选角色不存在',
    'userInfo.ownAdmin': '不能取消当前登录账号自己的超级管理员角色',
    'userInfo.resetPassword': '重置密码',
    'userInfo.passwordReset': '密码已重置，该用户下次登录时须修改密码',
    'userInfo.unlock': '解锁',
    'userInfo.unlocked': '账号已解锁',
    'userInfo.roleBeyond': '不能分配角色“{name}”：它拥有您没有的权限',
    'userInfo.notCovered': '账号“{name}”拥有您没有的权限，您不能修改、重置、停用、解锁或删除它',
    'userInfo.adminOnly': '只有超级管理员可以修改、重置、停用、解锁或删除超级管理员账号“{name}”',
    'userInfo.ownRoles': '不能修改当前登录账号自己的角色',
    'userInfo.f.nickName': '姓名',
    'userInfo.nickNameHint': '留空则与用户名相同',
    'userInfo.f.phone': '手机',
    'userInfo.f.email': '邮箱',
    'userInfo.f.deptId': '部门',
    'userInfo.f.deptName': '部门',
    'userInfo.f.locked': '锁定',
    'userInfo.lockedTag': '已锁定',
    'userInfo.lockedHint': '登录失败次数过多，账号已锁定，可点击“解锁”',
    'userInfo.deptUnknown': '所选部门不存在',
    'userInfo.rolesRequired': '请至少选择一个角色',
    'userInfo.disableConfirm': '确认要停用“{name}”用户吗？停用后该用户立即下线，不能再登录。',
    'userInfo.enableConfirm': '确认要启用“{name}”用户吗？',
    'userInfo.switchSelf': '不能停用当前登录的账号',
    'userInfo.passwordConfirm': '确认密码',
    'userInfo.passwordMismatch': '两次输入的密码不一致',
    'profile.title': '个人中心',
    'profile.changePassword': '修改密码',
    'profile.f.oldPassword': '原密码',
    'profile.f.newPassword': '新密码',
    'profile.f.confirmPassword': '确认新密码',
    'profile.f.name': '姓名',
    'profile.f.avatar': '头像',
    'profile.nameRequired': '姓名不得为空',
    'profile.oldPasswordRequired': '原密码不得为空',
    'profile.oldPasswordWrong': '原密码不正确',
    'profile.samePassword': '新密码不能与原密码相同',
    'profile.confirmMismatch': '两次输入的新密码不一致',
    'profile.passwordChanged': '密码已修改，其他设备上的登录已退出',
    'profile.mustChange': '管理员重置了您的密码，请先修改密码',
    'profile.lastLogins': '最近登录',
    'profile.f.time': '登录时间',
    'profile.f.ip': '登录地址',
    'profile.f.userAgent': '浏览器',
  },
  en: {
    'userInfo.entity': 'User',
    'userInfo.f.userName': 'User name',
    'userInfo.f.password': 'Password',
    'userInfo.f.enableFlag': 'Enabled',
    'userInfo.f.roleNames': 'Roles',
    'userInfo.userNameRequired': 'User name must not be empty',
    'userInfo.userNameExists': 'This user name already exists',
    'userInfo.passwordRequired': 'Password must not be empty',
    'userInfo.passwordTooLong': 'Password must not exceed 30 characters',
    'userInfo.passwordTooShort': 'Password must be at least 8 characters',
    'userInfo.enableFlagRequired': 'Enable flag must not be empty',
    'userInfo.notSelf': 'You cannot delete or disable the account you are logged in with',
    'userInfo.lastAdmin': 'You cannot delete or disable the last administrator',
    'userInfo.passwordHidden': 'Passwords are stored encrypted and cannot be shown; reset it instead',
    'userInfo.showPassword': 'View password',
    'userInfo.passwordKeep': 'Leave empty to keep the current password',
    'userInfo.f.roleIds': 'Roles',
    'userInfo.roleIds': 'The roles are not valid',
    'userInfo.roleUnknown': 'A chosen role does not exist',
    'userInfo.ownAdmin': 'You cannot remove the administrator role from the account you are logged in with',
    'userInfo.resetPassword': 'Reset password',
    'userInfo.passwordReset': 'Password reset; the user must change it at the next login',
    'userInfo.unlock': 'Unlock',
    'userInfo.unlocked': 'Account unlocked',
    'userInfo.roleBeyond': 'You cannot assign role "{name}": it holds permissions you do not have',
    'userInfo.notCovered': 'Account "{name}" holds permissions you do not have; you cannot change, reset, disable, unlock or delete it',
    'userInfo.adminOnly': 'Only an administrator may change, reset, disable, unlock or delete the administrator account "{name}"',
    'userInfo.ownRoles': 'You cannot change the roles of the account you are logged in with',
    'userInfo.f.nickName': 'Name',
    'userInfo.nickNameHint': 'Leave empty to use the user name',
    'userInfo.f.phone': 'Mobile',
    'userInfo.f.email': 'Email',
    'userInfo.f.deptId': 'Department',
    'userInfo.f.deptName': 'Department',
    'userInfo.f.locked': 'Locked',
    'userInfo.lockedTag': 'Locked',
    'userInfo.lockedHint': 'Too many failed sign-ins locked this account; use "Unlock"',
    'userInfo.deptUnknown': 'The chosen department does not exist',
    'userInfo.rolesRequired': 'Choose at least one role',
    'userInfo.disableConfirm': 'Disable user "{name}"? The user is signed out at once and can no longer sign in.',
    'userInfo.enableConfirm': 'Enable user "{name}"?',
    'userInfo.switchSelf': 'You cannot disable the account you are logged in with',
    'userInfo.passwordConfirm': 'Confirm password',
    'userInfo.passwordMismatch': 'The two passwords do not match',
    'profile.title': 'Personal center',
    'profile.changePassword': 'Change password',
    'profile.f.oldPassword': 'Current password',
    'profile.f.newPassword': 'New password',
    'profile.f.confirmPassword': 'Confirm new password',
    'profile.f.name': 'Name',
    'profile.f.avatar': 'Avatar',
    'profile.nameRequired': 'Name must not be empty',
    'profile.oldPasswordRequired': 'Current password must not be empty',
    'profile.oldPasswordWrong': 'The current password is not correct',
    'profile.samePassword': 'The new password must differ from the current one',
    'profile.confirmMismatch': 'The two new passwords do not match',
    'profile.passwordChanged': 'Password changed; sign-ins on other devices were ended',
    'profile.mustChange': 'An administrator reset your password; please change it first',
    'profile.lastLogins': 'Latest sign-ins',
    'profile.f.time': 'Time',
    'profile.f.ip': 'Address',
    'profile.f.userAgent': 'Browser',
  },
  es: {
    'userInfo.entity': 'Usuario',
    'userInfo.f.userName': 'Nombre de usuario',
    'userInfo.f.password': 'Contraseña',
    'userInfo.f.enableFlag': 'Habilitado',
    'userInfo.f.roleNames': 'Roles',
    'userInfo.userNameRequired': 'El nombre de usuario no puede estar vacío',
    'userInfo.userNameExists': 'Este nombre de usuario ya existe',
    'userInfo.passwordRequired': 'La contraseña no puede estar vacía',
    'userInfo.passwordTooLong': 'La contraseña no puede superar 30 caracteres',
    'userInfo.passwordTooShort': 'La contraseña debe tener al menos 8 caracteres',
    'userInfo.enableFlagRequired': 'El estado de habilitación no puede estar vacío',
    'userInfo.notSelf': 'No puede eliminar ni deshabilitar la cuenta con la que ha iniciado sesión',
    'userInfo.lastAdmin': 'No puede eliminar ni deshabilitar al último administrador',
    'userInfo.passwordHidden': 'Las contraseñas se guardan cifradas y no se pueden mostrar; restablézcala en su lugar',
    'userInfo.showPassword': 'Ver contraseña',
    'userInfo.passwordKeep': 'Déjela vacía para conservar la contraseña actual',
    'userInfo.f.roleIds': 'Roles',
    'userInfo.roleIds': 'Los roles no son válidos',
    'userInfo.roleUnknown': 'Un rol elegido no existe',
    'userInfo.ownAdmin': 'No puede quitar el rol de administrador a la cuenta con la que ha iniciado sesión',
    'userInfo.resetPassword': 'Restablecer contraseña',
    'userInfo.passwordReset': 'Contraseña restablecida; el usuario debe cambiarla en el próximo inicio de sesión',
    'userInfo.unlock': 'Desbloquear',
    'userInfo.unlocked': 'Cuenta desbloqueada',
    'userInfo.roleBeyond': 'No puede asignar el rol «{name}»: tiene permisos que usted no tiene',
    'userInfo.notCovered':
      'La cuenta «{name}» tiene permisos que usted no tiene; no puede modificarla, restablecerla, deshabilitarla, desbloquearla ni eliminarla',
    'userInfo.adminOnly':
      'Solo un administrador puede modificar, restablecer, deshabilitar, desbloquear o eliminar la cuenta de administrador «{name}»',
    'userInfo.ownRoles': 'No puede cambiar los roles de la cuenta con la que ha iniciado sesión',
    'userInfo.f.nickName': 'Nombre',
    'userInfo.nickNameHint': 'Déjelo vacío para usar el nombre de usuario',
    'userInfo.f.phone': 'Móvil',
    'userInfo.f.email': 'Correo electrónico',
    'userInfo.f.deptId': 'Departamento',
    'userInfo.f.deptName': 'Departamento',
    'userInfo.f.locked': 'Bloqueada',
    'userInfo.lockedTag': 'Bloqueada',
    'userInfo.lockedHint': 'Demasiados inicios de sesión fallidos bloquearon esta cuenta; use «Desbloquear»',
    'userInfo.deptUnknown': 'El departamento elegido no existe',
    'userInfo.rolesRequired': 'Elija al menos un rol',
    'userInfo.disableConfirm': '¿Deshabilitar al usuario «{name}»? Su sesión se cierra de inmediato y ya no podrá iniciar sesión.',
    'userInfo.enableConfirm': '¿Habilitar al usuario «{name}»?',
    'userInfo.switchSelf': 'No puede deshabilitar la cuenta con la que ha iniciado sesión',
    'userInfo.passwordConfirm': 'Confirmar contraseña',
    'userInfo.passwordMismatch': 'Las dos contraseñas no coinciden',
    'profile.title': 'Centro personal',
    'profile.changePassword': 'Cambiar contraseña',
    'profile.f.oldPassword': 'Contraseña actual',
    'profile.f.newPassword': 'Contraseña nueva',
    'profile.f.confirmPassword': 'Confirmar contraseña nueva',
    'profile.f.name': 'Nombre',
    'profile.f.avatar': 'Avatar',
    'profile.nameRequired': 'El nombre no puede estar vacío',
    'profile.oldPasswordRequired': 'La contraseña actual no puede estar vacía',
    'profile.oldPasswordWrong': 'La contraseña actual no es correcta',
    'profile.samePassword': 'La contraseña nueva debe ser distinta de la actual',
    'profile.confirmMismatch': 'Las dos contraseñas nuevas no coinciden',
    'profile.passwordChanged': 'Contraseña cambiada; se cerraron las sesiones en otros dispositivos',
    'profile.mustChange': 'Un administrador restableció su contraseña; cámbiela primero',
    'profile.lastLogins': 'Últimos inicios de sesión',
    'profile.f.time': 'Hora',
    'profile.f.ip': 'Dirección',
    'profile.f.userAgent': 'Navegador',
  },
});

const blank = (v: unknown) => v == null || v === '';

/**
 * The password rules of the user dialog (SPEC points 5 and 9): at most 30, at least 8 characters, letters,
 * digits and underscore only. Empty is allowed here: required only when creating (see the save schema),
 * and on update an empty password keeps the old one. Returns a message key or null.
 */
export function passwordProblem(v: string): string | null {
  if (v.length > PASSWORD_MAX) return 'userInfo.passwordTooLong';
  if (v.length < PASSWORD_MIN) return 'userInfo.passwordTooShort';
  if (!patterns.passwordChars.test(v)) return 'v.passwordChars';
  return null;
}

/**
 * A new password (重置密码, 修改密码): required, then the rules above. The one check both the server's
 * schemas and the web's forms run; returns a message key or null.
 */
export function newPasswordProblem(v: string | null | undefined): string | null {
  return v == null || v === '' ? 'userInfo.passwordRequired' : passwordProblem(v);
}

/** The save body: `flag` is accepted for `enableFlag`; password and enableFlag are required on create. */
export const userInfoSaveSchema = z
  .object({
    id: optId(),
    userName: z
      .union([z.string(), z.number(), z.null()], { error: 'userInfo.userNameRequired' })
      .optional()
      .transform((v) => (v == null ? '' : String(v)))
      .refine((v) => v.trim() !== '', { message: 'userInfo.userNameRequired' })
      .refine((v) => !/^\s/.test(v), { message: 'v.noLeadingSpace' })
      .transform(normalizeUserName)
      .refine((v) => userNameProblem(v) == null, { message: 'v.userNameChars' })
      .refine((v) => v.length <= USER_NAME_MAX, { message: 'v.tooLong', params: { max: USER_NAME_MAX } }),
    password: z
      .union([z.string(), z.number(), z.null()], { error: 'v.passwordChars' })
      .optional()
      .transform((v) => (v == null ? '' : String(v)))
      .superRefine((v, ctx) => {
        const problem = v === '' ? null : passwordProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    enableFlag: z
      .union([z.number(), z.string(), z.boolean(), z.null()], { error: 'v.flag' })
      .optional()
      .transform((v) => (blank(v) ? null : typeof v === 'boolean' ? (v ? 1 : 0) : Number(v)))
      .refine((v) => v == null || v === 0 || v === 1, { message: 'v.flag' }),
    /** the account's roles (absent: unchanged; a new account without them is a 内容编辑) */
    // a dialog whose role picker was left empty sends null or '' (no change of roles)
    roleIds: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.array(id(), { error: 'userInfo.roleIds' }).max(50, { message: 'userInfo.roleIds' }).optional(),
    ),
    /** 姓名: the account's `name` (the same one 个人中心 edits); blank on create = the user name */
    nickName: optText(64),
    /** 手机: the account's `tel` (one column with 个人中心) */
    phone: optText(20).refine((v) => validators.phoneOrLandline(v) == null, { message: 'v.phoneOrLandline' }),
    email: optText(100).refine((v) => validators.email(v) == null, { message: 'v.email' }),
    /** the account's department (absent: unchanged; a new account without one is in the head office) */
    deptId: optId(),
  })
  .superRefine((v, ctx) => {
    // an explicitly empty role list would leave an account that cannot sign in (issue 25)
    if (Array.isArray(v.roleIds) && v.roleIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['roleIds'], message: 'userInfo.rolesRequired' });
    if (v.id != null) return;
    if (v.password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: 'userInfo.passwordRequired' });
    else if (v.enableFlag == null) ctx.addIssue({ code: 'custom', path: ['enableFlag'], message: 'userInfo.enableFlagRequired' });
  });

export const userInfoResource = defineResource({
  name: 'userInfo',
  module: 'userInfo',
  table: 'sys_user',
  label: 'userInfo.entity',
  importable: {
    fields: ['userName', 'nickName', 'phone', 'email', 'deptId', 'roleIds', 'enableFlag', 'password'],
    key: 'userName',
    lookups: {
      deptId: { table: 'sys_dept', key: 'id', name: 'name' },
      roleIds: { table: 'sys_role', key: 'id', name: 'name', many: true },
    },
    labels: { roleIds: 'userInfo.f.roleNames' },
  },
  // an account's department (and so its data scope) is kept with its session: every process forgets it on a save
  invalidates: ['role'],
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'userName', type: 'text', label: 'userInfo.f.userName', list: true, sortable: true },
    { name: 'password', column: 'password_hash', type: 'text', label: 'userInfo.f.password', hidden: true },
    { name: 'enableFlag', type: 'flag', label: 'userInfo.f.enableFlag', list: true, sortable: true },
    /** the same column under the SPEC's other name (SPEC point 3: "enableFlag (also flag)") */
    { name: 'flag', column: 'enable_flag', type: 'flag', label: 'userInfo.f.enableFlag', readOnly: true },
    /** 姓名, 手机 (issue 25): the columns 个人中心 edits as name and tel, under the dialog's names */
    { name: 'nickName', column: 'name', type: 'text', label: 'userInfo.f.nickName', list: true, sortable: true },
    { name: 'phone', column: 'tel', type: 'text', label: 'userInfo.f.phone' },
    { name: 'email', type: 'text', label: 'userInfo.f.email' },
    { name: 'deptId', type: 'int', label: 'userInfo.f.deptId', nullable: true },
    {
      name: 'deptName',
      type: 'text',
      label: 'userInfo.f.deptName',
      readOnly: true,
      list: true,
      join: { table: 'sys_dept', key: 'id', via: 'deptId', select: 'name' },
    },
    {
      name: 'roleNames',
      type: 'text',
      label: 'userInfo.f.roleNames',
      readOnly: true,
      list: true,
      join: { table: 'sys_user_role_names', key: 'user_id', via: 'id', select: 'role_names' },
    },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
  ],
  save: userInfoSaveSchema,
  filters: [
    { param: 'userName', field: 'userName', op: 'like' },
    { param: 'enableFlag', field: 'enableFlag', op: 'eq' },
    { param: 'flag', field: 'enableFlag', op: 'eq' },
    ...dateRange('createTime'),
  ],
  endpoints: {
    list: userInfoEndpoints.list,
    save: userInfoEndpoints.save,
    get: userInfoEndpoints.get,
    del: userInfoEndpoints.del,
  },
  toggles: { enableFlag: userInfoEndpoints.flag },
  del: 'ids',
  order: [['createTime', 'desc']],
  modelType: 'userInfo',
  unique: [{ field: 'userName', message: 'userInfo.userNameExists' }],
  refs: [{ field: 'deptId', table: 'sys_dept', key: 'id', message: 'userInfo.deptUnknown' }],
  pageSize: 20,
});

/** 重置密码 (administrator): the new password; the holder must change it at the next login. */
export const resetPasswordSchema = z.object({
  id: id(),
  password: z
    .union([z.string(), z.number(), z.null()], { error: 'userInfo.passwordRequired' })
    .optional()
    .transform((v) => (v == null ? '' : String(v)))
    .superRefine((v, ctx) => {
      const problem = newPasswordProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/** 修改密码: the current password and a new one under the same rules. */
export const updatePasswordSchema = z.object({
  oldPassword: z
    .union([z.string(), z.number(), z.null()], { error: 'profile.oldPasswordRequired' })
    .optional()
    .transform((v) => (v == null ? '' : String(v)))
    .refine((v) => v !== '', { message: 'profile.oldPasswordRequired' }),
  newPassword: resetPasswordSchema.shape.password,
});

/** 个人中心: own name and avatar (an image slot: `/img/…` or empty). */
export const updateProfileSchema = z.object({
  name: reqText('profile.nameRequired', 64),
  avatar: z
    .union([z.string(), z.null()], { error: 'v.imageUrl' })
    .optional()
    .transform((v) => (v == null ? '' : v.trim()))
    .refine((v) => v === '' || /^\/img\/[\w.-]{1,200}$/.test(v), { message: 'v.imageUrl' }),
});

export interface Profile {
  id: number;
  userName: string;
  name: string;
  avatar: string;
  roles: { code: string; name: string }[];
  createTime: string;
  mustChangePassword: boolean;
  /** the latest sign-ins (own live sessions, newest first) */
  /** from the login log: signed-in and refused attempts, newest first */
  lastLogins: { id: number; time: string; ip: string; userAgent: string; browser: string; os: string; status: number; reason: string }[];
}
