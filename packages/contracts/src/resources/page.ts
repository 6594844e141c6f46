import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { SHOW_TYPES } from '../enums.js';
import { defineMessages } from '../i18n/index.js';
import { dateRange, defineResource, WEBHOOK_ACTIONS } from '../resource.js';
import { optFlag, optText, reqId, reqText, sortNo } from '../validators.js';
import { publishFields, publishFilter, publishSave, scheduleRule } from './publish.js';

export const pageEndpoints = defineEndpoints('page', {
  list: { path: '/page/getList', kind: 'read', name: '页面定义列表' },
  get: { path: '/page/getById', kind: 'read', name: '页面定义详情' },
  save: { path: '/page/save', kind: 'write', name: '保存页面定义' },
  del: { path: '/page/del', kind: 'write', name: '删除页面定义' },
  itemList: { path: '/page/getPageItemList', kind: 'read', name: '页面内容列表' },
  itemGet: { path: '/page/getPageItemById', kind: 'read', name: '页面内容详情' },
  /** the same answer as getPageItemById (SPEC 7 names both) */
  itemGetAlias: { path: '/page/getPageItem', kind: 'read', name: '页面内容详情', screen: 'PageItemsList' },
  itemSave: { path: '/page/savePageItems', kind: 'write', name: '保存页面内容' },
  itemDel: { path: '/page/delPageItems', kind: 'write', name: '删除页面内容' },
  itemPublish: { path: '/page/publishPageItem', kind: 'write', name: '发布页面内容' },
  itemUnpublish: { path: '/page/unpublishPageItem', kind: 'write', name: '下线页面内容' },
  itemPreview: { path: '/page/previewPageItem', kind: 'read', name: '预览页面内容' },
  itemPreviewForm: { path: '/page/previewPageItemForm', kind: 'write', name: '预览未保存的页面内容' },
});

export const pageMessages = defineMessages({
  zh: {
    'page.entity': '页面定义',
    'page.f.name': '页面名称',
    'page.f.showType': '展示方式',
    'page.nameRequired': '页面名称不得为空',
    'page.showTypeRequired': '展示方式不得为空',
    'page.showTypeInvalid': '展示方式只能是拼接或选项卡',
    'page.inUse': '该页面下还有页面内容，不能删除',
    'page.showType.splice': '拼接',
    'page.showType.tabs': '选项卡',
    'pageItem.entity': '页面内容',
    'pageItem.f.title': '标题',
    'pageItem.f.pageId': '页面类型',
    'pageItem.f.pageName': '页面类型',
    'pageItem.f.tag': '标签',
    'pageItem.f.summary': '摘要',
    'pageItem.f.summaryImg': '摘要图片',
    'pageItem.f.content': '正文',
    'pageItem.f.isTop': '置顶',
    'pageItem.f.isHot': '热门',
    'pageItem.titleRequired': '标题不得为空',
    'pageItem.pageRequired': '页面类型不得为空',
    'pageItem.pageUnknown': '页面类型不存在',
  },
  en: {
    'page.entity': 'Page definition',
    'page.f.name': 'Page name',
    'page.f.showType': 'Display method',
    'page.nameRequired': 'Page name must not be empty',
    'page.showTypeRequired': 'Display method must not be empty',
    'page.showTypeInvalid': 'The display method must be splice or tabs',
    'page.inUse': 'This page still has page content; it cannot be deleted',
    'page.showType.splice': 'Splice',
    'page.showType.tabs': 'Tabs',
    'pageItem.entity': 'Page content',
    'pageItem.f.title': 'Title',
    'pageItem.f.pageId': 'Page type',
    'pageItem.f.pageName': 'Page type',
    'pageItem.f.tag': 'Tag',
    'pageItem.f.summary': 'Summary',
    'pageItem.f.summaryImg': 'Summary image',
    'pageItem.f.content': 'Content',
    'pageItem.f.isTop': 'Top',
    'pageItem.f.isHot': 'Hot',
    'pageItem.titleRequired': 'Title must not be empty',
    'pageItem.pageRequired': 'Page type must not be empty',
    'pageItem.pageUnknown': 'This page type does not exist',
  },
  es: {
    'page.entity': 'Definición de página',
    'page.f.name': 'Nombre de la página',
    'page.f.showType': 'Forma de presentación',
    'page.nameRequired': 'El nombre de la página no puede estar vacío',
    'page.showTypeRequired': 'La forma de presentación no puede estar vacía',
    'page.showTypeInvalid': 'La forma de presentación debe ser splice o tabs',
    'page.inUse': 'Esta página todavía tiene contenidos; no se puede eliminar',
    'page.showType.splice': 'Empalmado',
    'page.showType.tabs': 'Pestañas',
    'pageItem.entity': 'Contenido de página',
    'pageItem.f.title': 'Título',
    'pageItem.f.pageId': 'Tipo de página',
    'pageItem.f.pageName': 'Tipo de página',
    'pageItem.f.tag': 'Etiqueta',
    'pageItem.f.summary': 'Resumen',
    'pageItem.f.summaryImg': 'Imagen del resumen',
    'pageItem.f.content': 'Contenido',
    'pageItem.f.isTop': 'Destacado',
    'pageItem.f.isHot': 'Popular',
    'pageItem.titleRequired': 'El título no puede estar vacío',
    'pageItem.pageRequired': 'El tipo de página no puede estar vacío',
    'pageItem.pageUnknown': 'Este tipo de página no existe',
  },
});

/**
 * Page definitions (SPEC 3): a name and a layout (splice / tabs). The list also feeds the page-type
 * remote select, so every row carries `code` (the id) beside `name`.
 */
export const pageResource = defineResource({
  name: 'page',
  module: 'page',
  table: 'page_def',
  label: 'page.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'code', type: 'int', column: 'id', label: 'common.f.code', readOnly: true },
    { name: 'name', type: 'text', label: 'page.f.name', list: true, sortable: true },
    { name: 'showType', type: 'code', label: 'page.f.showType', list: true, sortable: true },
  ],
  save: z.object({
    name: reqText('page.nameRequired', 100),
    showType: reqText('page.showTypeRequired', 20).refine((v) => SHOW_TYPES.some((s) => s.code === v), {
      message: 'page.showTypeInvalid',
    }),
  }),
  filters: [
    { param: 'name', field: 'name', op: 'like' },
    { param: 'showType', field: 'showType', op: 'eq' },
    { param: 'query', field: 'name', op: 'keyword', fields: ['name'] },
  ],
  endpoints: { list: pageEndpoints.list, get: pageEndpoints.get, save: pageEndpoints.save, del: pageEndpoints.del },
  del: 'id',
  // no sort number or creation time: the newest definition first (id desc is always appended)
  order: [],
  modelType: 'page',
  usedBy: [{ table: 'page_item', column: 'page_id', field: 'id', message: 'page.inUse' }],
  pageSize: 20,
  webhook: ['update', 'delete'],
  delivery: {
    get: {
      path: '/pages/{id}',
      summary: 'A page definition with its published items in order',
      operationId: 'page',
      items: { resource: 'pageItem', filter: 'pageId' },
    },
  },
});

/** Page items (SPEC 3): articles attached to a page definition; `pageId` is what SPEC also calls code. */
export const pageItemResource = defineResource({
  name: 'pageItem',
  translatable: { fields: ['title', 'tag', 'summary', 'content'] },
  module: 'page',
  table: 'page_item',
  label: 'pageItem.entity',
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'title', type: 'text', label: 'pageItem.f.title', list: true, sortable: true },
    { name: 'pageId', type: 'int', label: 'pageItem.f.pageId' },
    {
      name: 'pageName',
      type: 'text',
      label: 'pageItem.f.pageName',
      readOnly: true,
      list: true,
      sortable: true,
      join: { table: 'page_def', key: 'id', via: 'pageId', select: 'name' },
    },
    { name: 'tag', type: 'text', label: 'pageItem.f.tag', list: true, sortable: true },
    { name: 'summary', type: 'text', label: 'pageItem.f.summary', list: true },
    { name: 'summaryImg', type: 'image', label: 'pageItem.f.summaryImg' },
    { name: 'content', type: 'html', label: 'pageItem.f.content' },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
    { name: 'isHot', type: 'flag', label: 'pageItem.f.isHot', sortable: true },
    { name: 'isTop', type: 'flag', label: 'pageItem.f.isTop', sortable: true },
    ...publishFields,
  ],
  save: z
    .object({
      title: reqText('pageItem.titleRequired', 200),
      pageId: reqId('pageItem.pageRequired', 'pageItem.pageUnknown'),
      tag: optText(100),
      summary: optText(1000),
      summaryImg: optText(500),
      content: optText(1_000_000),
      sortNo: sortNo(),
      isHot: optFlag(0),
      isTop: optFlag(0),
      ...publishSave,
    })
    .superRefine(scheduleRule),
  filters: [
    { param: 'pageId', field: 'pageId', op: 'eq' },
    { param: 'code', field: 'pageId', op: 'eq' },
    { param: 'title', field: 'title', op: 'like' },
    ...dateRange('createTime'),
    publishFilter,
  ],
  endpoints: {
    list: pageEndpoints.itemList,
    get: pageEndpoints.itemGet,
    save: pageEndpoints.itemSave,
    del: pageEndpoints.itemDel,
  },
  del: 'ids',
  // pinned items first, then the operator's sort number (empty last), then the newest
  order: [
    ['isTop', 'desc'],
    ['sortNo', 'asc'],
    ['createTime', 'desc'],
  ],
  modelType: 'pageItem',
  refs: [{ field: 'pageId', table: 'page_def', key: 'id', message: 'pageItem.pageUnknown' }],
  pageSize: 20,
  total: 'rowCount',
  publishable: { publish: pageEndpoints.itemPublish, unpublish: pageEndpoints.itemUnpublish },
  previewable: { byId: pageEndpoints.itemPreview, form: pageEndpoints.itemPreviewForm },
  revisioned: true,
  webhook: WEBHOOK_ACTIONS,
  delivery: { get: { path: '/page-items/{id}', summary: 'One published page item', operationId: 'pageItem' } },
});
