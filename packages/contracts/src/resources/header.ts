import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { LIMITS } from '../enums.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optFlag, optText, patterns, reqText, sortNo } from '../validators.js';

/**
 * Friendly links and contact heads share the legacy controller `headerContorller` (misspelling kept, SPEC
 * point 7). Their permissions follow the menus that show them: links under `link`, contacts under `contact`.
 */
export const linkEndpoints = defineEndpoints('link', {
  list: { path: '/headerContorller/getLinkPage', kind: 'read', name: '友情链接列表' },
  save: { path: '/headerContorller/saveLink', kind: 'write', name: '保存友情链接' },
  del: { path: '/headerContorller/delLink', kind: 'write', name: '删除友情链接' },
  flag: { path: '/headerContorller/upLinkFlag', kind: 'write', name: '启用/停用友情链接' },
});

export const contactEndpoints = defineEndpoints('contact', {
  list: { path: '/headerContorller/getContactPage', kind: 'read', name: '联系方式列表' },
  save: { path: '/headerContorller/saveContact', kind: 'write', name: '保存联系方式' },
  del: { path: '/headerContorller/delContact', kind: 'write', name: '删除联系方式' },
  get: { path: '/headerContorller/getContact', kind: 'read', name: '联系方式详情' },
  flag: { path: '/headerContorller/upContactFlag', kind: 'write', name: '启用/停用联系方式' },
});

export const headerMessages = defineMessages({
  zh: {
    'link.entity': '友情链接',
    'link.f.name': '名称',
    'link.f.url': '链接地址',
    'link.nameRequired': '名称不得为空',
    'link.urlRequired': '链接地址不得为空',
    'contact.entity': '联系方式',
    'contact.f.organizers': '主办单位',
    'contact.f.address': '地址',
    'contact.f.phone': '电话',
    'contact.f.recordNumber': '备案号',
    'contact.f.img': '二维码',
    'contact.f.pngLogo': '透明图片',
    'contact.f.jpgLogo': '不透明图片',
    'contact.f.iconImg': '图标',
    'contact.organizersRequired': '主办单位不得为空',
    'contact.addressRequired': '地址不得为空',
    'contact.phoneRequired': '电话不得为空',
    'contact.phoneTooLong': '电话不得超过30位',
  },
  en: {
    'link.entity': 'Friendly link',
    'link.f.name': 'Name',
    'link.f.url': 'Link address',
    'link.nameRequired': 'Name must not be empty',
    'link.urlRequired': 'Url must not be empty',
    'contact.entity': 'Contact',
    'contact.f.organizers': 'Organizer',
    'contact.f.address': 'Address',
    'contact.f.phone': 'Phone',
    'contact.f.recordNumber': 'Filing number',
    'contact.f.img': 'QR code',
    'contact.f.pngLogo': 'Transparent image',
    'contact.f.jpgLogo': 'Opaque image',
    'contact.f.iconImg': 'Icon',
    'contact.organizersRequired': 'Organizer must not be empty',
    'contact.addressRequired': 'Address must not be empty',
    'contact.phoneRequired': 'Phone must not be empty',
    'contact.phoneTooLong': 'Phone must not exceed 30 characters',
  },
  es: {
    'link.entity': 'Enlace amigo',
    'link.f.name': 'Nombre',
    'link.f.url': 'Dirección del enlace',
    'link.nameRequired': 'El nombre no puede estar vacío',
    'link.urlRequired': 'La dirección del enlace no puede estar vacía',
    'contact.entity': 'Contacto',
    'contact.f.organizers': 'Organizador',
    'contact.f.address': 'Dirección',
    'contact.f.phone': 'Teléfono',
    'contact.f.recordNumber': 'Número de registro',
    'contact.f.img': 'Código QR',
    'contact.f.pngLogo': 'Imagen transparente',
    'contact.f.jpgLogo': 'Imagen opaca',
    'contact.f.iconImg': 'Icono',
    'contact.organizersRequired': 'El organizador no puede estar vacío',
    'contact.addressRequired': 'La dirección no puede estar vacía',
    'contact.phoneRequired': 'El teléfono no puede estar vacío',
    'contact.phoneTooLong': 'El teléfono no puede superar 30 caracteres',
  },
});

export const linkResource = defineResource({
  name: 'link',
  translatable: { fields: ['name'], seo: false },
  module: 'link',
  table: 'friend_link',
  label: 'link.entity',
  importable: { key: 'name' },
  dashboard: true,
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'name', type: 'text', label: 'link.f.name', list: true, sortable: true },
    { name: 'url', type: 'text', label: 'link.f.url', list: true },
    { name: 'sortNo', type: 'sort', label: 'common.f.sortNo', list: true, sortable: true },
    { name: 'enableFlag', type: 'flag', label: 'common.f.enableFlag', list: true, sortable: true },
  ],
  save: z.object({
    name: reqText('link.nameRequired', 100),
    url: reqText('link.urlRequired', 500).refine((v) => patterns.httpUrl.test(v), { message: 'v.url' }),
    sortNo: sortNo(),
    enableFlag: optFlag(1),
  }),
  filters: [
    { param: 'name', field: 'name', op: 'like' },
    { param: 'enableFlag', field: 'enableFlag', op: 'eq' },
  ],
  endpoints: { list: linkEndpoints.list, save: linkEndpoints.save, del: linkEndpoints.del },
  toggles: { enableFlag: linkEndpoints.flag },
  del: 'ids',
  order: [['sortNo', 'asc']],
  modelType: 'link',
  pageSize: 20,
  webhook: ['update', 'delete'],
  delivery: {
    list: { path: '/links', summary: 'Enabled friendly links in order', operationId: 'links', reply: 'all', fixed: { enableFlag: 1 } },
  },
});

export const contactResource = defineResource({
  name: 'contact',
  translatable: { fields: ['organizers', 'address'], seo: false },
  module: 'contact',
  table: 'contact_head',
  label: 'contact.entity',
  importable: {},
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'organizers', type: 'text', label: 'contact.f.organizers', list: true, sortable: true },
    { name: 'address', type: 'text', label: 'contact.f.address', list: true },
    { name: 'phone', type: 'text', label: 'contact.f.phone', list: true },
    { name: 'recordNumber', type: 'text', label: 'contact.f.recordNumber' },
    { name: 'enableFlag', type: 'flag', label: 'common.f.enableFlag', list: true, sortable: true },
    { name: 'img', type: 'image', label: 'contact.f.img' },
    { name: 'pngLogo', type: 'image', label: 'contact.f.pngLogo' },
    { name: 'jpgLogo', type: 'image', label: 'contact.f.jpgLogo' },
    { name: 'iconImg', type: 'image', label: 'contact.f.iconImg' },
  ],
  save: z.object({
    organizers: reqText('contact.organizersRequired', 200),
    address: reqText('contact.addressRequired', 300),
    // no length cap of reqText's own: a long phone gets the SPEC's 电话不得超过30位
    phone: reqText('contact.phoneRequired', Number.MAX_SAFE_INTEGER).refine((v) => v.length <= LIMITS.phoneMax, {
      message: 'contact.phoneTooLong',
    }),
    recordNumber: optText(100),
    // a new contact is not live until the operator enables it (enabling one retires the others)
    enableFlag: optFlag(0),
    img: optText(500),
    pngLogo: optText(500),
    jpgLogo: optText(500),
    iconImg: optText(500),
  }),
  filters: [
    { param: 'organizers', field: 'organizers', op: 'like' },
    { param: 'enableFlag', field: 'enableFlag', op: 'eq' },
  ],
  endpoints: { list: contactEndpoints.list, save: contactEndpoints.save, get: contactEndpoints.get, del: contactEndpoints.del },
  toggles: { enableFlag: contactEndpoints.flag },
  del: 'ids',
  // the live contact first
  order: [['enableFlag', 'desc']],
  modelType: 'contact',
  pageSize: 10,
  revisioned: true,
  // one contact head is live for the whole site (enabling one retires the others): every editor sees them all
  scoped: false,
  webhook: ['update', 'delete'],
  delivery: { single: { path: '/contact', summary: 'The live contact head', operationId: 'contact', fixed: { enableFlag: 1 } } },
});
