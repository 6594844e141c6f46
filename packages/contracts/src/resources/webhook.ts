import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource, SITE_CHANGED, WEBHOOK_DEBOUNCE_MAX, WEBHOOK_EVENTS } from '../resource.js';
import { id, optFlag, optText, patterns, reqText } from '../validators.js';
import { REVIEW_WEBHOOK_EVENTS } from './notice.js';

/**
 * Webhooks (issue 11): the website (or a CDN purge, a search indexer) is told of every publish, unpublish,
 * update and delete of the content it shows. Events are `<resource>.<action>` (or `site.changed`: every
 * change), stored comma-separated; each names the delivery paths it changes. A debounce folds a burst of
 * changes into one `site.changed` (issue 23).
 */
export const webhookEndpoints = defineEndpoints('webhook', {
  list: { path: '/webhook/getWebhookPage', kind: 'read', name: 'Webhook 列表' },
  save: { path: '/webhook/saveWebhook', kind: 'write', name: '保存 Webhook' },
  del: { path: '/webhook/delWebhook', kind: 'write', name: '删除 Webhook' },
  test: { path: '/webhook/testWebhook', kind: 'write', name: '测试 Webhook' },
  deliveries: { path: '/webhook/getDeliveryPage', kind: 'read', name: 'Webhook 投递记录' },
});

/** the headers of a delivery */
export const WEBHOOK_HEADERS = {
  signature: 'X-Signature',
  timestamp: 'X-Webhook-Timestamp',
  event: 'X-Webhook-Event',
  delivery: 'X-Webhook-Delivery',
} as const;
/** tries per delivery */
export const WEBHOOK_MAX_ATTEMPTS = 5;

export const webhookMessages = defineMessages({
  zh: {
    'webhook.entity': 'Webhook',
    'webhook.f.name': '名称',
    'webhook.f.url': '地址',
    'webhook.f.events': '事件',
    'webhook.f.secret': '签名密钥',
    'webhook.nameRequired': '名称不得为空',
    'webhook.urlRequired': '地址不得为空',
    'webhook.urlInvalid': '地址须以 http:// 或 https:// 开头',
    'webhook.urlPrivate': '只能发送到公网地址：{host} 是本机、内网或保留地址',
    'webhook.secretSet': '已设置',
    'webhook.secretNone': '未设置（不签名）',
    'webhook.secretKeep': '已设置：留空则保留，输入新密钥则替换',
    'webhook.secretGenerate': '生成',
    'webhook.secretShownTitle': '签名密钥已保存',
    'webhook.secretShownText': '请现在复制并妥善保存：此密钥之后不再显示，只能设置新的密钥。',
    'webhook.reason.blocked': '已拒绝：{address} 不是公网地址',
    'webhook.reason.timeout': '对方未在时限内应答',
    'webhook.reason.dns': '域名无法解析',
    'webhook.reason.refused': '连接被拒绝',
    'webhook.reason.network': '网络错误（{code}）',
    'webhook.reason.error': '网络错误，未能送达',
    'webhook.reason.unreachable': '对方主机不可达',
    'webhook.reason.reset': '连接被对方中断',
    'webhook.reason.tls': 'HTTPS 证书无效（{code}）',
    'webhook.event.ping': '测试',
    'webhook.reason.deleted': 'Webhook 已删除',
    'webhook.reason.shutdown': '服务停止，稍后重试',
    'webhook.eventsRequired': '请至少选择一个事件',
    'webhook.eventUnknown': '未知事件：{event}',
    'webhook.secretHelp': '用于 X-Signature：HMAC-SHA256(密钥，时间戳 + "." + 请求体)',
    'webhook.test': '测试',
    'webhook.deliveries': '投递记录',
    'webhook.pingOk': '测试成功：对方返回 {status}',
    'webhook.pingFailed': '测试失败：{answer}',
    'webhook.d.event': '事件',
    'webhook.d.status': '状态',
    'webhook.d.attempts': '尝试次数',
    'webhook.d.lastStatus': '最后响应码',
    'webhook.d.lastAnswer': '原因',
    'webhook.d.time': '时间',
    'webhook.status.pending': '等待重试',
    'webhook.status.success': '成功',
    'webhook.status.failed': '失败',
    'webhook.action.publish': '发布',
    'webhook.action.unpublish': '下线',
    'webhook.action.update': '修改',
    'webhook.action.delete': '删除',
    'webhook.resource.news': '新闻',
    'webhook.resource.policy': '政策公告',
    'webhook.resource.pageItem': '页面内容',
    'webhook.resource.banner': '轮播图',
    'webhook.f.debounceSeconds': '合并发送（秒）',
    'webhook.debounceHelp':
      '0 = 每次变化立即发送。大于 0：一段时间内的变化合并为一个 site.changed 事件，在最后一次变化 N 秒后发送（最迟为第一次变化后 10×N 秒），适合静态生成的网站',
    'webhook.debounceInvalid': '合并发送须为 0 到 3600 之间的整数秒',
    'webhook.siteChanged': '整站有变化（site.changed）',
    'webhook.siteChangedHelp': '网站显示的任何内容有变化时发送（包括以后新增的内容类型），正文列出受影响的路径 paths 和合并的事件 events',
    'webhook.action.changed': '有变化',
    'webhook.resource.site': '整站',
    'webhook.resource.review': '内容审核',
    'webhook.action.requested': '提交审核（review.requested）',
    'webhook.action.decided': '审核结果（review.decided）',
  },
  en: {
    'webhook.entity': 'Webhook',
    'webhook.f.name': 'Name',
    'webhook.f.url': 'URL',
    'webhook.f.events': 'Events',
    'webhook.f.secret': 'Signing secret',
    'webhook.nameRequired': 'Name must not be empty',
    'webhook.urlRequired': 'URL must not be empty',
    'webhook.urlInvalid': 'The URL must start with http:// or https://',
    'webhook.urlPrivate': 'Webhooks are sent to public addresses only: {host} is a local, private or reserved address',
    'webhook.secretSet': 'Set',
    'webhook.secretNone': 'Not set (unsigned)',
    'webhook.secretKeep': 'Set: leave empty to keep it, type a new secret to replace it',
    'webhook.secretGenerate': 'Generate',
    'webhook.secretShownTitle': 'Signing secret saved',
    'webhook.secretShownText': 'Copy it now and keep it safe: it is not shown again; you can only set a new one.',
    'webhook.reason.blocked': 'Refused: {address} is not a public address',
    'webhook.reason.timeout': 'No answer in time',
    'webhook.reason.dns': 'The host name could not be resolved',
    'webhook.reason.refused': 'Connection refused',
    'webhook.reason.network': 'Network error ({code})',
    'webhook.reason.error': 'Network error; not delivered',
    'webhook.reason.unreachable': 'The host cannot be reached',
    'webhook.reason.reset': 'The receiver closed the connection',
    'webhook.reason.tls': 'Invalid HTTPS certificate ({code})',
    'webhook.event.ping': 'Test',
    'webhook.reason.deleted': 'The webhook was deleted',
    'webhook.reason.shutdown': 'The server stopped; it will be tried again',
    'webhook.eventsRequired': 'Choose at least one event',
    'webhook.eventUnknown': 'Unknown event: {event}',
    'webhook.secretHelp': 'For X-Signature: HMAC-SHA256(secret, timestamp + "." + body)',
    'webhook.test': 'Test',
    'webhook.deliveries': 'Deliveries',
    'webhook.pingOk': 'Test delivered: the receiver answered {status}',
    'webhook.pingFailed': 'Test failed: {answer}',
    'webhook.d.event': 'Event',
    'webhook.d.status': 'Status',
    'webhook.d.attempts': 'Attempts',
    'webhook.d.lastStatus': 'Last status',
    'webhook.d.lastAnswer': 'Reason',
    'webhook.d.time': 'Time',
    'webhook.status.pending': 'Retrying',
    'webhook.status.success': 'Delivered',
    'webhook.status.failed': 'Failed',
    'webhook.action.publish': 'Publish',
    'webhook.action.unpublish': 'Unpublish',
    'webhook.action.update': 'Update',
    'webhook.action.delete': 'Delete',
    'webhook.resource.news': 'News',
    'webhook.resource.policy': 'Policies',
    'webhook.resource.pageItem': 'Page items',
    'webhook.resource.banner': 'Banners',
    'webhook.f.debounceSeconds': 'Debounce (seconds)',
    'webhook.debounceHelp':
      '0 = send each change at once. Above 0: a burst of changes goes out as one site.changed event, N seconds after the last change (at most 10×N seconds after the first), for sites that rebuild statically',
    'webhook.debounceInvalid': 'Debounce must be a whole number of seconds from 0 to 3600',
    'webhook.siteChanged': 'Anything on the site changed (site.changed)',
    'webhook.siteChangedHelp':
      'Sent when anything the site shows changes (content types added later included); the body lists the affected paths and the events folded in',
    'webhook.action.changed': 'Changed',
    'webhook.resource.site': 'Whole site',
    'webhook.resource.review': 'Review',
    'webhook.action.requested': 'Submitted for review (review.requested)',
    'webhook.action.decided': 'Review decided (review.decided)',
  },
  es: {
    'webhook.entity': 'Webhook',
    'webhook.f.name': 'Nombre',
    'webhook.f.url': 'URL',
    'webhook.f.events': 'Eventos',
    'webhook.f.secret': 'Clave de firma',
    'webhook.nameRequired': 'El nombre no puede estar vacío',
    'webhook.urlRequired': 'La URL no puede estar vacía',
    'webhook.urlInvalid': 'La URL debe empezar por http:// o https://',
    'webhook.urlPrivate': 'Los webhooks solo se envían a direcciones públicas: {host} es una dirección local, privada o reservada',
    'webhook.secretSet': 'Definida',
    'webhook.secretNone': 'Sin definir (sin firma)',
    'webhook.secretKeep': 'Definida: déjela vacía para conservarla o escriba una nueva para reemplazarla',
    'webhook.secretGenerate': 'Generar',
    'webhook.secretShownTitle': 'Clave de firma guardada',
    'webhook.secretShownText': 'Cópiela ahora y guárdela bien: no se volverá a mostrar; solo podrá definir una nueva.',
    'webhook.reason.blocked': 'Rechazado: {address} no es una dirección pública',
    'webhook.reason.timeout': 'Sin respuesta a tiempo',
    'webhook.reason.dns': 'No se pudo resolver el nombre del host',
    'webhook.reason.refused': 'Conexión rechazada',
    'webhook.reason.network': 'Error de red ({code})',
    'webhook.reason.error': 'Error de red; no entregado',
    'webhook.reason.unreachable': 'No se puede llegar al host',
    'webhook.reason.reset': 'El receptor cerró la conexión',
    'webhook.reason.tls': 'Certificado HTTPS no válido ({code})',
    'webhook.event.ping': 'Prueba',
    'webhook.reason.deleted': 'El webhook fue eliminado',
    'webhook.reason.shutdown': 'El servidor se detuvo; se volverá a intentar',
    'webhook.eventsRequired': 'Elija al menos un evento',
    'webhook.eventUnknown': 'Evento desconocido: {event}',
    'webhook.secretHelp': 'Para X-Signature: HMAC-SHA256(clave, marca de tiempo + "." + cuerpo)',
    'webhook.test': 'Probar',
    'webhook.deliveries': 'Entregas',
    'webhook.pingOk': 'Prueba entregada: el receptor respondió {status}',
    'webhook.pingFailed': 'La prueba falló: {answer}',
    'webhook.d.event': 'Evento',
    'webhook.d.status': 'Estado',
    'webhook.d.attempts': 'Intentos',
    'webhook.d.lastStatus': 'Último código',
    'webhook.d.lastAnswer': 'Motivo',
    'webhook.d.time': 'Hora',
    'webhook.status.pending': 'Reintentando',
    'webhook.status.success': 'Entregado',
    'webhook.status.failed': 'Fallido',
    'webhook.action.publish': 'Publicar',
    'webhook.action.unpublish': 'Retirar',
    'webhook.action.update': 'Modificar',
    'webhook.action.delete': 'Eliminar',
    'webhook.resource.news': 'Noticias',
    'webhook.resource.policy': 'Políticas',
    'webhook.resource.pageItem': 'Contenidos de página',
    'webhook.resource.banner': 'Banners',
    'webhook.f.debounceSeconds': 'Agrupar envíos (segundos)',
    'webhook.debounceHelp':
      '0 = enviar cada cambio al momento. Más de 0: una ráfaga de cambios se envía como un único evento site.changed, N segundos después del último cambio (como mucho 10×N segundos después del primero), para sitios que se generan de forma estática',
    'webhook.debounceInvalid': 'El agrupamiento debe ser un número entero de segundos entre 0 y 3600',
    'webhook.siteChanged': 'Cualquier cambio en el sitio (site.changed)',
    'webhook.siteChangedHelp':
      'Se envía cuando cambia cualquier cosa que muestra el sitio (también los tipos de contenido que se añadan después); el cuerpo lista las rutas afectadas y los eventos agrupados',
    'webhook.action.changed': 'Cambio',
    'webhook.resource.site': 'Todo el sitio',
    'webhook.resource.review': 'Revisión',
    'webhook.action.requested': 'Enviado a revisión (review.requested)',
    'webhook.action.decided': 'Revisión resuelta (review.decided)',
  },
});

/**
 * Events that are not one record's change, by group (`<group>.<event>`, subscribable beside the resources' ones): a
 * release's records went live together (`release.published`, issue 27; its body lists every delivery path of them).
 */
export const WEBHOOK_OTHER_EVENTS: Record<string, readonly string[]> = { release: ['published'] };
for (const [group, events] of Object.entries(WEBHOOK_OTHER_EVENTS)) WEBHOOK_EVENTS.push(...events.map((e) => `${group}.${e}`));

/** events as a comma-separated list (an array is accepted too); each must be known */
const eventsField = z
  .union([z.string(), z.array(z.string())], { error: 'webhook.eventsRequired' })
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))])
  .superRefine((list, ctx) => {
    if (!list.length) ctx.addIssue({ code: 'custom', message: 'webhook.eventsRequired' });
    const unknown = list.find(
      (e) => e !== SITE_CHANGED && !WEBHOOK_EVENTS.includes(e) && !(REVIEW_WEBHOOK_EVENTS as readonly string[]).includes(e),
    );
    if (unknown) ctx.addIssue({ code: 'custom', message: 'webhook.eventUnknown', params: { event: unknown.slice(0, 50) } });
  })
  .transform((list) => list.join(','));

/** whole seconds, 0 (off) to WEBHOOK_DEBOUNCE_MAX; absent or empty: 0 */
const debounceField = z.preprocess(
  (v) => (v == null || v === '' ? 0 : typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: 'webhook.debounceInvalid' })
    .int({ message: 'webhook.debounceInvalid' })
    .min(0, { message: 'webhook.debounceInvalid' })
    .max(WEBHOOK_DEBOUNCE_MAX, { message: 'webhook.debounceInvalid' }),
);

export const webhookResource = defineResource({
  name: 'webhook',
  module: 'webhook',
  table: 'webhook',
  label: 'webhook.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'name', type: 'text', label: 'webhook.f.name', list: true, sortable: true },
    { name: 'url', type: 'text', label: 'webhook.f.url', list: true },
    { name: 'events', type: 'text', label: 'webhook.f.events', list: true },
    /** write-only: set by a save (shown once, in that save's reply), never read back */
    { name: 'secret', type: 'text', label: 'webhook.f.secret', hidden: true },
    /** 1 when a secret is set */
    { name: 'secretSet', type: 'flag', label: 'webhook.f.secret', readOnly: true, list: true },
    /** 0: each change at once; N > 0: a burst folded into one `site.changed`, N s after its last change */
    { name: 'debounceSeconds', type: 'int', label: 'webhook.f.debounceSeconds', list: true },
    { name: 'enableFlag', type: 'flag', label: 'common.f.enableFlag', list: true, sortable: true },
    { name: 'createTime', type: 'datetime', label: 'common.f.createTime', readOnly: true, list: true, sortable: true },
  ],
  save: z.object({
    name: reqText('webhook.nameRequired', 100),
    url: reqText('webhook.urlRequired', 500).refine((v) => patterns.httpUrl.test(v), { message: 'webhook.urlInvalid' }),
    events: eventsField,
    secret: optText(200),
    debounceSeconds: debounceField,
    enableFlag: optFlag(1),
  }),
  filters: [{ param: 'name', field: 'name', op: 'like' }],
  endpoints: { list: webhookEndpoints.list, save: webhookEndpoints.save, del: webhookEndpoints.del },
  del: 'id',
  order: [['createTime', 'desc']],
  pageSize: 20,
});

/** the delivery list's query */
export const deliveryPageSchema = z.object({
  webhookId: id(),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
