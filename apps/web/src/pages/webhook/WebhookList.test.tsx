import { webhookEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import WebhookList from './WebhookList';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: [webhookEndpoints.save.path, webhookEndpoints.del.path, webhookEndpoints.test.path] });
});

type Body = Record<string, unknown>;
const HOOK = {
  id: 7,
  name: '官网',
  url: 'https://www.example.com/hook',
  events: 'news.publish',
  secretSet: 1,
  enableFlag: 1,
  createTime: '2026-11-20 10:00:00',
};

function serve() {
  return stubFetch({
    [webhookEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', rows: [HOOK], total: 1 }),
    [webhookEndpoints.save.path]: ({ body }) => {
      const b = body as Body;
      const secret = typeof b.secret === 'string' && b.secret ? { secret: b.secret } : {};
      return { code: 200, msg: '保存成功', data: { ...HOOK, ...b, id: b.id ?? 8, secretSet: b.secret || b.id ? 1 : 0, ...secret } };
    },
  });
}

const show = async () => {
  const { ui } = routed(<WebhookList />, { path: '/webhook/webhook-list' });
  render(<TestProviders>{ui}</TestProviders>);
  await screen.findByText('官网');
};
const dialog = () => document.querySelector('.ant-modal:not([style*="display: none"])') as HTMLElement;
const secretInput = () => within(dialog()).getByLabelText('签名密钥', { selector: 'input' });
const save = () =>
  fireEvent.click(
    within(dialog())
      .getByText(/^保\s?存$/)
      .closest('button')!,
  );

describe('Webhook list: the signing secret is write-only', () => {
  it('the list says 已设置; editing starts with an empty secret that keeps the one set', async () => {
    const api = serve();
    await show();
    const row = screen.getByText('官网').closest('tr') as HTMLElement;
    expect(within(row).getByText('已设置')).toBeInTheDocument();
    fireEvent.click(
      within(row)
        .getByText(/^编\s?辑$/)
        .closest('button')!,
    );
    await waitFor(() => expect(secretInput()).toHaveAttribute('placeholder', '已设置：留空则保留，输入新密钥则替换'));
    expect(secretInput()).toHaveValue('');
    save();
    await waitFor(() => expect(api.of(webhookEndpoints.save.path)).toHaveLength(1));
    expect(api.of(webhookEndpoints.save.path)[0].body).not.toHaveProperty('secret');
    // nothing to show: no secret was set
    await waitFor(() => expect(screen.queryByText('签名密钥已保存')).toBeNull());
  });

  it('a new webhook with a generated secret: the secret is shown once after the save', async () => {
    const api = serve();
    await show();
    fireEvent.click(screen.getAllByText(/^新\s?增$/)[0].closest('button')!);
    await waitFor(() => expect(secretInput()).toHaveAttribute('placeholder', '未设置（不签名）'));
    fireEvent.change(within(dialog()).getByLabelText('名称', { selector: 'input' }), { target: { value: '搜索索引' } });
    fireEvent.change(within(dialog()).getByLabelText('地址', { selector: 'input' }), {
      target: { value: 'https://search.example.com/hook' },
    });
    fireEvent.click(within(dialog()).getAllByLabelText('发布')[0]);
    fireEvent.click(
      within(dialog())
        .getByText(/^生\s?成$/)
        .closest('button')!,
    );
    const generated = (secretInput() as HTMLInputElement).value;
    expect(generated).toMatch(/^[0-9a-f]{64}$/);
    save();
    await waitFor(() => expect(api.of(webhookEndpoints.save.path)).toHaveLength(1));
    expect(api.of(webhookEndpoints.save.path)[0].body).toMatchObject({ name: '搜索索引', secret: generated });
    expect(await screen.findByText('签名密钥已保存')).toBeInTheDocument();
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent(generated);
    fireEvent.click(
      within(screen.getByText('签名密钥已保存').closest('.ant-modal') as HTMLElement)
        .getByText(/^(OK|确\s?定)$/)
        .closest('button')!,
    );
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });
});

describe('Webhook list: site.changed and the debounce', () => {
  it('a webhook for a static site: 整站有变化 with a 60-second debounce, explained in the dialog', async () => {
    const api = serve();
    await show();
    fireEvent.click(screen.getAllByText(/^新\s?增$/)[0].closest('button')!);
    await waitFor(() => expect(secretInput()).toBeInTheDocument());
    expect(within(dialog()).getByText(/网站显示的任何内容有变化时发送/)).toBeInTheDocument();
    expect(within(dialog()).getByText(/在最后一次变化 N 秒后发送/)).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('名称', { selector: 'input' }), { target: { value: '静态站' } });
    fireEvent.change(within(dialog()).getByLabelText('地址', { selector: 'input' }), {
      target: { value: 'https://build.example.com/hook' },
    });
    fireEvent.click(within(dialog()).getByLabelText('整站有变化（site.changed）'));
    const debounce = within(dialog()).getByLabelText('合并发送（秒）', { selector: 'input' });
    expect(debounce).toHaveValue('0');
    fireEvent.change(debounce, { target: { value: '60' } });
    save();
    await waitFor(() => expect(api.of(webhookEndpoints.save.path)).toHaveLength(1));
    expect(api.of(webhookEndpoints.save.path)[0].body).toMatchObject({ name: '静态站', events: 'site.changed', debounceSeconds: 60 });
  });

  it('the list names site.changed as 整站 · 有变化', async () => {
    stubFetch({
      [webhookEndpoints.list.path]: () => ({
        code: 200,
        msg: '查询成功',
        rows: [{ ...HOOK, events: 'site.changed', debounceSeconds: 60 }],
        total: 1,
      }),
    });
    await show();
    expect(screen.getByText('整站 · 有变化')).toBeInTheDocument();
  });
});

describe('Webhook list: what the dialog and the deliveries show', () => {
  it('a new webhook shows 启用 on, as it is saved; closing it after typing asks first', async () => {
    const api = serve();
    await show();
    fireEvent.click(screen.getAllByText(/^新\s?增$/)[0].closest('button')!);
    await waitFor(() => expect(secretInput()).toBeInTheDocument());
    expect(within(dialog()).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    fireEvent.change(within(dialog()).getByLabelText('名称', { selector: 'input' }), { target: { value: '半截' } });
    fireEvent.click(
      within(dialog())
        .getByText(/^取\s?消$/)
        .closest('button')!,
    );
    expect((await screen.findAllByText('有未保存的修改，确定离开吗？')).length).toBeGreaterThan(0);
    expect(within(dialog()).getByLabelText('名称', { selector: 'input' })).toHaveValue('半截');
    expect(api.of(webhookEndpoints.save.path)).toHaveLength(0);
  });

  it('a ping delivery reads 测试, not the raw event code', async () => {
    stubFetch({
      [webhookEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', rows: [HOOK], total: 1 }),
      [webhookEndpoints.deliveries.path]: () => ({
        code: 200,
        msg: '查询成功',
        rows: [
          {
            id: 1,
            webhookId: 7,
            event: 'ping',
            status: 'failed',
            attempts: 1,
            lastStatus: null,
            lastAnswer: '连接被拒绝',
            createTime: '2026-11-20 10:00:00',
          },
        ],
        total: 1,
      }),
    });
    await show();
    const row = screen.getByText('官网').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('投递记录').closest('button')!);
    const cell = await screen.findByText('连接被拒绝');
    const tr = cell.closest('tr') as HTMLElement;
    expect(within(tr).getByText('测试')).toBeInTheDocument();
    expect(within(tr).queryByText('ping')).toBeNull();
  });
});
