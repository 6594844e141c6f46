import { z } from 'zod';
import { defineMessages } from '../i18n/index.js';
import { normalizeUserName } from '../validators.js';

export * from '../session.js';

export const authMessages = defineMessages({
  zh: {
    'auth.usernameEmpty': '账号不能为空',
    'auth.passwordEmpty': '密码不能为空',
    'auth.loginOk': '登录成功',
    'auth.logoutOk': '已退出登录',
    'auth.badCredentials': '账号或密码错误',
    'auth.disabled': '账号已停用，请联系管理员',
    'auth.locked': '登录失败次数过多，请 {minutes} 分钟后再试',
    'auth.verifyFailed': 'Verification failed, please Login again.',
    'auth.rolesEmpty': 'getInfo: roles must be a non-null array!',
    'auth.noUsableRole': '账号未分配可用角色，请联系管理员',
    'auth.forcedOut': '您已被管理员强制下线',
    'auth.passwordChangedElsewhere': '密码已在其他地方修改，请重新登录',
  },
  en: {
    'auth.usernameEmpty': 'Account cannot be empty',
    'auth.passwordEmpty': 'Password cannot be empty',
    'auth.loginOk': 'Login successful',
    'auth.logoutOk': 'Logged out',
    'auth.badCredentials': 'Wrong account or password',
    'auth.disabled': 'This account is disabled; please contact an administrator',
    'auth.locked': 'Too many failed logins; please try again in {minutes} minutes',
    'auth.verifyFailed': 'Verification failed, please Login again.',
    'auth.rolesEmpty': 'getInfo: roles must be a non-null array!',
    'auth.noUsableRole': 'This account has no usable role; please contact an administrator',
    'auth.forcedOut': 'You have been signed out by an administrator',
    'auth.passwordChangedElsewhere': 'Your password was changed elsewhere; please log in again',
  },
  es: {
    'auth.usernameEmpty': 'La cuenta no puede estar vacía',
    'auth.passwordEmpty': 'La contraseña no puede estar vacía',
    'auth.loginOk': 'Inicio de sesión correcto',
    'auth.logoutOk': 'Sesión cerrada',
    'auth.badCredentials': 'Cuenta o contraseña incorrecta',
    'auth.disabled': 'Esta cuenta está deshabilitada; contacte con un administrador',
    'auth.locked': 'Demasiados intentos fallidos; inténtelo de nuevo en {minutes} minutos',
    'auth.verifyFailed': 'La verificación ha fallado; vuelva a iniciar sesión',
    'auth.rolesEmpty': 'GetInfo: los roles deben ser una lista no vacía',
    'auth.noUsableRole': 'Esta cuenta no tiene ningún rol utilizable; contacte con un administrador',
    'auth.forcedOut': 'Un administrador ha cerrado su sesión',
    'auth.passwordChangedElsewhere': 'Su contraseña se cambió en otro lugar; inicie sesión de nuevo',
  },
});

/** Login body (or query / form): the username is trimmed (SPEC point 5). */
export const loginSchema = z.object({
  username: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null ? '' : normalizeUserName(String(v))))
    .refine((v) => v !== '', { message: 'auth.usernameEmpty' })
    .refine((v) => v.length <= 64, { message: 'auth.badCredentials' }),
  password: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null ? '' : String(v)))
    .refine((v) => v !== '', { message: 'auth.passwordEmpty' })
    .refine((v) => v.length <= 200, { message: 'auth.badCredentials' }),
});
export type LoginInput = z.input<typeof loginSchema>;
