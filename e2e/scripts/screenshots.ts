import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, HOME } from '../tests/helpers';

/** Screenshots of the shell for docs/screenshots (login, home, settings panel, phone layout). */
const out = path.resolve(import.meta.dirname, '../../docs/screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, `${name}.png`), animations: 'disabled' });

test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });

test('desktop screenshots', async ({ page, request, baseURL }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await shot(page, 'login');

  await apiLogin(request, page.context(), baseURL!);
  await page.goto(HOME);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.mouse.move(1200, 850);
  await shot(page, 'home');

  await page.getByTestId('settings-button').click();
  await expect(page.locator('.gk-settings')).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, 'settings');
  await page.keyboard.press('Escape');

  // English, collapsed sidebar with the logo, dark mode
  await page.evaluate(() => {
    localStorage.setItem(
      'gk.settings',
      JSON.stringify({
        state: { themeColor: '#13c2c2', tagsView: true, fixedHeader: true, sidebarLogo: true, size: 'middle', dark: true },
        version: 0,
      }),
    );
  });
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  await page.goto(HOME);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.mouse.move(1200, 850);
  await shot(page, 'home-dark-en');
});

test('phone screenshots', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await shot(page, 'phone-login');
  await apiLogin(context.request, context, baseURL!);
  await page.goto(HOME);
  await expect(page.getByTestId('home')).toBeVisible();
  await shot(page, 'phone-home');
  await page.getByTestId('hamburger').click();
  await expect(page.locator('.gk-sidebar-drawer')).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, 'phone-menu');
  await context.close();
});

test('banner, policy and page screens', async ({ page, request, baseURL }) => {
  await apiLogin(request, page.context(), baseURL!);
  const onScreen = page.locator('.gk-view:not([hidden])');
  const lists: [string, string][] = [
    ['/banner/banner-list', 'banner-list'],
    ['/policy/policy-list', 'policy-list'],
    ['/page/page-list', 'page-list'],
    ['/page/pageItems-list', 'pageItems-list'],
  ];
  for (const [route, name] of lists) {
    await page.goto(route);
    await expect(onScreen.locator('.gk-list .ant-pagination-total-text')).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, name);
  }
  const details: [string, string][] = [
    ['/banner/banner-details?id=1', 'banner-details'],
    ['/policy/policy-details?id=1', 'policy-details'],
    ['/page/page-details?id=1', 'page-details'],
  ];
  for (const [route, name] of details) {
    await page.goto(route);
    await expect(onScreen.getByLabel('标题', { exact: true })).not.toHaveValue('');
    await expect(onScreen.locator('.gk-image-slot img').first()).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, name);
  }
});

test('link, user, contact, company and waybill screens', async ({ page, request, baseURL }) => {
  await apiLogin(request, page.context(), baseURL!);
  const onScreen = page.locator('.gk-view:not([hidden])');
  const lists: [string, string][] = [
    ['/link/link-list', 'link-list'],
    ['/userInfo/userInfo-list', 'userInfo-list'],
    ['/contact/contact-list', 'contact-list'],
    ['/waybill/waybill-list', 'waybill-list'],
  ];
  for (const [route, name] of lists) {
    await page.goto(route);
    await expect(onScreen.locator('.gk-list .ant-pagination-total-text')).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, name);
  }
  const details: [string, string, string][] = [
    ['/contact/contact-details?id=1', 'contact-details', '主办单位'],
    ['/contact/company-details', 'company-details', '公司名称'],
    ['/waybill/waybill-details?id=1', 'waybill-details', '模板名称'],
  ];
  for (const [route, name, field] of details) {
    await page.goto(route);
    await expect(onScreen.getByLabel(field, { exact: true })).not.toHaveValue('');
    await expect(onScreen.locator('.gk-image-slot img').first()).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, name);
  }
});

test('business, application, supplier and product screens', async ({ page, request, baseURL }) => {
  await apiLogin(request, page.context(), baseURL!);
  const onScreen = page.locator('.gk-view:not([hidden])');
  const lists: [string, string][] = [
    ['/business/business-type-list', 'business-type-list'],
    ['/business/business-list', 'business-list'],
    ['/application/application-type-list', 'application-type-list'],
    ['/application/application-list', 'application-list'],
    ['/supplier/supplier-list', 'supplier-list'],
    ['/product/product-list', 'product-list'],
  ];
  for (const [route, name] of lists) {
    await page.goto(route);
    await expect(onScreen.locator('.gk-list .ant-pagination-total-text')).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, name);
  }
  const details: [string, string, string][] = [
    ['/business/business-type-details?id=1', 'business-type-details', '业务类型名称'],
    ['/business/business-details?id=1', 'business-details', '合作伙伴名称'],
    ['/application/application-details?id=1', 'application-details', '应用名称'],
    ['/supplier/supplier-details?id=1', 'supplier-details', '供应商名称'],
    ['/product/product-details?id=1', 'product-details', '产品名称'],
  ];
  for (const [route, name, field] of details) {
    await page.goto(route);
    await expect(onScreen.getByLabel(field, { exact: true })).not.toHaveValue('');
    await expect(onScreen.locator('.gk-image-slot img').first()).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, name);
  }
});
