import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optText, optUrl, reqText, sortNo } from '../validators.js';

export const businessEndpoints = defineEndpoints('business', {
  typeList: { path: '/business/getBusinessTypePage', kind: 'read', name: '业务类型列表' },
  typeSave: { path: '/business/saveBusinessType', kind: 'write', name: '保存业务类型' },
  typeDel: { path: '/business/delBusinessType', kind: 'write', name: '删除业务类型' },
  typeGet: { path: '/business/getBusinessType', kind: 'read', name: '业务类型详情' },
  list: { path: '/business/getBusinessPage', kind: 'read', name: '合作伙伴列表' },
  save: { path: '/business/saveBusiness', kind: 'write', name: '保存合作伙伴' },
  del: { path: '/business/delBusiness', kind: 'write', name: '删除合作伙伴' },
  get: { path: '/business/getBusiness', kind: 'read', name: '合作伙伴详情' },
});

export const businessMessages = defineMessages({
  zh: {
    'businessType.entity': '业务类型',
    'businessType.f.name': '业务类型名称',
    'businessType.f.code': '业务类型编码',
    'businessType.f.summary': '简介',
    'businessType.f.summaryImg': '示意图',
    'businessType.nameRequired': '业务类型名称不得为空',
    'businessType.codeRequired': '业务类型编码不得为空',
    'businessType.codeExists': '业务类型编码已存在',
    'businessType.inUse': '该业务类型下还有合作伙伴，不能删除',
    'business.entity': '合作伙伴',
    'business.f.type': '类型',
    'business.f.typeName': '类型',
    'business.f.name': '合作伙伴名称',
    'business.f.summary': '简介',
    'business.f.logo': 'Logo',
    'business.f.url': '链接地址',
    'business.nameRequired': '合作伙伴名称不得为空',
    'business.typeRequired': '类型不得为空',
    'business.typeUnknown': '业务类型不存在',
  },
  en: {
    'businessType.entity': 'Business type',
    'businessType.f.name': 'Business type name',
    'businessType.f.code': 'Business type code',
    'businessType.f.summary': 'Summary',
    'businessType.f.summaryImg': 'Sketch',
    'businessType.nameRequired': 'Business type name must not be empty',
    'businessType.codeRequired': 'Business type code must not be empty',
    'businessType.codeExists': 'This business type code already exists',
    'businessType.inUse': 'Partners still use this business type; it cannot be deleted',
    'business.entity': 'Partner',
    'business.f.type': 'Type',
    'business.f.typeName': 'Type',
    'business.f.name': 'Partner name',
    'business.f.summary': 'Summary',
    'business.f.logo': 'Logo',
    'business.f.url': 'Link',
    'business.nameRequired': 'Partner name must not be empty',
    'business.typeRequired': 'Type must not be empty',
    'business.typeUnknown': 'This business type does not exist',
  },
  es: {
    'businessType.entity': 'Tipo de negocio',
    'businessType.f.name': 'Nombre del tipo de negocio',
    'businessType.f.code': 'Código del tipo de negocio',
    'businessType.f.summary': 'Resumen',
    'businessType.f.summaryImg': 'Esquema',
    'businessType.nameRequired': 'El nombre del tipo de negocio no puede estar vacío',
    'businessType.codeRequired': 'El código del tipo de negocio no puede estar vacío',
    'businessType.codeExists': 'Este código de tipo de negocio ya existe',
    'businessType.inUse': 'Hay socios de este tipo de negocio; no se puede eliminar',
    'business.entity': 'Socio',
    'business.f.type': 'Tipo',
    'business.f.typeName': 'Tipo',
    'business.f.name': 'Nombre del socio',
    'business.f.summary': 'Resumen',
    'business.f.logo': 'Logotipo',
    'business.f.url': 'Enlace',
    'business.nameRequired': 'El nombre del socio no puede estar vacío',
    'business.typeRequired': 'El tipo no puede estar vacío',
    'business.typeUnknown': 'Este tipo de negocio no existe',
  },
});

/**
 * Business types (SPEC 3). SPEC 5's save messages for an empty name / code ("product name", "supplier")
 * are copy-paste slips of the original; the messages here name the business type's own fields.
 * `/business/getBusinessType` replies with the entity itself, without the envelope (SPEC 7).
 */
export const businessTypeResource = defineResource({
  name: 'businessType',
  module: 'business',
  table: 'business_type',
  label: 'businessType.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'code', type: 'code', label: 'businessType.f.code', list: true, sortable: true },
    { name: 'name', type: 'text', label: 'businessType.f.name', list: true, sortable: true },
    { name: 'summary', type: 'text', label: 'businessType.f.summary', list: true },
    { name: 'summaryImg', type: 'image', label: 'businessType.f.summaryImg' },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
  ],
  save: z.object({
    name: reqText('businessType.nameRequired', 100),
    code: reqText('businessType.codeRequired', 50),
    summary: optText(1000),
    summaryImg: optText(500),
    sortNo: sortNo(),
  }),
  filters: [
    { param: 'code', field: 'code', op: 'like' },
    { param: 'name', field: 'name', op: 'like' },
    { param: 'query', field: 'name', op: 'keyword', fields: ['code', 'name'] },
  ],
  endpoints: {
    list: businessEndpoints.typeList,
    save: businessEndpoints.typeSave,
    get: businessEndpoints.typeGet,
    del: businessEndpoints.typeDel,
  },
  getReply: 'entity',
  del: 'id',
  order: [['sortNo', 'asc']],
  modelType: 'businessType',
  unique: [{ field: 'code', message: 'businessType.codeExists' }],
  usedBy: [{ table: 'business', column: 'type', field: 'code', message: 'businessType.inUse' }],
  pageSize: 20,
  webhook: ['update', 'delete'],
  delivery: { list: { path: '/business-types', summary: 'Business types in order', operationId: 'businessTypes', reply: 'all' } },
});

/** Businesses, shown as partners (SPEC 3 "Partner"): each belongs to a business type by its code. */
export const businessResource = defineResource({
  name: 'business',
  module: 'business',
  table: 'business',
  label: 'business.entity',
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'type', type: 'code', label: 'business.f.type' },
    {
      name: 'typeName',
      type: 'text',
      label: 'business.f.typeName',
      readOnly: true,
      list: true,
      sortable: true,
      join: { table: 'business_type', key: 'code', via: 'type', select: 'name' },
    },
    { name: 'name', type: 'text', label: 'business.f.name', list: true, sortable: true },
    { name: 'summary', type: 'text', label: 'business.f.summary', list: true },
    { name: 'logo', type: 'image', label: 'business.f.logo' },
    { name: 'url', type: 'text', label: 'business.f.url', list: true },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
  ],
  save: z.object({
    name: reqText('business.nameRequired', 100),
    type: reqText('business.typeRequired', 50),
    summary: optText(1000),
    logo: optText(500),
    url: optUrl(),
    sortNo: sortNo(),
  }),
  filters: [
    { param: 'type', field: 'type', op: 'eq' },
    { param: 'name', field: 'name', op: 'like' },
  ],
  endpoints: { list: businessEndpoints.list, save: businessEndpoints.save, get: businessEndpoints.get, del: businessEndpoints.del },
  del: 'ids',
  order: [['sortNo', 'asc']],
  modelType: 'business',
  refs: [{ field: 'type', table: 'business_type', key: 'code', message: 'business.typeUnknown' }],
  pageSize: 20,
  webhook: ['update', 'delete'],
  delivery: {
    list: {
      path: '/businesses',
      summary: 'Business partners, optionally of one type',
      operationId: 'businesses',
      reply: 'all',
      filters: { type: 'type' },
    },
  },
});
