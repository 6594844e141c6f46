import { expect, test } from '@playwright/test';
import writeExcelFile from 'write-excel-file/node';
import { signedIn } from './helpers';
import { button, listLoaded, modal, row, toast, unique, view } from './list-helpers';

/**
 * 导入 (issue 26) in the browser: a small 友情链接 file with one bad row is checked first (the preview names the
 * row, column and message, and 全部导入 is refused), 仅导入有效行 imports the others, and the list shows them. Then
 * the operation log's entry of that import undoes it as a whole.
 */
test.describe.configure({ mode: 'serial' });
const api = signedIn();

const stamp = unique('导入');
const NAMES = [`${stamp}甲`, `${stamp}乙`, `${stamp}丙`];

/** a workbook as an operator fills the template: headers by their labels, the third data row's link is no web address */
async function linksFile(): Promise<Buffer> {
  const text = (value: string) => ({ value, type: String });
  return writeExcelFile([
    [text('名称'), text('链接地址'), text('排序')],
    [text(NAMES[0]), text('https://www.example.com/a'), { value: 1, type: Number }],
    [text(NAMES[1]), text('https://www.example.com/b'), { value: 2, type: Number }],
    [text(NAMES[2]), text('ftp://not-a-web-address'), { value: 3, type: Number }],
  ]).toBuffer();
}

test('a links file with one bad row: the preview names it, 仅导入有效行 imports the rest, the list shows them', async ({ page }) => {
  await page.goto('/link/link-list');
  await listLoaded(page);
  await button(view(page), '导入').click();
  const dialog = modal(page);
  await expect(dialog.getByText('导入友情链接')).toBeVisible();

  const checked = page.waitForResponse((r) => r.url().includes('/api/import/checkImport'));
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'links.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await linksFile(),
  });
  expect((await checked).status()).toBe(200);
  await expect(dialog.getByText('新增 2')).toBeVisible();
  await expect(dialog.getByText('错误 1')).toBeVisible();
  // the error by row (the spreadsheet's number: the header is row 1), column and message
  const errorRow = dialog.locator('.gk-import-errors').getByRole('row').filter({ hasText: '链接地址格式不正确' });
  await expect(errorRow.getByRole('cell')).toHaveText(['4', '链接地址', /链接地址格式不正确/]);
  await expect(dialog.locator('.gk-import-preview').getByText(NAMES[0])).toBeVisible();
  await expect(button(dialog, '全部导入')).toBeDisabled();

  await button(dialog, '仅导入有效行').click();
  await expect(toast(page, '导入完成：新增 2 条，更新 0 条，跳过 1 行')).toBeVisible();
  await expect(dialog).toBeHidden();
  // the list reloaded: the two valid rows are there, the bad one is not
  await expect(row(page, NAMES[0])).toBeVisible();
  await expect(row(page, NAMES[1])).toBeVisible();
  await expect(row(page, NAMES[2])).toHaveCount(0);
  const stored = await api(page, '/headerContorller/getLinkPage', { name: stamp, pageNumber: 1, pageSize: 10 });
  expect(stored.rows.map((r: { name: string }) => r.name).sort()).toEqual([NAMES[0], NAMES[1]].sort());
});

test('the operation log entry of the import undoes it as a whole', async ({ page }) => {
  await page.goto('/monitor/operlog-list');
  await listLoaded(page);
  const entry = row(page, '友情链接')
    .filter({ has: page.getByRole('button', { name: '撤销导入' }) })
    .first();
  await entry.getByRole('button', { name: '撤销导入' }).click();
  await button(modal(page), '撤销导入').click();
  await expect(toast(page, '已撤销导入')).toBeVisible();
  const stored = await api(page, '/headerContorller/getLinkPage', { name: stamp, pageNumber: 1, pageSize: 10 });
  expect(stored.total).toBe(0);
});
