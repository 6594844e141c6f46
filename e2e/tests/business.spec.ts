import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, listLoaded, pickOption, pngFile, row, shownValue, toast, unique, view } from './list-helpers';

/** The business screens: business types (their own detail page, a sketch image) and partners. */

const api = signedIn();

const field = (page: Page, label: string) => view(page).getByLabel(label, { exact: true });

// create, search and delete by each screen's rule: list-flow.spec.ts; here the business forms, images and saved fields

test('business types: create with a sketch, find by code, edit (bare-entity get)', async ({ page }) => {
  const code = unique('E2E').toUpperCase();
  await page.goto('/business/business-type-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/business\/business-type-details$/);
  await expect(view(page).getByRole('heading', { name: '新增业务类型' })).toBeVisible();
  await button(view(page), '保存').click();
  await expect(view(page).getByText('业务类型名称不得为空')).toBeVisible();
  await expect(view(page).getByText('业务类型编码不得为空')).toBeVisible();

  await field(page, '业务类型名称').fill('端到端业务');
  await field(page, '业务类型编码').fill(code);
  await field(page, '简介').fill('端到端测试的业务类型');
  await field(page, '排序').fill('1.1234567');
  await field(page, '排序').blur();
  await expect(view(page).getByText('排序只能输入数字')).toBeVisible();
  await field(page, '排序').fill('9');
  const slot = view(page).locator('.gk-image-slot[data-field="summaryImg"]');
  await slot.locator('input[type=file]').setInputFiles(pngFile('sketch.png'));
  await expect(slot).toHaveAttribute('data-state', 'pending');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/business\/business-type-list(\?.*)?$/);

  await view(page).getByPlaceholder('请输入业务类型编码').fill(code);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, code)).toContainText('端到端业务');

  // the get call answers the bare record (it has a `code` of its own): the page loads it all the same
  await row(page, code).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/business\/business-type-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(view(page).getByRole('heading', { name: '编辑业务类型' })).toBeVisible();
  await expect(field(page, '业务类型编码')).toHaveValue(code);
  await expect(slot).toHaveAttribute('data-state', 'stored');
  await field(page, '业务类型名称').fill('端到端业务二');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/business/business-type-details\\?id=${id}$`));
  const saved = await api(page, '/business/getBusinessType', undefined, `?id=${id}`);
  expect(saved).toMatchObject({ id, code, name: '端到端业务二', sortNo: 9 });
  expect(saved.summaryImg).toMatch(/^\/img\/[a-f0-9]+\.png$/);
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/business\/business-type-list(\?.*)?$/);

  await api(page, '/business/delBusinessType', [id]);
});

test('partners: create with a type and a logo, find by type and name, edit in place', async ({ page }) => {
  const name = unique('端到端伙伴');
  await page.goto('/business/business-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/business\/business-details$/);
  await expect(view(page).getByRole('heading', { name: '新增合作伙伴' })).toBeVisible();
  await button(view(page), '保存').click();
  await expect(view(page).getByText('合作伙伴名称不得为空')).toBeVisible();
  await expect(view(page).getByText('类型不得为空')).toBeVisible();

  await field(page, '合作伙伴名称').fill(name);
  await pickOption(page, field(page, '类型'), '报关报检');
  await field(page, '链接地址').fill('https://example.com/e2e');
  await field(page, '排序').fill('3');
  await view(page).locator('.gk-image-slot[data-field="logo"] input[type=file]').setInputFiles(pngFile('logo.png'));
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/business\/business-list(\?.*)?$/);

  await pickOption(page, view(page).getByRole('search').getByLabel('类型', { exact: true }), '报关报检');
  await view(page).getByPlaceholder('请输入合作伙伴名称').fill(name);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, name)).toContainText('报关报检');
  await expect(row(page, name)).toContainText('https://example.com/e2e');

  await row(page, name).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/business\/business-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(view(page).getByRole('heading', { name: '编辑合作伙伴' })).toBeVisible();
  await expect(field(page, '合作伙伴名称')).toHaveValue(name);
  await expect(shownValue(field(page, '类型'))).toHaveText('报关报检');
  await expect(view(page).locator('.gk-image-slot[data-field="logo"]')).toHaveAttribute('data-state', 'stored');
  await field(page, '简介').fill('改过的简介');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = await api(page, '/business/getBusiness', undefined, `?id=${id}`);
  expect(saved.data).toMatchObject({ name, type: 'BGBJ', summary: '改过的简介', url: 'https://example.com/e2e', sortNo: 3 });
  expect(saved.data.logo).toMatch(/^\/img\//);
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/business\/business-list(\?.*)?$/);

  await api(page, '/business/delBusiness', [id]);
});
