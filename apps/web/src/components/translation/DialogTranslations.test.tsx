import { linkEndpoints, type UserInfo } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LinkList from '../../pages/link/LinkList';
import { useSession } from '../../stores/session';
import { routed, stubFetch, TestProviders } from '../test-utils';

/**
 * Issue 24, a translatable resource edited in a dialog (friendly links): the dialog has the detail page's locale
 * switcher; on English the name edits `translations.en.name`, the shared fields are read-only; 保存 sends
 * `translations` of the locales edited only; the list row (no get call: the dialog edits the row) carries the
 * translation back, so reopening shows it; 复制中文内容 fills the empty translated fields.
 */
vi.setConfig({ testTimeout: 30_000 });

type Row = Record<string, unknown>;

const LINK: Row = { id: 3, name: '海关总署', url: 'http://www.customs.gov.cn', sortNo: 1, enableFlag: 1 };

/** a server holding the links as the spec has it: a locale object replaces that locale, an absent one is kept */
function serveLinks(initial: Row[]) {
  let rows: Row[] = initial.map((r) => ({ translations: {}, translationStatus: { en: 'missing' }, ...r }));
  return stubFetch({
    [linkEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', rows, total: rows.length }),
    [linkEndpoints.save.path]: ({ body }) => {
      const { translations, ...b } = body as Row;
      const id = (b.id as number | undefined) ?? 9;
      const old = rows.find((r) => r.id === id) ?? { translations: {} };
      const merged = { ...(old.translations as Row), ...(translations as Row | undefined) };
      const status = { en: (merged.en as Row | undefined)?.name ? 'translated' : 'missing' };
      const saved = { ...old, ...b, id, translations: merged, translationStatus: status };
      rows = [...rows.filter((r) => r.id !== id), saved];
      return { code: 200, msg: '保存成功', data: saved };
    },
    '/KJ/GetUserTabFiledNameConfig': () => ({ success: true, message: 'ok', data: { baseFileds: [], sysFileds: [], selectFileds: [] } }),
  });
}

const user = (contentLocales: string[]) => ({ contentLocales }) as unknown as UserInfo;
const dialog = () => document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') as HTMLElement;
const byId = (id: string) => document.getElementById(id) as HTMLInputElement | null;
const zhName = () => byId('dialog-link_name');
const enName = () => byId('dialog-link_translations_en_name');
const visible = (el: Element) => !el.closest('.ant-form-item-hidden');
const switchTo = (label: string) => fireEvent.click(within(within(dialog()).getByLabelText('内容语言')).getByText(label));
const button = (scope: HTMLElement, text: RegExp) => within(scope).getByText(text).closest('button')!;
const save = () => fireEvent.click(button(dialog(), /^保\s?存$/));

async function showList() {
  const { ui } = routed(<LinkList />, { path: '/link/link-list' });
  render(<TestProviders>{ui}</TestProviders>);
  await screen.findByText('海关总署');
}
async function edit(name: string) {
  fireEvent.click(button(screen.getByText(name).closest('tr') as HTMLElement, /^编\s?辑$/));
  await waitFor(() => expect(zhName()).not.toBeNull());
}

beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ user: user(['zh-CN', 'en']), buttons: [linkEndpoints.save.path] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('the locale switcher of a dialog (friendly links)', () => {
  it('saves an English name in `translations.en`, and the reopened dialog shows it', async () => {
    const api = serveLinks([LINK]);
    await showList();
    await edit('海关总署');
    expect(within(dialog()).getByTestId('locale-status')).toHaveTextContent('English：未翻译');
    expect(enName()).toBeNull();

    switchTo('English');
    await waitFor(() => expect(enName()).not.toBeNull());
    expect(visible(enName()!)).toBe(true);
    expect(visible(zhName()!)).toBe(false);
    // the label names the locale; a field every locale shares is read-only and says so
    expect(enName()!.closest('.ant-form-item')).toHaveTextContent('English');
    const url = byId('dialog-link_url')!;
    expect(url).toBeDisabled();
    expect(url.closest('.ant-form-item')).toHaveTextContent('此字段不分语言');
    expect(within(dialog()).getByText(/正在编辑English译文/)).toBeInTheDocument();

    fireEvent.change(enName()!, { target: { value: 'General Administration of Customs' } });
    save();
    await waitFor(() => expect(api.of(linkEndpoints.save.path)).toHaveLength(1));
    expect(api.of(linkEndpoints.save.path)[0].body).toEqual({
      ...LINK,
      translations: { en: { name: 'General Administration of Customs' } },
    });

    // the list reloads; its row carries the translation, which the dialog shows again
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(api.of(linkEndpoints.list.path).length).toBeGreaterThan(1));
    await edit('海关总署');
    expect(within(dialog()).getByTestId('locale-status')).toHaveTextContent('English：已翻译');
    switchTo('English');
    await waitFor(() => expect(enName()).toHaveValue('General Administration of Customs'));

    // a save that changed no translation sends none (the stored one stays as it is), nor the row's status
    switchTo('中文');
    await waitFor(() => expect(visible(zhName()!)).toBe(true));
    expect(byId('dialog-link_url')).not.toBeDisabled();
    fireEvent.change(zhName()!, { target: { value: '中华人民共和国海关总署' } });
    save();
    await waitFor(() => expect(api.of(linkEndpoints.save.path)).toHaveLength(2));
    expect(api.of(linkEndpoints.save.path)[1].body).toEqual({ ...LINK, name: '中华人民共和国海关总署' });
  });

  it('复制中文内容 fills the empty English name of a new link', async () => {
    const api = serveLinks([LINK]);
    await showList();
    fireEvent.click(screen.getAllByText(/^新\s?增$/)[0].closest('button')!);
    await waitFor(() => expect(zhName()).not.toBeNull());
    fireEvent.change(zhName()!, { target: { value: '中国电子口岸' } });
    fireEvent.change(byId('dialog-link_url')!, { target: { value: 'https://www.chinaport.gov.cn' } });
    expect(within(dialog()).queryByText(/^复制中文内容$/)).toBeNull();

    switchTo('English');
    await waitFor(() => expect(enName()).not.toBeNull());
    expect(enName()).toHaveValue('');
    fireEvent.click(button(dialog(), /^复制中文内容$/));
    await waitFor(() => expect(enName()).toHaveValue('中国电子口岸'));
    expect(await screen.findByText('已复制 1 个字段，请翻译后保存')).toBeInTheDocument();
    // nothing left to copy once the English name is there
    fireEvent.click(button(dialog(), /^复制中文内容$/));
    expect(await screen.findByText('没有可复制的内容：本语言的字段都已填写')).toBeInTheDocument();

    fireEvent.change(enName()!, { target: { value: 'China E-Port' } });
    save();
    await waitFor(() => expect(api.of(linkEndpoints.save.path)).toHaveLength(1));
    expect(api.of(linkEndpoints.save.path)[0].body).toEqual({
      name: '中国电子口岸',
      url: 'https://www.chinaport.gov.cn',
      enableFlag: 1,
      translations: { en: { name: 'China E-Port' } },
    });
  });

  it('a refused Chinese name shows 中文 again; one content locale shows no switcher', async () => {
    const api = serveLinks([LINK]);
    await showList();
    await edit('海关总署');
    switchTo('English');
    await waitFor(() => expect(enName()).not.toBeNull());
    // the Chinese name blanked, then back on English: 保存 refuses it and shows the field where it is edited
    fireEvent.change(enName()!, { target: { value: 'GAC' } });
    switchTo('中文');
    await waitFor(() => expect(visible(zhName()!)).toBe(true));
    fireEvent.change(zhName()!, { target: { value: '' } });
    switchTo('English');
    await waitFor(() => expect(visible(enName()!)).toBe(true));
    save();
    await waitFor(() => expect(visible(zhName()!)).toBe(true));
    expect(await within(dialog()).findByText('名称不得为空')).toBeInTheDocument();
    expect(api.of(linkEndpoints.save.path)).toHaveLength(0);
    fireEvent.click(button(dialog(), /^取\s?消$/));
    // typed edits: the dialog asks before it drops them
    fireEvent.click(await screen.findByRole('button', { name: /^离\s?开$/ }));
    await waitFor(() => expect(dialog()).toBeNull());

    useSession.setState({ user: user(['zh-CN']) });
    await edit('海关总署');
    expect(within(dialog()).queryByLabelText('内容语言')).toBeNull();
    save();
    await waitFor(() => expect(api.of(linkEndpoints.save.path)).toHaveLength(1));
    expect(api.of(linkEndpoints.save.path)[0].body).toEqual(LINK);
  });
});
