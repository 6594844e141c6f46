import { expect, type Response, test } from '@playwright/test';
import { signedIn, spaNavigate } from './helpers';
import {
  button,
  currentPage,
  dataRows,
  expectTotal,
  listLoaded,
  listTotal,
  modal,
  openSelect,
  optionOf,
  pickOption,
  pngFile,
  readXlsx,
  row,
  savedId,
  toast,
  unique,
  view,
} from './list-helpers';

/** The news screens, the worked example of the shared list / dialog / detail components. */

const api = signedIn();

// create, search, toggle and delete by each screen's rule: list-flow.spec.ts; here what only the news screens do

test("news types: the dialog is titled 新增 / 编辑, checks the contract's rules, and edits in place", async ({ page }) => {
  const code = unique('t');
  await page.goto('/news/news-type');
  await listLoaded(page);

  await button(view(page), '新增').click();
  const dialog = modal(page);
  await expect(dialog).toHaveAccessibleName('新增');
  // the form is in and takes input before 保存 is pressed (a save of a form not yet mounted checks nothing)
  await expect(dialog.getByLabel('类型编码')).toBeEditable();
  await button(dialog, '保存').click();
  await expect(dialog.getByText('类型编码不能为空')).toBeVisible();
  await expect(dialog.getByText('类型名称不能为空')).toBeVisible();
  await dialog.getByLabel('类型编码').fill(code);
  await dialog.getByLabel('类型名称').fill(' 空格开头');
  await dialog.getByLabel('排序').fill('abc');
  await dialog.getByLabel('排序').blur();
  await expect(dialog.getByText('排序只能输入数字')).toBeVisible();
  await expect(dialog.getByText('必填')).toBeVisible();
  await dialog.getByLabel('类型名称').fill('端到端类型');
  await dialog.getByLabel('排序').fill('9');
  const id = await savedId(page, () => button(dialog, '保存').click());
  await expect(dialog).toBeHidden();

  await view(page).getByRole('search').getByLabel('类型编码', { exact: true }).fill(code);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, code)).toContainText('端到端类型');

  // the row opens in the same dialog, titled 编辑, with its values
  await button(row(page, code), '编辑').click();
  const edit = modal(page);
  await expect(edit).toHaveAccessibleName('编辑');
  await expect(edit.getByLabel('类型编码')).toHaveValue(code);
  await edit.getByLabel('类型名称').fill('端到端类型二');
  await button(edit, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(row(page, code)).toContainText('端到端类型二');
  await api(page, '/news/delNewsType', [id]);
});

test('news: the details page checks the rules, uploads the image on save, keeps the body, and edits in place', async ({ page }) => {
  const title = unique('端到端新闻');
  await page.goto('/news/news-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/news\/news-details$/);
  await expect(view(page).getByRole('heading', { name: '新增新闻' })).toBeVisible();

  // the contract's messages, on blur and on save
  await button(view(page), '保存并发布').click();
  await expect(view(page).getByText('标题不得为空')).toBeVisible();
  await expect(view(page).getByText('新闻类型不得为空')).toBeVisible();

  await view(page).getByLabel('标题', { exact: true }).fill(title);
  await pickOption(page, view(page).getByLabel('新闻类型', { exact: true }), '行业动态');
  await view(page).getByLabel('摘要', { exact: true }).fill('端到端测试的摘要');
  await view(page).getByRole('switch', { name: '置顶' }).click();

  // the image is only previewed until the record is saved
  const slot = view(page).locator('.gk-image-slot[data-field="summaryImg"]');
  await expect(slot).toHaveAttribute('data-state', 'empty');
  await slot.locator('input[type=file]').setInputFiles(pngFile('summary.png'));
  await expect(slot).toHaveAttribute('data-state', 'pending');
  await expect(slot.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(slot.locator('.gk-image-empty')).toHaveCount(0);

  const editor = view(page).locator('.gk-rt-content');
  await editor.click();
  await editor.pressSequentially('港口新闻正文');
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/upload/upload')) uploads.push(r.url());
  });
  await button(view(page), '保存并发布').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);
  expect(uploads).toHaveLength(1);

  // found by its title, with its type's name and the 置顶 set on the form
  await view(page).getByPlaceholder('请输入标题').fill(title);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, title)).toContainText('行业动态');
  await expect(row(page, title).getByRole('switch', { name: '置顶' })).toHaveAttribute('aria-checked', 'true');

  // edit: the stored image and the body come back; saving stays on the page and reloads
  await row(page, title).getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/news\/news-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(view(page).getByRole('heading', { name: '编辑新闻' })).toBeVisible();
  await expect(view(page).getByLabel('标题', { exact: true })).toHaveValue(title);
  await expect(slot).toHaveAttribute('data-state', 'stored');
  const src = await slot.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/img\/[a-f0-9]+\.png$/);
  expect((await page.request.get(src!)).status()).toBe(200);
  await expect(editor).toContainText('港口新闻正文');
  await expect(view(page).getByText('有未保存的修改')).toHaveCount(0);
  await view(page).getByLabel('摘要', { exact: true }).fill('改过的摘要');
  await expect(view(page).getByText('有未保存的修改')).toBeVisible();
  await button(view(page), '更新发布内容').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/news/news-details\\?id=${id}$`));
  await expect(view(page).getByText('有未保存的修改')).toHaveCount(0);
  const saved = await api(page, '/news/getNews', undefined, `?id=${id}`);
  expect(saved.data).toMatchObject({ title, summary: '改过的摘要', type: 'hydt', isTop: 1, summaryImg: src });
  expect(saved.data.content).toContain('港口新闻正文');

  // once it is gone, the same search shows the empty state, and 清空搜索条件 brings the whole list back
  await api(page, '/news/delNews', [id]);
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);
  await button(view(page), '搜索').click();
  await expectTotal(page, 0);
  await expect(view(page).getByText('没有符合条件的数据')).toBeVisible();
  await button(view(page), '清空搜索条件').click();
  await listLoaded(page);
});

test('removing a stored image deletes it, blanks the field and saves the record', async ({ page }) => {
  const created = await api(page, '/news/saveNews', { title: `带图新闻 ${Date.now()}`, type: 'hydt' });
  const id = created.data.id;
  const getNews = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/news/getNews';
  const loaded = page.waitForResponse(getNews);
  await page.goto(`/news/news-details?id=${id}`);
  await loaded;
  const slot = view(page).locator('.gk-image-slot[data-field="summaryImg"]');
  await expect(slot).toHaveAttribute('data-state', 'empty');
  await slot.locator('input[type=file]').setInputFiles(pngFile('a.png'));
  // the save reloads the record: wait for that reload before touching the slot again
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/news/saveNews');
  const reloaded = page.waitForResponse(getNews);
  await button(view(page), '更新发布内容').click();
  expect(await (await saved).json()).toMatchObject({ code: 200, msg: '保存成功' });
  await reloaded;
  await expect(slot).toHaveAttribute('data-state', 'stored');
  expect((await api(page, '/news/getNews', undefined, `?id=${id}`)).data.summaryImg).toMatch(/^\/img\//);

  const blanked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/news/saveNews');
  await slot.getByRole('button', { name: '删除图片' }).click();
  await button(page.getByRole('tooltip').filter({ hasText: '删除这张图片并保存？' }), '确定').click();
  expect(await (await blanked).json()).toMatchObject({ code: 200, msg: '保存成功' });
  await expect(slot).toHaveAttribute('data-state', 'empty');
  expect((await api(page, '/news/getNews', undefined, `?id=${id}`)).data.summaryImg).toBe('');
  await api(page, '/news/delNews', [id]);
});

test('the rich-text editor uploads an inserted image', async ({ page }) => {
  await page.goto('/news/news-details');
  const editor = view(page).locator('.gk-rt-content');
  await expect(view(page).getByRole('toolbar', { name: '格式工具栏' })).toBeVisible();
  await editor.click();
  await view(page).getByTestId('richtext-image-input').setInputFiles(pngFile('inline.png'));
  const img = editor.locator('img');
  await expect(img).toHaveAttribute('src', /^\/img\/[a-f0-9]+\.png$/);
  expect((await page.request.get((await img.getAttribute('src'))!)).status()).toBe(200);
  // the image dialog asks for its alt text: it goes into <img alt> and onto the image
  const props = modal(page);
  await expect(props).toContainText('图片属性');
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload/saveImageAlt');
  await props.getByLabel('替代文字').fill('港口夜景');
  await button(props, '确定').click();
  expect(await (await saved).json()).toMatchObject({ code: 200, data: { alt: '港口夜景' } });
  await expect(img).toHaveAttribute('alt', '港口夜景');
  // a refused file never reaches the server
  await view(page)
    .getByTestId('richtext-image-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(toast(page, '只支持 JPG、PNG、GIF、WEBP 格式的图片')).toBeVisible();
  await expect(editor.locator('img')).toHaveCount(1);
});

test('leaving a detail page with unsaved changes asks first', async ({ page }) => {
  await page.goto('/news/news-list');
  await listLoaded(page);
  await spaNavigate(page, '/news/news-details');
  await view(page).getByLabel('标题', { exact: true }).fill('还没保存');
  await button(view(page), '取消').click();
  const ask = modal(page);
  await expect(ask).toContainText('有未保存的修改，确定离开吗？');
  await button(ask, '留在此页').click();
  await expect(page).toHaveURL(/\/news\/news-details$/);
  await expect(view(page).getByLabel('标题', { exact: true })).toHaveValue('还没保存');
  await button(view(page), '取消').click();
  await button(modal(page), '离开').click();
  await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);
});

test('the remote select caches its first unfiltered page in sessionStorage', async ({ page }) => {
  await page.goto('/news/news-list');
  await listLoaded(page);
  const key = 'remote-select:/news/getTypeList';
  expect(await page.evaluate((k) => sessionStorage.getItem(k), key)).toBeNull();
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/news/getTypeList')) calls.push(r.postData() ?? '');
  });
  const select = view(page).getByRole('search').getByLabel('新闻类型', { exact: true });
  const types = await openSelect(page, select);
  await expect(optionOf(types, '行业动态')).toBeVisible();
  const cached = JSON.parse((await page.evaluate((k) => sessionStorage.getItem(k), key))!);
  expect(cached.total).toBe((await api(page, '/news/getTypeList', { query: '', pageNumber: 1, pageSize: 10 })).total);
  expect(cached.rows.map((r: { code: string }) => r.code)).toContain('hydt');
  expect(calls).toHaveLength(1);
  expect(JSON.parse(calls[0])).toEqual({ query: '', pageNumber: 1, pageSize: 10 });

  // filter by the chosen type: page 1 again
  await optionOf(types, '通关资讯').click();
  await button(view(page), '搜索').click();
  await expect(row(page, '通关资讯').first()).toBeVisible();
  await expect(dataRows(page).filter({ hasNotText: '通关资讯' })).toHaveCount(0);

  // a fresh page of the same session reads the cache instead of the server
  await page.reload();
  await listLoaded(page);
  calls.length = 0;
  await expect(optionOf(await openSelect(page, select), '行业动态')).toBeVisible();
  expect(calls).toHaveLength(0);
});

test('the field display dialog hides a column, and the choice survives a reload', async ({ page }) => {
  await page.goto('/news/news-list');
  await listLoaded(page);
  const header = (name: string) => view(page).getByRole('columnheader', { name, exact: true });
  await expect(header('摘要')).toHaveCount(1);
  // 标题 scrolls with the table (a column fixed to the left stays: position sticky)
  await expect(header('标题')).not.toHaveCSS('position', 'sticky');
  await view(page).getByRole('button', { name: '列表字段设置' }).click();
  const dialog = page.getByRole('dialog', { name: '列表字段设置' });
  await expect(dialog).toBeVisible();
  await dialog.locator('.gk-field-row[data-field="summary"] input[type=checkbox]').uncheck();
  await dialog.getByRole('button', { name: /固定在左侧 标题/ }).click();
  await button(dialog, '保存').click();
  await expect(toast(page, '字段保存成功')).toBeVisible();
  await expect(header('摘要')).toHaveCount(0);

  await page.reload();
  await listLoaded(page);
  await expect(header('标题')).toBeVisible();
  await expect(header('摘要')).toHaveCount(0);
  await expect(header('标题')).toHaveCSS('position', 'sticky');

  // back to the defaults
  await view(page).getByRole('button', { name: '列表字段设置' }).click();
  await button(modal(page), '恢复默认').click();
  await button(modal(page), '保存').click();
  await expect(toast(page, '字段保存成功')).toBeVisible();
  await expect(header('摘要')).toHaveCount(1);
});

test('the pager shows 总共N条记录, page sizes 10/20/30/50, and any search starts at page 1', async ({ page }) => {
  await page.goto('/news/news-list');
  await listLoaded(page);
  const sizes = await openSelect(page, view(page).getByRole('combobox', { name: '页码' }));
  await expect(sizes).toHaveText(['10 条/页', '20 条/页', '30 条/页', '50 条/页']);
  await optionOf(sizes, '10 条/页').click();
  // page 2 holds what the first ten leave (the demo has more than ten news)
  const total = await listTotal(page);
  expect(total).toBeGreaterThan(10);
  await view(page).getByRole('listitem', { name: '2', exact: true }).click();
  await expect(currentPage(page)).toHaveText('2');
  await expect(dataRows(page)).toHaveCount(Math.min(10, total - 10));
  await view(page).getByPlaceholder('请输入标题').fill('物流');
  await view(page).getByPlaceholder('请输入标题').press('Enter');
  await expect(currentPage(page)).toHaveText('1');
  await expect(dataRows(page).first()).toContainText('物流');
});

/**
 * The list's selects are stand-ins until pressed (components/LazySelect.tsx): a pointer over one fetches antd's Select,
 * a press puts it in place, open. With the code already there, a select mounted inside the press heard that same press
 * at its outside-click listener and closed again: this is that order, a pointer over the pager's size changer first.
 */
test('a search select opens on its first press, also once a pointer over another select has fetched the code', async ({ page }) => {
  await page.goto('/news/news-list');
  await listLoaded(page);
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length);
  const before = await scripts();
  await view(page).getByRole('combobox', { name: '页码' }).hover();
  // the pointer fetched code, and left the stand-in in place
  await expect.poll(scripts).toBeGreaterThan(before);
  await expect(view(page).locator('.ant-pagination-options .gk-select-stand-in')).toHaveCount(1);

  const top = view(page).getByRole('search').getByRole('combobox', { name: '置顶' });
  const options = await openSelect(page, top);
  await expect(options).toHaveText(['全部', '是', '否']);
  await optionOf(options, '是').click();
  await expect(top.locator('xpath=..')).toHaveText('是');
});

test('导出 writes every row of the current filter to an .xlsx file', async ({ page }) => {
  await page.goto('/news/news-list');
  await listLoaded(page);
  await view(page).getByPlaceholder('请输入标题').fill('物流');
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/news/getNewsList') && r.request().postDataJSON()?.title === '物流');
  await button(view(page), '搜索').click();
  const total = Number((await (await listed).json()).total);
  expect(total).toBeGreaterThan(0);
  await expectTotal(page, total);
  const [download] = await Promise.all([page.waitForEvent('download'), button(view(page), '导出').click()]);
  expect(download.suggestedFilename()).toMatch(/^新闻_\d{8}_\d{6}\.xlsx$/);
  const bytes = await (await download.createReadStream()).toArray();
  const file = Buffer.concat(bytes);
  // the workbook is compressed (issue 26)
  const xlsx = readXlsx(file);
  expect(xlsx.deflated).toBe(true);
  expect(xlsx.texts).toContain('标题');
  expect(xlsx.rows).toBe(total + 1);
  await expect(toast(page, '导出完成')).toBeVisible();
});
