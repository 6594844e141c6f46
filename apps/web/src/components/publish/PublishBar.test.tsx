import { draftEndpoints, newsEndpoints, newsResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import type { DetailActionsApi } from '../DetailPage';
import { stubFetch, TestProviders } from '../test-utils';
import { PublishBar } from './PublishBar';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
const ALL = [newsEndpoints.save.path, newsEndpoints.publish.path, newsEndpoints.unpublish.path];
beforeEach(() => useSession.setState({ buttons: ALL }));

/** a news on the site (the server's state), with a pending draft when asked */
const LIVE = {
  id: 7,
  title: '线上新闻',
  status: 'published',
  publishTime: '2020-01-01 00:00:00',
  offlineTime: null,
  publishState: 'published',
};
const DRAFT = { id: 7, title: '草稿', status: 'draft', publishTime: null, offlineTime: null, publishState: 'draft' };

function show(record: Record<string, unknown> | null, state: { id?: number | null; dirty?: boolean; maySave?: boolean } = {}) {
  const api = {
    resource: newsResource,
    id: state.id === undefined ? 7 : state.id,
    record,
    dirty: state.dirty ?? false,
    busy: false,
    saving: false,
    maySave: state.maySave ?? true,
    save: vi.fn(async () => true),
    reload: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    cancel: vi.fn(),
    values: vi.fn(async () => record),
  } as unknown as DetailActionsApi;
  render(
    <TestProviders>
      <PublishBar
        api={api}
        resource={newsResource}
        publish={newsEndpoints.publish}
        unpublish={newsEndpoints.unpublish}
        preview={newsEndpoints.preview}
        previewForm={newsEndpoints.previewForm}
      />
    </TestProviders>,
  );
  return api;
}

const button = (name: RegExp) => screen.getByRole('button', { name });
/** opens 更多 and answers its item (a menu item) */
const moreItem = async (text: string) => {
  fireEvent.click(button(/更\s?多/));
  return (await screen.findByText(text)).closest('li') as HTMLElement;
};

describe('PublishBar: one primary action that says what it does', () => {
  it('a new record: 保存并发布 publishes, 保存草稿 saves a draft (the blue button never publishes by surprise)', async () => {
    stubFetch({});
    const api = show(null, { id: null });
    expect(screen.queryByRole('button', { name: /^保\s?存$/ })).toBeNull();
    // a publisher is not told its saves wait as drafts
    expect(screen.queryByText(/没有发布权限：/)).toBeNull();
    fireEvent.click(button(/保存并发布/));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith({ status: 'published' }));
    fireEvent.click(button(/保存草稿/));
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith({ draft: true }));
  });

  it('a live record: 更新发布内容 saves the form live; 保存草稿 keeps a pending draft; the tag says 已发布（有草稿）', async () => {
    stubFetch({});
    const api = show({ ...LIVE, hasDraft: true, draftTime: '2026-11-27 10:05:00', draftUser: 'editor' });
    expect(screen.getByText('已发布（有草稿）')).toBeInTheDocument();
    // a narrow screen (jsdom matches no media query): the draft's time and author are the tag's tooltip
    fireEvent.mouseEnter(screen.getByText('已发布（有草稿）'));
    expect(await screen.findByText('草稿 2026-11-27 10:05（editor），尚未发布')).toBeInTheDocument();
    fireEvent.click(button(/更新发布内容/));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith());
    fireEvent.click(button(/保存草稿/));
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith({ draft: true }));
  });

  it('a draft: 保存并发布 saves the edits as a draft, then publishes', async () => {
    const calls = stubFetch({ [newsEndpoints.publish.path]: () => ({ code: 200, msg: '发布成功', data: {} }) });
    const api = show(DRAFT, { dirty: true });
    fireEvent.click(button(/保存并发布/));
    await waitFor(() => expect(calls.of(newsEndpoints.publish.path)).toHaveLength(1));
    expect(api.save).toHaveBeenCalledWith({ draft: true });
    expect(calls.of(newsEndpoints.publish.path)[0].query.get('id')).toBe('7');
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
  });

  it('the tag is the server’s: a publish time ahead of the browser’s clock still reads 已发布', () => {
    stubFetch({});
    show({ ...LIVE, publishTime: '2099-01-01 08:00:00' });
    expect(screen.getByText('已发布')).toHaveAttribute('data-state', 'published');
  });
});

/** the confirmation dialog just opened (one closed before may still be fading out) */
const confirmDialog = async (text: string) => (await screen.findAllByText(text)).at(-1)!.closest('.ant-modal') as HTMLElement;

describe('PublishBar: 下线 and 放弃草稿 ask first', () => {
  it('下线 asks 确认下线"…"吗？, does nothing when cancelled, and keeps the form’s edits when confirmed', async () => {
    const calls = stubFetch({ [newsEndpoints.unpublish.path]: () => ({ code: 200, msg: '已下线', data: {} }) });
    const api = show(LIVE, { dirty: true });
    fireEvent.click(await moreItem('下线'));
    const dialog = await confirmDialog('确认下线"线上新闻"吗？下线后网站将不再显示');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s?消/ }));
    expect(calls.of(newsEndpoints.unpublish.path)).toHaveLength(0);

    fireEvent.click(await moreItem('下线'));
    const again = await confirmDialog('确认下线"线上新闻"吗？下线后网站将不再显示');
    fireEvent.click(within(again).getByRole('button', { name: /下\s?线/ }));
    await waitFor(() => expect(calls.of(newsEndpoints.unpublish.path)).toHaveLength(1));
    await waitFor(() => expect(api.refresh).toHaveBeenCalled());
    expect(api.reload).not.toHaveBeenCalled();
  });

  it('放弃草稿 asks, then drops the draft and reloads the published content', async () => {
    const calls = stubFetch({ [draftEndpoints.discard.path]: () => ({ code: 200, msg: '已放弃草稿', data: {} }) });
    const api = show({ ...LIVE, hasDraft: true, draftTime: '2026-11-27 10:05:00', draftUser: 'editor' });
    fireEvent.click(await moreItem('放弃草稿'));
    const dialog = await confirmDialog('确认放弃草稿吗？表单将恢复为网站上已发布的内容');
    fireEvent.click(within(dialog).getByRole('button', { name: /放弃草稿/ }));
    await waitFor(() => expect(calls.of(draftEndpoints.discard.path)).toHaveLength(1));
    expect(calls.of(draftEndpoints.discard.path)[0].body).toEqual({ resource: 'news', id: 7 });
    await waitFor(() => expect(api.reload).toHaveBeenCalled());
  });
});

describe('PublishBar: what a writer without the publish permission may do', () => {
  it('保存草稿 on live content works; 更新发布内容 and 下线 are disabled and say why', async () => {
    useSession.setState({ buttons: [newsEndpoints.save.path] });
    stubFetch({});
    const api = show(LIVE);
    // the bar says why its saves are drafts (beside the state; on a narrow screen, the state's tooltip)
    const hint = '没有发布权限：修改保存为草稿，由有发布权限的人发布';
    if (!screen.queryByText(hint)) fireEvent.mouseEnter(screen.getByText('已发布'));
    expect(await screen.findByText(hint)).toBeInTheDocument();
    const primary = button(/更新发布内容/);
    expect(primary).toBeDisabled();
    fireEvent.mouseEnter(primary.closest('.gk-tooltip-wrap')!);
    expect(await screen.findByText('没有发布权限')).toBeInTheDocument();
    fireEvent.click(button(/保存草稿/));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith({ draft: true }));
    expect(await moreItem('下线')).toHaveClass('ant-dropdown-menu-item-disabled');
  });

  it('without the save permission nothing saves, and the tooltip is the one 保存 shows', async () => {
    useSession.setState({ buttons: [] });
    stubFetch({});
    show(LIVE, { maySave: false });
    expect(button(/保存草稿/)).toBeDisabled();
    expect(button(/更新发布内容/)).toBeDisabled();
    fireEvent.mouseEnter(button(/保存草稿/).closest('.gk-tooltip-wrap')!);
    expect((await screen.findAllByText('没有保存权限，请联系管理员分配')).length).toBeGreaterThan(0);
  });
});

/** types a time into one of the dialog's pickers */
const pick = (label: string, text: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
};
const dialog = async () => (await screen.findByText('下线时间（留空则一直在线）')).closest('.ant-modal') as HTMLElement;
const confirm = (root: HTMLElement) =>
  fireEvent.click(within(root.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /发\s?布/ }));

describe('PublishBar: 定时发布… with an optional publish and offline time', () => {
  it('sends the offline time chosen in the dialog with the publish call', async () => {
    const calls = stubFetch({ [newsEndpoints.publish.path]: () => ({ code: 200, msg: '发布成功', data: {} }) });
    const api = show(DRAFT);
    fireEvent.click(await moreItem('定时发布…'));
    const root = await dialog();
    pick('下线时间', '2099-01-01 10:00');
    confirm(root);
    await waitFor(() => expect(calls.of(newsEndpoints.publish.path)).toHaveLength(1));
    const call = calls.of(newsEndpoints.publish.path)[0];
    expect(call.query.get('id')).toBe('7');
    expect(call.body).toEqual({ offlineTime: '2099-01-01 10:00:00' });
    await waitFor(() => expect(api.reload).toHaveBeenCalled());
  });

  it('refuses an offline time not after the publish time, with the server’s message, and sends nothing', async () => {
    const calls = stubFetch({ [newsEndpoints.publish.path]: () => ({ code: 200, msg: '发布成功', data: {} }) });
    show(DRAFT);
    fireEvent.click(await moreItem('定时发布…'));
    const root = await dialog();
    pick('发布时间', '2099-01-02 10:00');
    pick('下线时间', '2099-01-01 10:00');
    confirm(root);
    expect(await screen.findByText('下线时间必须晚于发布时间')).toBeInTheDocument();
    expect(calls.of(newsEndpoints.publish.path)).toHaveLength(0);
  });

  it('starts on the stored offline time still to come; clearing it takes it away', async () => {
    const calls = stubFetch({ [newsEndpoints.publish.path]: () => ({ code: 200, msg: '发布成功', data: {} }) });
    show({ ...LIVE, offlineTime: '2099-05-01 08:00:00' });
    fireEvent.click(await moreItem('定时发布…'));
    const root = await dialog();
    const offline = screen.getByLabelText('下线时间', { selector: 'input' });
    expect(offline).toHaveValue('2099-05-01 08:00');
    const clear = offline.closest('.ant-picker')!.querySelector('.ant-picker-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(offline).toHaveValue(''));
    confirm(root);
    await waitFor(() => expect(calls.of(newsEndpoints.publish.path)).toHaveLength(1));
    expect(calls.of(newsEndpoints.publish.path)[0].body).toEqual({ offlineTime: null });
  });
});

describe('PublishBar: 预览', () => {
  const form = { ...DRAFT, title: '改了没保存' };
  const builtIn =
    (siteUrl: string | null = null) =>
    () => ({
      code: 200,
      msg: '操作成功',
      data: { url: 'http://localhost/preview/news/r7?exp=1&sig=x', siteUrl },
    });
  const snapshot = () => ({ code: 200, msg: '操作成功', data: { url: 'http://localhost/preview/news/s1?exp=1&sig=x' } });
  let opened: { location: { href: string } };
  beforeEach(() => {
    opened = { location: { href: 'about:blank' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => opened),
    );
  });

  it('opens the website’s own preview page when the server gives its URL', async () => {
    const calls = stubFetch({ [newsEndpoints.preview.path]: builtIn('https://www.example.com/news/7?preview=tok') });
    show({ ...LIVE, hasDraft: true });
    fireEvent.click(await moreItem('预览'));
    await waitFor(() => expect(opened.location.href).toBe('https://www.example.com/news/7?preview=tok'));
    expect(calls.of(newsEndpoints.preview.path)[0].body).toEqual({ id: 7 });
  });

  it('without a site template, unsaved edits are previewed as on the form by whoever may', async () => {
    useSession.setState({ buttons: [...ALL, newsEndpoints.previewForm.path] });
    const calls = stubFetch({ [newsEndpoints.previewForm.path]: snapshot, [newsEndpoints.preview.path]: builtIn() });
    show(form, { dirty: true });
    fireEvent.click(await moreItem('预览'));
    await waitFor(() => expect(calls.of(newsEndpoints.previewForm.path)).toHaveLength(1));
    expect(calls.of(newsEndpoints.previewForm.path)[0].body).toEqual(form);
    await waitFor(() => expect(opened.location.href).toContain('/preview/news/s1'));
  });

  it('without that permission, the stored record is previewed, and the page says the edits are not in it', async () => {
    const calls = stubFetch({ [newsEndpoints.previewForm.path]: snapshot, [newsEndpoints.preview.path]: builtIn() });
    show(form, { dirty: true });
    fireEvent.click(await moreItem('预览'));
    await waitFor(() => expect(calls.of(newsEndpoints.preview.path)).toHaveLength(1));
    expect(await screen.findByText('预览的是已保存的内容，未保存的修改不在其中')).toBeInTheDocument();
    expect(calls.of(newsEndpoints.previewForm.path)).toHaveLength(0);
  });

  it('without it, a record not saved yet offers no 预览', async () => {
    stubFetch({});
    show(null, { id: null, dirty: true });
    fireEvent.click(button(/更\s?多/));
    await screen.findByText('定时发布…');
    expect(screen.queryByText('预览')).toBeNull();
  });
});
