import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { dateRange, defineResource } from '../resource.js';
import { optLink, optText, reqId, reqText, sortNo } from '../validators.js';

export const productEndpoints = defineEndpoints('product', {
  list: { path: '/product/getProductPage', kind: 'read', name: '产品列表' },
  listAlias: { path: '/product/getProductList', kind: 'read', name: '产品列表' },
  save: { path: '/product/saveProduct', kind: 'write', name: '保存产品' },
  del: { path: '/product/delProduct', kind: 'write', name: '删除产品' },
  get: { path: '/product/getProduct', kind: 'read', name: '产品详情' },
});

export const productMessages = defineMessages({
  zh: {
    'product.entity': '产品',
    'product.f.supplierId': '供应商',
    'product.f.supplierName': '供应商名称',
    'product.f.name': '产品名称',
    'product.f.summary': '简介',
    'product.f.img': '产品图片',
    'product.section.icon': '图标',
    'product.f.url': '链接地址',
    'product.nameRequired': '产品名称不得为空',
    'product.supplierRequired': '供应商不得为空',
    'product.supplierUnknown': '供应商不存在或已被删除',
    'product.urlInvalid': '链接地址格式不正确（http://、https:// 或以 / 开头的站内地址）',
  },
  en: {
    'product.entity': 'Product',
    'product.f.supplierId': 'Supplier',
    'product.f.supplierName': 'Supplier name',
    'product.f.name': 'Product name',
    'product.f.summary': 'Summary',
    'product.f.img': 'Product image',
    'product.section.icon': 'Icon',
    'product.f.url': 'Link',
    'product.nameRequired': 'Product name must not be empty',
    'product.supplierRequired': 'Supplier must not be empty',
    'product.supplierUnknown': 'This supplier does not exist or has been deleted',
    'product.urlInvalid': 'The link is not valid (http://, https:// or a site path starting with /)',
  },
  es: {
    'product.entity': 'Producto',
    'product.f.supplierId': 'Proveedor',
    'product.f.supplierName': 'Nombre del proveedor',
    'product.f.name': 'Nombre del producto',
    'product.f.summary': 'Resumen',
    'product.f.img': 'Imagen del producto',
    'product.section.icon': 'Icono',
    'product.f.url': 'Enlace',
    'product.nameRequired': 'El nombre del producto no puede estar vacío',
    'product.supplierRequired': 'El proveedor no puede estar vacío',
    'product.supplierUnknown': 'Este proveedor no existe o ha sido eliminado',
    'product.urlInvalid': 'El enlace no es válido (http://, https:// o una ruta del sitio que empiece por /)',
  },
});

export const productResource = defineResource({
  name: 'product',
  translatable: { fields: ['name', 'summary'] },
  module: 'product',
  table: 'product',
  label: 'product.entity',
  importable: {
    fields: ['supplierId', 'name', 'summary', 'url', 'sortNo'],
    key: 'name',
    lookups: { supplierId: { table: 'supplier', key: 'id', name: 'name' } },
  },
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'supplierId', type: 'int', label: 'product.f.supplierId' },
    {
      name: 'supplierName',
      type: 'text',
      label: 'product.f.supplierName',
      readOnly: true,
      list: true,
      sortable: true,
      join: { table: 'supplier', key: 'id', via: 'supplierId', select: 'name' },
    },
    { name: 'name', type: 'text', label: 'product.f.name', list: true, sortable: true },
    { name: 'summary', type: 'text', label: 'product.f.summary', list: true },
    { name: 'img', type: 'image', label: 'product.f.img' },
    { name: 'url', type: 'text', label: 'product.f.url', list: true },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
  ],
  save: z.object({
    supplierId: reqId('product.supplierRequired', 'product.supplierUnknown'),
    name: reqText('product.nameRequired', 200),
    summary: optText(1000),
    img: optText(500),
    url: optLink('product.urlInvalid'),
    sortNo: sortNo(),
  }),
  filters: [
    { param: 'supplierId', field: 'supplierId', op: 'eq' },
    { param: 'name', field: 'name', op: 'like' },
    ...dateRange('createTime'),
  ],
  endpoints: {
    list: productEndpoints.list,
    aliases: [productEndpoints.listAlias],
    save: productEndpoints.save,
    get: productEndpoints.get,
    del: productEndpoints.del,
  },
  del: 'ids',
  order: [
    ['sortNo', 'asc'],
    ['createTime', 'desc'],
  ],
  modelType: 'product',
  refs: [{ field: 'supplierId', table: 'supplier', key: 'id', message: 'product.supplierUnknown' }],
  pageSize: 20,
  webhook: ['update', 'delete'],
  delivery: {
    list: {
      path: '/products',
      summary: 'Selected products, optionally of one supplier',
      operationId: 'products',
      reply: 'all',
      idFilters: { supplierId: 'supplierId' },
      query: { sort: ['name', 'sortNo'] },
    },
  },
});
