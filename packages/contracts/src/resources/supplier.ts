import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optText, reqText, sortNo } from '../validators.js';

export const supplierEndpoints = defineEndpoints('supplier', {
  list: { path: '/supplier/getSupplierPage', kind: 'read', name: '供应商列表' },
  save: { path: '/supplier/saveSupplier', kind: 'write', name: '保存供应商' },
  del: { path: '/supplier/delSupplier', kind: 'write', name: '删除供应商' },
  get: { path: '/supplier/getSupplier', kind: 'read', name: '供应商详情' },
});

export const supplierMessages = defineMessages({
  zh: {
    'supplier.entity': '供应商',
    'supplier.f.name': '供应商名称',
    'supplier.f.summary': '简介',
    'supplier.f.logo': '供应商logo',
    'supplier.nameRequired': '供应商名称不得为空',
    'supplier.inUse': '该供应商下还有产品，不能删除',
  },
  en: {
    'supplier.entity': 'Supplier',
    'supplier.f.name': 'Supplier name',
    'supplier.f.summary': 'Summary',
    'supplier.f.logo': 'Supplier logo',
    'supplier.nameRequired': 'Supplier name must not be empty',
    'supplier.inUse': 'Products still belong to this supplier; it cannot be deleted',
  },
  es: {
    'supplier.entity': 'Proveedor',
    'supplier.f.name': 'Nombre del proveedor',
    'supplier.f.summary': 'Resumen',
    'supplier.f.logo': 'Logotipo del proveedor',
    'supplier.nameRequired': 'El nombre del proveedor no puede estar vacío',
    'supplier.inUse': 'Este proveedor todavía tiene productos; no se puede eliminar',
  },
});

export const supplierResource = defineResource({
  name: 'supplier',
  module: 'supplier',
  table: 'supplier',
  label: 'supplier.entity',
  importable: { key: 'name' },
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'name', type: 'text', label: 'supplier.f.name', list: true, sortable: true },
    { name: 'summary', type: 'text', label: 'supplier.f.summary', list: true },
    { name: 'logo', type: 'image', label: 'supplier.f.logo' },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
  ],
  save: z.object({
    name: reqText('supplier.nameRequired', 100),
    summary: optText(1000),
    logo: optText(500),
    sortNo: sortNo(),
  }),
  filters: [
    { param: 'name', field: 'name', op: 'like' },
    // the supplier picker (remote select) sends its typed text as `query`
    { param: 'query', field: 'name', op: 'keyword', fields: ['name'] },
  ],
  endpoints: { list: supplierEndpoints.list, save: supplierEndpoints.save, get: supplierEndpoints.get, del: supplierEndpoints.del },
  del: 'id',
  order: [['sortNo', 'asc']],
  modelType: 'supplier',
  usedBy: [{ table: 'product', column: 'supplier_id', field: 'id', message: 'supplier.inUse' }],
  pageSize: 20,
  webhook: ['update', 'delete'],
  delivery: { list: { path: '/suppliers', summary: 'Suppliers in order', operationId: 'suppliers', reply: 'all' } },
});
