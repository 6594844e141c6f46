import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, pickOption, row, toast, view } from './list-helpers';
import { startSite } from './site';

/** Issue 11: a news goes draft → preview → scheduled → live on the public delivery API, in a real browser. */

signedIn();

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm` in Asia/Shanghai (the server's and the browser's zone in these tests) */
const shanghai = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/** the longest wait for the scheduled minute to come (it is at least 30 s and at most 90 s ahead) */
const SCHEDULE_WAIT = 90_000;

test('news: save a draft, preview it without login, schedule it, and it goes live at its time', async ({ page, request }) => {
  // the usual limit for the work, plus the clock's own wait
  test.setTimeout(test.info().timeout + SCHEDULE_WAIT);
  const title = `发布流程 ${Date.now()}`;
  const publicList = async () =>
    (await (await request.get(`/public/v1/news?keyword=${encodeURIComponent(title)}`)).json()) as { total: number };

  await page.goto('/news/news-details');
  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await pickOption(page, view(page).getByLabel('新闻类型', { exact: true }), '行业动态');
  await button(view(page), '保存草稿').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, title)).toContainText('草稿');
  expect((await publicList()).total).toBe(0);

  // preview: the website's own page (PREVIEW_URL_NEWS) opens in a new tab and reads the draft with its token
  await row(page, title).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/news\/news-details\?id=\d+$/);
  await expect(view(page).getByRole('heading', { name: '编辑新闻' })).toBeVisible();
  await expect(view(page).getByText('草稿', { exact: true })).toBeVisible();
  const site = await startSite(new URL(page.url()).origin);
  try {
    const [preview] = await Promise.all([page.context().waitForEvent('page'), button(view(page), '预览').click()]);
    await expect(preview.locator('h1')).toHaveText(title);
    await preview.close();
  } finally {
    await site.close();
  }

  await view(page)
    .getByRole('button', { name: /更\s?多/ })
    .click();
  await page.getByRole('menuitem', { name: /定时发布/ }).click();
  const dialog = page.getByRole('dialog', { name: '定时发布…' });
  const input = dialog.getByLabel('发布时间', { exact: true });
  await input.click();
  // schedule for the next whole minute (the picker's precision) at least 30 s ahead, reckoned only now: the four
  // steps up to the server's answer take a few seconds even on a busy machine, so the time is still ahead then
  let at = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
  if (at - Date.now() < 30_000) at += 60_000;
  await input.fill(shanghai(at));
  await input.press('Enter');
  await button(dialog, '发布').click();
  await expect(toast(page, '已定时发布')).toBeVisible();
  await expect(view(page).getByText(`定时 ${shanghai(at)}`, { exact: true })).toBeVisible();
  expect((await publicList()).total).toBe(0);

  // live once its time has come
  await expect.poll(async () => (await publicList()).total, { timeout: at - Date.now() + 20_000 }).toBe(1);
  await page.goto('/news/news-list');
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await button(view(page), '搜索').click();
  await expect(row(page, title)).toContainText('已发布');

  // the state filter reads the same clock: no longer 定时, now 已发布
  const state = view(page).getByRole('search').getByLabel('发布状态', { exact: true });
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
