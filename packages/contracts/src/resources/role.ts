import { z } from 'zod';
import { defineEndpoints, type Endpoint } from '../endpoints.js';
import { defineMessages, type Lang, translate } from '../i18n/index.js';
import '../i18n/permissions.js';
import { permissionIndex } from '../permission-index.js';
import { defineResource } from '../resource.js';
import { id, optFlag, optId, optText, reqText, sortNo } from '../validators.js';

/**
 * Roles (系统管理 › 角色管理, issue 12). A role holds menus and buttons: the menus of the menu tree (read
 * endpoints follow the screens that need them, `permissionIndex().readScreens`) and, under each, its buttons (the
 * module's write endpoints, keyed by their path as before). `admin` holds everything and cannot be reduced.
 */
export const roleEndpoints = defineEndpoints('role', {
  list: { path: '/role/getRolePage', kind: 'read', name: '角色列表' },
  get: { path: '/role/getRole', kind: 'read', name: '角色详情' },
  tree: { path: '/role/getPermissionTree', kind: 'read', name: '权限树', screen: 'RoleList' },
  options: { path: '/role/getRoleList', kind: 'read', name: '角色选项', screen: 'RoleList' },
  save: { path: '/role/saveRole', kind: 'write', name: '保存角色' },
  del: { path: '/role/delRole', kind: 'write', name: '删除角色' },
  flag: { path: '/role/upRoleFlag', kind: 'write', name: '启用/停用角色' },
  menus: { path: '/role/getMenuSettings', kind: 'read', name: '菜单设置', screen: 'MenuSettings' },
  saveMenu: { path: '/role/saveMenuSetting', kind: 'write', name: '保存菜单设置', screen: 'MenuSettings' },
  /** the department tree for the 数据权限 section's 自定义 (`DeptNode[]`, issue 25) */
  deptTree: { path: '/role/getDeptTree', kind: 'read', name: '部门树', screen: 'RoleList' },
  /** 分配用户 (issue 25): the accounts holding a role (roleId, pageNumber, pageSize, userName?), each with `mayTouch` */
  users: { path: '/role/getRoleUsers', kind: 'read', name: '角色用户', screen: 'RoleList' },
  /** the accounts not holding it, to add (roleId, pageNumber, pageSize, userName?) */
  candidates: { path: '/role/getRoleCandidates', kind: 'read', name: '可分配用户', screen: 'RoleList' },
  assignUsers: { path: '/role/assignUsers', kind: 'write', name: '分配用户' },
  unassignUsers: { path: '/role/unassignUsers', kind: 'write', name: '取消分配用户' },
});

/** A role's data scope (数据权限, issue 25): which content records its holders reach. */
export const DATA_SCOPES = ['all', 'dept', 'deptAndBelow', 'self', 'custom'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const ROLE_CODE_MAX = 32;

export const roleMessages = defineMessages({
  zh: {
    'role.entity': '角色',
    'role.f.code': '角色编码',
    'role.f.name': '角色名称',
    'role.f.sortNo': '排序',
    'role.f.enableFlag': '是否启用',
    'role.f.remark': '备注',
    'role.f.userCount': '用户数',
    'role.f.permissions': '权限',
    'role.codeRequired': '角色编码不得为空',
    'role.codeChars': '角色编码只能由英文字母、数字和下划线组成',
    'role.codeExists': '角色编码已存在',
    'role.nameRequired': '角色名称不得为空',
    'role.sortInteger': '排序只能输入整数',
    'role.permissions': '权限列表格式不正确',
    'role.unknownPermission': '未知的权限：{key}',
    'role.adminLocked': '超级管理员拥有全部权限，不能减少权限、停用或删除',
    'role.inUse': '角色“{name}”仍被以下用户使用：{users}，请先调整这些用户的角色',
    'role.notFound': '角色不存在',
    'role.tree.title': '权限设置',
    'role.tree.expandAll': '展开全部',
    'role.tree.collapseAll': '收起全部',
    'role.tree.selectAll': '全选',
    'role.tree.selectNone': '全不选',
    'role.tree.button': '按钮',
    'role.tree.common': '通用功能',
    'role.tree.adminHint': '超级管理员拥有全部权限',
    'role.section.basic': '基本信息',
    'menu.f.title': '菜单名称',
    'menu.f.icon': '图标',
    'menu.f.sortNo': '排序',
    'menu.f.hidden': '隐藏',
    'menu.f.url': '路由地址',
    'menu.f.original': '默认名称',
    'menu.notFound': '菜单不存在',
    'menu.titleTooLong': '菜单名称不能超过32个字符',
    'menu.iconName': '图标名称只能由英文字母组成',
    'menu.reset': '恢复默认',
    'role.menuSettings': '菜单设置',
    'role.disabledTag': '已停用',
    'role.beyondGrants': '不能授予您自己没有的权限：{title}',
    'role.notCovered': '角色“{name}”拥有您没有的权限，您不能修改、停用或删除它',
    'role.ownRole': '不能修改您自己所属的角色“{name}”',
    'role.tree.beyondHint': '灰色的权限您自己没有，不能授予',
    'menu.notHeld': '不能修改您自己没有的菜单“{title}”',
    'role.f.dataScope': '数据权限',
    'role.f.deptIds': '可见部门',
    'role.scope.all': '全部数据',
    'role.scope.dept': '本部门数据',
    'role.scope.deptAndBelow': '本部门及以下数据',
    'role.scope.self': '仅本人数据',
    'role.scope.custom': '自定义数据',
    'role.scope.hint': '决定持有此角色的用户能查看、编辑、发布和删除哪些内容记录（按创建者所在部门）',
    'role.dataScope': '数据权限只能是全部、本部门、本部门及以下、仅本人或自定义',
    'role.deptIds': '部门列表格式不正确',
    'role.deptsRequired': '自定义数据权限请至少选择一个部门',
    'role.deptUnknown': '所选部门不存在',
    'role.scopeBeyond': '不能授予超出您自己数据权限的范围：{scope}',
    'role.assignUsers': '分配用户',
    'role.addUsers': '添加用户',
    'role.removeUsers': '批量取消授权',
    'role.removeUser': '取消授权',
    'role.removeConfirm': '确认要取消这些用户的“{name}”角色吗？',
    'role.assigned': '已为{count}个用户分配角色',
    'role.unassigned': '已取消{count}个用户的角色',
    'role.lastRole': '用户“{name}”只有这一个角色，取消后将无法登录，请先为其分配其他角色',
    'role.holders': '“{name}”的用户',
    'role.userIds': '用户列表格式不正确',
    'role.userUnknown': '所选用户不存在',
  },
  en: {
    'role.entity': 'Role',
    'role.f.code': 'Role code',
    'role.f.name': 'Role name',
    'role.f.sortNo': 'Sort',
    'role.f.enableFlag': 'Enabled',
    'role.f.remark': 'Remark',
    'role.f.userCount': 'Users',
    'role.f.permissions': 'Permissions',
    'role.codeRequired': 'Role code must not be empty',
    'role.codeChars': 'The role code may only contain letters, digits and underscores',
    'role.codeExists': 'This role code already exists',
    'role.nameRequired': 'Role name must not be empty',
    'role.sortInteger': 'Sort can only be a whole number',
    'role.permissions': 'The permission list is not valid',
    'role.unknownPermission': 'Unknown permission: {key}',
    'role.adminLocked': 'The administrator role holds every permission and cannot be reduced, disabled or deleted',
    'role.inUse': 'Role "{name}" is still held by: {users}; change their roles first',
    'role.notFound': 'The role does not exist',
    'role.tree.title': 'Permissions',
    'role.tree.expandAll': 'Expand all',
    'role.tree.collapseAll': 'Collapse all',
    'role.tree.selectAll': 'Select all',
    'role.tree.selectNone': 'Select none',
    'role.tree.button': 'Button',
    'role.tree.common': 'Common functions',
    'role.tree.adminHint': 'The administrator holds every permission',
    'role.section.basic': 'Basic information',
    'menu.f.title': 'Menu name',
    'menu.f.icon': 'Icon',
    'menu.f.sortNo': 'Sort',
    'menu.f.hidden': 'Hidden',
    'menu.f.url': 'Route',
    'menu.f.original': 'Default name',
    'menu.notFound': 'The menu entry does not exist',
    'menu.titleTooLong': 'The menu name must not exceed 32 characters',
    'menu.iconName': 'The icon name may only contain letters',
    'menu.reset': 'Restore default',
    'role.menuSettings': 'Menu settings',
    'role.disabledTag': 'Disabled',
    'role.beyondGrants': 'You cannot grant a permission you do not hold: {title}',
    'role.notCovered': 'Role "{name}" holds permissions you do not have; you cannot change, disable or delete it',
    'role.ownRole': 'You cannot change role "{name}": you hold it yourself',
    'role.tree.beyondHint': 'Greyed-out permissions are not yours and cannot be granted',
    'menu.notHeld': 'You cannot change menu "{title}": you do not hold it',
    'role.f.dataScope': 'Data scope',
    'role.f.deptIds': 'Departments',
    'role.scope.all': 'All data',
    'role.scope.dept': 'Own department',
    'role.scope.deptAndBelow': 'Own department and below',
    'role.scope.self': 'Own records only',
    'role.scope.custom': 'Chosen departments',
    'role.scope.hint': "Which content records the holders of this role may see, edit, publish and delete (by the creator's department)",
    'role.dataScope': 'The data scope must be all, dept, deptAndBelow, self or custom',
    'role.deptIds': 'The department list is not valid',
    'role.deptsRequired': 'Choose at least one department for a custom data scope',
    'role.deptUnknown': 'A chosen department does not exist',
    'role.scopeBeyond': 'You cannot grant a data scope wider than your own: {scope}',
    'role.assignUsers': 'Assign users',
    'role.addUsers': 'Add users',
    'role.removeUsers': 'Remove selected',
    'role.removeUser': 'Remove',
    'role.removeConfirm': 'Remove role "{name}" from these users?',
    'role.assigned': 'Role assigned to {count} user(s)',
    'role.unassigned': 'Role removed from {count} user(s)',
    'role.lastRole': 'User "{name}" holds only this role and could no longer sign in; assign another role first',
    'role.holders': 'Users of "{name}"',
    'role.userIds': 'The user list is not valid',
    'role.userUnknown': 'A chosen user does not exist',
  },
  es: {
    'role.entity': 'Rol',
    'role.f.code': 'Código del rol',
    'role.f.name': 'Nombre del rol',
    'role.f.sortNo': 'Orden',
    'role.f.enableFlag': 'Habilitado',
    'role.f.remark': 'Observaciones',
    'role.f.userCount': 'Usuarios',
    'role.f.permissions': 'Permisos',
    'role.codeRequired': 'El código del rol no puede estar vacío',
    'role.codeChars': 'El código del rol solo puede contener letras, dígitos y guiones bajos',
    'role.codeExists': 'Este código de rol ya existe',
    'role.nameRequired': 'El nombre del rol no puede estar vacío',
    'role.sortInteger': 'El orden solo puede ser un número entero',
    'role.permissions': 'La lista de permisos no es válida',
    'role.unknownPermission': 'Permiso desconocido: {key}',
    'role.adminLocked': 'El rol de administrador tiene todos los permisos y no se puede reducir, deshabilitar ni eliminar',
    'role.inUse': 'El rol «{name}» todavía lo tienen: {users}; cambie primero sus roles',
    'role.notFound': 'El rol no existe',
    'role.tree.title': 'Permisos',
    'role.tree.expandAll': 'Expandir todo',
    'role.tree.collapseAll': 'Contraer todo',
    'role.tree.selectAll': 'Seleccionar todo',
    'role.tree.selectNone': 'No seleccionar nada',
    'role.tree.button': 'Botón',
    'role.tree.common': 'Funciones comunes',
    'role.tree.adminHint': 'El administrador tiene todos los permisos',
    'role.section.basic': 'Información básica',
    'menu.f.title': 'Nombre del menú',
    'menu.f.icon': 'Icono',
    'menu.f.sortNo': 'Orden',
    'menu.f.hidden': 'Oculto',
    'menu.f.url': 'Ruta',
    'menu.f.original': 'Nombre predeterminado',
    'menu.notFound': 'La entrada de menú no existe',
    'menu.titleTooLong': 'El nombre del menú no puede superar 32 caracteres',
    'menu.iconName': 'El nombre del icono solo puede contener letras',
    'menu.reset': 'Restaurar',
    'role.menuSettings': 'Configuración del menú',
    'role.disabledTag': 'Deshabilitado',
    'role.beyondGrants': 'No puede conceder un permiso que usted no tiene: {title}',
    'role.notCovered': 'El rol «{name}» tiene permisos que usted no tiene; no puede modificarlo, deshabilitarlo ni eliminarlo',
    'role.ownRole': 'No puede modificar el rol «{name}»: usted mismo lo tiene',
    'role.tree.beyondHint': 'Los permisos en gris no son suyos y no se pueden conceder',
    'menu.notHeld': 'No puede modificar el menú «{title}»: no lo tiene',
    'role.f.dataScope': 'Alcance de datos',
    'role.f.deptIds': 'Departamentos',
    'role.scope.all': 'Todos los datos',
    'role.scope.dept': 'Su departamento',
    'role.scope.deptAndBelow': 'Su departamento y los inferiores',
    'role.scope.self': 'Solo sus registros',
    'role.scope.custom': 'Departamentos elegidos',
    'role.scope.hint':
      'Qué registros de contenido pueden ver, editar, publicar y eliminar los titulares de este rol (según el departamento del creador)',
    'role.dataScope': 'El alcance de datos debe ser all, dept, deptAndBelow, self o custom',
    'role.deptIds': 'La lista de departamentos no es válida',
    'role.deptsRequired': 'Elija al menos un departamento para un alcance personalizado',
    'role.deptUnknown': 'Un departamento elegido no existe',
    'role.scopeBeyond': 'No puede conceder un alcance de datos mayor que el suyo: {scope}',
    'role.assignUsers': 'Asignar usuarios',
    'role.addUsers': 'Añadir usuarios',
    'role.removeUsers': 'Quitar seleccionados',
    'role.removeUser': 'Quitar',
    'role.removeConfirm': '¿Quitar el rol «{name}» a estos usuarios?',
    'role.assigned': 'Rol asignado a {count} usuario(s)',
    'role.unassigned': 'Rol retirado a {count} usuario(s)',
    'role.lastRole': 'El usuario «{name}» solo tiene este rol y ya no podría iniciar sesión; asígnele antes otro rol',
    'role.holders': 'Usuarios de «{name}»',
    'role.userIds': 'La lista de usuarios no es válida',
    'role.userUnknown': 'Un usuario elegido no existe',
  },
});

/** The permission tree: menus (key `menu:<routeName>`) and, under each, its buttons (key = the write path). */
export interface PermissionNode {
  key: string;
  title: string;
  kind: 'menu' | 'button' | 'group';
  children?: PermissionNode[];
}

export const menuKey = (routeName: string) => `menu:${routeName}`;
/** the key of the group of a module without a menu (uploads): its buttons only */
export const groupKey = (module: string) => `module:${module}`;

/**
 * Builds the tree every role editor shows and the server checks a save against (issue 25): each first level of
 * menuTree(), under it its screens (details routes follow their list and are no node of their own), under each
 * screen its buttons, each button once (`permissionIndex`: its `screen`, else its resource's list, else its
 * module's first screen). Modules with buttons but no screen (uploads) get a group of their own. Titles in `lang`:
 * menus `route.<RouteName>`, buttons `perm.<path>`, groups `role.tree.module.<module>` (zh: the contracts' text).
 */
export function permissionTree(lang: Lang = 'zh'): PermissionNode[] {
  const idx = permissionIndex();
  const tr = (key: string, zh: string) => {
    if (lang === 'zh') return zh;
    const v = translate(lang, key);
    return v === key ? zh : v;
  };
  const buttons = (pick: (e: Endpoint) => boolean): PermissionNode[] =>
    idx.buttons.filter(pick).map((e) => ({ key: e.path, title: tr(`perm.${e.path}`, e.name), kind: 'button' }));
  const tree: PermissionNode[] = [...idx.tops].map(([name, top]) => ({
    key: menuKey(name),
    title: tr(`route.${name}`, top.title),
    kind: 'menu',
    children: top.screens.map((s) => {
      const children = buttons((e) => idx.buttonScreen.get(e.path) === s);
      return {
        key: menuKey(s),
        title: tr(`route.${s}`, idx.screens.get(s)!.title),
        kind: 'menu',
        ...(children.length ? { children } : {}),
      };
    }),
  }));
  const loose = [...new Set(idx.buttons.filter((e) => idx.buttonScreen.get(e.path) === null).map((e) => e.module))];
  for (const m of loose) {
    const own = translate(lang, `role.tree.module.${m}`);
    const title = own === `role.tree.module.${m}` ? translate(lang, 'role.tree.common') : own;
    tree.push({
      key: groupKey(m),
      title,
      kind: 'group',
      children: buttons((e) => e.module === m && idx.buttonScreen.get(e.path) === null),
    });
  }
  return tree;
}

/** Every menu and button key of the tree (what `admin` holds). */
export function allPermissionKeys(tree: PermissionNode[] = permissionTree()): string[] {
  const out: string[] = [];
  const walk = (nodes: PermissionNode[]) => {
    for (const n of nodes) {
      if (n.kind !== 'group') out.push(n.key);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

export const roleSaveSchema = z.object({
  id: optId(),
  code: reqText('role.codeRequired', ROLE_CODE_MAX).refine((v) => /^\w+$/.test(v), { message: 'role.codeChars' }),
  name: reqText('role.nameRequired', 64),
  sortNo: sortNo().refine((v) => v == null || Number.isInteger(v), { message: 'role.sortInteger' }),
  enableFlag: optFlag(1),
  remark: optText(200),
  /** menu and button keys; absent on update = unchanged */
  permissions: z.array(z.string().max(200), { error: 'role.permissions' }).max(2000).optional(),
  /** 数据权限 (issue 25); absent on update = unchanged, on create = all */
  dataScope: z.enum(DATA_SCOPES, { error: 'role.dataScope' }).optional(),
  /** the departments of a `custom` scope (ignored otherwise); absent = unchanged */
  deptIds: z.array(id(), { error: 'role.deptIds' }).max(1000, { message: 'role.deptIds' }).optional(),
});

/** 分配用户: the accounts of a role's page (`getRoleUsers`, `getRoleCandidates`). */
export const roleUsersSchema = z.object({
  roleId: id(),
  userName: z.string().max(64).optional(),
});

/** 分配用户: add or remove accounts (`assignUsers`, `unassignUsers`). */
export const roleAssignSchema = z.object({
  roleId: id(),
  userIds: z.array(id(), { error: 'role.userIds' }).min(1, { message: 'role.userIds' }).max(500, { message: 'role.userIds' }),
});

export const roleResource = defineResource({
  name: 'role',
  module: 'role',
  table: 'sys_role',
  invalidates: ['role'],
  label: 'role.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'code', type: 'code', label: 'role.f.code', list: true, sortable: true },
    { name: 'name', type: 'text', label: 'role.f.name', list: true, sortable: true },
    { name: 'sortNo', type: 'int', label: 'role.f.sortNo', list: true, sortable: true },
    { name: 'enableFlag', type: 'flag', label: 'role.f.enableFlag', list: true, sortable: true },
    {
      name: 'userCount',
      type: 'int',
      label: 'role.f.userCount',
      readOnly: true,
      list: true,
      join: { table: 'sys_role_user_count', key: 'role_id', via: 'id', select: 'user_count' },
    },
    { name: 'remark', type: 'text', label: 'role.f.remark' },
    /** 数据权限 (issue 25): `DataScope`; the departments of `custom` are `deptIds` of getRole */
    { name: 'dataScope', type: 'code', label: 'role.f.dataScope' },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
  ],
  save: roleSaveSchema,
  filters: [
    { param: 'code', field: 'code', op: 'like' },
    { param: 'name', field: 'name', op: 'like' },
    { param: 'enableFlag', field: 'enableFlag', op: 'eq' },
  ],
  endpoints: { list: roleEndpoints.list, save: roleEndpoints.save, get: roleEndpoints.get, del: roleEndpoints.del },
  toggles: { enableFlag: roleEndpoints.flag },
  del: 'id',
  order: [['sortNo', 'asc']],
  unique: [{ field: 'code', message: 'role.codeExists' }],
  pageSize: 20,
});

/** One menu entry as the menu settings screen shows it: the contracts' values and the administrator's. */
export interface MenuSetting {
  id: number;
  parentId: number | null;
  routeName: string;
  url: string;
  /** the contracts' title and icon */
  defaultTitle: string;
  defaultIcon: string;
  title: string;
  icon: string;
  sortNo: number;
  isHidden: boolean;
  children?: MenuSetting[];
}

export const menuSettingSchema = z.object({
  id: id(),
  title: optText(32).refine((v) => v == null || v.length <= 32, { message: 'menu.titleTooLong' }),
  icon: optText(64).refine((v) => v == null || v === '' || /^[A-Za-z]+$/.test(v), { message: 'menu.iconName' }),
  sortNo: sortNo().refine((v) => v == null || Number.isInteger(v), { message: 'role.sortInteger' }),
  isHidden: z.union([z.boolean(), z.number(), z.null()]).optional(),
});
