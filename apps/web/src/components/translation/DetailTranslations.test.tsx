import type { UserInfo } from '@gk/contracts';
import { bannerResource, newsResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { DetailPage, type DetailSection } from '../DetailPage';
import { resetEditorConfig } from '../richtext/editorConfig';
import { routed, stubFetch, TestProviders } from '../test-utils';

/**
 * Issue 24, the detail page of a translatable resource: the locale switcher edits `translations[locale]`, the save
 * body carries every locale edited, 复制中文内容 fills the empty fields, the SEO section previews the search result.
 * The replies follow the spec's staff API (get: SEO fields at the top level, `translations`, `translationStatus`).
 */
vi.setConfig({ testTimeout: 30_000 });

const CONFIG = {
  uploadUrl: '/api/upload/upload',
  imageUrlPrefix: '/img/',
  maxBytes: 10485760,
  allowedTypes: ['image/png'],
  fieldName: 'file',
};

const sections: DetailSection[] = [
  { key: 'basic', title: 'ui.section.basic', fields: [{ name: 'title' }, { name: 'type' }, { name: 'summary', widget: 'textarea' }] },
  { key: 'content', title: 'news.f.content', columns: 1, fields: [{ name: 'content', hideLabel: true }] },
];

const SEO = { slug: 'gang-kou-xin-gui', metaTitle: '', metaDescription: '', keywords: '', ogImage: '', canonicalUrl: '', noindex: 0 };
const RECORD = {
  id: 7,
  title: '港口新规',
  type: 'hydt',
  typeName: '行业动态',
  summary: '深圳港发布新规',
  summaryImg: '',
  isTop: 0,
  isHot: 0,
  content: '<p>中文正文</p>',
  ...SEO,
  translationStatus: { en: 'missing' },
};

const user = (contentLocales: string[]) => ({ contentLocales }) as unknown as UserInfo;

function renderNews(record: Record<string, unknown> = RECORD) {
  let stored = { ...record };
  const api = stubFetch({
    '/config': () => ({ code: 200, msg: 'ok', data: CONFIG }),
    '/news/getNews': () => ({ code: 200, msg: 'ok', data: stored }),
    '/news/saveNews': ({ body }) => {
      const b = body as Record<string, unknown>;
      const translations = { ...(stored.translations as object), ...(b.translations as object) };
      stored = { ...stored, ...b, translations, translationStatus: { en: 'translated' } };
      return { code: 200, msg: '保存成功', data: stored };
    },
  });
  const { ui } = routed(<DetailPage resource={newsResource} sections={sections} listRoute="/news/news-list" />, {
    path: '/news/news-details',
    initial: '/news/news-details?id=7',
    others: ['/news/news-list'],
  });
  render(<TestProviders>{ui}</TestProviders>);
  return api;
}

const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
const zhTitle = () => byId('detail-news_title');
const enTitle = () => byId('detail-news_translations_en_title');
const switchTo = (label: string) => fireEvent.click(within(screen.getByLabelText('内容语言')).getByText(label));
const save = () => fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);
const visible = (el: Element) => !el.closest('.ant-form-item-hidden') && !el.closest('[style*="display: none"]');

beforeEach(() => {
  resetEditorConfig();
  useSession.setState({ user: user(['zh-CN', 'en']), buttons: ['/news/saveNews'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('the locale switcher of a detail page', () => {
  it('edits the English translation on English, keeps both languages, and saves them in `translations`', async () => {
    const api = renderNews();
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    expect(screen.getByTestId('locale-status')).toHaveTextContent('English：未翻译');
    // on 中文 the English fields are not there yet
    expect(enTitle()).toBeNull();

    switchTo('English');
    await waitFor(() => expect(enTitle()).not.toBeNull());
    expect(visible(enTitle())).toBe(true);
    expect(visible(zhTitle())).toBe(false);
    // the label names the locale; the shared fields are read-only and say so
    expect(enTitle().closest('.ant-form-item')).toHaveTextContent('English');
    const type = byId('detail-news_type');
    expect(type).toBeDisabled();
    expect(type.closest('.ant-form-item')).toHaveTextContent('此字段不分语言');
    expect(screen.getByText(/正在编辑English译文/)).toBeInTheDocument();

    fireEvent.change(enTitle(), { target: { value: 'New port rules' } });
    fireEvent.change(byId('detail-news_translations_en_summary'), { target: { value: 'Shenzhen port' } });
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    // back and forth: both languages keep what they hold, the rich text of each included
    switchTo('中文');
    await waitFor(() => expect(visible(zhTitle())).toBe(true));
    expect(zhTitle()).toHaveValue('港口新规');
    expect(byId('detail-news_type')).not.toBeDisabled();
    fireEvent.change(zhTitle(), { target: { value: '港口新规（修订）' } });
    switchTo('English');
    await waitFor(() => expect(visible(enTitle())).toBe(true));
    expect(enTitle()).toHaveValue('New port rules');
    const editors = await screen.findAllByTestId('richtext');
    expect(editors).toHaveLength(2);

    save();
    await waitFor(() => expect(api.of('/news/saveNews')).toHaveLength(1));
    const body = api.of('/news/saveNews')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 7,
      title: '港口新规（修订）',
      type: 'hydt',
      content: '<p>中文正文</p>',
      slug: 'gang-kou-xin-gui',
      translations: { en: { title: 'New port rules', summary: 'Shenzhen port', content: '', slug: '', metaTitle: '', noindex: 0 } },
    });
    expect(Object.keys((body.translations as Record<string, object>).en).sort()).toEqual(
      ['title', 'summary', 'content', 'slug', 'metaTitle', 'metaDescription', 'keywords', 'ogImage', 'canonicalUrl', 'noindex'].sort(),
    );
    expect(body).not.toHaveProperty('translationStatus');
    // reloaded: the stored status, and nothing unsaved any more
    await waitFor(() => expect(screen.getByTestId('locale-status')).toHaveTextContent('English：已翻译'));
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument());
    expect(enTitle()).toHaveValue('New port rules');
  });

  it('a save that changed no translation sends no `translations` (the stored ones stay as they are)', async () => {
    const api = renderNews({
      ...RECORD,
      translations: { en: { title: 'Port rules', summary: '', content: '' } },
      translationStatus: { en: 'outdated' },
    });
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    expect(screen.getByTestId('locale-status')).toHaveTextContent('English：待更新');
    fireEvent.change(byId('detail-news_summary'), { target: { value: '新摘要' } });
    save();
    await waitFor(() => expect(api.of('/news/saveNews')).toHaveLength(1));
    const body = api.of('/news/saveNews')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 7, summary: '新摘要' });
    expect(body).not.toHaveProperty('translations');
  });

  it('an English title edited with the SEO section closed keeps the stored English SEO fields', async () => {
    const en = {
      title: 'Port rules',
      summary: 'Shenzhen port',
      content: '<p>English body</p>',
      slug: 'port-rules',
      metaTitle: 'Port rules 2026',
      metaDescription: 'New rules',
      keywords: 'port,rules',
      ogImage: '',
      canonicalUrl: '',
      noindex: 0,
    };
    const api = renderNews({ ...RECORD, translations: { en }, translationStatus: { en: 'translated' } });
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    switchTo('English');
    await waitFor(() => expect(enTitle()).toHaveValue('Port rules'));
    fireEvent.change(enTitle(), { target: { value: 'New port rules' } });
    save();
    await waitFor(() => expect(api.of('/news/saveNews')).toHaveLength(1));
    expect((api.of('/news/saveNews')[0].body as { translations: unknown }).translations).toEqual({
      en: { ...en, title: 'New port rules' },
    });
  });

  it('复制中文内容 fills the empty English fields (rich text too) and leaves the ones already translated', async () => {
    const api = renderNews({ ...RECORD, translations: { en: { title: 'Port rules' } } });
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    switchTo('English');
    await waitFor(() => expect(enTitle()).toHaveValue('Port rules'));
    fireEvent.click(screen.getByRole('button', { name: /复制中文内容/ }));
    expect(await screen.findByText('已复制 2 个字段，请翻译后保存')).toBeInTheDocument();
    expect(enTitle()).toHaveValue('Port rules');
    expect(byId('detail-news_translations_en_summary')).toHaveValue('深圳港发布新规');
    // the English editor shows the copied body; the Chinese one still has its own
    await waitFor(() => expect(screen.getAllByText('中文正文')).toHaveLength(2));
    save();
    await waitFor(() => expect(api.of('/news/saveNews')).toHaveLength(1));
    expect(api.of('/news/saveNews')[0].body).toMatchObject({
      title: '港口新规',
      translations: { en: { title: 'Port rules', summary: '深圳港发布新规', content: '<p>中文正文</p>' } },
    });
  });

  it('a translation is checked with the field’s own rules, but may be left empty; a refused save shows its locale', async () => {
    const api = renderNews();
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    switchTo('English');
    await waitFor(() => expect(enTitle()).not.toBeNull());
    // the English title is not required (the Chinese one shows) …
    expect(enTitle().closest('.ant-form-item')?.querySelector('.ant-form-item-required')).toBeNull();
    // … but a too-long one is refused with the record's own message
    fireEvent.change(enTitle(), { target: { value: 'x'.repeat(201) } });
    fireEvent.blur(enTitle());
    expect(await screen.findByText('不能超过200个字符')).toBeInTheDocument();
    fireEvent.change(enTitle(), { target: { value: 'Port rules' } });
    // a blank Chinese title, then a save from English: the page goes back to 中文 and shows why
    switchTo('中文');
    await waitFor(() => expect(visible(zhTitle())).toBe(true));
    fireEvent.change(zhTitle(), { target: { value: '' } });
    switchTo('English');
    await waitFor(() => expect(visible(enTitle())).toBe(true));
    save();
    expect(await screen.findByText('标题不得为空')).toBeInTheDocument();
    await waitFor(() => expect(visible(zhTitle())).toBe(true));
    expect(api.of('/news/saveNews')).toHaveLength(0);
  });

  it('shows no switcher with one content locale', async () => {
    useSession.setState({ user: user(['zh-CN']) });
    renderNews();
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    expect(screen.queryByLabelText('内容语言')).not.toBeInTheDocument();
    expect(screen.queryByTestId('locale-status')).not.toBeInTheDocument();
  });
});

describe('the SEO section', () => {
  const openSeo = () => fireEvent.click(screen.getByText('SEO 设置'));

  it('previews the search result with live counts, red past the limit, falling back to the title and summary', async () => {
    const api = renderNews();
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    openSeo();
    const preview = await screen.findByTestId('seo-preview');
    // no SEO title or description: the title and the summary
    expect(within(preview).getByTestId('seo-preview-title')).toHaveTextContent('港口新规');
    expect(within(preview).getByTestId('seo-preview-description')).toHaveTextContent('深圳港发布新规');
    expect(within(preview).getAllByTestId('seo-count')[0]).toHaveTextContent('标题 4/60');
    expect(within(preview).getByText(/gang-kou-xin-gui/)).toBeInTheDocument();

    const metaTitle = byId('detail-news_metaTitle');
    expect(metaTitle.closest('.ant-form-item')).toHaveTextContent('SEO 标题');
    fireEvent.change(metaTitle, { target: { value: 'x'.repeat(42) } });
    await waitFor(() => expect(within(preview).getAllByTestId('seo-count')[0]).toHaveTextContent('标题 42/60'));
    expect(within(preview).getAllByTestId('seo-count')[0]).toHaveAttribute('data-over', 'false');
    fireEvent.change(metaTitle, { target: { value: 'y'.repeat(61) } });
    await waitFor(() => expect(within(preview).getAllByTestId('seo-count')[0]).toHaveTextContent('标题 61/60'));
    expect(within(preview).getAllByTestId('seo-count')[0]).toHaveAttribute('data-over', 'true');
    // the snippet is cut where a search result cuts it
    expect(within(preview).getByTestId('seo-preview-title')).toHaveTextContent(`${'y'.repeat(60)}…`);
    fireEvent.change(byId('detail-news_metaDescription'), { target: { value: '描'.repeat(161) } });
    await waitFor(() => expect(within(preview).getAllByTestId('seo-count')[1]).toHaveTextContent('描述 161/160'));
    expect(within(preview).getAllByTestId('seo-count')[1]).toHaveAttribute('data-over', 'true');

    // the slug: the placeholder says a blank one is made from the title; a bad one is refused with the contract's message
    const slug = byId('detail-news_slug');
    expect(slug).toHaveAttribute('placeholder', '留空则按标题自动生成');
    fireEvent.change(slug, { target: { value: 'Bad Slug' } });
    save();
    expect(await screen.findByText(/链接别名只能由小写字母、数字和连字符组成/)).toBeInTheDocument();
    expect(api.of('/news/saveNews')).toHaveLength(0);
    fireEvent.change(slug, { target: { value: 'port-rules' } });
    fireEvent.click(within(byId('detail-news_noindex').closest('.ant-form-item')!).getByRole('switch'));
    save();
    await waitFor(() => expect(api.of('/news/saveNews')).toHaveLength(1));
    expect(api.of('/news/saveNews')[0].body).toMatchObject({ slug: 'port-rules', metaTitle: 'y'.repeat(61), noindex: 1 });
  });

  it('on English, the SEO fields are the translation’s and the preview falls back to the English title, then the Chinese', async () => {
    const api = renderNews();
    await waitFor(() => expect(zhTitle()).toHaveValue('港口新规'));
    switchTo('English');
    openSeo();
    await waitFor(() => expect(byId('detail-news_translations_en_slug')).not.toBeNull());
    const preview = await screen.findByTestId('seo-preview');
    expect(preview).toHaveAttribute('data-locale', 'en');
    // no English title yet: the Chinese one (the delivery's fallback)
    expect(within(preview).getByTestId('seo-preview-title')).toHaveTextContent('港口新规');
    fireEvent.change(enTitle(), { target: { value: 'Port rules' } });
    await waitFor(() => expect(within(preview).getByTestId('seo-preview-title')).toHaveTextContent('Port rules'));
    fireEvent.change(byId('detail-news_translations_en_slug'), { target: { value: 'port-rules' } });
    fireEvent.change(byId('detail-news_translations_en_metaDescription'), { target: { value: 'Rules of the port' } });
    await waitFor(() => expect(within(preview).getByTestId('seo-preview-description')).toHaveTextContent('Rules of the port'));
    save();
    await waitFor(() => expect(api.of('/news/saveNews')).toHaveLength(1));
    expect(api.of('/news/saveNews')[0].body).toMatchObject({
      slug: 'gang-kou-xin-gui',
      translations: { en: { title: 'Port rules', slug: 'port-rules', metaDescription: 'Rules of the port' } },
    });
  });

  it('a translatable resource declared without SEO (banners) has the switcher but no SEO section', async () => {
    const banner = { id: 2, title: '春节', name: '春节横幅', bannerType: '1', url: '', summary: '', imgUrl: '', sortNo: 1, enableFlag: 1 };
    stubFetch({ '/banner/getBanner': () => ({ code: 200, msg: 'ok', data: { ...banner, translationStatus: { en: 'missing' } } }) });
    const { ui } = routed(
      <DetailPage
        resource={bannerResource}
        sections={[{ key: 'basic', title: 'ui.section.basic', fields: [{ name: 'title' }, { name: 'name' }] }]}
      />,
      { path: '/banner/banner-details', initial: '/banner/banner-details?id=2' },
    );
    render(<TestProviders>{ui}</TestProviders>);
    await waitFor(() => expect(byId('detail-banner_title')).toHaveValue('春节'));
    expect(screen.getByLabelText('内容语言')).toBeInTheDocument();
    expect(screen.queryByText('SEO 设置')).not.toBeInTheDocument();
    expect(byId('detail-banner_slug')).toBeNull();
  });
});
