import { normalizeViewUrl as normalize } from '@gk/contracts/views';
import type { ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from '../app/lazyPreload';

/**
 * The view registry: the screen of each menu url, loaded on demand.
 * Register one line per url, e.g. `registerView('/news/news-list', () => import('./news/NewsList'), { list: 'news' });`
 * A menu url without a registered view routes to the 404 page (no placeholder screens).
 */
export type ViewLoader = () => Promise<{
  default: ComponentType;
  /** starts the screen's first requests for these search params (a list: `listPreload`), before it renders */
  preload?: (params: URLSearchParams) => void;
}>;

const loaders = new Map<string, ViewLoader>();
const lists = new Map<string, string>();
const lazies = new Map<string, PreloadableComponent<object>>();

/**
 * `list`: the view is the list screen of this resource (its `preload` is `listPreload({ resource })`, checked in
 * views.test.ts): the entry starts its first page on a cold load without waiting for its code (app/firstList.ts).
 */
export function registerView(url: string, loader: ViewLoader, options: { list?: string } = {}): void {
  const key = normalize(url);
  loaders.set(key, loader);
  lazies.delete(key);
  if (options.list) lists.set(key, options.list);
  else lists.delete(key);
}

/** the resource whose list the view of this url shows, if it is a list screen */
export function listOf(url: string): string | undefined {
  return lists.get(normalize(url));
}

export function hasView(url: string): boolean {
  return loaders.has(normalize(url));
}

let onViewLoadStart: ((pathname: string, search: string) => void) | null = null;

/**
 * What to start when the module of the address's view starts loading (app/: the list's first page and columns,
 * `startFirstList`), so a navigation to a screen not yet loaded asks for its data beside its code, not after it.
 */
export function onViewLoad(start: (pathname: string, search: string) => void): void {
  onViewLoadStart = start;
}

/**
 * The lazy component of a url (one per url, so a view keeps its identity), or undefined. Once its module is
 * in (preloadView), it renders without suspending. When the module arrives while its url is the address, the
 * view's `preload` starts the screen's first requests at once (they do not wait for the screen to render).
 */
export function lazyView(url: string): PreloadableComponent<object> | undefined {
  const key = normalize(url);
  const loader = loaders.get(key);
  if (!loader) return undefined;
  let c = lazies.get(key);
  if (!c) {
    c = lazyWithPreload(() => {
      if (normalize(window.location.pathname) === key) onViewLoadStart?.(window.location.pathname, window.location.search);
      return loader().then((m) => {
        if (normalize(window.location.pathname) === key) m.preload?.(new URLSearchParams(window.location.search));
        return m;
      });
    });
    lazies.set(key, c);
  }
  return c;
}

/**
 * Starts loading the view of a url (the first screen, alongside the user info and the layout); resolves when it is
 * in, or has failed (the view's error boundary reports that when it renders); no view: resolves at once.
 */
export function preloadView(url: string): Promise<void> {
  return (
    lazyView(url)
      ?.preload()
      .then(
        () => undefined,
        () => undefined,
      ) ?? Promise.resolve()
  );
}

export function registeredUrls(): string[] {
  return [...loaders.keys()];
}

// ---- the shell's own views ----
registerView('/dashboard/home', () => import('./dashboard/Home'));

// ---- menu views (one line each) ----
registerView('/news/news-type', () => import('./news/NewsType'), { list: 'newsType' });
registerView('/news/news-list', () => import('./news/NewsList'), { list: 'news' });
registerView('/news/news-details', () => import('./news/NewsDetails'));
registerView('/link/link-list', () => import('./link/LinkList'), { list: 'link' });
registerView('/userInfo/userInfo-list', () => import('./userInfo/UserInfoList'), { list: 'userInfo' });
registerView('/recycle/recycle-list', () => import('./recycle/RecycleList'));
registerView('/monitor/operlog-list', () => import('./log/OperLogList'));
registerView('/monitor/online-list', () => import('./monitor/OnlineList'), { list: 'onlineUser' });
registerView('/monitor/loginlog-list', () => import('./monitor/LoginLogList'), { list: 'loginLog' });
registerView('/contact/contact-list', () => import('./contact/ContactList'), { list: 'contact' });
registerView('/contact/contact-details', () => import('./contact/ContactDetails'));
registerView('/contact/company-details', () => import('./contact/CompanyDetails'));
registerView('/waybill/waybill-list', () => import('./waybill/WaybillList'), { list: 'waybill' });
registerView('/waybill/waybill-details', () => import('./waybill/WaybillDetails'));
registerView('/banner/banner-list', () => import('./banner/BannerList'), { list: 'banner' });
registerView('/banner/banner-details', () => import('./banner/BannerDetails'));
registerView('/policy/policy-list', () => import('./policy/PolicyList'), { list: 'policy' });
registerView('/policy/policy-details', () => import('./policy/PolicyDetails'));
registerView('/page/page-list', () => import('./page/PageList'), { list: 'page' });
registerView('/page/pageItems-list', () => import('./page/PageItemsList'), { list: 'pageItem' });
registerView('/page/page-details', () => import('./page/PageDetails'));
registerView('/business/business-type-list', () => import('./business/BusinessTypeList'), { list: 'businessType' });
registerView('/business/business-type-details', () => import('./business/BusinessTypeDetails'));
registerView('/business/business-list', () => import('./business/BusinessList'), { list: 'business' });
registerView('/business/business-details', () => import('./business/BusinessDetails'));
registerView('/application/application-type-list', () => import('./application/ApplicationTypeList'), { list: 'applicationType' });
registerView('/application/application-list', () => import('./application/ApplicationList'), { list: 'application' });
registerView('/application/application-details', () => import('./application/ApplicationDetails'));
registerView('/supplier/supplier-list', () => import('./supplier/SupplierList'), { list: 'supplier' });
registerView('/supplier/supplier-details', () => import('./supplier/SupplierDetails'));
registerView('/product/product-list', () => import('./product/ProductList'), { list: 'product' });
registerView('/product/product-details', () => import('./product/ProductDetails'));
registerView('/system/role-list', () => import('./system/RoleList'), { list: 'role' });
registerView('/system/role-details', () => import('./system/RoleDetails'));
registerView('/system/menu-settings', () => import('./system/MenuSettings'));
registerView('/system/api-docs', () => import('./system/ApiDocs'));
registerView('/webhook/webhook-list', () => import('./webhook/WebhookList'), { list: 'webhook' });
