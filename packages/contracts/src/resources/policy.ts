import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { dateRange, defineResource, WEBHOOK_ACTIONS } from '../resource.js';
import { optFlag, optText, reqText } from '../validators.js';
import { publishFields, publishFilter, publishSave, scheduleRule } from './publish.js';

export const policyEndpoints = defineEndpoints('policy', {
  list: { path: '/policy/getPolicyPage', kind: 'read', name: '政策公告列表' },
  save: { path: '/policy/savePolicy', kind: 'write', name: '保存政策公告' },
  del: { path: '/policy/delPolicy', kind: 'write', name: '删除政策公告' },
  get: { path: '/policy/getPolicy', kind: 'read', name: '政策公告详情' },
  top: { path: '/policy/upisTop', kind: 'write', name: '政策公告置顶' },
  hot: { path: '/policy/upisHot', kind: 'write', name: '政策公告热门' },
  publish: { path: '/policy/publishPolicy', kind: 'write', name: '发布政策公告' },
  unpublish: { path: '/policy/unpublishPolicy', kind: 'write', name: '下线政策公告' },
  preview: { path: '/policy/previewPolicy', kind: 'read', name: '预览政策公告' },
  previewForm: { path: '/policy/previewPolicyForm', kind: 'write', name: '预览未保存的政策公告' },
});

export const policyMessages = defineMessages({
  zh: {
    'policy.entity': '政策公告',
    'policy.f.title': '标题',
    'policy.f.summary': '摘要',
    'policy.f.summaryImg': '摘要图片',
    'policy.f.author': '作者',
    'policy.f.source': '来源',
    'policy.f.count': '访问量',
    'policy.f.isTop': '置顶',
    'policy.f.isHot': '热门',
    'policy.f.content': '正文',
    'policy.titleRequired': '标题不得为空',
  },
  en: {
    'policy.entity': 'Policy / notice',
    'policy.f.title': 'Title',
    'policy.f.summary': 'Summary',
    'policy.f.summaryImg': 'Summary image',
    'policy.f.author': 'Author',
    'policy.f.source': 'Source',
    'policy.f.count': 'Visits',
    'policy.f.isTop': 'Top',
    'policy.f.isHot': 'Hot',
    'policy.f.content': 'Content',
    'policy.titleRequired': 'Title must not be empty',
  },
  es: {
    'policy.entity': 'Política / aviso',
    'policy.f.title': 'Título',
    'policy.f.summary': 'Resumen',
    'policy.f.summaryImg': 'Imagen del resumen',
    'policy.f.author': 'Autor',
    'policy.f.source': 'Fuente',
    'policy.f.count': 'Visitas',
    'policy.f.isTop': 'Destacada',
    'policy.f.isHot': 'Popular',
    'policy.f.content': 'Contenido',
    'policy.titleRequired': 'El título no puede estar vacío',
  },
});

/**
 * Policy / notice articles (SPEC points 2, 3, 5, 7). The list's search field SPEC calls "code" has no
 * counterpart among a policy's fields; it searches the source (substring), as `source` does.
 */
export const policyResource = defineResource({
  name: 'policy',
  translatable: { fields: ['title', 'summary', 'source', 'content'] },
  module: 'policy',
  table: 'policy',
  label: 'policy.entity',
  importable: { fields: ['title', 'summary', 'author', 'source', 'content', 'publishTime'] },
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'title', type: 'text', label: 'policy.f.title', list: true, sortable: true },
    { name: 'summary', type: 'text', label: 'policy.f.summary', list: true },
    { name: 'summaryImg', type: 'image', label: 'policy.f.summaryImg' },
    { name: 'author', type: 'text', label: 'policy.f.author', sortable: true },
    { name: 'source', type: 'text', label: 'policy.f.source', sortable: true },
    { name: 'count', type: 'int', label: 'policy.f.count', readOnly: true, list: true, sortable: true },
    { name: 'isTop', type: 'flag', label: 'policy.f.isTop', list: true, sortable: true },
    { name: 'isHot', type: 'flag', label: 'policy.f.isHot', list: true, sortable: true },
    { name: 'content', type: 'html', label: 'policy.f.content' },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
    ...publishFields,
  ],
  save: z
    .object({
      title: reqText('policy.titleRequired', 200),
      summary: optText(1000),
      summaryImg: optText(500),
      author: optText(100),
      source: optText(200),
      content: optText(1_000_000),
      isTop: optFlag(0),
      isHot: optFlag(0),
      ...publishSave,
    })
    .superRefine(scheduleRule),
  filters: [
    { param: 'code', field: 'source', op: 'like' },
    { param: 'source', field: 'source', op: 'like' },
    { param: 'title', field: 'title', op: 'like' },
    { param: 'isTop', field: 'isTop', op: 'eq' },
    { param: 'isHot', field: 'isHot', op: 'eq' },
    ...dateRange('createTime'),
    publishFilter,
  ],
  endpoints: { list: policyEndpoints.list, save: policyEndpoints.save, get: policyEndpoints.get, del: policyEndpoints.del },
  toggles: { isTop: policyEndpoints.top, isHot: policyEndpoints.hot },
  del: 'ids',
  textIndex: { field: 'title', param: 'title', copy: ['isTop', 'createTime'] },
  order: [
    ['isTop', 'desc'],
    ['createTime', 'desc'],
  ],
  modelType: 'policy',
  pageSize: 20,
  total: 'rowCount',
  publishable: { publish: policyEndpoints.publish, unpublish: policyEndpoints.unpublish },
  previewable: { byId: policyEndpoints.preview, form: policyEndpoints.previewForm },
  revisioned: true,
  webhook: WEBHOOK_ACTIONS,
  delivery: {
    list: {
      path: '/policies',
      summary: 'Published policies and notices',
      operationId: 'policyList',
      reply: 'page',
      filters: { keyword: 'title' },
      query: {
        sort: ['publishTime', 'title', 'count'],
        filters: { isTop: 'flag', isHot: 'flag', source: 'eq', publishTime: 'range' },
        search: ['title', 'summary', 'content'],
      },
    },
    get: { path: '/policies/{id}', summary: 'One published policy', operationId: 'policy' },
    view: { path: '/policies/{id}/view', summary: 'Counts a visit (once per address and hour)', operationId: 'policyView' },
  },
});
