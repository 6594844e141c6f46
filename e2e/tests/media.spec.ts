import { expect, type Page, test } from '@playwright/test';
import { apiLogin } from './helpers';
import { button, pngFile, toast, view } from './list-helpers';

/**
 * 素材库 (issue 26): the library lists an uploaded image and says where it is used; an image in use cannot be
 * deleted (the refusal names the record); an image slot picks a stored image from the library and the record saves it.
 */

let token = '';
test.beforeEach(async ({ page, request, baseURL }) => {
  token = await apiLogin(request, page.context(), baseURL!);
});
const api = async (page: Page, path: string, data?: unknown, params = '') =>
  (await page.request.post(`/api${path}${params}`, { headers: { token }, data })).json();

/** an image stored through the upload call: its name and URL */
async function stored(page: Page, file = pngFile(`lib-${Date.now()}.png`)) {
  const r = await page.request.post('/api/upload/upload', { headers: { token }, multipart: { file } });
  const body = await r.json();
  expect(body.code).toBe(200);
  return { name: body.data.name as string, url: body.data.url as string };
}

const card = (page: Page, name: string) => page.locator(`.gk-media-card[data-name="${name}"]`);

test('the library lists an image with where it is used, and refuses to delete it while a news item uses it', async ({ page }) => {
  const img = await stored(page);
  const title = `素材新闻 ${Date.now()}`;
  const news = await api(page, '/news/saveNews', { title, type: 'hydt', summaryImg: img.url });
  expect(news.code).toBe(200);

  await page.goto('/media/media-list');
  const search = view(page).getByLabel('名称、文件名或替代文字');
  await search.fill(img.name);
  await search.press('Enter');
  await expect(card(page, img.name)).toBeVisible();
  await expect(card(page, img.name)).toContainText('使用 1 处');
  await expect(card(page, img.name).locator('img')).toHaveAttribute('src', `${img.url}?w=320`);

  await card(page, img.name).locator('.gk-media-thumb').click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', `/news/news-details?id=${news.data.id}`);

  await button(drawer, '删除').click();
  await button(page.getByRole('tooltip').filter({ hasText: '删除这张图片？' }), '确定').click();
  const refusal = page.locator('.ant-modal-confirm');
  await expect(refusal).toContainText('无法删除');
  await expect(refusal).toContainText(title);
  await page.screenshot({ path: test.info().outputPath('media-refusal.png') });
  await refusal.getByRole('button').last().click();
  // the dialog goes first, then the drawer by its close button (focus need not come back to the drawer after the
  // dialog, and an Escape pressed elsewhere never reaches it)
  await expect(refusal).toBeHidden();
  await drawer.locator('.ant-drawer-close').click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

  // the list view shows the same facts as a table
  await view(page).getByText('列表', { exact: true }).click();
  await expect(view(page).getByRole('row', { name: new RegExp(img.name) })).toContainText('PNG');
  await page.screenshot({ path: test.info().outputPath('media-list.png'), fullPage: true });
  await api(page, '/news/delNews', [news.data.id]);
});

test('a news item’s image slot picks an image from the library, and the save stores it', async ({ page }) => {
  const img = await stored(page);
  await api(page, '/upload/saveImageAlt', { name: img.url, alt: '素材库里的图片' });
  const created = await api(page, '/news/saveNews', { title: `选图新闻 ${Date.now()}`, type: 'hydt' });
  const id = created.data.id;
  await page.goto(`/news/news-details?id=${id}`);
  const slot = view(page).locator('.gk-image-slot[data-field="summaryImg"]');
  await expect(slot).toHaveAttribute('data-state', 'empty');
  await slot.getByRole('button', { name: /从素材库选择/ }).click();

  const picker = page.locator('.gk-media-picker');
  const search = picker.getByLabel('名称、文件名或替代文字');
  await search.fill(img.name);
  await search.press('Enter');
  await expect(card(page, img.name)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('media-picker.png') });
  await card(page, img.name).locator('.gk-media-thumb').click();
  await button(picker, '使用这张图片').click();
  await expect(picker).toBeHidden();
  await expect(slot).toHaveAttribute('data-state', 'stored');
  await expect(slot.getByLabel('替代文字')).toHaveValue('素材库里的图片');

  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/news/saveNews');
  await button(view(page), '更新发布内容').click();
  expect(await (await saved).json()).toMatchObject({ code: 200, msg: '保存成功' });
  await expect(toast(page, '保存成功')).toBeVisible();
  expect((await api(page, '/news/getNews', undefined, `?id=${id}`)).data.summaryImg).toBe(img.url);
  await api(page, '/news/delNews', [id]);
});

test('375 px: the library screen fits the phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await stored(page);
  await page.goto('/media/media-list');
  await expect(page.locator('.gk-media-card').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('media-375.png'), fullPage: true });
});
