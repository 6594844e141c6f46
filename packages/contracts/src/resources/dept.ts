import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optFlag, optId, reqText, sortNo } from '../validators.js';

/**
 * Departments (系统管理 › 部门管理, issue 25): the organisation tree — the head office (总公司, the root migration 044
 * creates), its branches and the teams inside them. An account belongs to one department; a role's data scope names
 * departments. The module is admin-only (ADMIN_ONLY_MODULES); 用户管理 and 角色详情 read the tree through their own
 * calls (`userInfoEndpoints.deptTree`, `roleEndpoints.deptTree`), so their operators need no 部门管理 menu.
 */
export const deptEndpoints = defineEndpoints('dept', {
  /** every department as a tree (`DeptNode[]`, the root first) */
  tree: { path: '/dept/getDeptTree', kind: 'read', name: '部门树' },
  save: { path: '/dept/saveDept', kind: 'write', name: '保存部门' },
  /** `?id=`: refused while the department has child departments or accounts */
  del: { path: '/dept/delDept', kind: 'write', name: '删除部门' },
});

export const DEPT_NAME_MAX = 50;

/** One department of the tree. */
export interface DeptNode {
  id: number;
  parentId: number | null;
  name: string;
  sortNo: number;
  enableFlag: number;
  createTime: string;
  /** accounts directly in it */
  userCount: number;
  children?: DeptNode[];
}

export const deptMessages = defineMessages({
  zh: {
    'route.DeptList': '部门管理',
    'dept.entity': '部门',
    'dept.f.name': '部门名称',
    'dept.f.parentId': '上级部门',
    'dept.f.sortNo': '排序',
    'dept.f.enableFlag': '是否启用',
    'dept.f.userCount': '用户数',
    'dept.nameRequired': '部门名称不得为空',
    'dept.parentRequired': '请选择上级部门',
    'dept.parentUnknown': '上级部门不存在',
    'dept.parentLoop': '上级部门不能是它自己或它的下级部门',
    'dept.rootLocked': '总公司是部门树的根，不能移动或删除',
    'dept.nameExists': '同一上级部门下已有名为“{name}”的部门',
    'dept.hasChildren': '部门“{name}”还有下级部门：{children}，请先删除或移走它们',
    'dept.hasUsers': '部门“{name}”还有用户：{users}，请先把这些用户调到其他部门',
    'dept.addChild': '新增下级',
    'dept.all': '全部部门',
    'dept.search': '搜索部门',
    'dept.deleteConfirm': '确认删除部门“{name}”吗？',
  },
  en: {
    'route.DeptList': 'Departments',
    'dept.entity': 'Department',
    'dept.f.name': 'Department name',
    'dept.f.parentId': 'Parent department',
    'dept.f.sortNo': 'Sort',
    'dept.f.enableFlag': 'Enabled',
    'dept.f.userCount': 'Users',
    'dept.nameRequired': 'Department name must not be empty',
    'dept.parentRequired': 'Choose the parent department',
    'dept.parentUnknown': 'The parent department does not exist',
    'dept.parentLoop': 'A department cannot be placed under itself or one of its sub-departments',
    'dept.rootLocked': 'The head office is the root of the tree and cannot be moved or deleted',
    'dept.nameExists': 'The parent department already has a department named "{name}"',
    'dept.hasChildren': 'Department "{name}" still has sub-departments: {children}; delete or move them first',
    'dept.hasUsers': 'Department "{name}" still has users: {users}; move them to another department first',
    'dept.addChild': 'Add sub-department',
    'dept.all': 'All departments',
    'dept.search': 'Search departments',
    'dept.deleteConfirm': 'Delete department "{name}"?',
  },
  es: {
    'route.DeptList': 'Departamentos',
    'dept.entity': 'Departamento',
    'dept.f.name': 'Nombre del departamento',
    'dept.f.parentId': 'Departamento superior',
    'dept.f.sortNo': 'Orden',
    'dept.f.enableFlag': 'Habilitado',
    'dept.f.userCount': 'Usuarios',
    'dept.nameRequired': 'El nombre del departamento no puede estar vacío',
    'dept.parentRequired': 'Elija el departamento superior',
    'dept.parentUnknown': 'El departamento superior no existe',
    'dept.parentLoop': 'Un departamento no puede colocarse bajo sí mismo ni bajo uno de sus subdepartamentos',
    'dept.rootLocked': 'La sede central es la raíz del árbol y no se puede mover ni eliminar',
    'dept.nameExists': 'El departamento superior ya tiene un departamento llamado «{name}»',
    'dept.hasChildren': 'El departamento «{name}» todavía tiene subdepartamentos: {children}; elimínelos o muévalos primero',
    'dept.hasUsers': 'El departamento «{name}» todavía tiene usuarios: {users}; páselos antes a otro departamento',
    'dept.addChild': 'Añadir subdepartamento',
    'dept.all': 'Todos los departamentos',
    'dept.search': 'Buscar departamentos',
    'dept.deleteConfirm': '¿Eliminar el departamento «{name}»?',
  },
});

/** The save body (`/dept/saveDept`): a new department names its parent; the root keeps none. */
export const deptSaveSchema = z.object({
  id: optId(),
  /** absent on create: under the head office; on update: unchanged; the root keeps none */
  parentId: optId(),
  name: reqText('dept.nameRequired', DEPT_NAME_MAX),
  sortNo: sortNo(),
  enableFlag: optFlag(1),
});

export const deptResource = defineResource({
  name: 'dept',
  module: 'dept',
  table: 'sys_dept',
  /** a move changes who 本部门及以下 reaches */
  invalidates: ['role'],
  label: 'dept.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'parentId', type: 'int', label: 'dept.f.parentId', nullable: true },
    { name: 'name', type: 'text', label: 'dept.f.name' },
    { name: 'sortNo', type: 'int', label: 'dept.f.sortNo' },
    { name: 'enableFlag', type: 'flag', label: 'dept.f.enableFlag' },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true },
  ],
  save: deptSaveSchema,
  filters: [],
  endpoints: { save: deptEndpoints.save, del: deptEndpoints.del },
  del: 'id',
  order: [['sortNo', 'asc']],
  recyclable: false,
  pageSize: 100,
});
