import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import {
  button,
  expectTotal,
  listLoaded,
  modal,
  pickOption,
  pngFile,
  row,
  savedId,
  selectRow,
  shownValue,
  toast,
  unique,
  view,
} from './list-helpers';

/** /page/page-list (page definitions, dialog), /page/pageItems-list and /page/page-details (page items). */

const api = signedIn();

const searchSelect = (page: Page, label: string) => view(page).getByRole('search').getByLabel(label, { exact: true });

// create, search and delete by each screen's rule: list-flow.spec.ts; here what only the page screens do

test('page definitions: shown as 拼接 / 选项卡, dialog titled 新增 / 编辑, found by name and display, a page with items kept', async ({
  page,
}) => {
  const name = unique('端到端页面');
  await page.goto('/page/page-list');
  await listLoaded(page);
  await expect(row(page, '关于我们')).toContainText('拼接');
  await expect(row(page, '帮助中心')).toContainText('选项卡');

  await button(view(page), '新增').click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await expect(dialog).toBeVisible();
  await button(dialog, '保存').click();
  await expect(dialog.getByText('页面名称不得为空')).toBeVisible();
  await expect(dialog.getByText('展示方式不得为空')).toBeVisible();
  await dialog.getByLabel('页面名称').fill(name);
  await pickOption(page, dialog.getByLabel('展示方式', { exact: true }), '选项卡');
  const id = await savedId(page, () => button(dialog, '保存').click());
  await expect(dialog).toBeHidden();

  // find it by name and display method
  await view(page).getByPlaceholder('请输入页面名称').fill(name);
  await pickOption(page, searchSelect(page, '展示方式'), '拼接');
  await button(view(page), '搜索').click();
  await expectTotal(page, 0);
  await pickOption(page, searchSelect(page, '展示方式'), '选项卡');
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, name)).toContainText('选项卡');

  // edit in the same dialog: it leaves the 选项卡 filter
  await button(row(page, name), '编辑').click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('页面名称')).toHaveValue(name);
  await pickOption(page, edit.getByLabel('展示方式', { exact: true }), '拼接');
  await button(edit, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expectTotal(page, 0);
  await button(view(page), '重置').click();
  await expect(row(page, name)).toContainText('拼接');
  await api(page, '/page/del', [id]);

  // a page that still has items is not deleted
  await selectRow(page, '关于我们');
  await button(view(page), '删除').click();
  await button(modal(page), '删除').click();
  await expect(toast(page, '该页面下还有页面内容，不能删除')).toBeVisible();
  await expect(row(page, '关于我们')).toHaveCount(1);
});

test('page items: create with an image and a body, find by page type, title and date, edit in place', async ({ page }) => {
  const title = unique('端到端内容');
  const get = async (id: number) => (await api(page, '/page/getPageItemById', undefined, `?id=${id}`)).data;
  await page.goto('/page/pageItems-list');
  await listLoaded(page);

  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/page\/page-details$/);
  await expect(view(page).getByRole('heading', { name: '新增页面内容' })).toBeVisible();
  await button(view(page), '保存并发布').click();
  await expect(view(page).getByText('标题不得为空')).toBeVisible();
  await expect(view(page).getByText('页面类型不得为空')).toBeVisible();
  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await pickOption(page, view(page).getByLabel('页面类型', { exact: true }), '服务介绍');
  await view(page).getByLabel('标签', { exact: true }).fill('端到端');
  await view(page).getByLabel('排序', { exact: true }).fill('0.5');
  await view(page).getByLabel('摘要', { exact: true }).fill('端到端摘要');
  const slot = view(page).locator('.gk-image-slot[data-field="summaryImg"]');
  await slot.locator('input[type=file]').setInputFiles(pngFile('item.png'));
  const editor = view(page).locator('.gk-rt-content');
  await editor.click();
  await editor.pressSequentially('页面正文');
  await button(view(page), '保存并发布').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/page\/pageItems-list(\?.*)?$/);

  // find it: page type (remote select fed by /page/getList), title, created today (a date preset)
  await pickOption(page, searchSelect(page, '页面类型'), '服务介绍');
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await view(page).getByLabel('开始日期').click();
  await page.getByRole('button', { name: '今天', exact: true }).click();
  const listCall = page.waitForRequest((r) => r.url().endsWith('/api/page/getPageItemList') && !!r.postDataJSON()?.startTime);
  await button(view(page), '搜索').click();
  const sent = (await listCall).postDataJSON();
  expect(sent.startTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(sent).toMatchObject({ endTime: sent.startTime, title, pageNumber: 1, pageSize: 20 });
  expect(Number(sent.pageId)).toBeGreaterThan(0);
  await expectTotal(page, 1);
  await expect(row(page, title)).toContainText('服务介绍');
  await expect(row(page, title)).toContainText('端到端');

  // view details: the page type shows its name; pinning it from the form; saving stays on the page
  await row(page, title).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/page\/page-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  // the URL changes before the details view is in: the list (whose search form also has a 页面类型) stays on
  // screen until then, so wait for the details view's own heading
  await expect(view(page).getByRole('heading', { name: '编辑页面内容' })).toBeVisible();
  await expect(shownValue(view(page).getByLabel('页面类型', { exact: true }))).toHaveText('服务介绍');
  await expect(slot).toHaveAttribute('data-state', 'stored');
  await expect(editor).toContainText('页面正文');
  await view(page).getByLabel('标签', { exact: true }).fill('改过的标签');
  await view(page).getByRole('switch', { name: '置顶' }).click();
  await button(view(page), '更新发布内容').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/page/page-details\\?id=${id}$`));
  const saved = await get(id);
  expect(saved).toMatchObject({ title, pageName: '服务介绍', tag: '改过的标签', sortNo: 0.5, isTop: 1, isHot: 0 });
  expect(saved.summaryImg).toMatch(/^\/img\/[a-f0-9]+\.png$/);
  expect(saved.content).toContain('页面正文');

  // cancel returns to the page-item list
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/page\/pageItems-list(\?.*)?$/);
  await expect(row(page, title)).toContainText('改过的标签');
  await api(page, '/page/delPageItems', [id]);
});
