import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, pickOption, toast, view } from './list-helpers';

/** Issue 27: a 禁止 word is flagged while typing, refuses publishing with its place named, and a whitelisted word passes. */

signedIn();

test('news body: 国家级 is highlighted and listed, publishing is refused naming it; 最新 publishes', async ({ page }) => {
  const title = `内容检查 ${Date.now()}`;
  await page.goto('/news/news-details');
  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await pickOption(page, view(page).getByLabel('新闻类型', { exact: true }), '行业动态');
  const editor = view(page).locator('.gk-rt-content');
  await editor.click();
  await editor.pressSequentially('我们是国家级物流企业');

  // the check while typing: the word is marked red in the body and the panel names it
  await expect(editor.locator('.gk-hit-block')).toHaveText('国家级');
  const panel = view(page).locator('.gk-content-check');
  await expect(panel).toContainText('正文第 4 个字处：“国家级”（广告法极限词，禁止）');
  await expect(panel.locator('.gk-check-hit[data-level="block"]')).toHaveCount(1);

  await button(view(page), '保存并发布').click();
  await expect(toast(page, '内容含有禁止发布的词，不能发布：正文第 4 个字处：“国家级”（广告法极限词，禁止）')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/news-details$/);

  // the whitelisted 最新 instead: nothing flagged, and it goes live
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await editor.pressSequentially('我们的最新物流服务');
  await expect(editor.locator('.gk-hit')).toHaveCount(0);
  await expect(panel).toHaveCount(0);
  await button(view(page), '保存并发布').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);
  const live = await page.request.get(`/public/v1/news?keyword=${encodeURIComponent(title)}`);
  expect(((await live.json()) as { total: number }).total).toBe(1);
});
