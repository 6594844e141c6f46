import { siteKeyEndpoints } from '@gk/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed, stubFetch, TestProviders } from '../../components/test-utils';
import { useSession } from '../../stores/session';
import SiteKeyList from './SiteKeyList';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ buttons: [siteKeyEndpoints.save.path, siteKeyEndpoints.revoke.path] });
});

type Body = Record<string, unknown>;
const KEY = `gks_${'Ab3_'.repeat(10)}xyz`;
const ROWS = [
  {
    id: 7,
    name: '官网 SSR',
    mode: 'published',
    modeName: '仅已发布内容',
    keyPrefix: 'gks_Q1w2E3r4',
    createBy: 'admin',
    createTime: '2026-11-20 10:00:00',
    lastUsedTime: '2026-11-26 09:30:00',
    revoked: 0,
  },
  {
    id: 6,
    name: '旧预览站',
    mode: 'preview',
    modeName: '预览（可读草稿）',
    keyPrefix: 'gks_Zz9Yy8Xx',
    createBy: 'admin',
    createTime: '2026-11-01 10:00:00',
    lastUsedTime: null,
    revoked: 1,
  },
];

function serve() {
  return stubFetch({
    [siteKeyEndpoints.list.path]: () => ({ code: 200, msg: '查询成功', rows: ROWS, total: ROWS.length }),
    [siteKeyEndpoints.save.path]: ({ body }) => {
      const b = body as Body;
      return {
        code: 200,
        msg: '保存成功',
        data: { ...ROWS[0], ...b, id: 8, keyPrefix: KEY.slice(0, 12), lastUsedTime: null, ...(b.id ? {} : { key: KEY }) },
      };
    },
    [siteKeyEndpoints.revoke.path]: () => ({ code: 200, msg: '站点密钥已撤销', data: { ...ROWS[0], revoked: 1 } }),
  });
}

const show = async () => {
  const { ui } = routed(<SiteKeyList />, { path: '/system/site-key-list' });
  render(<TestProviders>{ui}</TestProviders>);
  await screen.findByText('官网 SSR');
};
const openModal = () =>
  [...document.querySelectorAll('.ant-modal')].find((m) => !(m as HTMLElement).closest('[style*="display: none"]')) as HTMLElement;
const button = (within_: HTMLElement, name: RegExp) => within(within_).getByText(name).closest('button')!;

describe('站点密钥 list', () => {
  it('lists name, mode, the key prefix, last use and status; a revoked key is locked', async () => {
    serve();
    await show();
    const live = screen.getByText('官网 SSR').closest('tr') as HTMLElement;
    expect(within(live).getByText('仅已发布内容')).toBeInTheDocument();
    expect(within(live).getByText('gks_Q1w2E3r4…')).toBeInTheDocument();
    expect(within(live).getByText('2026-11-26 09:30:00')).toBeInTheDocument();
    expect(within(live).getByText('有效')).toBeInTheDocument();
    const old = screen.getByText('旧预览站').closest('tr') as HTMLElement;
    expect(within(old).getByText('预览（可读草稿）')).toBeInTheDocument();
    expect(within(old).getByText('从未使用')).toBeInTheDocument();
    expect(within(old).getByText('已撤销')).toBeInTheDocument();
    expect(button(old, /^撤\s?销$/)).toBeDisabled();
    expect(button(live, /^撤\s?销$/)).not.toBeDisabled();
  });

  it('新增 shows the new key once, with a copy button and the warning', async () => {
    const api = serve();
    await show();
    fireEvent.click(screen.getAllByText(/^新\s?增$/)[0].closest('button')!);
    await waitFor(() => expect(within(openModal()).getByLabelText('名称', { selector: 'input' })).toBeInTheDocument());
    fireEvent.change(within(openModal()).getByLabelText('名称', { selector: 'input' }), { target: { value: '构建服务器' } });
    fireEvent.click(button(openModal(), /^保\s?存$/));
    await waitFor(() => expect(api.of(siteKeyEndpoints.save.path)).toHaveLength(1));
    expect(api.of(siteKeyEndpoints.save.path)[0].body).toEqual({ name: '构建服务器', mode: 'published' });
    expect(await screen.findByText('站点密钥已创建')).toBeInTheDocument();
    expect(screen.getByTestId('site-key')).toHaveTextContent(KEY);
    expect(screen.getByText(/此密钥只显示这一次/)).toBeInTheDocument();
    const shown = screen.getByText('站点密钥已创建').closest('.ant-modal') as HTMLElement;
    expect(shown.querySelector('.ant-typography-copy')).not.toBeNull();
    fireEvent.click(button(shown, /^(OK|确\s?定)$/));
    await waitFor(() => expect(screen.queryByTestId('site-key')).toBeNull());
  });

  it('撤销 asks first, then revokes and reloads the list', async () => {
    const api = serve();
    await show();
    const live = screen.getByText('官网 SSR').closest('tr') as HTMLElement;
    const listCalls = api.of(siteKeyEndpoints.list.path).length;
    fireEvent.click(button(live, /^撤\s?销$/));
    const confirm = await screen.findByText(/确定撤销“官网 SSR”吗？/);
    expect(api.of(siteKeyEndpoints.revoke.path)).toHaveLength(0);
    fireEvent.click(button(confirm.closest('.ant-modal') as HTMLElement, /^撤\s?销$/));
    await waitFor(() => expect(api.of(siteKeyEndpoints.revoke.path)).toHaveLength(1));
    expect(api.of(siteKeyEndpoints.revoke.path)[0].query.get('id')).toBe('7');
    await waitFor(() => expect(api.of(siteKeyEndpoints.list.path).length).toBeGreaterThan(listCalls));
  });
});
