import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, listLoaded, pickOption, reply, row, toast, unique, view } from './list-helpers';

/**
 * Issue 24: content in two languages. A news gets its English title and body through the detail page's locale
 * switcher (中文 | English) and the save stores them as its English translation; the list's 译文状态 filter (未翻译)
 * finds the news without English and leaves out the translated one.
 */

const api = signedIn();

/** the detail page's switcher */
const switcher = (page: Page) => view(page).locator('.gk-detail-locale');
const zhTitle = (page: Page) => view(page).locator('#detail-news_title');
const enTitle = (page: Page) => view(page).locator('#detail-news_translations_en_title');

test.describe('translations', () => {
  test('switch a news to English, type its English title and body, save: the English translation is stored', async ({ page, request }) => {
    const title = unique('中英新闻');
    const english = `Port news ${title.slice(4)}`;
    const created = await api(page, '/news/saveNews', { title, type: 'hydt', summary: '中文摘要', content: '<p>中文正文</p>' });
    expect(created).toMatchObject({ code: 200 });
    const id: number = created.data.id;

    await page.goto(`/news/news-details?id=${id}`);
    await expect(zhTitle(page)).toHaveValue(title);
    await expect(switcher(page).getByTestId('locale-status')).toHaveText('English：未翻译');

    await switcher(page).getByText('English', { exact: true }).click();
    await expect(enTitle(page)).toBeVisible();
    await expect(zhTitle(page)).toBeHidden();
    // the shared fields are read-only on English
    await expect(view(page).locator('#detail-news_type')).toBeDisabled();
    await enTitle(page).fill(english);
    // the English body: the one editor on screen now (the Chinese one is kept, hidden)
    const editor = view(page).locator('.gk-detail .ProseMirror:visible');
    await expect(editor).toHaveCount(1);
    await editor.click();
    await page.keyboard.type('English body');
    await expect(view(page).getByText('有未保存的修改')).toBeVisible();

    // switching back keeps both languages
    await switcher(page).getByText('中文', { exact: true }).click();
    await expect(zhTitle(page)).toHaveValue(title);
    await expect(view(page).locator('.gk-detail .ProseMirror:visible')).toContainText('中文正文');
    await switcher(page).getByText('English', { exact: true }).click();
    await expect(enTitle(page)).toHaveValue(english);

    const saved = reply(page, /\/api\/news\/saveNews/);
    // a published news: its primary action puts the edits live
    await button(view(page).locator('.gk-detail-actions'), '更新发布内容').click();
    const body = await (await saved).json();
    expect(body).toMatchObject({ code: 200 });
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(switcher(page).getByTestId('locale-status')).toHaveText('English：已翻译');
    await expect(enTitle(page)).toHaveValue(english);

    // the staff get answers the English translation
    const stored = await api(page, '/news/getNews', undefined, `?id=${id}`);
    expect(stored.data.title).toBe(title);
    expect(stored.data.translations.en).toMatchObject({ title: english });
    expect(stored.data.translations.en.content).toContain('English body');
    expect(stored.data.translationStatus).toEqual({ en: 'translated' });

    // the website reads it at ?locale=en, and the Chinese as before
    const en = await (await request.get(`/public/v1/news/${id}?locale=en`)).json();
    expect(en.data).toMatchObject({ title: english, locale: 'en', locales: ['zh-CN', 'en'] });
    expect(en.data.content).toContain('English body');
    expect((await (await request.get(`/public/v1/news/${id}`)).json()).data).toMatchObject({ title, locale: 'zh-CN' });

    await api(page, '/news/delNews', [id]);
  });

  test('the list’s 译文状态 filter 未翻译 finds the news without English', async ({ page }) => {
    const tag = unique('译文筛选');
    const without = await api(page, '/news/saveNews', { title: `${tag} 无英文`, type: 'hydt' });
    const translated = await api(page, '/news/saveNews', {
      title: `${tag} 有英文`,
      type: 'hydt',
      translations: { en: { title: `${tag} in English`, summary: 'English summary' } },
    });
    expect(without).toMatchObject({ code: 200 });
    expect(translated).toMatchObject({ code: 200 });

    await page.goto('/news/news-list');
    await listLoaded(page);
    await expect(view(page).getByRole('columnheader', { name: '翻译' })).toBeVisible();
    await view(page).getByPlaceholder('请输入标题').fill(tag);
    await button(view(page), '搜索').click();
    await expect(row(page, `${tag} 有英文`)).toContainText('已翻译');
    await expect(row(page, `${tag} 无英文`)).toContainText('未翻译');

    await pickOption(page, view(page).getByLabel('译文状态'), '未翻译');
    await button(view(page), '搜索').click();
    await expect(page).toHaveURL(/translationStatus=missing/);
    await expect(row(page, `${tag} 无英文`)).toBeVisible();
    await expect(row(page, `${tag} 有英文`)).toHaveCount(0);

    await api(page, '/news/delNews', [without.data.id, translated.data.id]);
  });
});
