import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import type { FieldDef, FilterDef } from '../resource.js';
import { id } from '../validators.js';

/**
 * Publish state of news, policies and page items (issue 11): `status` (draft | published), `publishTime`
 * (a published record whose publishTime is in the future is scheduled) and `offlineTime` (after it the record
 * is off the site). Live or not is decided at read time by comparing with now (`publishState`).
 */
export const PUBLISH_STATUSES = ['draft', 'published'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

import { PUBLISH_STATES, type PublishState } from '../list.js';

export { PUBLISH_STATES, type PublishState, publishState, shownPublishState } from '../list.js';

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
    'publish.state.withDraft': '{state}（有草稿）',
    'publish.status.pendingDraft': '有草稿',
    'publish.saveAndPublish': '保存并发布',
    'publish.updateLive': '更新发布内容',
    'publish.republish': '重新发布',
    'publish.schedule': '定时发布…',
    'publish.more': '更多',
    'publish.discardDraft': '放弃草稿',
    'publish.draftSaved': '草稿已保存，网站上仍显示已发布的版本',
    'publish.heldAsDraft': '已保存为草稿，发布需要发布权限',
    'publish.heldHint': '没有发布权限：修改保存为草稿，由有发布权限的人发布',
    'publish.draftDiscarded': '已放弃草稿',
    'publish.noDraft': '没有待发布的草稿',
    'publish.draftInfo': '草稿 {time}（{user}），尚未发布',
    'publish.confirmUnpublish': '确认下线"{title}"吗？下线后网站将不再显示',
    'publish.confirmDiscard': '确认放弃草稿吗？表单将恢复为网站上已发布的内容',
    'publish.noPublishRight': '没有发布权限',
    'publish.noUnpublishRight': '没有下线权限',
    'publish.draftFlagInvalid': '草稿标记 draft 只能是 true 或 false',
    'preview.siteSavedOnly': '网站预览显示已保存的内容（含草稿）；未保存的修改请先保存草稿再预览',
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
    'publish.state.withDraft': '{state} (draft pending)',
    'publish.status.pendingDraft': 'Draft pending',
    'publish.saveAndPublish': 'Save and publish',
    'publish.updateLive': 'Update published content',
    'publish.republish': 'Publish again',
    'publish.schedule': 'Schedule…',
    'publish.more': 'More',
    'publish.discardDraft': 'Discard draft',
    'publish.draftSaved': 'Draft saved; the website still shows the published version',
    'publish.heldAsDraft': 'Saved as a draft; publishing needs the publish permission',
    'publish.heldHint': 'You may not publish: your edits are saved as a draft for someone who may publish',
    'publish.draftDiscarded': 'Draft discarded',
    'publish.noDraft': 'There is no pending draft',
    'publish.draftInfo': 'Draft of {time} ({user}), not published yet',
    'publish.confirmUnpublish': 'Take "{title}" offline? The website will no longer show it',
    'publish.confirmDiscard': 'Discard the draft? The form goes back to the published content',
    'publish.noPublishRight': 'You may not publish',
    'publish.noUnpublishRight': 'You may not take content offline',
    'publish.draftFlagInvalid': 'The draft flag must be true or false',
    'preview.siteSavedOnly':
      'The website preview shows what is saved (drafts included); save a draft first to preview your unsaved changes',
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
    'publish.state.withDraft': '{state} (con borrador)',
    'publish.status.pendingDraft': 'Con borrador',
    'publish.saveAndPublish': 'Guardar y publicar',
    'publish.updateLive': 'Actualizar lo publicado',
    'publish.republish': 'Publicar de nuevo',
    'publish.schedule': 'Programar…',
    'publish.more': 'Más',
    'publish.discardDraft': 'Descartar borrador',
    'publish.draftSaved': 'Borrador guardado; el sitio sigue mostrando la versión publicada',
    'publish.heldAsDraft': 'Guardado como borrador; publicar requiere el permiso de publicación',
    'publish.heldHint': 'No puede publicar: sus cambios se guardan como borrador para quien pueda publicar',
    'publish.draftDiscarded': 'Borrador descartado',
    'publish.noDraft': 'No hay ningún borrador pendiente',
    'publish.draftInfo': 'Borrador del {time} ({user}), aún sin publicar',
    'publish.confirmUnpublish': '¿Retirar «{title}»? El sitio web dejará de mostrarlo',
    'publish.confirmDiscard': '¿Descartar el borrador? El formulario vuelve al contenido publicado',
    'publish.noPublishRight': 'No tiene permiso para publicar',
    'publish.noUnpublishRight': 'No tiene permiso para retirar contenido',
    'publish.draftFlagInvalid': 'La marca draft debe ser true o false',
    'preview.siteSavedOnly':
      'La vista previa del sitio muestra lo guardado (borradores incluidos); guarde un borrador para ver sus cambios sin guardar',
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

import { checkSchedule } from '../form.js';

export { checkSchedule } from '../form.js';

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

/** the list filter's extra value: records with a pending draft (已发布（有草稿）, whatever their state) */
export const PENDING_DRAFT = 'pendingDraft';

/**
 * The list filter by publish state (草稿 / 已发布 / 定时 / 已下线), decided at read time against now like the
 * tag (`publishState`); the options are what the list screen offers and the server accepts.
 */
export const publishFilter = {
  param: 'status',
  field: 'status',
  op: 'publishState',
  options: [...PUBLISH_STATES, PENDING_DRAFT].map((s) => ({ value: s, label: `publish.status.${s}` })),
} as const satisfies FilterDef;

/** Endpoint keys every publishable resource declares (publish, unpublish, preview). */
export interface PublishEndpoints<E> {
  publish: E;
  unpublish: E;
}

/**
 * Pending drafts (issue 23). A save of a publishable record with `draft: true`:
 * - a new record is created as a draft (status `draft`, no publish permission needed);
 * - a record on the website, or scheduled for it (已发布 / 定时), keeps the edit as a pending draft, stored apart,
 *   while the published version stays live: the save permission is enough, the record, its state and the
 *   delivery API do not change (revisions and the operation log record it, action `draft`);
 * - a draft or offline record (not on the site) is saved in place, its state kept.
 * A save without the flag (every legacy call) writes the record as before and drops a pending draft (the edit
 * form showed the draft, so what it saves contains it). A caller without the resource's publish permission only ever
 * drafts: its plain save of a record on the site (or scheduled) keeps a pending draft as `draft: true` would (answered
 * `publish.heldAsDraft`), its new record is a draft whatever status it omits, and changing a publish field (status,
 * publishTime, offlineTime) is refused 403 `publish.noPermission` (an unchanged one, as the form echoes it, is ignored). The publish call puts a pending draft into the record
 * (one `publish` event: revision, log and webhook follow) before publishing; `/publish/discardDraft` drops it.
 */
export const draftEndpoints = defineEndpoints('publish', {
  /** `?resource=news&id=12`: needs the resource's save permission */
  discard: { path: '/publish/discardDraft', kind: 'session', name: '放弃草稿' },
});

export const discardDraftSchema = z.object({ resource: z.string({ error: 'err.badRequest' }).max(40), id: id() });

/** the save flag `draft`: true / false (also 1 / 0 and their strings); absent is false */
export const draftFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0']), z.null()], { error: 'publish.draftFlagInvalid' })
  .optional()
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/**
 * What the staff list rows and the get reply of a publishable record add (computed by the server): the state at
 * the server's now in TZ_NAME (the admin's tag never reads the browser's clock), and its pending draft. The get
 * reply answers the record with the draft's fields applied (what the edit form shows).
 */
export interface PublishInfo {
  publishState: PublishState;
  hasDraft: boolean;
  /** when the pending draft was last saved, and by whom */
  draftTime?: string | null;
  draftUser?: string | null;
}

/** the fields of a pending draft: a draft holds content, never the publish state or its times */
export const PUBLISH_FIELD_NAMES: readonly string[] = ['status', 'publishTime', 'offlineTime'];
