import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optFlag, optText, reqText, sortNo } from '../validators.js';

/** Waybill templates: SPEC point 2 shows their forms without paths; these homes follow the legacy style. */
export const waybillEndpoints = defineEndpoints('waybill', {
  list: { path: '/waybill/getWaybillPage', kind: 'read', name: '运单模板列表' },
  save: { path: '/waybill/saveWaybill', kind: 'write', name: '保存运单模板' },
  del: { path: '/waybill/delWaybill', kind: 'write', name: '删除运单模板' },
  get: { path: '/waybill/getWaybill', kind: 'read', name: '运单模板详情' },
});

export const waybillMessages = defineMessages({
  zh: {
    'waybill.entity': '运单模板',
    'waybill.f.code': '模板编码',
    'waybill.f.name': '模板名称',
    'waybill.f.sketchImg': '示意图',
    'waybill.f.content': '模板内容',
    'waybill.codeRequired': '模板编码不得为空',
    'waybill.nameRequired': '模板名称不得为空',
    'waybill.codeExists': '模板编码已存在',
  },
  en: {
    'waybill.entity': 'Waybill template',
    'waybill.f.code': 'Template code',
    'waybill.f.name': 'Template name',
    'waybill.f.sketchImg': 'Sketch',
    'waybill.f.content': 'Template content',
    'waybill.codeRequired': 'Template code must not be empty',
    'waybill.nameRequired': 'Template name must not be empty',
    'waybill.codeExists': 'This template code already exists',
  },
  es: {
    'waybill.entity': 'Plantilla de guía',
    'waybill.f.code': 'Código de la plantilla',
    'waybill.f.name': 'Nombre de la plantilla',
    'waybill.f.sketchImg': 'Esquema',
    'waybill.f.content': 'Contenido de la plantilla',
    'waybill.codeRequired': 'El código de la plantilla no puede estar vacío',
    'waybill.nameRequired': 'El nombre de la plantilla no puede estar vacío',
    'waybill.codeExists': 'Este código de plantilla ya existe',
  },
});

export const waybillResource = defineResource({
  name: 'waybill',
  module: 'waybill',
  table: 'waybill_template',
  label: 'waybill.entity',
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'code', type: 'code', label: 'waybill.f.code', list: true, sortable: true },
    { name: 'name', type: 'text', label: 'waybill.f.name', list: true, sortable: true },
    { name: 'sketchImg', type: 'image', label: 'waybill.f.sketchImg' },
    { name: 'content', type: 'html', label: 'waybill.f.content' },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
    { name: 'enableFlag', type: 'flag', label: 'common.f.enableFlag', list: true, sortable: true },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
  ],
  save: z.object({
    code: reqText('waybill.codeRequired', 50),
    name: reqText('waybill.nameRequired', 100),
    sketchImg: optText(500),
    content: optText(1_000_000),
    sortNo: sortNo(),
    enableFlag: optFlag(1),
  }),
  filters: [
    { param: 'name', field: 'name', op: 'like' },
    { param: 'code', field: 'code', op: 'like' },
  ],
  endpoints: { list: waybillEndpoints.list, save: waybillEndpoints.save, get: waybillEndpoints.get, del: waybillEndpoints.del },
  del: 'ids',
  order: [
    ['sortNo', 'asc'],
    ['createTime', 'desc'],
  ],
  modelType: 'waybill',
  unique: [{ field: 'code', message: 'waybill.codeExists' }],
  pageSize: 20,
  revisioned: true,
});
