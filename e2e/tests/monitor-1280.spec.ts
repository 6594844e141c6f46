import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { listLoaded, row, view } from './list-helpers';

/**
 * At 1280 px the column that matters on each log screen is in view beside the fixed 操作 column, the list scrolled to
 * its start (issue 25): 结果 on 操作日志, 最后访问 and the 当前会话 tag on 在线用户, 登录结果 on 登录日志.
 */

test.use({ viewport: { width: 1280, height: 800 } });
signedIn();

/** the header cell of this column title (the sticky header's copy that is shown) */
const header = (page: Page, title: string) => view(page).getByRole('columnheader', { name: title, exact: true }).last();

async function leftOfActions(page: Page, target: Locator) {
  const actions = await header(page, '操作').boundingBox();
  const box = await target.boundingBox();
  expect(actions && box).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(actions!.x + 1);
}

test('操作日志: 结果 is in view at 1280 px', async ({ page }) => {
  await page.goto('/monitor/operlog-list');
  await listLoaded(page);
  await leftOfActions(page, header(page, '结果'));
});

test('在线用户: 最后访问 and the 当前会话 tag are in view at 1280 px', async ({ page }) => {
  await page.goto('/monitor/online-list');
  await listLoaded(page);
  await leftOfActions(page, header(page, '最后访问'));
  await leftOfActions(page, row(page, '当前会话').getByText('当前会话', { exact: true }));
});

test('登录日志: 登录结果 is in view at 1280 px', async ({ page }) => {
  await page.goto('/monitor/loginlog-list');
  await listLoaded(page);
  await leftOfActions(page, header(page, '登录结果'));
});

test('a table wider than the screen shows its own scrollbar and the fixed columns’ shadow on the side with more to see', async ({
  page,
}) => {
  // sizes are read when the browser lays the page out (DataTable's ResizeObserver), never during React's commit
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/monitor/operlog-list');
  await listLoaded(page);
  const table = view(page).locator('.gk-table');
  await expect(table).toHaveClass(/gk-table-scrolls/);
  await expect(table).toHaveClass(/gk-table-ping-end/);
  await expect(table).not.toHaveClass(/gk-table-ping-start/);
  const thumb = view(page).locator('.gk-table-scrollbar-thumb');
  await expect.poll(() => thumb.evaluate((t) => t.getBoundingClientRect().width)).toBeGreaterThan(20);
  await view(page)
    .locator('.gk-table-body')
    .evaluate((b) => {
      b.scrollLeft = b.scrollWidth;
    });
  await expect(table).toHaveClass(/gk-table-ping-start/);
  await expect(table).not.toHaveClass(/gk-table-ping-end/);
  // the header follows the body
  await expect
    .poll(() =>
      view(page)
        .locator('.gk-table-header')
        .evaluate((h) => h.scrollLeft),
    )
    .toBeGreaterThan(0);
});
