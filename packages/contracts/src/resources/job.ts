import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { dateRange, defineResource, WEBHOOK_ACTIONS } from '../resource.js';
import { optText, reqText } from '../validators.js';
import { publishFields, publishFilter, publishSave, scheduleRule } from './publish.js';

/** 招聘信息: the openings of the careers page (issue 22). Everything about the type is in this file. */
export const jobEndpoints = defineEndpoints('job', {
  list: { path: '/job/getJobPage', kind: 'read', name: '招聘信息列表' },
  get: { path: '/job/getJob', kind: 'read', name: '招聘信息详情' },
  save: { path: '/job/saveJob', kind: 'write', name: '保存招聘信息' },
  del: { path: '/job/delJob', kind: 'write', name: '删除招聘信息' },
  publish: { path: '/job/publishJob', kind: 'write', name: '发布招聘信息' },
  unpublish: { path: '/job/unpublishJob', kind: 'write', name: '下线招聘信息' },
  preview: { path: '/job/previewJob', kind: 'read', name: '预览招聘信息' },
  previewForm: { path: '/job/previewJobForm', kind: 'write', name: '预览未保存的招聘信息' },
});

export const jobMessages = defineMessages({
  zh: {
    'job.entity': '招聘信息',
    'job.f.title': '职位名称',
    'job.f.city': '工作城市',
    'job.f.department': '所属部门',
    'job.f.headcount': '招聘人数',
    'job.f.salary': '薪资范围',
    'job.f.content': '职位描述',
    'job.titleRequired': '职位名称不能为空',
    'job.cityRequired': '工作城市不能为空',
    'job.headcountInvalid': '招聘人数须为 1 到 999 之间的整数',
  },
  en: {
    'job.entity': 'Job opening',
    'job.f.title': 'Position',
    'job.f.city': 'City',
    'job.f.department': 'Department',
    'job.f.headcount': 'Openings',
    'job.f.salary': 'Salary range',
    'job.f.content': 'Description',
    'job.titleRequired': 'Position must not be empty',
    'job.cityRequired': 'City must not be empty',
    'job.headcountInvalid': 'Openings must be a whole number from 1 to 999',
  },
  es: {
    'job.entity': 'Oferta de empleo',
    'job.f.title': 'Puesto',
    'job.f.city': 'Ciudad',
    'job.f.department': 'Departamento',
    'job.f.headcount': 'Vacantes',
    'job.f.salary': 'Rango salarial',
    'job.f.content': 'Descripción',
    'job.titleRequired': 'El puesto no puede estar vacío',
    'job.cityRequired': 'La ciudad no puede estar vacía',
    'job.headcountInvalid': 'Las vacantes deben ser un número entero de 1 a 999',
  },
});

/** headcount: a whole number from 1 to 999; a new opening without one is for one person */
const headcount = () =>
  z
    .union([z.number(), z.string(), z.null()], { error: 'job.headcountInvalid' })
    .optional()
    .transform((v) => (v == null || v === '' ? 1 : Number(v)))
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 999, { message: 'job.headcountInvalid' });

export const jobResource = defineResource({
  name: 'job',
  translatable: { fields: ['title', 'city', 'department', 'content'] },
  module: 'job',
  table: 'job',
  label: 'job.entity',
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'title', type: 'text', label: 'job.f.title', list: true, sortable: true },
    { name: 'city', type: 'text', label: 'job.f.city', list: true, sortable: true },
    { name: 'department', type: 'text', label: 'job.f.department', list: true },
    { name: 'headcount', type: 'int', label: 'job.f.headcount', list: true, sortable: true },
    { name: 'salary', type: 'text', label: 'job.f.salary', list: true },
    { name: 'content', type: 'html', label: 'job.f.content' },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
    ...publishFields,
  ],
  save: z
    .object({
      title: reqText('job.titleRequired', 100),
      city: reqText('job.cityRequired', 50),
      department: optText(100),
      headcount: headcount(),
      salary: optText(50),
      content: optText(1_000_000),
      ...publishSave,
    })
    .superRefine(scheduleRule),
  filters: [
    { param: 'title', field: 'title', op: 'like' },
    { param: 'city', field: 'city', op: 'like' },
    ...dateRange('createTime'),
    publishFilter,
  ],
  endpoints: { list: jobEndpoints.list, save: jobEndpoints.save, get: jobEndpoints.get, del: jobEndpoints.del },
  del: 'ids',
  order: [['createTime', 'desc']],
  pageSize: 20,
  publishable: { publish: jobEndpoints.publish, unpublish: jobEndpoints.unpublish },
  previewable: { byId: jobEndpoints.preview, form: jobEndpoints.previewForm },
  revisioned: true,
  webhook: WEBHOOK_ACTIONS,
  delivery: {
    list: {
      path: '/jobs',
      summary: 'Open positions on the careers page, newest first',
      operationId: 'jobList',
      reply: 'page',
      filters: { keyword: 'title', city: 'city' },
      query: {
        sort: ['publishTime', 'title', 'headcount'],
        filters: { publishTime: 'range' },
        search: ['title', 'city', 'department', 'content'],
      },
    },
    get: { path: '/jobs/{id}', summary: 'One open position', operationId: 'job' },
  },
  menu: {
    url: '/job',
    routeName: 'Job',
    title: '招聘管理',
    icon: 'TeamOutlined',
    after: '/policy',
    list: { url: '/job/job-list', routeName: 'JobList', title: '招聘信息列表', icon: 'UnorderedListOutlined' },
    details: { url: '/job/job-details', routeName: 'JobDetails', title: '招聘信息详情', icon: 'EditOutlined' },
  },
});
