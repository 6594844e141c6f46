import { type ReviewSetting, reviewSettingsEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import ReviewSettings from './ReviewSettings';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function serve(rows: ReviewSetting[]) {
  let stored = rows.map((r) => ({ ...r }));
  return stubFetch({
    [reviewSettingsEndpoints.get.path]: () => ({ code: 200, msg: '查询成功', data: stored }),
    [reviewSettingsEndpoints.save.path]: ({ body }) => {
      const b = body as ReviewSetting;
      stored = stored.map((r) => (r.resource === b.resource ? { ...r, levels: b.levels, selfApprove: b.selfApprove } : r));
      return { code: 200, msg: '审核设置已保存' };
    },
  });
}

const ROWS: ReviewSetting[] = [
  { resource: 'news', label: '新闻', levels: 0, selfApprove: false },
  { resource: 'policy', label: '政策公告', levels: 2, selfApprove: true },
];

const row = (label: string) => screen.getByRole('cell', { name: label }).closest('tr') as HTMLElement;

describe('审核设置', () => {
  it('one row per resource with its levels and self-approval; a row is saved on its own, with the server’s message', async () => {
    useSession.setState({ buttons: [reviewSettingsEndpoints.save.path] });
    const stub = serve(ROWS);
    render(
      <TestProviders>
        <ReviewSettings />
      </TestProviders>,
    );
    await screen.findByRole('cell', { name: '新闻' });
    const news = row('新闻');
    const policy = row('政策公告');
    expect(within(news).getByRole('radio', { name: '关闭' })).toBeChecked();
    expect(within(policy).getByRole('radio', { name: '两级审核' })).toBeChecked();
    expect(within(policy).getByRole('switch')).toBeChecked();
    // nothing changed: nothing to save
    expect(within(news).getByRole('button', { name: /保\s?存/ })).toBeDisabled();

    fireEvent.click(within(news).getByRole('radio', { name: '一级审核' }));
    fireEvent.click(within(news).getByRole('switch'));
    fireEvent.click(within(news).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(stub.of(reviewSettingsEndpoints.save.path)).toHaveLength(1));
    expect(stub.of(reviewSettingsEndpoints.save.path)[0].body).toEqual({ resource: 'news', levels: 1, selfApprove: true });
    expect(await screen.findByText('审核设置已保存')).toBeInTheDocument();
    // read again: the stored values, the row saved
    await waitFor(() => expect(stub.of(reviewSettingsEndpoints.get.path)).toHaveLength(2));
    await waitFor(() => expect(within(row('新闻')).getByRole('button', { name: /保\s?存/ })).toBeDisabled());
    expect(within(row('新闻')).getByRole('radio', { name: '一级审核' })).toBeChecked();
    // the other row untouched
    expect(within(row('政策公告')).getByRole('radio', { name: '两级审核' })).toBeChecked();
  });

  it('without the save button: read-only, and it says so', async () => {
    useSession.setState({ buttons: [] });
    const stub = serve(ROWS);
    render(
      <TestProviders>
        <ReviewSettings />
      </TestProviders>,
    );
    await screen.findByRole('cell', { name: '新闻' });
    expect(screen.getByText('没有修改审核设置的权限，只能查看')).toBeInTheDocument();
    const news = row('新闻');
    for (const r of within(news).getAllByRole('radio')) expect(r).toBeDisabled();
    expect(within(news).getByRole('switch')).toBeDisabled();
    expect(within(news).getByRole('button', { name: /保\s?存/ })).toBeDisabled();
    fireEvent.click(within(news).getByRole('radio', { name: '一级审核' }));
    expect(within(news).getByRole('radio', { name: '关闭' })).toBeChecked();
    expect(stub.of(reviewSettingsEndpoints.save.path)).toHaveLength(0);
  });
});
