import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, listLoaded, modal, row, toast, view } from './list-helpers';
import { startSite } from './site';

/**
 * Issue 23: drafts in the site's own design. A published news is edited and saved as a draft while the site keeps
 * the published version; 预览 opens the website's own page (PREVIEW_URL_NEWS, another origin), which reads the draft
 * from the delivery API with its token; 更新发布内容 puts it live. And the publish-state tag reads the server's clock.
 */

const api = signedIn();

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (the server's TZ_NAME) */
const shanghai = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(
    d.getUTCSeconds(),
  )}`;
};

/** the draft's own editing: the 标题 field of the detail page */
const titleField = (page: Page) => view(page).getByLabel('标题', { exact: true });

test.describe('drafts of live content', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  test.beforeAll(async ({ baseURL }) => {
    site = await startSite(new URL(baseURL!).origin);
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('edit a published news → 保存草稿 → the site unchanged → 预览 on the website shows the draft → 更新发布内容 puts it live', async ({
    page,
    request,
  }) => {
    const live = `线上新闻 ${Date.now()}`;
    const draft = `${live} 改稿`;
    const created = await api(page, '/news/saveNews', { title: live, type: 'hydt', summary: '线上摘要' });
    expect(created).toMatchObject({ code: 200, data: { status: 'published' } });
    const id: number = created.data.id;
    const publicNews = async () => (await (await request.get(`/public/v1/news/${id}`)).json()).data as { title: string };
    expect((await publicNews()).title).toBe(live);

    await page.goto(`/news/news-details?id=${id}`);
    await expect(titleField(page)).toHaveValue(live);
    const bar = view(page).locator('.gk-detail-actions');
    await expect(bar.getByText('已发布', { exact: true })).toBeVisible();
    // the primary action says what it does; the blue 保存 that published at once is gone
    await expect(button(bar, '更新发布内容')).toBeVisible();
    await expect(button(bar, '保存')).toHaveCount(0);

    await titleField(page).fill(draft);
    await button(bar, '保存草稿').click();
    await expect(toast(page, '草稿已保存，网站上仍显示已发布的版本')).toBeVisible();
    await expect(bar.getByText('已发布（有草稿）')).toBeVisible();
    await expect(titleField(page)).toHaveValue(draft);
    // the site: still the published version
    expect((await publicNews()).title).toBe(live);

    // 预览: the website's own page, on its own origin, reading the draft with the token
    const [preview] = await Promise.all([page.context().waitForEvent('page'), button(bar, '预览').click()]);
    await expect(preview).toHaveURL(new RegExp(`^${site.origin}/news/${id}\\?preview=`));
    await expect(preview.locator('h1')).toHaveText(draft);
    await expect(preview.locator('body')).toHaveAttribute('data-cache', 'private, no-store');
    await preview.close();
    expect((await publicNews()).title).toBe(live);

    // 更新发布内容: the draft goes live
    await button(bar, '更新发布内容').click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(bar.getByText('已发布', { exact: true })).toBeVisible();
    await expect.poll(async () => (await publicNews()).title).toBe(draft);

    // 下线 asks first, and keeps what is typed on the form
    await view(page).getByLabel('摘要', { exact: true }).fill('还没保存的摘要');
    await bar.getByRole('button', { name: /更\s?多/ }).click();
    await page.getByRole('menuitem', { name: /下线/ }).click();
    const ask = modal(page);
    await expect(ask).toContainText(`确认下线"${draft}"吗？下线后网站将不再显示`);
    await button(ask, '下线').click();
    await expect(toast(page, '已下线')).toBeVisible();
    await expect(bar.getByText('已下线', { exact: true })).toBeVisible();
    await expect(view(page).getByLabel('摘要', { exact: true })).toHaveValue('还没保存的摘要');
    expect((await request.get(`/public/v1/news/${id}`)).status()).toBe(404);
    await api(page, '/news/delNews', [id]);
  });
});

for (const timezoneId of ['Europe/Berlin', 'UTC']) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('the publish-state tag reads the server’s clock: live news show 已发布', async ({ page }) => {
      // published an hour ago in the server's zone: still ahead of a clock 7 or 8 hours behind it
      const title = `时区新闻 ${timezoneId} ${Date.now()}`;
      const saved = await api(page, '/news/saveNews', { title, type: 'hydt', draft: true });
      const id: number = saved.data.id;
      const hourAgo = shanghai(Date.now() - 3600_000);
      expect(await api(page, '/news/publishNews', { publishTime: hourAgo }, `?id=${id}`)).toMatchObject({ code: 200, msg: '发布成功' });

      await page.goto(`/news/news-list?status=published`);
      await listLoaded(page);
      // every live news on the page is 已发布, none 定时
      const tags = view(page).locator('.ant-table-row [data-state]');
      await expect(tags.first()).toBeVisible();
      expect(new Set(await tags.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))))).toEqual(new Set(['published']));
      await view(page).getByPlaceholder('请输入标题').fill(title);
      await button(view(page), '搜索').click();
      await expect(row(page, title)).toContainText('已发布');

      await page.goto(`/news/news-details?id=${id}`);
      await expect(view(page).locator('.gk-detail-actions').getByText('已发布', { exact: true })).toBeVisible();
      await api(page, '/news/delNews', [id]);
    });
  });
}

test.describe('a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a live news’s action bar: 更新发布内容 first, 保存草稿 beside it, the rest under 更多, on one row inside the screen', async ({
    page,
  }) => {
    const title = `手机新闻 ${Date.now()}`;
    const created = await api(page, '/news/saveNews', { title, type: 'hydt' });
    expect(created).toMatchObject({ code: 200, data: { status: 'published' } });
    const id: number = created.data.id;

    await page.goto(`/news/news-details?id=${id}`);
    await expect(titleField(page)).toHaveValue(title);
    const bar = view(page).locator('.gk-detail-actions');
    await expect(bar.getByText('已发布', { exact: true })).toBeVisible();
    const actions = bar.locator('.gk-publish-actions button');
    await expect(actions.first()).toHaveText(/更新发布内容/);
    await expect(bar.getByRole('button', { name: '保存草稿' })).toBeVisible();
    await expect(actions.last()).toHaveText(/更\s?多/);
    // nothing else on the bar: 预览, 下线 and 取消 are under 更多
    await expect(actions).toHaveCount(3);
    const boxes = await actions.evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right })),
    );
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
    for (const b of boxes) expect(b.right).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await actions.last().click();
    const items = page.getByRole('menuitem');
    await expect(items.filter({ hasText: /下线/ })).toBeVisible();
    expect((await items.allInnerTexts()).map((s) => s.trim())).toEqual(['预览', '定时发布…', '下线', '取消']);
    await api(page, '/news/delNews', [id]);
  });
});
