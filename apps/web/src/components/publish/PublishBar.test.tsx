import { newsEndpoints, newsResource } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import type { DetailActionsApi } from '../DetailPage';
import { stubFetch, TestProviders } from '../test-utils';
import { PublishBar } from './PublishBar';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => useSession.setState({ buttons: [newsEndpoints.publish.path, newsEndpoints.unpublish.path] }));

function show(record: Record<string, unknown>, state: { id?: number | null; dirty?: boolean } = {}) {
  const api = {
    resource: newsResource,
    id: state.id === undefined ? 7 : state.id,
    record,
    dirty: state.dirty ?? false,
    busy: false,
    save: vi.fn(async () => true),
    reload: vi.fn(async () => undefined),
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

describe('PublishBar: 发布 with an optional publish and offline time', () => {
  it('sends the offline time chosen in the dialog with the publish call', async () => {
    const calls = stubFetch({ [newsEndpoints.publish.path]: () => ({ code: 200, msg: '发布成功', data: {} }) });
    const api = show({ id: 7, title: '草稿', status: 'draft', publishTime: null, offlineTime: null });
    fireEvent.click(screen.getByRole('button', { name: /发\s?布/ }));
    const root = await dialog();
    pick('下线时间', '2099-01-01 10:00');
    confirm(root);
    await waitFor(() => expect(calls.of(newsEndpoints.publish.path)).toHaveLength(1));
    const call = calls.of(newsEndpoints.publish.path)[0];
    expect(call.query.get('id')).toBe('7');
    expect(call.body).toEqual({ offlineTime: '2099-01-01 10:00:00' });
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    await waitFor(() => expect(api.reload).toHaveBeenCalled());
  });

  it('refuses an offline time not after the publish time, with the server’s message, and sends nothing', async () => {
    const calls = stubFetch({ [newsEndpoints.publish.path]: () => ({ code: 200, msg: '发布成功', data: {} }) });
    show({ id: 7, title: '草稿', status: 'draft', publishTime: null, offlineTime: null });
    fireEvent.click(screen.getByRole('button', { name: /发\s?布/ }));
    const root = await dialog();
    pick('发布时间', '2099-01-02 10:00');
    pick('下线时间', '2099-01-01 10:00');
    confirm(root);
    expect(await screen.findByText('下线时间必须晚于发布时间')).toBeInTheDocument();
    expect(calls.of(newsEndpoints.publish.path)).toHaveLength(0);
  });

  it('starts on the stored offline time still to come; clearing it takes it away', async () => {
    const calls = stubFetch({ [newsEndpoints.publish.path]: () => ({ code: 200, msg: '发布成功', data: {} }) });
    show({ id: 7, title: '已发布', status: 'published', publishTime: '2020-01-01 00:00:00', offlineTime: '2099-05-01 08:00:00' });
    fireEvent.click(screen.getByRole('button', { name: /发\s?布/ }));
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

describe('PublishBar: 预览 of unsaved edits is a permission of its own', () => {
  const form = { id: 7, title: '改了没保存', status: 'draft', publishTime: null, offlineTime: null };
  const previewed = () => ({ code: 200, msg: '操作成功', data: { url: 'http://localhost/preview/news/s1?exp=1&sig=x' } });
  beforeEach(() =>
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    ),
  );

  it('with the permission, unsaved edits are previewed as on the form', async () => {
    useSession.setState({ buttons: [newsEndpoints.previewForm.path] });
    const calls = stubFetch({ [newsEndpoints.previewForm.path]: previewed, [newsEndpoints.preview.path]: previewed });
    show(form, { dirty: true });
    fireEvent.click(screen.getByRole('button', { name: /预\s?览/ }));
    await waitFor(() => expect(calls.of(newsEndpoints.previewForm.path)).toHaveLength(1));
    expect(calls.of(newsEndpoints.previewForm.path)[0].body).toEqual(form);
    expect(calls.of(newsEndpoints.preview.path)).toHaveLength(0);
  });

  it('without it, the stored record is previewed, and the page says the edits are not in it', async () => {
    useSession.setState({ buttons: [] });
    const calls = stubFetch({ [newsEndpoints.previewForm.path]: previewed, [newsEndpoints.preview.path]: previewed });
    show(form, { dirty: true });
    fireEvent.click(screen.getByRole('button', { name: /预\s?览/ }));
    await waitFor(() => expect(calls.of(newsEndpoints.preview.path)).toHaveLength(1));
    expect(calls.of(newsEndpoints.preview.path)[0].body).toEqual({ id: 7 });
    expect(await screen.findByText('预览的是已保存的内容，未保存的修改不在其中')).toBeInTheDocument();
    expect(calls.of(newsEndpoints.previewForm.path)).toHaveLength(0);
  });

  it('without it, a record not saved yet offers no 预览', () => {
    useSession.setState({ buttons: [] });
    stubFetch({});
    show({ title: '新的', status: 'draft' }, { id: null, dirty: true });
    expect(screen.queryByRole('button', { name: /预\s?览/ })).toBeNull();
  });
});
