import { type APIRequestContext, type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { label } from './list-helpers';

export { ADMIN_PASSWORD };
export const ADMIN = 'admin';
export const APP_TITLE = '终端客户资源管理系统';
export const HOME = '/dashboard/home';

/** Logs in through the API and puts the token where the SPA keeps it (the `token` cookie). */
export async function apiLogin(request: APIRequestContext, context: BrowserContext, baseURL: string): Promise<string> {
  const r = await request.post('/api/login/doLogin', { data: { username: ADMIN, password: ADMIN_PASSWORD } });
  const body = await r.json();
  expect(body.code).toBe(200);
  const token: string = body.data.token;
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  return token;
}

/**
 * Every test of the calling file starts signed in (a fresh API login, its token in the cookie). Returns
 * `api(page, path, data?, params?)`: a POST to `/api{path}{params}` with that token, answering the parsed JSON.
 */
export function signedIn() {
  let token = '';
  test.beforeEach(async ({ page, request, baseURL }) => {
    token = await apiLogin(request, page.context(), baseURL!);
  });
  return async (page: Page, path: string, data?: unknown, params = '') => {
    const r = await page.request.post(`/api${path}${params}`, { headers: { token }, data });
    return r.json();
  };
}

/** A signed-in page on the home screen. */
export async function openHome(page: Page, request: APIRequestContext, baseURL: string): Promise<string> {
  const token = await apiLogin(request, page.context(), baseURL);
  await page.goto(HOME);
  await expect(page.getByTestId('home')).toBeVisible();
  return token;
}

/** Fills and submits the login form. */
export async function uiLogin(page: Page, username = ADMIN, password = ADMIN_PASSWORD) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** In-app navigation (history API + popstate), as a link inside the SPA would do: no reload. */
export async function spaNavigate(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === path);
  // an error page has no tag: wait for the page itself
  const error = /^\/(401|403|404)(\?|$)/.exec(path);
  if (error) {
    await expect(page.getByTestId(new RegExp(`^page-${error[1]}`))).toBeVisible();
    return;
  }
  // wait until the app has rendered it (its tag is the active one), so the next navigation is a separate visit
  if (await page.getByTestId('tags-view').count()) {
    await expect(page.locator('.gk-tag.is-active')).toHaveAttribute('data-path', path.split('?')[0]);
  }
}

export function tag(page: Page, path: string) {
  return page.locator(`[data-testid="tag"][data-path="${path}"]`);
}

export async function tokenCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'token')?.value;
}

/** The menus the server hands this user (for comparing with the sidebar). */
export async function serverMenus(request: APIRequestContext, token: string) {
  const r = await request.post('/api/user/info', { headers: { token } });
  const body = await r.json();
  expect(body.code).toBe(200);
  return body.data.menus as {
    url: string;
    routeName: string;
    title: string;
    isHidden: boolean;
    children: { url: string; title: string; isHidden: boolean }[];
  }[];
}

/** The open right-click menu of the tags (the sidebar is a menu too: this one offers 关闭所有). */
export function tagContextMenu(page: Page): Locator {
  return page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: label('关闭所有') }) });
}

/** Opens a tag's right-click menu and picks an entry. */
export async function tagMenu(page: Page, path: string, item: string) {
  await tag(page, path).click({ button: 'right' });
  // one menu open: not one still closing from a previous right-click
  const menu = tagContextMenu(page);
  await expect(menu).toHaveCount(1);
  await menu.getByRole('menuitem', { name: label(item) }).click();
}

/** A browser of its own for that account, signed in (its token in the cookie, as after the login form). */
export async function signInAs(browser: Browser, baseURL: string, userName: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const r = await page.request.post('/api/login/doLogin', { data: { username: userName, password } });
  const token: string = (await r.json()).data.token;
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  return { context, page, token };
}
