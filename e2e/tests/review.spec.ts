import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, COLD_LOAD, modal, pickOption, row, toast, view } from './list-helpers';

/**
 * 审核流程 (issue 27), web and server together: an administrator turns review on for news in 审核设置; an editor
 * (news save + 提交审核, no 一审, no 发布) saves a draft and submits it; a reviewer (一审) finds it in 待我审核, cannot
 * reject it without a comment, rejects it with one; the editor edits and resubmits; the reviewer approves; the editor
 * can approve nothing; 发布 waits for the approval, then puts the news live.
 */

test.describe.configure({ mode: 'serial' });
const api = signedIn();

const stamp = Date.now().toString(36);
const PW = 'E2e_review_123';
const EDITOR = `rv-editor-${stamp}`;
const REVIEWER = `rv-reviewer-${stamp}`;

interface Session {
  page: Page;
  token: string;
  close: () => Promise<void>;
}

/** A browser of its own for that account, signed in (its token in the cookie, as after the login form). */
async function signInAs(browser: Browser, baseURL: string, userName: string): Promise<Session> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const r = await page.request.post('/api/login/doLogin', { data: { username: userName, password: PW } });
  const token: string = (await r.json()).data.token;
  expect(token).toBeTruthy();
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  return { page, token, close: () => context.close() };
}

/** A POST with that account's session, answering the status and the reply. */
async function call(s: Session, path: string, data: unknown, params = '') {
  const r = await s.page.request.post(`/api${path}${params}`, { headers: { token: s.token }, data });
  return { status: r.status(), body: await r.json() };
}

/** the detail page's action bar, and its review row and review state tag */
const bar = (page: Page) => view(page).locator('.gk-detail-actions');
const reviewRow = (page: Page) => view(page).getByTestId('review-bar');
const reviewTag = (page: Page) => reviewRow(page).locator('[data-review-state]');
/** the reason a disabled button gives (its wrapper's tooltip) */
async function reasonOf(page: Page, wrapped: Locator) {
  await wrapped.locator('xpath=ancestor::span[contains(@class,"gk-tooltip-wrap")][1]').hover();
  return page.getByRole('tooltip').filter({ visible: true });
}

let editor: Session;
let reviewer: Session;

test.beforeEach(async ({ page, browser, baseURL }) => {
  if (editor) return;
  // the seeded editor role's news grants (its list and details screens, its reads and writes) less 发布 / 下线
  const roles = await api(page, '/role/getRoleList');
  const editorRole = (roles.rows as { id: number; code: string }[]).find((r) => r.code === 'editor');
  expect(editorRole).toBeTruthy();
  const held: string[] = (await api(page, '/role/getRole', undefined, `?id=${editorRole!.id}`)).data.permissions;
  const news = held.filter((k) => (k.startsWith('menu:News') || k.startsWith('/news/')) && !/\/news\/(un)?publish/.test(k));
  expect(news).toContain('/news/saveNews');
  const reads = news.filter((k) => k.startsWith('menu:News'));
  for (const [code, userName, permissions] of [
    ['rv_editor', EDITOR, [...news, 'menu:ReviewTodo', '/review/submit']],
    ['rv_reviewer', REVIEWER, [...reads, 'menu:ReviewTodo', '/review/level1']],
  ] as const) {
    const role = await api(page, '/role/saveRole', { code: `${code}_${stamp}`, name: `${code}${stamp}`, permissions });
    expect(role.code, JSON.stringify(role)).toBe(200);
    const user = await api(page, '/userInfo/saveUserInfo', { userName, password: PW, enableFlag: 1, roleIds: [role.data.id] });
    expect(user.code, JSON.stringify(user)).toBe(200);
  }
  editor = await signInAs(browser, baseURL!, EDITOR);
  reviewer = await signInAs(browser, baseURL!, REVIEWER);
});

test.afterAll(async () => {
  await editor?.close();
  await reviewer?.close();
});

test('news under review: submit → reject (a comment required) → resubmit → approve → publish', async ({ page, request }) => {
  // one story over three accounts and five screens (each a cold load in its own browser): twice the usual limit
  test.setTimeout(test.info().timeout * 2);
  const title = `审核新闻 ${stamp}`;
  const edited = `${title} 改`;

  // 审核设置 (administrator): news gets one review level
  await page.goto('/system/review-settings');
  const setting = row(page, '新闻').filter({ has: page.getByRole('radiogroup') });
  await expect(setting.getByRole('radio', { name: '关闭' })).toBeChecked({ timeout: COLD_LOAD });
  await setting.getByRole('radio', { name: '一级审核' }).check();
  await button(setting, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(button(setting, '保存')).toBeDisabled();
  try {
    // the editor saves a draft: no 发布 for it (no permission), and 保存并发布 says so
    const ed = editor.page;
    await ed.goto('/news/news-details');
    await expect(view(ed).getByLabel('标题', { exact: true })).toBeEditable({ timeout: COLD_LOAD });
    await view(ed).getByLabel('标题', { exact: true }).fill(title);
    await pickOption(ed, view(ed).getByLabel('新闻类型', { exact: true }), '行业动态');
    await expect(button(bar(ed), '保存并发布')).toBeDisabled();
    await button(bar(ed), '保存草稿').click();
    await expect(toast(ed, '保存成功')).toBeVisible();
    await expect(ed).toHaveURL(/\/news\/news-list/);
    const found = await call(editor, '/news/getNewsList', { title, pageNumber: 1, pageSize: 10 });
    expect(found.body.total).toBe(1);
    const id: number = found.body.rows[0].id;

    // 草稿 under review: 提交审核, no 通过 / 驳回 for the editor
    await ed.goto(`/news/news-details?id=${id}`);
    await expect(reviewTag(ed)).toHaveText('草稿', { timeout: COLD_LOAD });
    await expect(button(reviewRow(ed), '通过')).toHaveCount(0);
    await expect(button(reviewRow(ed), '驳回')).toHaveCount(0);
    await button(reviewRow(ed), '提交审核').click();
    let dialog = modal(ed);
    await dialog.getByLabel('说明').fill('请审核港口新闻');
    await button(dialog, '提交审核').click();
    await expect(reviewTag(ed)).toHaveText('待一审');
    await expect(reviewRow(ed)).toContainText(`${EDITOR} 于`);
    await expect(button(reviewRow(ed), '提交审核')).toHaveCount(0);

    // the administrator may publish news, but not before the approval: the button says why, the server refuses
    await page.goto(`/news/news-details?id=${id}`);
    await expect(reviewTag(page)).toHaveText('待一审', { timeout: COLD_LOAD });
    const publish = button(bar(page), '保存并发布');
    await expect(publish).toBeDisabled();
    await expect(await reasonOf(page, publish)).toHaveText('审核通过后才能发布');
    const early = await api(page, '/news/publishNews', {}, `?id=${id}`);
    expect(early.code).not.toBe(200);
    expect(early.msg).toContain('需要审核通过后才能发布');

    // the reviewer: 待我审核 lists it (一审, the editor, the note); 驳回 without a comment goes nowhere
    const rv = reviewer.page;
    await rv.goto('/review/review-todo');
    const todo = row(rv, title);
    await expect(todo).toContainText('一审', { timeout: COLD_LOAD });
    await expect(todo).toContainText(EDITOR);
    await expect(todo).toContainText('请审核港口新闻');
    await expect(todo.getByRole('link', { name: title })).toHaveAttribute('href', `/news/news-details?id=${id}`);
    await button(todo, '驳回').click();
    dialog = modal(rv);
    await button(dialog, '驳回').click();
    await expect(dialog.getByText('驳回时必须填写审核意见')).toBeVisible();
    await expect(dialog).toBeVisible();
    // nor does a forged call without one
    const bare = await call(reviewer, '/review/reject', { resource: 'news', id });
    expect([bare.status, bare.body]).toEqual([400, { code: 400, msg: '驳回时必须填写审核意见' }]);
    await dialog.getByLabel('审核意见').fill('标题请写明港口名称');
    await button(dialog, '驳回').click();
    await expect(dialog).toBeHidden();
    await expect(row(rv, title)).toHaveCount(0);

    // the editor: 已驳回 with the comment in 审核记录; the edit is saved and resubmitted in one step
    await ed.reload();
    await expect(reviewTag(ed)).toHaveText('已驳回', { timeout: COLD_LOAD });
    await button(view(ed), '审核记录').click();
    const history = modal(ed);
    await expect(history.locator('[data-action="reject"]')).toContainText('标题请写明港口名称');
    await expect(history.locator('[data-action="reject"]')).toContainText(REVIEWER);
    await expect(history.locator('[data-action="submit"]')).toContainText('请审核港口新闻');
    await history.getByRole('button', { name: /close|关闭/i }).click();
    await expect(history).toBeHidden();
    // the stored record is on the form before the edit (a later load would replace what is typed)
    await expect(view(ed).getByLabel('标题', { exact: true })).toHaveValue(title);
    await view(ed).getByLabel('标题', { exact: true }).fill(edited);
    await button(reviewRow(ed), '提交审核').click();
    dialog = modal(ed);
    await expect(dialog).toContainText('将先保存修改，再提交审核');
    await button(dialog, '提交审核').click();
    await expect(reviewTag(ed)).toHaveText('待一审');
    await expect(view(ed).getByLabel('标题', { exact: true })).toHaveValue(edited);
    // the editor cannot decide its own submission (nor any: no 一审)
    await expect(button(reviewRow(ed), '通过')).toHaveCount(0);
    const own = await call(editor, '/review/approve', { resource: 'news', id });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe(403);

    // the reviewer approves from 待我审核
    await button(view(rv), '刷新').click();
    const again = row(rv, edited);
    await expect(again).toBeVisible();
    await button(again, '通过').click();
    dialog = modal(rv);
    await dialog.getByLabel('审核意见').fill('同意发布');
    await button(dialog, '通过').click();
    await expect(dialog).toBeHidden();
    await expect(row(rv, edited)).toHaveCount(0);

    // 已通过: the editor still may not publish (no permission); the administrator publishes and it is live
    await ed.reload();
    await expect(reviewTag(ed)).toHaveText('已通过', { timeout: COLD_LOAD });
    await expect(button(bar(ed), '保存并发布')).toBeDisabled();
    await expect(await reasonOf(ed, button(bar(ed), '保存并发布'))).toHaveText('没有发布权限');
    expect((await request.get(`/public/v1/news/${id}`)).status()).toBe(404);
    await page.reload();
    await expect(reviewTag(page)).toHaveText('已通过', { timeout: COLD_LOAD });
    await expect(button(bar(page), '保存并发布')).toBeEnabled();
    await button(bar(page), '保存并发布').click();
    await expect(toast(page, '发布成功')).toBeVisible();
    await expect(bar(page).getByText('已发布', { exact: true })).toBeVisible();
    const live = await request.get(`/public/v1/news/${id}`);
    expect(live.status()).toBe(200);
    expect((await live.json()).data.title).toBe(edited);

    // the whole story in 审核记录
    await button(view(page), '审核记录').click();
    const steps = modal(page).locator('[data-action]');
    await expect(steps).toHaveCount(4);
    expect(await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual([
      'approve',
      'submit',
      'reject',
      'submit',
    ]);
    await api(page, '/news/delNews', [id]);
  } finally {
    // review off again for the other specs
    expect((await api(page, '/review/saveSettings', { resource: 'news', levels: 0, selfApprove: false })).code).toBe(200);
  }
});
