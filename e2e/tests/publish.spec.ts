import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, modal, pickOption, row, toast, view } from './list-helpers';

/** Issue 11: a news goes draft → preview → scheduled → live on the public delivery API, in a real browser. */

signedIn();

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm` in Asia/Shanghai (the server's and the browser's zone in these tests) */
const shanghai = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

test('news: save a draft, preview it without login, schedule it, and it goes live at its time', async ({ page, request }) => {
  test.setTimeout(420_000);
  const title = `发布流程 ${Date.now()}`;
  const publicList = async () =>
    (await (await request.get(`/public/v1/news?keyword=${encodeURIComponent(title)}`)).json()) as { total: number };

  await page.goto('/news/news-details');
  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await pickOption(page, view(page).locator('.ant-form-item').filter({ hasText: '新闻类型' }).locator('.ant-select'), '行业动态');
  await button(view(page), '保存草稿').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, title)).toContainText('草稿');
  expect((await publicList()).total).toBe(0);

  // preview: a signed page that opens in a new tab, as the site would show it
  await row(page, title).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/news\/news-details\?id=\d+$/);
  await expect(view(page).locator('.gk-detail-actions .ant-tag')).toHaveText('草稿');
  const [preview] = await Promise.all([page.context().waitForEvent('page'), button(view(page), '预览').click()]);
  await expect(preview.locator('h1')).toHaveText(title);
  await expect(preview.locator('.notice')).toContainText('预览');
  await preview.close();

  await button(view(page), '发布').click();
  const dialog = modal(page);
  const input = dialog.locator('input[aria-label="发布时间"]');
  await input.click();
  // schedule for the next whole minute (the picker's precision) at least 30 s ahead, reckoned only now: the four
  // steps up to the server's answer take a few seconds even on a busy machine, so the time is still ahead then
  let at = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
  if (at - Date.now() < 30_000) at += 60_000;
  await input.fill(shanghai(at));
  await input.press('Enter');
  await button(dialog.locator('.ant-modal-footer'), '发布').click();
  await expect(toast(page, '已定时发布')).toBeVisible();
  await expect(view(page).locator('.gk-detail-actions .ant-tag')).toHaveText(`定时 ${shanghai(at)}`);
  expect((await publicList()).total).toBe(0);

  // live once its time has come
  await expect.poll(async () => (await publicList()).total, { timeout: 150_000, intervals: [1000] }).toBe(1);
  await page.goto('/news/news-list');
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await button(view(page), '搜索').click();
  await expect(row(page, title)).toContainText('已发布');

  // the state filter reads the same clock: no longer 定时, now 已发布
  const state = view(page).locator('.gk-list-search .ant-form-item').filter({ hasText: '发布状态' }).locator('.ant-select');
  await pickOption(page, state, '定时');
  await button(view(page), '搜索').click();
  await expect(page).toHaveURL(/status=scheduled/);
  await expectTotal(page, 0);
  await pickOption(page, state, '已发布');
  await button(view(page), '搜索').click();
  await expect(page).toHaveURL(/status=published/);
  await expectTotal(page, 1);
  await expect(row(page, title)).toContainText('已发布');
});
