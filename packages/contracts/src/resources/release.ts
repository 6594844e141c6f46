import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { allResources, type ResourceDef } from '../resource.js';
import { id, ids, optFilter, paging } from '../validators.js';
import { deliveryVisibility } from './delivery.js';

/**
 * 发布计划 (releases, issue 27): a group of records of publishable (or scheduled-window) resources — news, banners,
 * page items, jobs … — that go live, or offline, together at one time. At its time (the ticker, any number of
 * processes, exactly one takes it) its records are validated and checked together (save rules, 审核, 广告法 / 敏感词)
 * and published in one transaction with the release's times, or none is and the release records why. Its webhook
 * event (`release.published`) lists every path. 发布日历 shows scheduled publishes, offline times and releases.
 */
export const releaseEndpoints = defineEndpoints('release', {
  page: { path: '/release/getReleasePage', kind: 'read', name: '发布计划列表', screen: ['ReleaseList', 'ReleaseCalendar'] },
  get: { path: '/release/getRelease', kind: 'read', name: '发布计划详情', screen: ['ReleaseDetails', 'ReleaseCalendar'] },
  save: { path: '/release/saveRelease', kind: 'write', name: '保存发布计划', screen: 'ReleaseList' },
  del: { path: '/release/delRelease', kind: 'write', name: '删除发布计划', screen: 'ReleaseList' },
  /** body `{ start, end }` (yyyy-MM-dd HH:mm:ss or yyyy-MM-dd) → `CalendarEntry[]` */
  calendar: { path: '/release/getCalendar', kind: 'read', name: '发布日历', screen: 'ReleaseCalendar' },
});

/**
 * `scheduled`: waiting for its time; `running`: taken by one process at its time; `done`: its records went live
 * (and offline at offlineTime); `failed`: none did, `reason` says why; `cancelled`: deleted items etc.
 */
export const RELEASE_STATES = ['scheduled', 'running', 'done', 'failed'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];
/** most records in one release */
export const RELEASE_MAX_ITEMS = 200;

export interface ReleaseItem {
  resource: string;
  id: number;
  /** as the list shows it (read back, not stored) */
  title?: string | null;
  resourceLabel?: string;
  /** the record's publish state now */
  publishState?: string | null;
  /** the record's check problems found at the last check (names the field and word) */
  problems?: string[];
}

export interface ReleaseRow {
  id: number;
  name: string;
  publishTime: string;
  offlineTime: string | null;
  state: ReleaseState;
  /** why it failed (one line per problem, in the language of the process that ran it: zh) */
  reason: string | null;
  itemCount: number;
  createUser: string | null;
  createTime: string;
  doneTime: string | null;
}
export interface ReleaseDetail extends ReleaseRow {
  items: ReleaseItem[];
}

/** what the calendar shows */
export const CALENDAR_KINDS = ['publish', 'offline', 'release'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export interface CalendarEntry {
  kind: CalendarKind;
  /** `publish` / `offline`: a record's scheduled publish or offline time; `release`: a release's publish time */
  time: string;
  resource: string | null;
  resourceLabel: string | null;
  /** the record's id, or the release's */
  id: number;
  title: string;
  /** release: its state; a record: its publish state */
  state: string;
  /** whether the caller may drag it (the record's publish permission / the release save permission, and not past) */
  movable: boolean;
  /** a record's (or release's) two times as stored, so a move of one keeps the other */
  publishTime: string | null;
  offlineTime: string | null;
  /** a record with a pending draft (保存草稿 of live content): a move through its publish call puts the draft live */
  pendingDraft?: boolean;
}

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const time = (message: string) => z.string({ error: message }).regex(DATETIME, { message: 'publish.timeInvalid' });

export const releaseSaveSchema = z.object({
  id: z.union([id(), z.null()]).optional(),
  name: z.string({ error: 'release.nameRequired' }).trim().min(1, { message: 'release.nameRequired' }).max(100, { message: 'v.tooLong' }),
  publishTime: time('release.publishTimeRequired'),
  offlineTime: z
    .union([time('publish.timeInvalid'), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  items: z
    .array(z.object({ resource: z.string().min(1).max(40), id: id() }), { error: 'release.itemsRequired' })
    .min(1, { message: 'release.itemsRequired' })
    .max(RELEASE_MAX_ITEMS, { message: 'release.tooManyItems' }),
});
export const releasePageSchema = z.looseObject({ ...paging, name: optFilter(100), state: optFilter(20) });
export const releaseDelSchema = z.object({ ids: ids() });
const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
export const calendarSchema = z.object({
  start: z.string({ error: 'v.date' }).regex(DAY_OR_TIME, { message: 'v.date' }),
  end: z.string({ error: 'v.date' }).regex(DAY_OR_TIME, { message: 'v.date' }),
});

/**
 * The resources a release may hold: the publishable ones (news, policies, page items, jobs …: published with the
 * release's times) and those with a publish window but no status (banners, `visible: 'window'`: enabled with the
 * window's times).
 */
export function isReleasable(def: ResourceDef): boolean {
  if (def.publishable) return true;
  return deliveryVisibility(def) === 'window' && def.fields.some((f) => f.name === 'publishTime') && !!def.endpoints.save;
}
export const releasableResources = (): ResourceDef[] => allResources().filter(isReleasable);

/**
 * The permission that puts a record of `def` on the site: its publish call, or (a window without a status) its save.
 * Nobody schedules in a release what they could not publish themselves.
 */
export function releasePermission(def: ResourceDef): string {
  return def.publishable ? def.publishable.publish.path : def.endpoints.save!.path;
}

/** the webhook event of a release whose records went live (its body lists every delivery path of them) */
export const RELEASE_PUBLISHED = 'release.published';

export const releaseMessages = defineMessages({
  zh: {
    'release.nameRequired': '请输入发布计划名称',
    'release.publishTimeRequired': '请选择发布时间',
    'release.itemsRequired': '请至少选择一条内容',
    'release.tooManyItems': '一个发布计划最多包含 200 条内容',
    'release.publishTimePast': '发布时间必须晚于当前时间',
    'release.resourceInvalid': '“{resource}”不能加入发布计划，只能选择可发布的内容或轮播图',
    'release.itemDuplicate': '{resource}“{title}”重复加入了发布计划',
    'release.itemMissing': '{resource}（编号 {id}）不存在或已被删除',
    'release.noPublishRight': '没有{resource}的发布权限，不能把它加入发布计划',
    'release.itemTaken': '{resource}“{title}”已在待发布的发布计划“{release}”中',
    'release.notEditable': '发布计划“{name}”{state}，只有待发布的发布计划可以修改或删除',
    'release.state.scheduled': '待发布',
    'release.state.running': '发布中',
    'release.state.done': '已发布',
    'release.state.failed': '失败',
    'release.problem': '{resource}“{title}”：{problem}',
    'release.recordGone': '记录不存在或已被删除',
    'release.error': '发布时出错：{message}',
    'release.saved': '发布计划已保存',
    'release.deleted': '发布计划已删除',
    'webhook.resource.release': '发布计划',
    'webhook.action.published': '整体发布',
  },
  en: {
    'release.nameRequired': 'Enter the name of the release',
    'release.publishTimeRequired': 'Choose the publish time',
    'release.itemsRequired': 'Choose at least one record',
    'release.tooManyItems': 'A release holds at most 200 records',
    'release.publishTimePast': 'The publish time must be in the future',
    'release.resourceInvalid': '"{resource}" cannot be in a release; choose publishable content or banners',
    'release.itemDuplicate': '{resource} "{title}" is in the release twice',
    'release.itemMissing': '{resource} (no. {id}) does not exist or has been deleted',
    'release.noPublishRight': 'You may not publish {resource}, so you cannot put it in a release',
    'release.itemTaken': '{resource} "{title}" is already in the scheduled release "{release}"',
    'release.notEditable': 'The release "{name}" is {state}; only a scheduled release can be changed or deleted',
    'release.state.scheduled': 'Scheduled',
    'release.state.running': 'Publishing',
    'release.state.done': 'Published',
    'release.state.failed': 'Failed',
    'release.problem': '{resource} "{title}": {problem}',
    'release.recordGone': 'The record does not exist or has been deleted',
    'release.error': 'Publishing failed: {message}',
    'release.saved': 'Release saved',
    'release.deleted': 'Release deleted',
    'webhook.resource.release': 'Releases',
    'webhook.action.published': 'Published together',
  },
  es: {
    'release.nameRequired': 'Escriba el nombre del lanzamiento',
    'release.publishTimeRequired': 'Elija la fecha de publicación',
    'release.itemsRequired': 'Elija al menos un registro',
    'release.tooManyItems': 'Un lanzamiento contiene como mucho 200 registros',
    'release.publishTimePast': 'La fecha de publicación debe ser futura',
    'release.resourceInvalid': '«{resource}» no puede estar en un lanzamiento; elija contenido publicable o banners',
    'release.itemDuplicate': '{resource} «{title}» está dos veces en el lanzamiento',
    'release.itemMissing': '{resource} (n.º {id}) no existe o ha sido eliminado',
    'release.noPublishRight': 'No tiene permiso para publicar {resource}, así que no puede ponerlo en un lanzamiento',
    'release.itemTaken': '{resource} «{title}» ya está en el lanzamiento programado «{release}»',
    'release.notEditable': 'El lanzamiento «{name}» está {state}; solo un lanzamiento programado se puede modificar o eliminar',
    'release.state.scheduled': 'Programado',
    'release.state.running': 'Publicándose',
    'release.state.done': 'Publicado',
    'release.state.failed': 'Fallido',
    'release.problem': '{resource} «{title}»: {problem}',
    'release.recordGone': 'El registro no existe o ha sido eliminado',
    'release.error': 'Error al publicar: {message}',
    'release.saved': 'Lanzamiento guardado',
    'release.deleted': 'Lanzamiento eliminado',
    'webhook.resource.release': 'Lanzamientos',
    'webhook.action.published': 'Publicado en conjunto',
  },
});
