import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, listLoaded, pickOption, pngFile, row, savedId, toast, unique, view } from './list-helpers';

/** The application screens: application types (dialog) and applications (their own detail page, an icon). */

const api = signedIn();

const field = (page: Page, label: string) => view(page).getByLabel(label, { exact: true });

// create, search and delete by each screen's rule: list-flow.spec.ts; here what only the application screens do

test('application types: dialog titled 新增 / 编辑, all three fields required, edited in place', async ({ page }) => {
  const code = unique('E2E').toUpperCase();
  await page.goto('/application/application-type-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await expect(dialog).toBeVisible();
  await button(dialog, '保存').click();
  await expect(dialog.getByText('类型编码不能为空')).toBeVisible();
  await expect(dialog.getByText('类型名称不能为空')).toBeVisible();
  await expect(dialog.getByText('排序不能为空')).toBeVisible();
  await dialog.getByLabel('类型编码').fill(code);
  await dialog.getByLabel('类型名称').fill(`端到端应用类型${code}`);
  await dialog.getByLabel('排序').fill('8');
  const id = await savedId(page, () => button(dialog, '保存').click());
  await expect(dialog).toBeHidden();

  await view(page).getByPlaceholder('请输入类型名称').fill(code);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await button(row(page, code), '编辑').click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('类型编码')).toHaveValue(code);
  await edit.getByLabel('类型名称').fill(`端到端应用类型二${code}`);
  await button(edit, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(row(page, code)).toContainText('端到端应用类型二');
  await api(page, '/application/delApplicationType', [id]);
});

test('applications: create with a type and an icon, find by type and name, edit in place', async ({ page }) => {
  const name = unique('端到端应用');
  await page.goto('/application/application-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/application\/application-details$/);
  await expect(view(page).getByRole('heading', { name: '新增应用' })).toBeVisible();
  await button(view(page), '保存').click();
  await expect(view(page).getByText('应用名称不得为空')).toBeVisible();
  await expect(view(page).getByText('应用类型不得为空')).toBeVisible();

  await field(page, '应用名称').fill(name);
  await pickOption(page, field(page, '应用类型'), '在线办理');
  await field(page, '链接地址').fill('https://example.com/tools/e2e');
  await view(page).locator('.gk-image-slot[data-field="icon"] input[type=file]').setInputFiles(pngFile('icon.png'));
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/application\/application-list(\?.*)?$/);

  await pickOption(page, view(page).getByRole('search').getByLabel('应用类型', { exact: true }), '在线办理');
  await view(page).getByPlaceholder('请输入应用名称').fill(name);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, name)).toContainText('在线办理');

  await row(page, name).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/application\/application-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(view(page).getByRole('heading', { name: '编辑应用' })).toBeVisible();
  await expect(field(page, '应用名称')).toHaveValue(name);
  await expect(view(page).locator('.gk-image-slot[data-field="icon"]')).toHaveAttribute('data-state', 'stored');
  await field(page, '排序').fill('6');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/application/application-details\\?id=${id}$`));
  const saved = await api(page, '/application/getApplication', undefined, `?id=${id}`);
  expect(saved.data).toMatchObject({ name, type: 'ZXBL', url: 'https://example.com/tools/e2e', sortNo: 6 });
  expect(saved.data.icon).toMatch(/^\/img\//);
  await api(page, '/application/delApplication', [id]);
});
