import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import type { CodeName } from '../enums.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { reqText } from '../validators.js';

/**
 * 站点密钥 (issue 23): read-only tokens of the website's own servers for the delivery API. A key is made by the
 * server (`gks_` and 43 random base64url characters), answered once by the save that created it, stored as its
 * SHA-256 (never answered again; the list shows its first characters), and revoked for good. A request carrying
 * one (`Authorization: Bearer gks_…`) has its own rate limit (SITE_KEY_RATE_LIMIT per key and minute) instead of
 * the per-address one; a `preview` key may also read drafts (the request carries `req.siteKey = { id, preview }`).
 */
export const siteKeyEndpoints = defineEndpoints('siteKey', {
  list: { path: '/siteKey/getSiteKeyPage', kind: 'read', name: '站点密钥列表' },
  save: { path: '/siteKey/saveSiteKey', kind: 'write', name: '新增站点密钥' },
  revoke: { path: '/siteKey/revokeSiteKey', kind: 'write', name: '撤销站点密钥' },
});

/** what a key may read: published content only, or drafts too (a preview site); `name` as the list shows it */
export const SITE_KEY_MODES = [
  { code: 'published', name: '仅已发布内容' },
  { code: 'preview', name: '预览（可读草稿）' },
] as const satisfies readonly CodeName[];
export type SiteKeyMode = (typeof SITE_KEY_MODES)[number]['code'];

/** `gks_` + 32 random bytes as base64url: the only shape of a key (anything else is refused unread) */
export const SITE_KEY_PREFIX = 'gks_';
export const SITE_KEY_PATTERN = /^gks_[A-Za-z0-9_-]{43}$/;

export const siteKeyMessages = defineMessages({
  zh: {
    'siteKey.entity': '站点密钥',
    'siteKey.f.name': '名称',
    'siteKey.f.mode': '模式',
    'siteKey.f.keyPrefix': '密钥',
    'siteKey.f.createBy': '创建人',
    'siteKey.f.lastUsedTime': '最近使用',
    'siteKey.f.status': '状态',
    'siteKey.nameRequired': '名称不得为空',
    'siteKey.modeInvalid': '模式须为"仅已发布内容"或"预览"',
    'siteKey.mode.published': '仅已发布内容',
    'siteKey.mode.preview': '预览（可读草稿）',
    'siteKey.modeHelp': '预览模式的密钥还能读取草稿，只交给预览站点使用',
    'siteKey.active': '有效',
    'siteKey.revokedTag': '已撤销',
    'siteKey.never': '从未使用',
    'siteKey.revoke': '撤销',
    'siteKey.revokeTitle': '撤销站点密钥',
    'siteKey.revokeConfirm': '撤销后，携带此密钥的请求一律被拒绝（401），且无法恢复。确定撤销“{name}”吗？',
    'siteKey.revokeDone': '站点密钥已撤销',
    'siteKey.revokedLocked': '已撤销的密钥不能再修改',
    'siteKey.shownTitle': '站点密钥已创建',
    'siteKey.shownText': '请现在复制并妥善保存：此密钥只显示这一次，关闭后无法再次查看，遗失只能新建一个。',
    'siteKey.usage': '网站服务器调用投递接口时携带请求头：Authorization: Bearer <密钥>',
    'siteKey.invalid': '站点密钥无效：请检查 Authorization 请求头中的密钥',
    'siteKey.revoked': '站点密钥已被撤销，请改用新的密钥',
  },
  en: {
    'siteKey.entity': 'Site key',
    'siteKey.f.name': 'Name',
    'siteKey.f.mode': 'Mode',
    'siteKey.f.keyPrefix': 'Key',
    'siteKey.f.createBy': 'Created by',
    'siteKey.f.lastUsedTime': 'Last used',
    'siteKey.f.status': 'Status',
    'siteKey.nameRequired': 'Name must not be empty',
    'siteKey.modeInvalid': 'The mode must be "Published content only" or "Preview"',
    'siteKey.mode.published': 'Published content only',
    'siteKey.mode.preview': 'Preview (reads drafts)',
    'siteKey.modeHelp': 'A preview key can also read drafts: give it to a preview site only',
    'siteKey.active': 'Active',
    'siteKey.revokedTag': 'Revoked',
    'siteKey.never': 'Never',
    'siteKey.revoke': 'Revoke',
    'siteKey.revokeTitle': 'Revoke site key',
    'siteKey.revokeConfirm': 'Requests carrying this key will be refused (401) from now on, and this cannot be undone. Revoke "{name}"?',
    'siteKey.revokeDone': 'Site key revoked',
    'siteKey.revokedLocked': 'A revoked key cannot be changed',
    'siteKey.shownTitle': 'Site key created',
    'siteKey.shownText': 'Copy it now and keep it safe: it is shown only this once. If it is lost, create a new one.',
    'siteKey.usage': 'The website server sends it to the delivery API as the header Authorization: Bearer <key>',
    'siteKey.invalid': 'The site key is not valid: check the key in the Authorization header',
    'siteKey.revoked': 'This site key has been revoked: use a new one',
  },
  es: {
    'siteKey.entity': 'Clave de sitio',
    'siteKey.f.name': 'Nombre',
    'siteKey.f.mode': 'Modo',
    'siteKey.f.keyPrefix': 'Clave',
    'siteKey.f.createBy': 'Creada por',
    'siteKey.f.lastUsedTime': 'Último uso',
    'siteKey.f.status': 'Estado',
    'siteKey.nameRequired': 'El nombre no puede estar vacío',
    'siteKey.modeInvalid': 'El modo debe ser "Solo contenido publicado" o "Vista previa"',
    'siteKey.mode.published': 'Solo contenido publicado',
    'siteKey.mode.preview': 'Vista previa (lee borradores)',
    'siteKey.modeHelp': 'Una clave de vista previa también lee borradores: entréguela solo a un sitio de vista previa',
    'siteKey.active': 'Activa',
    'siteKey.revokedTag': 'Revocada',
    'siteKey.never': 'Nunca',
    'siteKey.revoke': 'Revocar',
    'siteKey.revokeTitle': 'Revocar clave de sitio',
    'siteKey.revokeConfirm':
      'Las solicitudes con esta clave serán rechazadas (401) desde ahora, y no se puede deshacer. ¿Revocar «{name}»?',
    'siteKey.revokeDone': 'Clave de sitio revocada',
    'siteKey.revokedLocked': 'Una clave revocada no se puede modificar',
    'siteKey.shownTitle': 'Clave de sitio creada',
    'siteKey.shownText': 'Cópiela ahora y guárdela bien: solo se muestra esta vez. Si la pierde, cree una nueva.',
    'siteKey.usage': 'El servidor del sitio la envía a la API de entrega en la cabecera Authorization: Bearer <clave>',
    'siteKey.invalid': 'La clave de sitio no es válida: revise la clave de la cabecera Authorization',
    'siteKey.revoked': 'Esta clave de sitio fue revocada: use una nueva',
  },
});

export const siteKeyResource = defineResource({
  name: 'siteKey',
  module: 'siteKey',
  table: 'site_key',
  label: 'siteKey.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'name', type: 'text', label: 'siteKey.f.name', list: true, sortable: true },
    { name: 'mode', type: 'code', label: 'siteKey.f.mode' },
    {
      name: 'modeName',
      type: 'text',
      label: 'siteKey.f.mode',
      readOnly: true,
      list: true,
      lookup: { via: 'mode', options: SITE_KEY_MODES },
    },
    /** the key's first characters (`gks_` and 8 more): which key is which, without the key */
    { name: 'keyPrefix', type: 'text', label: 'siteKey.f.keyPrefix', readOnly: true, list: true },
    /** SHA-256 of the key: written by the create, never read back */
    { name: 'keyHash', type: 'text', label: 'siteKey.f.keyPrefix', readOnly: true, hidden: true },
    { name: 'createBy', type: 'text', label: 'siteKey.f.createBy', readOnly: true, list: true },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
    /** recorded at most once a minute per key, never by a write per request */
    { name: 'lastUsedTime', type: 'datetime', label: 'siteKey.f.lastUsedTime', readOnly: true, list: true },
    /** 1: revoked for good (`/siteKey/revokeSiteKey`) */
    { name: 'revoked', type: 'flag', label: 'siteKey.f.status', readOnly: true, list: true },
  ],
  save: z.object({
    name: reqText('siteKey.nameRequired', 100),
    mode: z
      .enum(
        SITE_KEY_MODES.map((m) => m.code),
        { error: 'siteKey.modeInvalid' },
      )
      .optional()
      .default('published'),
  }),
  filters: [{ param: 'name', field: 'name', op: 'like' }],
  endpoints: { list: siteKeyEndpoints.list, save: siteKeyEndpoints.save },
  del: 'id',
  order: [['createTime', 'desc']],
  pageSize: 20,
  // every process forgets the keys it checked when one is created, renamed or revoked
  invalidates: ['delivery'],
  menu: {
    url: '/system',
    routeName: 'System',
    title: '系统管理',
    icon: 'SettingOutlined',
    list: { url: '/system/site-key-list', routeName: 'SiteKeyList', title: '站点密钥', icon: 'KeyOutlined' },
  },
});
