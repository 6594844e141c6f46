import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { menuTree } from '../menu.js';
import { allResources } from '../resource.js';
import type { TranslationStatus } from '../translation.js';
import { type PublishState, publishFilter } from './publish.js';

/** The home page's figures: content counts per area, my recent edits, the latest changes, failed logins (admins). */
export const dashboardEndpoints = defineEndpoints('dashboard', {
  stats: { path: '/dashboard/getStats', kind: 'session', name: '首页统计' },
});

/**
 * The areas counted on the home page: every resource described `dashboard: true` that has a list screen in the
 * menu, in menu order, with that screen's url.
 */
export function dashboardAreas(): { resource: string; url: string }[] {
  const counted = new Set(
    allResources()
      .filter((r) => r.dashboard)
      .map((r) => r.name),
  );
  return menuTree()
    .flatMap((m) => m.children ?? [])
    .filter((c) => c.list && counted.has(c.list))
    .map((c) => ({ resource: c.list!, url: c.url }));
}

/** A list screen filtered by publish state (the list keeps its filters in the URL query). */
export const statusListUrl = (url: string, state: PublishState) => `${url}?${new URLSearchParams({ [publishFilter.param]: state })}`;

/** A list screen filtered by translation status in a content locale (`?translationLocale=en&translationStatus=missing`). */
export const translationListUrl = (url: string, locale: string, status: TranslationStatus) =>
  `${url}?${new URLSearchParams({ translationLocale: locale, translationStatus: status })}`;

/** The details screen (a hidden menu route, `?id=`) opened from a list screen, if it has one. */
const detailsOf = (listUrl: string) =>
  menuTree()
    .flatMap((m) => m.children ?? [])
    .find((c) => c.isHidden && c.activeMenu === listUrl)?.url ?? null;

/**
 * Where a change on the home page leads: a deleted record to the recycle bin (where it can be restored), a
 * purged one nowhere, any other to its details screen, else its list; null for what has no screen of its own.
 */
export function changeUrl(module: string, action: string, recordId: number | null): string | null {
  if (action === 'delete') return '/recycle/recycle-list';
  const area = dashboardAreas().find((a) => a.resource === module);
  if (action === 'purge' || !area) return null;
  const details = detailsOf(area.url);
  return details && recordId != null ? `${details}?id=${recordId}` : area.url;
}

/** The operation log filtered to refused logins since a day (`YYYY-MM-DD`). */
export const failedLoginsUrl = (since: string) =>
  `/monitor/operlog-list?${new URLSearchParams({ module: 'auth', action: 'login', result: '0', startTime: since })}`;

/** Drafts and scheduled items (published with a publish time still to come) of one area. */
export interface DashboardWaiting {
  resource: string;
  name: string;
  drafts: number;
  /** the list filtered to drafts */
  draftsUrl: string;
  scheduled: number;
  /** the list filtered to scheduled records */
  scheduledUrl: string;
}

/** What waits for translation in one translatable area and one non-default content locale. */
export interface DashboardTranslation {
  resource: string;
  name: string;
  /** the content locale (`en`) */
  locale: string;
  /** records with no translated text in it */
  missing: number;
  /** records whose default-locale text changed after the translation */
  outdated: number;
  /** the list filtered to the missing ones (`translationListUrl`; the outdated: the same with `outdated`) */
  url: string;
}

export interface DashboardChange {
  id: number;
  operTime: string;
  userName: string;
  module: string;
  moduleName: string;
  action: string;
  actionName: string;
  recordId: number | null;
  title: string;
  /** the screen it links to (`changeUrl`), null: none */
  url: string | null;
}

export interface DashboardStats {
  counts: { resource: string; name: string; url: string; count: number }[];
  /** drafts and scheduled items per publishable area the user may list */
  waiting: DashboardWaiting[];
  /** per translatable area the user may list × non-default content locale (always sent by the server) */
  translations?: DashboardTranslation[];
  recycled: number | null;
  myEdits: DashboardChange[];
  /** null when the user may not read the operation log */
  latest: DashboardChange[] | null;
  /** failed logins in the last 24 hours (administrators only, else null) */
  failedLogins: number | null;
  /** the operation log filtered to them */
  failedLoginsUrl: string | null;
}

export const dashboardMessages = defineMessages({
  zh: {
    'home.counts': '内容概况',
    'home.myEdits': '我最近的修改',
    'home.latest': '最新变更',
    'home.failedLogins': '近 24 小时登录失败',
    'home.recycled': '回收站',
    'home.noEdits': '暂无记录',
    'home.times': '{count} 次',
    'home.waiting': '待发布',
    'home.drafts': '草稿 {count}',
    'home.scheduled': '定时 {count}',
    'home.translations': '待翻译',
    'home.translationMissing': '未翻译 {count}',
    'home.translationOutdated': '待更新 {count}',
  },
  en: {
    'home.counts': 'Content',
    'home.myEdits': 'My recent edits',
    'home.latest': 'Latest changes',
    'home.failedLogins': 'Failed logins (24 h)',
    'home.recycled': 'Recycle bin',
    'home.noEdits': 'Nothing yet',
    'home.times': '{count} times',
    'home.waiting': 'Waiting to go live',
    'home.drafts': '{count} drafts',
    'home.scheduled': '{count} scheduled',
    'home.translations': 'Awaiting translation',
    'home.translationMissing': '{count} missing',
    'home.translationOutdated': '{count} outdated',
  },
  es: {
    'home.counts': 'Contenido',
    'home.myEdits': 'Mis cambios recientes',
    'home.latest': 'Últimos cambios',
    'home.failedLogins': 'Inicios de sesión fallidos (24 h)',
    'home.recycled': 'Papelera',
    'home.noEdits': 'Nada todavía',
    'home.times': '{count} veces',
    'home.waiting': 'Pendiente de publicar',
    'home.drafts': '{count} borradores',
    'home.scheduled': '{count} programados',
    'home.translations': 'Pendiente de traducir',
    'home.translationMissing': '{count} sin traducir',
    'home.translationOutdated': '{count} desactualizadas',
  },
});
