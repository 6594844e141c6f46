import { newsEndpoints, newsResource, type ReviewInfo, reviewEndpoints } from '@gk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import type { DetailActionsApi } from '../DetailPage';
import { PublishBar } from '../publish/PublishBar';
import { stubFetch, TestProviders } from '../test-utils';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => useSession.setState({ buttons: [newsEndpoints.save.path, newsEndpoints.publish.path, newsEndpoints.unpublish.path] }));

const DRAFT = { id: 7, title: '港口新闻', status: 'draft', publishTime: null, offlineTime: null, publishState: 'draft' };

const info = (patch: Partial<ReviewInfo>): ReviewInfo => ({
  resource: 'news',
  id: 7,
  levels: 1,
  state: 'draft',
  level: 0,
  submitUser: null,
  submitTime: null,
  canSubmit: false,
  canApprove: false,
  ...patch,
});

const ok = (msg: string) => () => ({ code: 200, msg });

function show(state: ReviewInfo | ReviewInfo[], opts: { dirty?: boolean } = {}, more: Record<string, () => unknown> = {}) {
  const states = Array.isArray(state) ? [...state] : [state];
  const stub = stubFetch({
    [reviewEndpoints.state.path]: () => ({ code: 200, msg: '操作成功', data: states.length > 1 ? states.shift() : states[0] }),
    ...more,
  });
  const api = {
    resource: newsResource,
    id: '7',
    record: DRAFT,
    dirty: opts.dirty ?? false,
    busy: false,
    saving: false,
    maySave: true,
    save: vi.fn(async () => true),
    reload: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    cancel: vi.fn(),
    values: vi.fn(async () => DRAFT),
  } as unknown as DetailActionsApi;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  const bar = (a: DetailActionsApi) => (
    <TestProviders client={client}>
      <PublishBar
        api={a}
        resource={newsResource}
        publish={newsEndpoints.publish}
        unpublish={newsEndpoints.unpublish}
        preview={newsEndpoints.preview}
        previewForm={newsEndpoints.previewForm}
      />
    </TestProviders>
  );
  const view = render(bar(api));
  return { api, stub, rerender: (a: DetailActionsApi) => view.rerender(bar(a)) };
}

const button = (name: RegExp) => screen.getByRole('button', { name });
const primary = () => button(/保存并发布/);
const reason = async (text: string) => {
  fireEvent.mouseEnter(primary().closest('.gk-tooltip-wrap')!);
  expect(await screen.findByText(text)).toBeInTheDocument();
};

describe('the review row of the publish bar: what the state and ReviewInfo allow', () => {
  it('review off (state none): no review row, 发布 as before', async () => {
    const { stub } = show(info({ state: 'none', levels: 0 }));
    await waitFor(() => expect(stub.of(reviewEndpoints.state.path)).toHaveLength(1));
    expect(stub.of(reviewEndpoints.state.path)[0].query.get('resource')).toBe('news');
    expect(stub.of(reviewEndpoints.state.path)[0].query.get('id')).toBe('7');
    expect(screen.queryByTestId('review-bar')).toBeNull();
    expect(primary()).toBeEnabled();
  });

  it('a draft, for its editor: 草稿 and 提交审核, no 通过 / 驳回, 发布 disabled until approved (the tooltip says so)', async () => {
    show(info({ state: 'draft', canSubmit: true }));
    const row = await screen.findByTestId('review-bar');
    expect(within(row).getByText('草稿')).toHaveAttribute('data-review-state', 'draft');
    expect(within(row).getByRole('button', { name: /提交审核/ })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: /通\s?过/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /驳\s?回/ })).toBeNull();
    expect(primary()).toBeDisabled();
    await reason('审核通过后才能发布');
  });

  it('提交审核 sends the optional comment, and the state is read again (待一审, who submitted)', async () => {
    const { stub } = show(
      [
        info({ state: 'draft', canSubmit: true }),
        info({ state: 'pending', level: 1, submitUser: 'editor', submitTime: '2026-11-27 10:05:00' }),
      ],
      {},
      { [reviewEndpoints.submit.path]: ok('已提交审核') },
    );
    fireEvent.click(await screen.findByRole('button', { name: /提交审核/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('说明'), { target: { value: '请审核' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交审核/ }));
    await waitFor(() => expect(stub.of(reviewEndpoints.submit.path)).toHaveLength(1));
    expect(stub.of(reviewEndpoints.submit.path)[0].body).toEqual({ resource: 'news', id: 7, comment: '请审核' });
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
    expect(await screen.findByText('待一审')).toBeInTheDocument();
    expect(screen.getByText('editor 于 2026-11-27 10:05 提交')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /提交审核/ })).toBeNull();
    expect(primary()).toBeDisabled();
  });

  it('提交审核 with unsaved edits saves them first (as a draft), then submits', async () => {
    const { api, stub } = show(
      info({ state: 'rejected', canSubmit: true }),
      { dirty: true },
      { [reviewEndpoints.submit.path]: ok('已提交审核') },
    );
    expect(await screen.findByText('已驳回')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /提交审核/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('将先保存修改，再提交审核')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /提交审核/ }));
    await waitFor(() => expect(stub.of(reviewEndpoints.submit.path)).toHaveLength(1));
    expect(api.save).toHaveBeenCalledWith({ draft: true });
    expect(stub.of(reviewEndpoints.submit.path)[0].body).toEqual({ resource: 'news', id: 7 });
  });

  it('pending at level 2, for a reviewer who may decide: 待二审, 通过 and 驳回, no 提交审核, 发布 disabled', async () => {
    show(info({ state: 'pending', levels: 2, level: 2, submitUser: 'editor', submitTime: '2026-11-27 10:05:00', canApprove: true }));
    const row = await screen.findByTestId('review-bar');
    expect(within(row).getByText('待二审')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /通\s?过/ })).toBeEnabled();
    expect(within(row).getByRole('button', { name: /驳\s?回/ })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: /提交审核/ })).toBeNull();
    expect(primary()).toBeDisabled();
  });

  it('pending, for its own submitter (canApprove false): neither 通过 nor 驳回', async () => {
    show(info({ state: 'pending', level: 1, submitUser: 'editor', submitTime: '2026-11-27 10:05:00' }));
    const row = await screen.findByTestId('review-bar');
    expect(within(row).getByText('待一审')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /通\s?过/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /驳\s?回/ })).toBeNull();
  });

  it('驳回 cannot be sent without a comment (a blank one neither); with one it is sent', async () => {
    const { stub } = show(
      info({ state: 'pending', level: 1, submitUser: 'editor', submitTime: '2026-11-27 10:05:00', canApprove: true }),
      {},
      {
        [reviewEndpoints.reject.path]: ok('已驳回'),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: /驳\s?回/ }));
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: /驳\s?回/ });
    fireEvent.click(send);
    expect(await within(dialog).findByText('驳回时必须填写审核意见')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('审核意见'), { target: { value: '   ' } });
    fireEvent.click(send);
    await waitFor(() => expect(within(dialog).getByText('驳回时必须填写审核意见')).toBeInTheDocument());
    expect(stub.of(reviewEndpoints.reject.path)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('审核意见'), { target: { value: '标题含有“第一”，请修改' } });
    fireEvent.click(send);
    await waitFor(() => expect(stub.of(reviewEndpoints.reject.path)).toHaveLength(1));
    expect(stub.of(reviewEndpoints.reject.path)[0].body).toEqual({ resource: 'news', id: 7, comment: '标题含有“第一”，请修改' });
  });

  it('通过 goes without a comment; approved: 发布 is enabled, and disabled again while the form has unsaved edits', async () => {
    const { stub, api, rerender } = show(
      [
        info({ state: 'pending', level: 1, submitUser: 'x', submitTime: '2026-11-27 10:05:00', canApprove: true }),
        info({ state: 'approved', level: 1 }),
      ],
      {},
      { [reviewEndpoints.approve.path]: ok('审核通过') },
    );
    fireEvent.click(await screen.findByRole('button', { name: /通\s?过/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /通\s?过/ }));
    await waitFor(() => expect(stub.of(reviewEndpoints.approve.path)).toHaveLength(1));
    expect(stub.of(reviewEndpoints.approve.path)[0].body).toEqual({ resource: 'news', id: 7 });
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    await waitFor(() => expect(primary()).toBeEnabled());
    rerender({ ...api, dirty: true });
    expect(primary()).toBeDisabled();
    await reason('有未保存的修改：保存后需要重新提交审核才能发布');
  });

  it('a reload of the record (after a save) reads the state again: an approved record edited is 草稿 again', async () => {
    const { stub, api, rerender } = show([info({ state: 'approved', level: 1 }), info({ state: 'draft', canSubmit: true })]);
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    await waitFor(() => expect(primary()).toBeEnabled());
    rerender({ ...api, record: { ...DRAFT, title: '改过的标题' } } as DetailActionsApi);
    await waitFor(() => expect(stub.of(reviewEndpoints.state.path)).toHaveLength(2));
    expect(await screen.findByText('草稿', { selector: '[data-review-state]' })).toBeInTheDocument();
    expect(primary()).toBeDisabled();
  });
});
