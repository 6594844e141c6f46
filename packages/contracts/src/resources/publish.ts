import { z } from 'zod';
import { defineMessages } from '../i18n/index.js';
import type { FieldDef, FilterDef } from '../resource.js';

/**
 * Publish state of news, policies and page items (issue 11): `status` (draft | published), `publishTime`
 * (a published record whose publishTime is in the future is scheduled) and `offlineTime` (after it the record
 * is off the site). Live or not is decided at read time by comparing with now (`publishState`).
 */
export const PUBLISH_STATUSES = ['draft', 'published'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
/** what a list shows and filters by: the stored status read against now */
export const PUBLISH_STATES = ['draft', 'published', 'scheduled', 'offline'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const publishMessages = defineMessages({
  zh: {
    'publish.f.status': '发布状态',
    'publish.f.publishTime': '发布时间',
    'publish.f.offlineTime': '下线时间',
    'publish.state.draft': '草稿',
    'publish.state.published': '已发布',
    'publish.state.scheduled': '定时 {time}',
    'publish.state.offline': '已下线',
    'publish.status.draft': '草稿',
    'publish.status.published': '已发布',
    'publish.status.scheduled': '定时',
    'publish.status.offline': '已下线',
    'publish.statusInvalid': '发布状态只能是草稿或已发布',
    'publish.timeInvalid': '时间格式应为 yyyy-MM-dd HH:mm:ss',
    'publish.offlineBeforePublish': '下线时间必须晚于发布时间',
    'publish.published': '发布成功',
    'publish.scheduled': '已定时发布',
    'publish.unpublished': '已下线',
    'publish.saveDraft': '保存草稿',
    'publish.publish': '发布',
    'publish.unpublish': '下线',
    'publish.noPermission': '没有发布权限，只能保存草稿',
    'publish.pickTime': '发布时间（留空则立即发布）',
    'publish.pickOfflineTime': '下线时间（留空则一直在线）',
    'preview.button': '预览',
    'preview.notice': '预览：此页面展示的内容可能尚未发布',
    'preview.expired': '预览链接无效或已过期',
    'preview.formForbidden': '没有预览未保存内容的权限，只能预览已保存的内容',
    'preview.savedOnly': '预览的是已保存的内容，未保存的修改不在其中',
    'preview.tooLarge': '预览内容过大，不能超过 {limit}',
  },
  en: {
    'publish.f.status': 'Status',
    'publish.f.publishTime': 'Publish time',
    'publish.f.offlineTime': 'Offline time',
    'publish.state.draft': 'Draft',
    'publish.state.published': 'Published',
    'publish.state.scheduled': 'Scheduled {time}',
    'publish.state.offline': 'Offline',
    'publish.status.draft': 'Draft',
    'publish.status.published': 'Published',
    'publish.status.scheduled': 'Scheduled',
    'publish.status.offline': 'Offline',
    'publish.statusInvalid': 'Status must be draft or published',
    'publish.timeInvalid': 'The time must look like yyyy-MM-dd HH:mm:ss',
    'publish.offlineBeforePublish': 'The offline time must be after the publish time',
    'publish.published': 'Published',
    'publish.scheduled': 'Publishing scheduled',
    'publish.unpublished': 'Taken offline',
    'publish.saveDraft': 'Save draft',
    'publish.publish': 'Publish',
    'publish.unpublish': 'Take offline',
    'publish.noPermission': 'You may not publish; save it as a draft',
    'publish.pickTime': 'Publish time (empty: publish now)',
    'publish.pickOfflineTime': 'Offline time (empty: stays online)',
    'preview.button': 'Preview',
    'preview.notice': 'Preview: this content may not be published yet',
    'preview.expired': 'This preview link is invalid or has expired',
    'preview.formForbidden': 'You may not preview unsaved changes; only the saved record can be previewed',
    'preview.savedOnly': 'This preview shows the saved record; your unsaved changes are not in it',
    'preview.tooLarge': 'The preview is too large; the limit is {limit}',
  },
  es: {
    'publish.f.status': 'Estado',
    'publish.f.publishTime': 'Fecha de publicación',
    'publish.f.offlineTime': 'Fecha de retirada',
    'publish.state.draft': 'Borrador',
    'publish.state.published': 'Publicado',
    'publish.state.scheduled': 'Programado {time}',
    'publish.state.offline': 'Retirado',
    'publish.status.draft': 'Borrador',
    'publish.status.published': 'Publicado',
    'publish.status.scheduled': 'Programado',
    'publish.status.offline': 'Retirado',
    'publish.statusInvalid': 'El estado debe ser borrador o publicado',
    'publish.timeInvalid': 'La fecha debe tener la forma yyyy-MM-dd HH:mm:ss',
    'publish.offlineBeforePublish': 'La fecha de retirada debe ser posterior a la de publicación',
    'publish.published': 'Publicado',
    'publish.scheduled': 'Publicación programada',
    'publish.unpublished': 'Retirado del sitio',
    'publish.saveDraft': 'Guardar borrador',
    'publish.publish': 'Publicar',
    'publish.unpublish': 'Retirar',
    'publish.noPermission': 'No puede publicar; guárdelo como borrador',
    'publish.pickTime': 'Fecha de publicación (vacía: publicar ahora)',
    'publish.pickOfflineTime': 'Fecha de retirada (vacía: sigue en línea)',
    'preview.button': 'Vista previa',
    'preview.notice': 'Vista previa: este contenido puede no estar publicado aún',
    'preview.expired': 'Este enlace de vista previa no es válido o ha caducado',
    'preview.formForbidden': 'No puede previsualizar cambios sin guardar; solo se puede previsualizar el registro guardado',
    'preview.savedOnly': 'La vista previa muestra el registro guardado; sus cambios sin guardar no aparecen',
    'preview.tooLarge': 'La vista previa es demasiado grande; el límite es {limit}',
  },
});

/** An optional `YYYY-MM-DD HH:mm:ss` (also `YYYY-MM-DD HH:mm`); empty means none. */
export const optDateTime = () =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) =>
      v == null ? v : v.trim() === '' ? null : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v.trim()) ? `${v.trim()}:00` : v.trim(),
    )
    .refine((v) => v == null || (DATETIME.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T')))), { message: 'publish.timeInvalid' });

/** The message key when an offline time is not after the publish time, else null. */
export function checkSchedule(publishTime: string | null | undefined, offlineTime: string | null | undefined): string | null {
  if (publishTime && offlineTime && offlineTime <= publishTime) return 'publish.offlineBeforePublish';
  return null;
}

/** The save fields of a publishable resource (spread into its save schema). Absent status keeps the stored one. */
export const publishSave = {
  status: z.enum(PUBLISH_STATUSES, { error: 'publish.statusInvalid' }).optional(),
  publishTime: optDateTime(),
  offlineTime: optDateTime(),
};

/** The time window of a banner (beside its enableFlag). */
export const scheduleSave = {
  publishTime: optDateTime(),
  offlineTime: optDateTime(),
};

/** a save schema refinement: offline after publish (when both are on the form) */
export const scheduleRule = (v: { publishTime?: string | null; offlineTime?: string | null }, ctx: z.RefinementCtx) => {
  const err = checkSchedule(v.publishTime, v.offlineTime);
  if (err) ctx.addIssue({ code: 'custom', message: err, path: ['offlineTime'] });
};

/** The contract fields of a publishable resource. */
export const publishFields: FieldDef[] = [
  { name: 'status', type: 'code', label: 'publish.f.status', list: true, sortable: true },
  { name: 'publishTime', type: 'datetime', label: 'publish.f.publishTime', sortable: true, nullable: true },
  { name: 'offlineTime', type: 'datetime', label: 'publish.f.offlineTime', nullable: true },
];
export const scheduleFields: FieldDef[] = [
  { name: 'publishTime', type: 'datetime', label: 'publish.f.publishTime', nullable: true },
  { name: 'offlineTime', type: 'datetime', label: 'publish.f.offlineTime', nullable: true },
];

/**
 * The list filter by publish state (草稿 / 已发布 / 定时 / 已下线), decided at read time against now like the
 * tag (`publishState`); the options are what the list screen offers and the server accepts.
 */
export const publishFilter = {
  param: 'status',
  field: 'status',
  op: 'publishState',
  options: PUBLISH_STATES.map((s) => ({ value: s, label: `publish.status.${s}` })),
} as const satisfies FilterDef;

/** The state shown for a record at `now` (`YYYY-MM-DD HH:mm:ss` in the site's time zone). */
export function publishState(r: { status?: unknown; publishTime?: unknown; offlineTime?: unknown }, now: string): PublishState {
  if (r.status === 'draft') return 'draft';
  if (typeof r.offlineTime === 'string' && r.offlineTime && r.offlineTime <= now) return 'offline';
  if (typeof r.publishTime === 'string' && r.publishTime && r.publishTime > now) return 'scheduled';
  return 'published';
}

/** Endpoint keys every publishable resource declares (publish, unpublish, preview). */
export interface PublishEndpoints<E> {
  publish: E;
  unpublish: E;
}
