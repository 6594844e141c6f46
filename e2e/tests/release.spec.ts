import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, COLD_LOAD, modal, openSelect, optionOf, row, toast, view } from './list-helpers';

/** Issue 27: a release (发布计划) of a news draft and a banner, made, listed, edited and deleted in a real browser. */

const api = signedIn();

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm` in Asia/Shanghai (the server's and the browser's zone in these tests) */
const shanghai = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

test('release: add a news draft and a banner, see it listed, edit it, delete it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const newsTitle = `发布计划新闻${stamp}`;
  const bannerTitle = `发布计划横幅${stamp}`;
  const name = `节日通知${stamp}`;
  const news = await api(page, '/news/saveNews', { title: newsTitle, type: 'hydt', status: 'draft' });
  expect(news.code).toBe(200);
  const banner = await api(page, '/banner/save', { title: bannerTitle, bannerType: 'index', enableFlag: 0 });
  expect(banner.code).toBe(200);

  await page.goto('/release/release-list');
  await button(view(page), '新建发布计划').click({ timeout: COLD_LOAD });
  await expect(page).toHaveURL(/\/release\/release-details$/);
  // the list stays on screen until the detail screen's code is in
  await expect(view(page).getByLabel('选择内容类型')).toBeVisible({ timeout: COLD_LOAD });
  await view(page).getByLabel('名称', { exact: true }).fill(name);
  const when = view(page).getByLabel('发布时间', { exact: true });
  await when.click();
  await when.fill(shanghai(Date.now() + 24 * 3600_000));
  await when.press('Enter');

  // the records: choose a content type, then search its records by title
  const add = async (type: string, title: string) => {
    await optionOf(await openSelect(page, view(page).getByLabel('选择内容类型')), type).click();
    const search = view(page).getByLabel('输入标题搜索，选中即加入');
    const options = await openSelect(page, search);
    await search.fill(title);
    await optionOf(options, title).click();
    await expect(row(page, title)).toContainText('草稿');
  };
  await add('新闻', newsTitle);
  await add('轮播图', bannerTitle);
  await button(view(page), '保存').click();
  await expect(toast(page, '发布计划已保存')).toBeVisible();

  await expect(page).toHaveURL(/\/release\/release-list$/);
  const listed = row(page, name);
  await expect(listed).toContainText('待发布');
  await expect(listed).toContainText('admin');
  await expect(listed.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // edit: rename it and take the banner out
  await listed.getByRole('button', { name: '编辑' }).click();
  await expect(view(page).getByLabel('名称', { exact: true })).toHaveValue(name);
  await expect(row(page, bannerTitle)).toBeVisible();
  await row(page, bannerTitle)
    .getByRole('button', { name: /移\s?除/ })
    .click();
  await expect(row(page, bannerTitle)).toHaveCount(0);
  await view(page).getByLabel('名称', { exact: true }).fill(`${name}（改）`);
  await button(view(page), '保存').click();
  await expect(toast(page, '发布计划已保存')).toBeVisible();
  const edited = row(page, `${name}（改）`);
  await expect(edited.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  // delete, after the confirmation
  await edited.getByRole('button', { name: '删除' }).click();
  await expect(modal(page)).toContainText(`确认删除发布计划“${name}（改）”吗？`);
  await button(modal(page), '删除').click();
  await expect(toast(page, '发布计划已删除')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  // its records stay as they were
  expect((await api(page, '/news/getNewsList', { title: newsTitle })).rows[0]).toMatchObject({ title: newsTitle, status: 'draft' });
});
