import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optId, patterns } from '../validators.js';

/** User accounts (SPEC point 7 "Links, contacts, users"); the module is admin-only (ADMIN_ONLY_MODULES). */
export const userInfoEndpoints = defineEndpoints('userInfo', {
  list: { path: '/userInfo/getUserInfoPage', kind: 'read', name: '用户列表' },
  save: { path: '/userInfo/saveUserInfo', kind: 'write', name: '保存用户' },
  del: { path: '/userInfo/delUserInfo', kind: 'write', name: '删除用户' },
  flag: { path: '/userInfo/upUserInfoFlag', kind: 'write', name: '启用/停用用户' },
  showPassword: { path: '/userInfo/showPassWord', kind: 'read', name: '查看密码' },
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
  },
  en: {
    'userInfo.entity': 'User',
    'userInfo.f.userName': 'User name',
    'userInfo.f.password': 'Password',
    'userInfo.f.enableFlag': 'Enabled',
    'userInfo.f.roleNames': 'Roles',
    'userInfo.userNameRequired': 'user name must not be empty',
    'userInfo.userNameExists': 'This user name already exists',
    'userInfo.passwordRequired': 'password must not be empty',
    'userInfo.passwordTooLong': 'password must not exceed 30 characters',
    'userInfo.passwordTooShort': 'password must be at least 8 characters',
    'userInfo.enableFlagRequired': 'enable flag must not be empty',
    'userInfo.notSelf': 'You cannot delete or disable the account you are logged in with',
    'userInfo.lastAdmin': 'You cannot delete or disable the last administrator',
    'userInfo.passwordHidden': 'Passwords are stored encrypted and cannot be shown; reset it instead',
    'userInfo.showPassword': 'View password',
    'userInfo.passwordKeep': 'Leave empty to keep the current password',
  },
  es: {
    'userInfo.entity': 'Usuario',
    'userInfo.f.userName': 'Nombre de usuario',
    'userInfo.f.password': 'Contraseña',
    'userInfo.f.enableFlag': 'Habilitado',
    'userInfo.f.roleNames': 'Roles',
    'userInfo.userNameRequired': 'el nombre de usuario no puede estar vacío',
    'userInfo.userNameExists': 'Este nombre de usuario ya existe',
    'userInfo.passwordRequired': 'la contraseña no puede estar vacía',
    'userInfo.passwordTooLong': 'la contraseña no puede superar 30 caracteres',
    'userInfo.passwordTooShort': 'la contraseña debe tener al menos 8 caracteres',
    'userInfo.enableFlagRequired': 'el estado de habilitación no puede estar vacío',
    'userInfo.notSelf': 'No puede eliminar ni deshabilitar la cuenta con la que ha iniciado sesión',
    'userInfo.lastAdmin': 'No puede eliminar ni deshabilitar al último administrador',
    'userInfo.passwordHidden': 'Las contraseñas se guardan cifradas y no se pueden mostrar; restablézcala en su lugar',
    'userInfo.showPassword': 'Ver contraseña',
    'userInfo.passwordKeep': 'Déjela vacía para conservar la contraseña actual',
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
      .transform((v) => v.trim())
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
  })
  .superRefine((v, ctx) => {
    if (v.id != null) return;
    if (v.password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: 'userInfo.passwordRequired' });
    else if (v.enableFlag == null) ctx.addIssue({ code: 'custom', path: ['enableFlag'], message: 'userInfo.enableFlagRequired' });
  });

export const userInfoResource = defineResource({
  name: 'userInfo',
  module: 'userInfo',
  table: 'sys_user',
  label: 'userInfo.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'userName', type: 'text', label: 'userInfo.f.userName', list: true, sortable: true },
    { name: 'password', column: 'password_hash', type: 'text', label: 'userInfo.f.password', hidden: true },
    { name: 'enableFlag', type: 'flag', label: 'userInfo.f.enableFlag', list: true, sortable: true },
    /** the same column under the SPEC's other name (SPEC point 3: "enableFlag (also flag)") */
    { name: 'flag', column: 'enable_flag', type: 'flag', label: 'userInfo.f.enableFlag', readOnly: true },
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
    { param: 'startTime', field: 'createTime', op: 'from' },
    { param: 'endTime', field: 'createTime', op: 'to' },
  ],
  endpoints: {
    list: userInfoEndpoints.list,
    save: userInfoEndpoints.save,
    del: userInfoEndpoints.del,
  },
  toggles: { enableFlag: userInfoEndpoints.flag },
  del: 'ids',
  order: [['createTime', 'desc']],
  modelType: 'userInfo',
  unique: [{ field: 'userName', message: 'userInfo.userNameExists' }],
  pageSize: 20,
});
