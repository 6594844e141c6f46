import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback } from './feedback';
import { confirmDiscard, forgetUnsaved, hasUnsaved, TAB_SWITCH, useUnsavedChanges } from './unsaved';

const modal = { confirm: vi.fn() };
const message = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };

function Form() {
  const [value, setValue] = useState('');
  useUnsavedChanges(value !== '');
  return <input aria-label="标题" value={value} onChange={(e) => setValue(e.target.value)} />;
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/news/news-details', element: <Form /> },
      { path: '/news/news-list', element: <p>列表</p> },
    ],
    { initialEntries: ['/news/news-details'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function typeTitle() {
  fireEvent.change(screen.getByLabelText('标题'), { target: { value: '未保存' } });
}

beforeEach(() => setFeedback({ message, modal } as never));
afterEach(() => {
  setFeedback(null);
  vi.clearAllMocks();
  forgetUnsaved(['/news/news-details']);
});

describe('unsaved changes', () => {
  it('a tab switch does not ask and the edits stay reported', async () => {
    const router = open();
    await typeTitle();
    expect(hasUnsaved(['/news/news-details/'])).toBe(true);
    await act(() => router.navigate('/news/news-list', { state: TAB_SWITCH }));
    expect(router.state.location.pathname).toBe('/news/news-list');
    expect(modal.confirm).not.toHaveBeenCalled();
    expect(hasUnsaved(['/news/news-details'])).toBe(true);
  });

  it('navigating away inside the view asks; staying keeps the page', async () => {
    const router = open();
    await typeTitle();
    await act(() => router.navigate('/news/news-list'));
    expect(modal.confirm).toHaveBeenCalledTimes(1);
    expect(modal.confirm.mock.calls[0][0].title).toBe('有未保存的修改，确定离开吗？');
    await act(async () => modal.confirm.mock.calls[0][0].onCancel());
    expect(router.state.location.pathname).toBe('/news/news-details');
    expect(screen.getByLabelText('标题')).toHaveValue('未保存');
    // another record in the same view asks too; 离开 goes on
    await act(() => router.navigate('/news/news-details?id=3'));
    expect(modal.confirm).toHaveBeenCalledTimes(2);
    await act(async () => modal.confirm.mock.calls[1][0].onOk());
    expect(router.state.location.search).toBe('?id=3');
  });

  it('clean views leave without asking; closing a dirty one asks first', async () => {
    const router = open();
    await act(() => router.navigate('/news/news-list'));
    expect(modal.confirm).not.toHaveBeenCalled();
    await expect(confirmDiscard(['/news/news-details'])).resolves.toBe(true);
    await act(() => router.navigate('/news/news-details'));
    await typeTitle();
    const answer = confirmDiscard(['/other', '/news/news-details']);
    expect(modal.confirm).toHaveBeenCalledTimes(1);
    modal.confirm.mock.calls[0][0].onCancel();
    await expect(answer).resolves.toBe(false);
  });

  it('reloading or closing the window asks only while something is unsaved', async () => {
    open();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await typeTitle();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
