import { type Browser, expect, test } from '@playwright/test';
import { signedIn, signInAs as signIn } from './helpers';

/**
 * 消息中心 and the navbar bell (issue 27): an editor's 提交审核 (through the review calls) shows on a reviewer's bell
 * without a reload (the notice stream), the dropdown lists it, 消息中心 lists it as unread and a click marks it read
 * and opens the record.
 */
const api = signedIn();
const PW = 'Notice_e2e_2026';
const stamp = Date.now().toString(36);

// review on for news (one level) in each test here, and off again for the specs that follow (they publish news without it)
test.beforeEach(async ({ page }) => {
  expect((await api(page, '/review/saveSettings', { resource: 'news', levels: 1 })).code).toBe(200);
});
test.afterEach(async ({ page }) => {
  expect((await api(page, '/review/saveSettings', { resource: 'news', levels: 0, selfApprove: false })).code).toBe(200);
});

const signInAs = (browser: Browser, baseURL: string, userName: string) => signIn(browser, baseURL, userName, PW);

test('a submission reaches the reviewer’s bell live; 消息中心 lists it and marks it read on click', async ({ page, browser, baseURL }) => {
  // review on for news (one level); an editor who writes, another who reviews (the editor role holds 一审)
  expect((await api(page, '/review/saveSettings', { resource: 'news', levels: 1 })).code).toBe(200);
  expect((await api(page, '/news/saveNewsType', { code: `nt${stamp}`, name: `消息${stamp}` })).code).toBe(200);
  const roles = (await api(page, '/role/getRoleList')).rows as { id: number; code: string }[];
  const editorRole = roles.find((r) => r.code === 'editor')!;
  for (const userName of [`nw-${stamp}`, `nr-${stamp}`])
    expect((await api(page, '/userInfo/saveUserInfo', { userName, password: PW, enableFlag: 1, roleIds: [editorRole.id] })).code).toBe(200);
  const writer = await signInAs(browser, baseURL!, `nw-${stamp}`);
  const reviewer = await signInAs(browser, baseURL!, `nr-${stamp}`);
  const asWriter = async (path: string, data: unknown) =>
    (await writer.page.request.post(`/api${path}`, { headers: { token: writer.token }, data })).json();

  const title = `港区通告${stamp}`;
  const saved = await asWriter('/news/saveNews', { title, type: `nt${stamp}`, content: '<p>正文</p>', status: 'draft' });
  expect(saved.code).toBe(200);

  const r = reviewer.page;
  await r.goto('/dashboard/home');
  const bell = r.getByTestId('notice-bell');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAccessibleName('消息: 未读消息 0 条');

  // the writer submits: the reviewer's bell counts the notice and the waiting record, no reload
  expect((await asWriter('/review/submit', { resource: 'news', id: saved.data.id })).code).toBe(200);
  await expect(bell).toHaveAccessibleName('消息: 未读消息 1 条，待我审核 1 条');
  await expect(bell.locator('.ant-badge')).toContainText('2');

  const text = `nw-${stamp} 提交了新闻“${title}”，等待您一审`;
  await bell.click();
  const panel = r.getByTestId('notice-panel');
  await expect(panel.getByText(text)).toBeVisible();
  await panel.getByRole('link', { name: '全部消息' }).click();

  // 消息中心: the notice, unread; the 未读 filter holds it
  await expect(r).toHaveURL(/\/user\/notice$/);
  const row = r.locator('.gk-notice-row', { hasText: text });
  await expect(row).toHaveClass(/unread/);
  await r.getByTestId('notice-filter').getByText('未读').click();
  await expect(r.locator('.gk-notice-row')).toHaveCount(1);
  // a click marks it read and opens the record
  await r.locator('.gk-notice-row', { hasText: text }).click();
  await expect(r).toHaveURL(new RegExp(`/news/news-details\\?id=${saved.data.id}$`));
  await expect(bell).toHaveAccessibleName('消息: 未读消息 0 条，待我审核 1 条');
  const page1 = await reviewer.page.request.post('/api/notice/getNoticePage', { headers: { token: reviewer.token }, data: {} });
  expect((await page1.json()).rows[0]).toMatchObject({ text, read: true });

  // back in 消息中心: nothing unread, 全部标为已读 has nothing to do
  await r.goto('/user/notice');
  await expect(r.locator('.gk-notice-row', { hasText: text })).toHaveClass(/\bread\b/);
  await expect(r.getByTestId('notice-mark-all')).toBeDisabled();
  await writer.context.close();
  await reviewer.context.close();
});

test('全部标为已读 marks every notice of the user, and only theirs', async ({ page, browser, baseURL }) => {
  const roles = (await api(page, '/role/getRoleList')).rows as { id: number; code: string }[];
  const editorRole = roles.find((r) => r.code === 'editor')!;
  const userName = `nm-${stamp}`;
  expect((await api(page, '/userInfo/saveUserInfo', { userName, password: PW, enableFlag: 1, roleIds: [editorRole.id] })).code).toBe(200);
  const writer = await signInAs(browser, baseURL!, userName);
  const asWriter = async (path: string, data: unknown) =>
    (await writer.page.request.post(`/api${path}`, { headers: { token: writer.token }, data })).json();
  // two submissions: every other reviewer (the first test's reviewer among them) is told of both
  for (const n of [1, 2]) {
    const saved = await asWriter('/news/saveNews', {
      title: `批量${n}-${stamp}`,
      type: `nt${stamp}`,
      content: '<p>正文</p>',
      status: 'draft',
    });
    expect((await asWriter('/review/submit', { resource: 'news', id: saved.data.id })).code).toBe(200);
  }
  const reviewer = await signInAs(browser, baseURL!, `nr-${stamp}`);
  const r = reviewer.page;
  await r.goto('/user/notice');
  await expect(r.locator('.gk-notice-row.unread')).toHaveCount(2);
  await r.getByTestId('notice-mark-all').click();
  await expect(r.getByText('已全部标为已读')).toBeVisible();
  await expect(r.locator('.gk-notice-row.unread')).toHaveCount(0);
  await expect(r.getByTestId('notice-bell')).toHaveAccessibleName(/未读消息 0 条/);
  // the writer's own notices (none were theirs to mark) and another reviewer's stay as they were
  const other = await signInAs(browser, baseURL!, `nw-${stamp}`);
  const counts = await other.page.request.post('/api/notice/getCounts', { headers: { token: other.token } });
  expect((await counts.json()).data.unread).toBe(2);
  for (const c of [writer, reviewer, other]) await c.context.close();
});
