import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, listLoaded, pickOption, pngFile, row, shownValue, toast, unique, view } from './list-helpers';

/** Suppliers and their products: both on their own detail pages with one image; products pick their supplier. */

const api = signedIn();

const field = (page: Page, label: string) => view(page).getByLabel(label, { exact: true });

// create, search and delete by each screen's rule: list-flow.spec.ts; here the supplier and product forms and searches

test('suppliers: create with a logo, find, edit in place', async ({ page }) => {
  const name = unique('端到端供应商');
  await page.goto('/supplier/supplier-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/supplier\/supplier-details$/);
  await expect(view(page).getByRole('heading', { name: '新增供应商' })).toBeVisible();
  await button(view(page), '保存').click();
  await expect(view(page).getByText('供应商名称不得为空')).toBeVisible();
  await field(page, '供应商名称').fill(name);
  await field(page, '排序').fill('012');
  await field(page, '排序').blur();
  await expect(view(page).getByText('排序只能输入数字')).toBeVisible();
  await field(page, '排序').fill('12');
  await field(page, '简介').fill('端到端测试的供应商');
  await view(page).locator('.gk-image-slot[data-field="logo"] input[type=file]').setInputFiles(pngFile('logo.png'));
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/supplier\/supplier-list(\?.*)?$/);

  await view(page).getByPlaceholder('请输入供应商名称').fill(name);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await row(page, name).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/supplier\/supplier-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(view(page).getByRole('heading', { name: '编辑供应商' })).toBeVisible();
  await expect(field(page, '供应商名称')).toHaveValue(name);
  await expect(view(page).locator('.gk-image-slot[data-field="logo"]')).toHaveAttribute('data-state', 'stored');
  await field(page, '简介').fill('改过的简介');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = await api(page, '/supplier/getSupplier', undefined, `?id=${id}`);
  expect(saved.data).toMatchObject({ name, summary: '改过的简介', sortNo: 12 });
  expect(saved.data.logo).toMatch(/^\/img\//);
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/supplier\/supplier-list(\?.*)?$/);
  await expect(row(page, name)).toContainText('改过的简介');

  await api(page, '/supplier/delSupplier', [id]);
});

test('products: create with a supplier and an icon, find by supplier, name and date, edit in place', async ({ page }) => {
  const name = unique('端到端产品');
  await page.goto('/product/product-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/product\/product-details$/);
  await expect(view(page).getByRole('heading', { name: '新增产品' })).toBeVisible();
  await button(view(page), '保存').click();
  await expect(view(page).getByText('产品名称不得为空')).toBeVisible();
  await expect(view(page).getByText('供应商不得为空')).toBeVisible();

  await pickOption(page, field(page, '供应商'), '冰峰冷链科技');
  await field(page, '产品名称').fill(name);
  await field(page, '链接地址').fill('/products/e2e');
  await view(page).locator('.gk-image-slot[data-field="img"] input[type=file]').setInputFiles(pngFile('icon.png'));
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/product\/product-list(\?.*)?$/);

  // supplier picker (by id), name, and today's date in the created-date range
  await pickOption(page, view(page).getByRole('search').getByLabel('供应商', { exact: true }), '冰峰冷链科技');
  await view(page).getByPlaceholder('请输入产品名称').fill(name);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/product/getProductPage')) bodies.push(JSON.parse(r.postData() ?? '{}'));
  });
  await view(page).getByPlaceholder('开始日期').click();
  await page.getByRole('button', { name: '今天', exact: true }).click();
  await expect(view(page).getByPlaceholder('开始日期')).toHaveValue(today);
  await expect(view(page).getByPlaceholder('结束日期')).toHaveValue(today);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  expect(bodies.at(-1), JSON.stringify(bodies)).toMatchObject({ name, startTime: today, endTime: today, pageNumber: 1 });
  expect(typeof bodies.at(-1)?.supplierId).toBe('number');
  await expect(row(page, name)).toContainText('冰峰冷链科技');

  await row(page, name).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/product\/product-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(view(page).getByRole('heading', { name: '编辑产品' })).toBeVisible();
  await expect(field(page, '产品名称')).toHaveValue(name);
  await expect(shownValue(field(page, '供应商'))).toHaveText('冰峰冷链科技');
  await expect(view(page).locator('.gk-image-slot[data-field="img"]')).toHaveAttribute('data-state', 'stored');
  await field(page, '排序').fill('4');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = await api(page, '/product/getProduct', undefined, `?id=${id}`);
  expect(saved.data).toMatchObject({ name, supplierName: '冰峰冷链科技', url: '/products/e2e', sortNo: 4 });
  expect(saved.data.img).toMatch(/^\/img\//);
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/product\/product-list(\?.*)?$/);

  await api(page, '/product/delProduct', [id]);
});
