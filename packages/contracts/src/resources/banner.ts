import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { BANNER_TYPES } from '../enums.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource, WEBHOOK_ACTIONS } from '../resource.js';
import { optFlag, optLink, optText, reqText, sortNo } from '../validators.js';
import { scheduleFields, scheduleRule, scheduleSave } from './publish.js';

export const bannerEndpoints = defineEndpoints('banner', {
  list: { path: '/banner/getPage', kind: 'read', name: '轮播图列表' },
  listAlias: { path: '/banner/getBannerPage', kind: 'read', name: '轮播图列表' },
  save: { path: '/banner/save', kind: 'write', name: '保存轮播图' },
  del: { path: '/banner/del', kind: 'write', name: '删除轮播图' },
  get: { path: '/banner/getBanner', kind: 'read', name: '轮播图详情' },
});

export const bannerMessages = defineMessages({
  zh: {
    'banner.entity': '轮播图',
    'banner.f.title': '标题',
    'banner.f.name': '名称',
    'banner.f.bannerType': '轮播图页面',
    'banner.f.bannerTypeName': '轮播图页面',
    'banner.f.summary': '简介',
    'banner.f.imgUrl': '图片',
    'banner.f.url': '跳转地址',
    'banner.typeRequired': '轮播图页面不得为空',
    'banner.typeInvalid': '轮播图页面不正确',
    'banner.urlInvalid': '跳转地址格式不正确（http://、https:// 或以 / 开头的站内地址）',
    'banner.type.index': '首页',
    'banner.type.news001': '新闻中心-行业动态',
    'banner.type.news002': '新闻中心-通知公告',
    'banner.type.news003': '新闻中心-政策法规',
    'banner.section.image': '轮播图片',
    'banner.urlPlaceholder': '如 https://www.example.com 或站内地址 /news',
  },
  en: {
    'banner.entity': 'Banner',
    'banner.f.title': 'Title',
    'banner.f.name': 'Name',
    'banner.f.bannerType': 'Banner page',
    'banner.f.bannerTypeName': 'Banner page',
    'banner.f.summary': 'Summary',
    'banner.f.imgUrl': 'Image',
    'banner.f.url': 'Jump address',
    'banner.typeRequired': 'Banner page name must not be empty',
    'banner.typeInvalid': 'The banner page is not valid',
    'banner.urlInvalid': 'The jump address is not valid (http://, https:// or a site path starting with /)',
    'banner.type.index': 'Home',
    'banner.type.news001': 'News center - industry news',
    'banner.type.news002': 'News center - notices',
    'banner.type.news003': 'News center - policies and regulations',
    'banner.section.image': 'Banner image',
    'banner.urlPlaceholder': 'E.g. https://www.example.com or a site path such as /news',
  },
  es: {
    'banner.entity': 'Banner',
    'banner.f.title': 'Título',
    'banner.f.name': 'Nombre',
    'banner.f.bannerType': 'Página del banner',
    'banner.f.bannerTypeName': 'Página del banner',
    'banner.f.summary': 'Resumen',
    'banner.f.imgUrl': 'Imagen',
    'banner.f.url': 'Dirección de destino',
    'banner.typeRequired': 'El nombre de la página del banner no puede estar vacío',
    'banner.typeInvalid': 'La página del banner no es válida',
    'banner.urlInvalid': 'La dirección de destino no es válida (http://, https:// o una ruta del sitio que empiece por /)',
    'banner.type.index': 'Inicio',
    'banner.type.news001': 'Centro de noticias - actualidad del sector',
    'banner.type.news002': 'Centro de noticias - avisos',
    'banner.type.news003': 'Centro de noticias - políticas y normativa',
    'banner.section.image': 'Imagen del banner',
    'banner.urlPlaceholder': 'P. ej. https://www.example.com o una ruta del sitio como /news',
  },
});

export const bannerResource = defineResource({
  name: 'banner',
  translatable: { fields: ['title', 'name', 'summary'], seo: false },
  module: 'banner',
  table: 'banner',
  label: 'banner.entity',
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    {
      name: 'bannerTypeName',
      type: 'text',
      label: 'banner.f.bannerTypeName',
      readOnly: true,
      list: true,
      lookup: { via: 'bannerType', options: BANNER_TYPES },
    },
    { name: 'title', type: 'text', label: 'banner.f.title', list: true, sortable: true },
    { name: 'name', type: 'text', label: 'banner.f.name' },
    { name: 'bannerType', type: 'code', label: 'banner.f.bannerType', sortable: true },
    { name: 'summary', type: 'text', label: 'banner.f.summary', list: true },
    { name: 'imgUrl', type: 'image', label: 'banner.f.imgUrl' },
    { name: 'url', type: 'text', label: 'banner.f.url', list: true },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
    { name: 'enableFlag', type: 'flag', label: 'common.f.enableFlag', list: true, sortable: true },
    ...scheduleFields,
  ],
  save: z
    .object({
      title: optText(200),
      name: optText(100),
      bannerType: reqText('banner.typeRequired', 200).refine((v) => BANNER_TYPES.some((t) => t.code === v), {
        message: 'banner.typeInvalid',
      }),
      summary: optText(1000),
      imgUrl: optText(500),
      url: optLink('banner.urlInvalid'),
      sortNo: sortNo('v.number'),
      enableFlag: optFlag(1),
      ...scheduleSave,
    })
    .superRefine(scheduleRule),
  filters: [
    { param: 'title', field: 'title', op: 'like' },
    { param: 'bannerType', field: 'bannerType', op: 'eq' },
    { param: 'name', field: 'name', op: 'like' },
  ],
  endpoints: {
    list: bannerEndpoints.list,
    aliases: [bannerEndpoints.listAlias],
    save: bannerEndpoints.save,
    get: bannerEndpoints.get,
    del: bannerEndpoints.del,
  },
  del: 'ids',
  order: [['sortNo', 'asc']],
  modelType: 'banner',
  pageSize: 20,
  // publish / unpublish: its time window opening / closing
  webhook: WEBHOOK_ACTIONS,
  delivery: {
    list: {
      path: '/banners',
      summary: 'Enabled banners inside their time window, in sort order',
      operationId: 'banners',
      reply: 'all',
      filters: { bannerType: 'bannerType' },
    },
    visible: 'window',
  },
});
