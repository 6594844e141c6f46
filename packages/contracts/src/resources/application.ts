import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optText, optUrl, reqSortNo, reqText, sortNo } from '../validators.js';

export const applicationEndpoints = defineEndpoints('application', {
  typeList: { path: '/application/getApplicationTypePage', kind: 'read', name: '应用类型列表' },
  typeSave: { path: '/application/saveApplicationType', kind: 'write', name: '保存应用类型' },
  typeDel: { path: '/application/delApplicationType', kind: 'write', name: '删除应用类型' },
  list: { path: '/application/getApplicationPage', kind: 'read', name: '应用列表' },
  save: { path: '/application/saveApplication', kind: 'write', name: '保存应用' },
  del: { path: '/application/delApplication', kind: 'write', name: '删除应用' },
  get: { path: '/application/getApplication', kind: 'read', name: '应用详情' },
});

export const applicationMessages = defineMessages({
  zh: {
    'applicationType.entity': '应用类型',
    'applicationType.f.code': '类型编码',
    'applicationType.f.name': '类型名称',
    'applicationType.codeRequired': '类型编码不能为空',
    'applicationType.nameRequired': '类型名称不能为空',
    'applicationType.sortRequired': '排序不能为空',
    'applicationType.codeExists': '类型编码已存在',
    'applicationType.inUse': '该类型下还有应用，不能删除',
    'application.entity': '应用',
    'application.f.name': '应用名称',
    'application.f.type': '应用类型',
    'application.f.typeName': '应用类型',
    'application.f.icon': '图标',
    'application.f.url': '链接地址',
    'application.nameRequired': '应用名称不得为空',
    'application.typeRequired': '应用类型不得为空',
    'application.typeUnknown': '应用类型不存在',
  },
  en: {
    'applicationType.entity': 'Application type',
    'applicationType.f.code': 'Type code',
    'applicationType.f.name': 'Type name',
    'applicationType.codeRequired': 'Type code must not be empty',
    'applicationType.nameRequired': 'Type name must not be empty',
    'applicationType.sortRequired': 'Sort must not be empty',
    'applicationType.codeExists': 'This type code already exists',
    'applicationType.inUse': 'Applications still use this type; it cannot be deleted',
    'application.entity': 'Application',
    'application.f.name': 'Application name',
    'application.f.type': 'Application type',
    'application.f.typeName': 'Application type',
    'application.f.icon': 'Icon',
    'application.f.url': 'Link',
    'application.nameRequired': 'Application name must not be empty',
    'application.typeRequired': 'Application type must not be empty',
    'application.typeUnknown': 'This application type does not exist',
  },
  es: {
    'applicationType.entity': 'Tipo de aplicación',
    'applicationType.f.code': 'Código del tipo',
    'applicationType.f.name': 'Nombre del tipo',
    'applicationType.codeRequired': 'El código del tipo no puede estar vacío',
    'applicationType.nameRequired': 'El nombre del tipo no puede estar vacío',
    'applicationType.sortRequired': 'El orden no puede estar vacío',
    'applicationType.codeExists': 'Este código de tipo ya existe',
    'applicationType.inUse': 'Hay aplicaciones de este tipo; no se puede eliminar',
    'application.entity': 'Aplicación',
    'application.f.name': 'Nombre de la aplicación',
    'application.f.type': 'Tipo de aplicación',
    'application.f.typeName': 'Tipo de aplicación',
    'application.f.icon': 'Icono',
    'application.f.url': 'Enlace',
    'application.nameRequired': 'El nombre de la aplicación no puede estar vacío',
    'application.typeRequired': 'El tipo de aplicación no puede estar vacío',
    'application.typeUnknown': 'Este tipo de aplicación no existe',
  },
});

/** Application types (SPEC 3): code, name and sort number, all required (SPEC 5 不能为空, per field here). */
export const applicationTypeResource = defineResource({
  name: 'applicationType',
  module: 'application',
  table: 'application_type',
  label: 'applicationType.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'code', type: 'code', label: 'applicationType.f.code', list: true, sortable: true },
    { name: 'name', type: 'text', label: 'applicationType.f.name', list: true, sortable: true },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
  ],
  save: z.object({
    code: reqText('applicationType.codeRequired', 50),
    name: reqText('applicationType.nameRequired', 100),
    sortNo: reqSortNo('applicationType.sortRequired'),
  }),
  filters: [
    { param: 'code', field: 'code', op: 'like' },
    { param: 'name', field: 'name', op: 'like' },
    { param: 'query', field: 'name', op: 'keyword', fields: ['code', 'name'] },
  ],
  endpoints: { list: applicationEndpoints.typeList, save: applicationEndpoints.typeSave, del: applicationEndpoints.typeDel },
  del: 'id',
  order: [['sortNo', 'asc']],
  modelType: 'applicationType',
  unique: [{ field: 'code', message: 'applicationType.codeExists' }],
  usedBy: [{ table: 'application', column: 'type', field: 'code', message: 'applicationType.inUse' }],
  pageSize: 20,
  delivery: { list: { path: '/application-types', summary: 'Application types in order', operationId: 'applicationTypes', reply: 'all' } },
});

/** Applications (SPEC 3): each belongs to an application type by its code. */
export const applicationResource = defineResource({
  name: 'application',
  module: 'application',
  table: 'application',
  label: 'application.entity',
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'type', type: 'code', label: 'application.f.type' },
    {
      name: 'typeName',
      type: 'text',
      label: 'application.f.typeName',
      readOnly: true,
      list: true,
      sortable: true,
      join: { table: 'application_type', key: 'code', via: 'type', select: 'name' },
    },
    { name: 'name', type: 'text', label: 'application.f.name', list: true, sortable: true },
    { name: 'icon', type: 'image', label: 'application.f.icon' },
    { name: 'url', type: 'text', label: 'application.f.url', list: true },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
  ],
  save: z.object({
    name: reqText('application.nameRequired', 100),
    type: reqText('application.typeRequired', 50),
    icon: optText(500),
    url: optUrl(),
    sortNo: sortNo(),
  }),
  filters: [
    { param: 'type', field: 'type', op: 'eq' },
    { param: 'name', field: 'name', op: 'like' },
  ],
  endpoints: {
    list: applicationEndpoints.list,
    save: applicationEndpoints.save,
    get: applicationEndpoints.get,
    del: applicationEndpoints.del,
  },
  del: 'ids',
  order: [['sortNo', 'asc']],
  modelType: 'application',
  refs: [{ field: 'type', table: 'application_type', key: 'code', message: 'application.typeUnknown' }],
  pageSize: 20,
  delivery: {
    list: {
      path: '/applications',
      summary: 'Applications, optionally of one type',
      operationId: 'applications',
      reply: 'all',
      filters: { type: 'type' },
    },
  },
});
