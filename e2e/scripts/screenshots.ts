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

/** Every list and detail screen, on the demo content: [route, file name, a field that must be filled (details)]. */
const LISTS = [
  'news/news-type',
  'news/news-list',
  'banner/banner-list',
  'policy/policy-list',
  'page/page-list',
  'page/pageItems-list',
  'business/business-type-list',
  'business/business-list',
  'application/application-type-list',
  'application/application-list',
  'supplier/supplier-list',
  'product/product-list',
  'link/link-list',
  'userInfo/userInfo-list',
  'contact/contact-list',
  'waybill/waybill-list',
];
const DETAILS: [string, string][] = [
  ['news/news-details?id=1', '标题'],
  ['banner/banner-details?id=1', '标题'],
  ['policy/policy-details?id=1', '标题'],
  ['page/page-details?id=1', '标题'],
  ['business/business-type-details?id=1', '业务类型名称'],
  ['business/business-details?id=1', '合作伙伴名称'],
  ['application/application-details?id=1', '应用名称'],
  ['supplier/supplier-details?id=1', '供应商名称'],
  ['product/product-details?id=1', '产品名称'],
  ['contact/contact-details?id=1', '主办单位'],
  ['contact/company-details', '公司名称'],
  ['waybill/waybill-details?id=1', '模板名称'],
];
const fileName = (route: string) => route.split('?')[0].split('/')[1];

test('every list and detail screen', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  await apiLogin(request, page.context(), baseURL!);
  const onScreen = page.locator('.gk-view:not([hidden])');
  for (const route of LISTS) {
    await page.goto(`/${route}`);
    await expect(onScreen.locator('.gk-list .ant-pagination-total-text')).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, fileName(route));
  }
  for (const [route, field] of DETAILS) {
    await page.goto(`/${route}`);
    await expect(onScreen.getByLabel(field, { exact: true })).not.toHaveValue('');
    await expect(onScreen.locator('.gk-image-slot img').first()).toBeVisible();
    await page.mouse.move(1400, 880);
    await shot(page, fileName(route));
  }
});
