import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, listLoaded, pickOption, pngFile, row, shownValue, toast, unique, view } from './list-helpers';

/** /banner/banner-list and /banner/banner-details (one banner screen also serves SPEC's simple list variant). */

const api = signedIn();

// create, search and delete: list-flow.spec.ts; here the banner form, its searches and the 启用 flag without a list switch

test('banners: create with an image, find by title and page, edit and disable from the form', async ({ page }) => {
  const title = unique('端到端轮播');
  const get = async (id: number) => (await api(page, '/banner/getBanner', undefined, `?id=${id}`)).data;
  await page.goto('/banner/banner-list');
  await listLoaded(page);
  const header = view(page).getByRole('columnheader');
  await expect(header.nth(1)).toHaveText('轮播图页面');
  await expect(view(page).getByRole('columnheader', { name: '启用', exact: true })).toBeVisible();

  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/banner\/banner-details$/);
  await expect(view(page).getByRole('heading', { name: '新增轮播图' })).toBeVisible();
  await button(view(page), '保存').click();
  await expect(view(page).getByText('轮播图页面不得为空')).toBeVisible();
  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await view(page).getByLabel('名称', { exact: true }).fill('e2e-banner');
  await pickOption(page, view(page).getByLabel('轮播图页面', { exact: true }), '新闻中心-通知公告');
  await view(page).getByLabel('跳转地址', { exact: true }).fill('www.example.com');
  await view(page).getByLabel('跳转地址', { exact: true }).blur();
  await expect(view(page).getByText(/跳转地址格式不正确/)).toBeVisible();
  await view(page).getByLabel('跳转地址', { exact: true }).fill('/news/news-list');
  await view(page).getByLabel('简介', { exact: true }).fill('端到端简介');
  await view(page).getByLabel('排序', { exact: true }).fill('7');
  const slot = view(page).locator('.gk-image-slot[data-field="imgUrl"]');
  await slot.locator('input[type=file]').setInputFiles(pngFile('banner.png'));
  await expect(slot).toHaveAttribute('data-state', 'pending');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/banner\/banner-list(\?.*)?$/);

  // find it by title and banner page (全部 is the default)
  const pageSelect = view(page).getByRole('search').getByLabel('轮播图页面', { exact: true });
  await expect(shownValue(pageSelect)).toHaveText('全部');
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await pickOption(page, pageSelect, '首页');
  await button(view(page), '搜索').click();
  await expectTotal(page, 0);
  await pickOption(page, pageSelect, '新闻中心-通知公告');
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, title)).toContainText('新闻中心-通知公告');
  await expect(row(page, title)).toContainText('/news/news-list');
  await expect(row(page, title).getByRole('cell', { name: '是', exact: true })).toBeVisible();

  // edit: the stored image comes back; the banner is disabled from its form (no list switch for banners)
  await row(page, title).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/banner\/banner-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  // the details view is on screen (its image slot is there) before its fields are read
  await expect(slot).toHaveAttribute('data-state', 'stored');
  await expect(view(page).getByLabel('标题', { exact: true })).toHaveValue(title);
  await view(page).getByLabel('简介', { exact: true }).fill('改过的简介');
  await view(page).getByRole('switch', { name: '启用' }).click();
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/banner/banner-details\\?id=${id}$`));
  expect(await get(id)).toMatchObject({
    title,
    name: 'e2e-banner',
    bannerType: 'news002',
    summary: '改过的简介',
    sortNo: 7,
    enableFlag: 0,
  });
  expect((await get(id)).imgUrl).toMatch(/^\/img\/[a-f0-9]+\.png$/);
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/banner\/banner-list(\?.*)?$/);
  await expect(row(page, title)).toContainText('改过的简介');
  await expect(row(page, title).getByRole('cell', { name: '否', exact: true })).toBeVisible();
  await expect(row(page, title).getByRole('switch')).toHaveCount(0);

  await api(page, '/banner/del', [id]);
});
