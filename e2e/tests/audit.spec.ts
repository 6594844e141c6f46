import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, modal, pickOption, row, selectRow, toast, view } from './list-helpers';

/** Accountability and recovery: the operation log, the recycle bin and revisions of a news item, through the UI. */

test.describe.configure({ mode: 'serial' });

const api = signedIn();

test('save, edit, delete, restore and purge of a news item, each in the operation log; a revision restore', async ({ page }) => {
  const title = `审计新闻 ${Date.now()}`;
  const edited = `${title} 修订`;

  // save through the detail page
  await page.goto('/news/news-details');
  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await pickOption(page, view(page).getByLabel('新闻类型', { exact: true }), '行业动态');
  const editor = view(page).locator('.gk-rt-content');
  await editor.click();
  await editor.pressSequentially('第一版正文');
  await button(view(page), '保存并发布').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);
  const found = await api(page, '/news/getNewsList', { title, pageNumber: 1, pageSize: 10 });
  expect(found.total).toBe(1);
  const id: number = found.rows[0].id;

  // edit: title and body
  await page.goto(`/news/news-details?id=${id}`);
  await expect(view(page).getByLabel('标题', { exact: true })).toHaveValue(title);
  await view(page).getByLabel('标题', { exact: true }).fill(edited);
  await editor.click();
  await page.keyboard.press('End');
  await editor.pressSequentially('，第二版');
  await button(view(page), '更新发布内容').click();
  await expect(toast(page, '保存成功')).toBeVisible();

  // 历史版本: two versions; restoring the first puts the old title and body back
  await button(view(page), '历史版本').click();
  const drawer = page.getByRole('dialog', { name: '历史版本' });
  // a version: the list item with a checkbox (its buttons are a list of their own)
  const versions = drawer.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(edited);
  await versions.nth(0).getByRole('checkbox').check();
  await versions.nth(1).getByRole('checkbox').check();
  await expect(drawer.locator('.gk-text-diff').first()).toBeVisible();
  await versions.nth(1).getByRole('button', { name: '恢复此版本' }).click();
  await button(modal(page), '恢复此版本').click();
  await expect(toast(page, /已恢复到 .* 的版本/)).toBeVisible();
  await expect(versions).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(view(page).getByLabel('标题', { exact: true })).toHaveValue(title);
  const restoredVersion = await api(page, '/news/getNews', undefined, `?id=${id}`);
  expect(restoredVersion.data.title).toBe(title);
  expect(restoredVersion.data.content).toContain('第一版正文');
  expect(restoredVersion.data.content).not.toContain('第二版');

  // delete from the list: the confirmation says where it goes
  await page.goto('/news/news-list');
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await button(view(page), '搜索').click();
  // the search has answered (a row ticked in the list before it would be cleared by the new filter)
  await expectTotal(page, 1);
  await selectRow(page, title);
  await button(view(page), '删除').click();
  await expect(modal(page)).toContainText('确认删除？');
  await expect(modal(page)).toContainText('移至回收站，可在回收站恢复');
  await button(modal(page), '删除').click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);

  // the recycle bin: restore
  await page.goto('/recycle/recycle-list');
  await view(page)
    .getByPlaceholder(/标题关键字/)
    .fill(title);
  await button(view(page), '搜索').click();
  await expect(row(page, title)).toContainText('新闻');
  await expect(row(page, title)).toContainText('admin');
  await row(page, title).getByRole('button', { name: '恢复' }).click();
  await button(modal(page), '恢复').click();
  await expect(toast(page, '已恢复 1 条数据')).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
  const back = await api(page, '/news/getNewsList', { title, pageNumber: 1, pageSize: 10 });
  expect(back.rows.map((r: { id: number }) => r.id)).toEqual([id]);

  // delete again, then purge for good
  expect((await api(page, '/news/delNews', [id])).code).toBe(200);
  await page.reload();
  await view(page)
    .getByPlaceholder(/标题关键字/)
    .fill(title);
  await button(view(page), '搜索').click();
  // the search has answered (a row ticked in the list before it would be cleared by the new filter)
  await expectTotal(page, 1);
  await selectRow(page, title);
  await button(view(page), '彻底删除').click();
  await expect(modal(page)).toContainText('彻底删除后不可恢复');
  await button(modal(page), '彻底删除').click();
  await expect(toast(page, '已彻底删除 1 条数据')).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
  expect((await api(page, '/news/getNews', undefined, `?id=${id}`)).code).toBe(404);

  // the operation log: every step, with the edit's field-by-field diff
  const log = await api(page, '/log/getOperLogPage', { module: 'news', pageNumber: 1, pageSize: 100 });
  const mine = log.rows.filter((r: { recordId: number }) => r.recordId === id).reverse();
  expect(mine.map((r: { action: string }) => r.action)).toEqual(['create', 'update', 'update', 'delete', 'restore', 'delete', 'purge']);
  await page.goto('/monitor/operlog-list');
  const edit = row(page, edited).filter({ hasText: '修改' }).first();
  await edit.getByRole('button', { name: '详情' }).click();
  const detail = modal(page);
  await expect(detail).toContainText('修改前');
  await expect(detail.locator('tr').filter({ hasText: '标题' }).first()).toContainText(title);
  await expect(detail.locator('tr').filter({ hasText: '正文' }).first()).toContainText('第二版');
});
