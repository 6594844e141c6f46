import type { ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from '../app/lazyPreload';

/**
 * The view registry: the screen of each menu url, loaded on demand.
 * Register one line per url, e.g. `registerView('/news/news-list', () => import('./news/NewsList'));`
 * A menu url without a registered view routes to the 404 page (no placeholder screens).
 */
export type ViewLoader = () => Promise<{
  default: ComponentType;
  /** starts the screen's first requests for these search params (a list: `listPreload`), before it renders */
  preload?: (params: URLSearchParams) => void;
}>;

const loaders = new Map<string, ViewLoader>();
const lazies = new Map<string, PreloadableComponent<object>>();

function normalize(url: string): string {
  const u = url.split('?')[0].replace(/\/+$/, '');
  return (u.startsWith('/') ? u : `/${u}`).toLowerCase();
}

export function registerView(url: string, loader: ViewLoader): void {
  const key = normalize(url);
  loaders.set(key, loader);
  lazies.delete(key);
}

export function hasView(url: string): boolean {
  return loaders.has(normalize(url));
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
    c = lazyWithPreload(() =>
      loader().then((m) => {
        if (normalize(window.location.pathname) === key) m.preload?.(new URLSearchParams(window.location.search));
        return m;
      }),
    );
    lazies.set(key, c);
  }
  return c;
}

/** Starts loading the view of a url (the first screen, alongside the user info and the layout); no view: nothing. */
export function preloadView(url: string): void {
  lazyView(url)
    ?.preload()
    .catch(() => undefined);
}

export function registeredUrls(): string[] {
  return [...loaders.keys()];
}

// ---- the shell's own views ----
registerView('/dashboard/home', () => import('./dashboard/Home'));

// ---- menu views (one line each) ----
registerView('/news/news-type', () => import('./news/NewsType'));
registerView('/news/news-list', () => import('./news/NewsList'));
registerView('/news/news-details', () => import('./news/NewsDetails'));
registerView('/link/link-list', () => import('./link/LinkList'));
registerView('/userInfo/userInfo-list', () => import('./userInfo/UserInfoList'));
registerView('/recycle/recycle-list', () => import('./recycle/RecycleList'));
registerView('/monitor/operlog-list', () => import('./log/OperLogList'));
registerView('/monitor/online-list', () => import('./monitor/OnlineList'));
registerView('/monitor/loginlog-list', () => import('./monitor/LoginLogList'));
registerView('/contact/contact-list', () => import('./contact/ContactList'));
registerView('/contact/contact-details', () => import('./contact/ContactDetails'));
registerView('/contact/company-details', () => import('./contact/CompanyDetails'));
registerView('/waybill/waybill-list', () => import('./waybill/WaybillList'));
registerView('/waybill/waybill-details', () => import('./waybill/WaybillDetails'));
registerView('/banner/banner-list', () => import('./banner/BannerList'));
registerView('/banner/banner-details', () => import('./banner/BannerDetails'));
registerView('/policy/policy-list', () => import('./policy/PolicyList'));
registerView('/policy/policy-details', () => import('./policy/PolicyDetails'));
registerView('/page/page-list', () => import('./page/PageList'));
registerView('/page/pageItems-list', () => import('./page/PageItemsList'));
registerView('/page/page-details', () => import('./page/PageDetails'));
registerView('/business/business-type-list', () => import('./business/BusinessTypeList'));
registerView('/business/business-type-details', () => import('./business/BusinessTypeDetails'));
registerView('/business/business-list', () => import('./business/BusinessList'));
registerView('/business/business-details', () => import('./business/BusinessDetails'));
registerView('/application/application-type-list', () => import('./application/ApplicationTypeList'));
registerView('/application/application-list', () => import('./application/ApplicationList'));
registerView('/application/application-details', () => import('./application/ApplicationDetails'));
registerView('/supplier/supplier-list', () => import('./supplier/SupplierList'));
registerView('/supplier/supplier-details', () => import('./supplier/SupplierDetails'));
registerView('/product/product-list', () => import('./product/ProductList'));
registerView('/product/product-details', () => import('./product/ProductDetails'));
registerView('/system/role-list', () => import('./system/RoleList'));
registerView('/system/role-details', () => import('./system/RoleDetails'));
registerView('/system/menu-settings', () => import('./system/MenuSettings'));
registerView('/webhook/webhook-list', () => import('./webhook/WebhookList'));
