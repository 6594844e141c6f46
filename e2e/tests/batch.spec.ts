import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, modal, pickOption, row, selectRow, view } from './list-helpers';

/**
 * Issue 26 批量操作 in a real browser: three published news selected on the news list, one of them with a pending
 * draft; 批量修改类型 (the type picked in its dialog) changes two, and the summary names the third with why.
 */

const api = signedIn();

test('news list: 批量修改类型 of three news changes two and names the one with a pending draft', async ({ page }) => {
  const stamp = `批量 ${Date.now()}`;
  const titles = [1, 2, 3].map((n) => `${stamp} 第${n}条`);
  const ids: number[] = [];
  for (const title of titles) {
    const saved = await api(page, '/news/saveNews', { title, type: 'hydt', content: '<p>正文</p>' });
    expect(saved).toMatchObject({ code: 200, data: { status: 'published' } });
    ids.push(saved.data.id);
  }
  // the third waits with a pending draft: changing its type through its save would put the draft live
  const drafted = await api(page, '/news/saveNews', { id: ids[2], title: titles[2], type: 'hydt', summary: '改稿', draft: true });
  expect(drafted).toMatchObject({ code: 200, msg: '草稿已保存，网站上仍显示已发布的版本' });

  await page.goto('/news/news-list');
  await view(page).getByPlaceholder('请输入标题').fill(stamp);
  await button(view(page), '搜索').click();
  await expectTotal(page, 3);
  for (const title of titles) await selectRow(page, title);

  await view(page)
    .getByRole('button', { name: /^批量操作/ })
    .click();
  await page.getByRole('menuitem', { name: '批量修改类型' }).click();
  const dialog = modal(page);
  await expect(dialog).toContainText('确认对选中的 3 条记录执行“批量修改类型”吗？');
  await pickOption(page, dialog.getByRole('combobox'), '物流知识');
  await button(dialog, '确定').click();

  const summary = page.getByRole('dialog').filter({ hasText: '批量修改类型：完成 2 条，未完成 1 条' });
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('batch-refused')).toHaveText(`${titles[2]}：有待发布的草稿，请先发布或放弃草稿再修改类型`);
  await button(summary, '确定').click();

  await expect(row(page, titles[0])).toContainText('物流知识');
  await expect(row(page, titles[1])).toContainText('物流知识');
  await expect(row(page, titles[2])).toContainText('行业动态');
  await expect(view(page).getByText(/已选择/)).toHaveCount(0);
  const third = await api(page, '/news/getNews', undefined, `?id=${ids[2]}`);
  expect(third.data).toMatchObject({ type: 'hydt', hasDraft: true, summary: '改稿' });
});
