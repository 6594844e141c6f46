import { jobEndpoints, newsEndpoints, type UserInfo } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NewsList from '../../pages/news/NewsList';
import { useSession } from '../../stores/session';
import { listView } from '../resource/ResourceList';
import { routed, stubFetch, TestProviders } from '../test-utils';

/**
 * Issue 24, the lists of a translatable resource: a 翻译 column (a tag per locale other than the default, from the
 * row's `translationStatus`) and the search fields 译文语言 (more than one such locale) and 译文状态, sent as
 * `translationLocale` / `translationStatus` and kept in the URL; on a screen of its own (news) and on one built
 * from the description (jobs) alike.
 */
vi.setConfig({ testTimeout: 30_000 });

const NEWS = [
  { id: 1, title: '已有英文', translationStatus: { en: 'translated' } },
  { id: 2, title: '没有英文', translationStatus: { en: 'missing' } },
  { id: 3, title: '英文过时', translationStatus: { en: 'outdated' } },
];

const FIELDS = {
  '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
};

function serveNews() {
  return stubFetch({
    [newsEndpoints.list.path]: ({ body }) => {
      const b = body as { translationStatus?: string };
      const rows = NEWS.filter((r) => !b.translationStatus || r.translationStatus.en === b.translationStatus);
      return {
        code: 200,
        msg: '查询成功',
        rows: rows.map((r) => ({ typeName: '行业动态', isTop: 0, isHot: 0, status: 'published', ...r })),
        total: rows.length,
      };
    },
    ...FIELDS,
  });
}

const form = () => within(document.querySelector('form')!);
const selectOf = (label: string) => form().getByLabelText(label).closest('.ant-select') as HTMLElement;
const search = () =>
  fireEvent.click(
    form()
      .getAllByText(/^搜\s?索$/)
      .find((e) => e.closest('button'))!
      .closest('button')!,
  );
/** an option of the open dropdown (a row's tag may carry the same title) */
const option = async (title: string) =>
  (await screen.findAllByTitle(title)).find((e) => e.classList.contains('ant-select-item-option')) ?? screen.getByTitle(title);
const user = (contentLocales: string[]) => ({ contentLocales }) as unknown as UserInfo;

beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ user: user(['zh-CN', 'en']), buttons: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('the 翻译 column and filters of a list', () => {
  it('tags each row’s English translation: 已翻译 green, 未翻译 grey, 待更新 orange', async () => {
    serveNews();
    const { ui } = routed(<NewsList />, { path: '/news/news-list' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('没有英文')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '翻译' })).toBeInTheDocument();
    const tag = (title: string) => within(screen.getByText(title).closest('tr')!).getByTitle('English');
    expect(tag('已有英文')).toHaveTextContent('已翻译');
    expect(tag('已有英文')).toHaveAttribute('data-status', 'translated');
    expect(tag('已有英文').className).toMatch(/success/);
    expect(tag('没有英文')).toHaveTextContent('未翻译');
    expect(tag('没有英文').className).not.toMatch(/success|warning/);
    expect(tag('英文过时')).toHaveTextContent('待更新');
    expect(tag('英文过时').className).toMatch(/warning/);
  });

  it('译文状态 sends translationStatus and keeps it in the URL; with one locale to translate into, 译文语言 is implied', async () => {
    const api = serveNews();
    const { ui, router } = routed(<NewsList />, { path: '/news/news-list' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('已有英文')).toBeInTheDocument();
    expect(form().queryByLabelText('译文语言')).not.toBeInTheDocument();
    fireEvent.mouseDown(selectOf('译文状态').querySelector('input')!);
    await screen.findByTitle('未翻译');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
      '全部',
      '已翻译',
      '未翻译',
      '待更新',
    ]);
    fireEvent.click(screen.getByTitle('未翻译'));
    search();
    await waitFor(() => expect(api.of(newsEndpoints.list.path).at(-1)!.body).toMatchObject({ translationStatus: 'missing' }));
    expect(api.of(newsEndpoints.list.path).at(-1)!.body).not.toHaveProperty('translationLocale');
    await waitFor(() => expect(screen.queryByText('已有英文')).not.toBeInTheDocument());
    expect(screen.getByText('没有英文')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?translationStatus=missing');
  });

  it('the home page’s link (?translationLocale=en&translationStatus=outdated) opens the list filtered', async () => {
    const api = serveNews();
    const { ui } = routed(<NewsList />, {
      path: '/news/news-list',
      initial: '/news/news-list?translationLocale=en&translationStatus=outdated',
    });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('英文过时')).toBeInTheDocument();
    expect(api.of(newsEndpoints.list.path)[0].body).toMatchObject({ translationStatus: 'outdated' });
    expect(within(selectOf('译文状态')).getByText('待更新')).toBeInTheDocument();
  });

  it('with two locales to translate into, a list built from the description offers 译文语言 too and sends both', async () => {
    useSession.setState({ user: user(['zh-CN', 'en', 'es']) });
    const rows = [{ id: 9, title: '仓库主管', status: 'draft', translationStatus: { en: 'translated', es: 'missing' } }];
    const api = stubFetch({
      [jobEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', rows, total: 1 }),
      ...FIELDS,
    });
    const List = listView('job').default;
    const { ui, router } = routed(<List />, { path: '/job/job-list' });
    render(<TestProviders>{ui}</TestProviders>);
    const row = (await screen.findByText('仓库主管')).closest('tr')!;
    expect(within(row).getByTitle('English')).toHaveTextContent('English 已翻译');
    expect(within(row).getByTitle('Español')).toHaveTextContent('Español 未翻译');

    fireEvent.mouseDown(selectOf('译文语言').querySelector('input')!);
    fireEvent.click(await option('Español'));
    fireEvent.mouseDown(selectOf('译文状态').querySelector('input')!);
    fireEvent.click(await option('未翻译'));
    search();
    await waitFor(() =>
      expect(api.of(jobEndpoints.list.path).at(-1)!.body).toMatchObject({ translationLocale: 'es', translationStatus: 'missing' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('translationLocale')).toBe('es');
  });

  it('with one content locale the list shows neither', async () => {
    useSession.setState({ user: user(['zh-CN']) });
    serveNews();
    const { ui } = routed(<NewsList />, { path: '/news/news-list' });
    render(<TestProviders>{ui}</TestProviders>);
    expect(await screen.findByText('已有英文')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '翻译' })).not.toBeInTheDocument();
    expect(form().queryByLabelText('译文状态')).not.toBeInTheDocument();
  });
});
