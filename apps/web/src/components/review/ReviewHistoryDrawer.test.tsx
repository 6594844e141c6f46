import { newsResource, type ReviewHistoryReply, reviewEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, TestProviders } from '../test-utils';
import { ReviewHistorySlot } from './ReviewHistorySlot';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const INFO = {
  resource: 'news',
  id: 7,
  levels: 1 as const,
  state: 'approved' as const,
  level: 1,
  submitUser: 'editor',
  submitTime: '2026-11-27 10:30:00',
  canSubmit: false,
  canApprove: false,
};
const HISTORY: ReviewHistoryReply = {
  info: INFO,
  rows: [
    { id: 3, action: 'approve', level: 1, userName: 'reviewer', nickName: '审核员', time: '2026-11-27 11:00:00', comment: null },
    { id: 2, action: 'submit', level: 1, userName: 'editor', nickName: null, time: '2026-11-27 10:30:00', comment: '已改' },
    { id: 1, action: 'reject', level: 1, userName: 'reviewer', nickName: '审核员', time: '2026-11-27 10:10:00', comment: '标题不妥' },
  ],
};

describe('审核记录', () => {
  it('beside 历史版本 when the record is under review: who, when, what and the comment, newest first', async () => {
    const stub = stubFetch({
      [reviewEndpoints.state.path]: () => ({ code: 200, msg: '', data: INFO }),
      [reviewEndpoints.history.path]: () => ({ code: 200, msg: '', data: HISTORY }),
    });
    render(
      <TestProviders>
        <ReviewHistorySlot resource={newsResource} id={7} />
      </TestProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /审核记录/ }));
    const drawer = await screen.findByRole('dialog');
    const steps = await within(drawer).findAllByText(/审核员|editor/, { selector: 'strong' });
    expect(steps.map((s) => s.closest('[data-action]')?.getAttribute('data-action'))).toEqual(['approve', 'submit', 'reject']);
    const reject = steps[2].closest('[data-action]') as HTMLElement;
    expect(reject).toHaveTextContent('审核员 驳回（一审）');
    expect(reject).toHaveTextContent('2026-11-27 10:10:00');
    expect(within(reject).getByText('标题不妥')).toBeInTheDocument();
    expect(within(drawer).getByText('已通过')).toBeInTheDocument();
    expect(stub.of(reviewEndpoints.history.path)[0].query.get('id')).toBe('7');
  });

  it('nothing when review is off for the resource', async () => {
    const stub = stubFetch({ [reviewEndpoints.state.path]: () => ({ code: 200, msg: '', data: { ...INFO, state: 'none', levels: 0 } }) });
    render(
      <TestProviders>
        <ReviewHistorySlot resource={newsResource} id={7} />
      </TestProviders>,
    );
    await waitFor(() => expect(stub.of(reviewEndpoints.state.path)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /审核记录/ })).toBeNull();
  });
});
