import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin } from './helpers';
import { button, expectTotal, listLoaded, pickOption, row, savedId, unique, view } from './list-helpers';

/**
 * Issue 21 (docs/security.md, "No single request can slow the others down"): while an attacker keeps posting
 * hostile rich-text bodies through the API, an editor in the browser still creates a news item and finds it in the
 * list. The attack is three loops, each posting its body again as soon as the previous one is answered, started
 * before the editor acts and stopped after; so one of them is on its way to the server or being answered all through
 * the editor's steps. Nothing here times anything: the save and the nested must appear within their usual waits
 * (before the fix, the first body held every request for 212 s). Every hostile body is answered in the envelope,
 * never a 5xx: cleaned to nothing, or refused with the nesting message; nothing of it is stored.
 */

const TOO_DEEP = '正文的标签嵌套过深（最多 100 层），请简化格式后再保存';

interface Answer {
  status: number;
  body: { code: number; msg: string; data?: { url?: string } };
}

/** posts `data` to `path` again and again until `stop.done`, at least once; answers every reply */
function keepPosting(request: APIRequestContext, token: string, path: string, data: object, stop: { done: boolean }) {
  const answers: Answer[] = [];
  const run = (async () => {
    do {
      // a generous limit: a reply that never comes fails the test (as a blocked server would)
      const r = await request.post(`/api${path}`, { headers: { token }, data, timeout: 120_000 });
      answers.push({ status: r.status(), body: await r.json() });
    } while (!stop.done);
  })();
  return { answers, run };
}

test('a save and the list go through while hostile rich-text bodies are posted', async ({ page, request, baseURL }) => {
  const token = await apiLogin(request, page.context(), baseURL!);
  const title = unique('攻击中保存');
  const attackTitle = unique('攻击正文');
  const stop = { done: false };
  // the body that held every request for 212 s (an unclosed tag, cleaned to nothing), and two nestings past the limit
  const unclosed = keepPosting(request, token, '/news/previewNews', { title: attackTitle, content: '<a'.repeat(495_000) }, stop);
  const deep = keepPosting(request, token, '/news/saveNews', { title: attackTitle, type: 'hydt', content: '<div>'.repeat(200_000) }, stop);
  const nested = keepPosting(
    request,
    token,
    '/news/saveNews',
    { title: attackTitle, type: 'hydt', content: '<li><p>'.repeat(100_000) },
    stop,
  );
  let id = 0;
  try {
    // the editor, meanwhile: a new news item on the details page
    await page.goto('/news/news-details');
    await expect(view(page).getByRole('heading', { name: '新增新闻' })).toBeVisible();
    await view(page).getByLabel('标题', { exact: true }).fill(title);
    await pickOption(page, view(page).getByLabel('新闻类型', { exact: true }), '行业动态');
    const editor = view(page).locator('.gk-rt-content');
    await editor.click();
    await editor.pressSequentially('攻击期间保存的正文');
    // the reply says 保存成功 (savedId checks it; its toast lasts 3 s, which a starved test runner may miss)
    id = await savedId(page, () => button(view(page), '保存并发布').click());
    await expect(page).toHaveURL(/\/news\/news-list(\?.*)?$/);

    // the list finds it, and a reload (a fresh list request from the page) shows it again, the attack still running
    await view(page).getByPlaceholder('请输入标题').fill(title);
    await button(view(page), '搜索').click();
    await expectTotal(page, 1);
    await expect(row(page, title)).toContainText('行业动态');
    expect(stop.done).toBe(false);
    await page.reload();
    await listLoaded(page);
    await expectTotal(page, 1);
    await expect(row(page, title)).toContainText('行业动态');
  } finally {
    stop.done = true;
    await Promise.allSettled([unclosed.run, deep.run, nested.run]);
  }
  // every attack request was answered (a failed one rejects here), in the envelope
  await Promise.all([unclosed.run, deep.run, nested.run]);
  test.info().annotations.push({
    type: 'attack',
    description: `answered while the editor worked: ${unclosed.answers.length} / ${deep.answers.length} / ${nested.answers.length}`,
  });
  for (const a of [...unclosed.answers, ...deep.answers, ...nested.answers]) expect(a.status).toBeLessThan(500);
  // the unclosed tag is no element: cleaned to nothing, previewed as an empty body
  for (const a of unclosed.answers) expect([a.status, a.body.code, a.body.data?.url]).toEqual([200, 200, expect.any(String)]);
  const preview = new URL(unclosed.answers.at(-1)!.body.data!.url!, baseURL);
  const shown = await request.get(`${preview.pathname}${preview.search}`);
  expect(shown.status()).toBe(200);
  expect(await shown.text()).not.toContain('<a<a');
  // the nestings past the limit are refused with their message
  for (const a of [...deep.answers, ...nested.answers]) expect([a.status, a.body]).toEqual([400, { code: 400, msg: TOO_DEEP }]);
  // nothing of the attack was stored; the editor's news is
  const stored = async (t: string) =>
    (await (await request.post('/api/news/getNewsList', { headers: { token }, data: { title: t } })).json()).total;
  expect(await stored(attackTitle)).toBe(0);
  expect(await stored(title)).toBe(1);
  await request.post('/api/news/delNews', { headers: { token }, data: [id] });
});
