import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, listLoaded, pickOption, pngFile, row, toast, unique, view } from './list-helpers';

/** /policy/policy-list and /policy/policy-details. */

const api = signedIn();

// create, search, the 热门 switch and delete: list-flow.spec.ts; here the policy form, its searches and its saved fields

test('policies: create with an image and a body, find by source, title and 置顶, edit in place', async ({ page }) => {
  const title = unique('端到端政策');
  const get = async (id: number) => (await api(page, '/policy/getPolicy', undefined, `?id=${id}`)).data;
  await page.goto('/policy/policy-list');
  await listLoaded(page);

  // 新增 opens the detail page without a query
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/policy\/policy-details$/);
  await expect(view(page).getByRole('heading', { name: '新增政策公告' })).toBeVisible();
  await button(view(page), '保存并发布').click();
  await expect(view(page).getByText('标题不得为空')).toBeVisible();
  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await view(page).getByLabel('作者', { exact: true }).fill('端到端作者');
  await view(page).getByLabel('来源', { exact: true }).fill('端到端来源');
  await view(page).getByLabel('摘要', { exact: true }).fill('端到端摘要');
  await view(page).getByRole('switch', { name: '置顶' }).click();
  const slot = view(page).locator('.gk-image-slot[data-field="summaryImg"]');
  await slot.locator('input[type=file]').setInputFiles(pngFile('policy.png'));
  const editor = view(page).locator('.gk-rt-content');
  await editor.click();
  await editor.pressSequentially('政策正文');
  await button(view(page), '保存并发布').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/policy\/policy-list(\?.*)?$/);

  // find it: source (the "code" search), title and 置顶 = 是
  await view(page).getByPlaceholder('请输入来源').fill('端到端来源');
  await view(page).getByPlaceholder('请输入标题').fill(title);
  const top = view(page).getByRole('search').getByLabel('置顶', { exact: true });
  await pickOption(page, top, '否');
  await button(view(page), '搜索').click();
  await expectTotal(page, 0);
  await pickOption(page, top, '是');
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, title)).toContainText('端到端摘要');

  // view details opens it with ?id=; edits stay on the page
  await row(page, title).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/policy\/policy-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(view(page).getByRole('heading', { name: '编辑政策公告' })).toBeVisible();
  await expect(slot).toHaveAttribute('data-state', 'stored');
  await expect(editor).toContainText('政策正文');
  await view(page).getByLabel('作者', { exact: true }).fill('改过的作者');
  await button(view(page), '更新发布内容').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/policy/policy-details\\?id=${id}$`));
  const saved = await get(id);
  expect(saved).toMatchObject({ title, author: '改过的作者', source: '端到端来源', isTop: 1, isHot: 0 });
  expect(saved.summaryImg).toMatch(/^\/img\/[a-f0-9]+\.png$/);
  expect(saved.content).toContain('政策正文');

  // cancel goes back to the list
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/policy\/policy-list(\?.*)?$/);
  await expect(row(page, title)).toContainText('端到端摘要');
  await api(page, '/policy/delPolicy', [id]);
});
