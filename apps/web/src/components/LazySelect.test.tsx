import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyRemoteSelect, LazySelect } from './LazySelect';
import { stubFetch, TestProviders } from './test-utils';

vi.setConfig({ testTimeout: 20_000 });

const OPTIONS = [
  { value: 'all', label: '全部' },
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];

const standIns = () => [...document.querySelectorAll('.gk-select-stand-in')];

// each kind of select loads once for the whole page: each test's story starts before its kind has loaded
describe('LazySelect', () => {
  it('stands in until reached: a focus hands the focus on, a press opens antd’s Select, and once loaded every new one is real', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <TestProviders>
        <LazySelect id="hot" aria-label="热门" value="all" options={OPTIONS} onChange={onChange} />
        <LazySelect id="kind" aria-label="类型" placeholder="请选择" options={OPTIONS} />
      </TestProviders>,
    );
    // closed selects before anyone reaches them: antd's classes, the chosen label or the placeholder, the input the
    // form's label points at; no dropdown
    const [hot, kind] = standIns();
    expect(hot).toHaveClass('ant-select', 'ant-select-single', 'ant-select-outlined');
    expect(hot!.querySelector('.ant-select-content-has-value')).toHaveTextContent('全部');
    expect(kind!.querySelector('.ant-select-placeholder')).toHaveTextContent('请选择');
    expect(screen.getByRole('combobox', { name: '热门' })).toHaveAttribute('id', 'hot');
    expect(document.querySelector('.ant-select-dropdown')).toBeNull();

    // a pointer passing over a stand-in fetches the code but leaves it in place (a swap under the pointer would race
    // the press that follows); a keyboard user tabs in: the real select takes the stand-in's place and the focus
    fireEvent.pointerEnter(hot!);
    fireEvent.focus(screen.getByRole('combobox', { name: '类型' }));
    await waitFor(() => expect(standIns()).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'kind'));
    expect(document.activeElement!.closest('.ant-select')).not.toHaveClass('gk-select-stand-in');
    expect(standIns()[0]).toContainElement(screen.getByRole('combobox', { name: '热门' }));

    // a press: antd's own Select, already open on its options; a choice reaches onChange. The press's own focus is
    // held back (the stand-in's input goes; the real select takes the focus and would close when it lost it)
    expect(fireEvent.mouseDown(screen.getByRole('combobox', { name: '热门' }))).toBe(false);
    const yes = await screen.findByTitle('是');
    expect(standIns()).toHaveLength(0);
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['全部', '是', '否']);
    fireEvent.click(yes);
    expect(onChange).toHaveBeenCalledWith(1, expect.objectContaining({ value: 1 }));

    // Select is loaded now: a select that appears later is the real one at once
    rerender(
      <TestProviders>
        <LazySelect id="late" aria-label="置顶" value={0} options={OPTIONS} />
      </TestProviders>,
    );
    expect(standIns()).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: '置顶' }).closest('.ant-select')).toHaveTextContent('否');
  });
});

describe('LazyRemoteSelect', () => {
  let qc: QueryClient;
  beforeEach(() => {
    sessionStorage.clear();
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => vi.unstubAllGlobals());

  const types = () =>
    stubFetch({
      '/news/getTypeList': () => ({
        code: 200,
        msg: 'ok',
        rows: [
          { code: 't1', name: '公司新闻' },
          { code: 't2', name: '行业动态' },
        ],
        total: 2,
      }),
    });

  it('an empty picker asks the server nothing until pressed; a chosen value loads its picker at once, with its label', async () => {
    const s = types();
    render(
      <TestProviders client={qc}>
        <LazyRemoteSelect url="/news/getTypeList" id="type" aria-label="新闻类型" placeholder="全部" />
        <LazyRemoteSelect url="/news/getTypeList" id="chosen" aria-label="已选类型" value="t2" />
      </TestProviders>,
    );
    // the chosen one: the real picker, showing the label it asked the server for
    expect(await screen.findByText('行业动态')).toBeInTheDocument();
    const [empty] = standIns();
    expect(standIns()).toHaveLength(1);
    expect(empty!.querySelector('.ant-select-placeholder')).toHaveTextContent('全部');
    expect(empty).toContainElement(screen.getByRole('combobox', { name: '新闻类型' }));
    expect(s.calls.every((c) => c.path === '/news/getTypeList')).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '新闻类型' }));
    // its first page (cached by the label's look-up) in an open dropdown
    expect(await screen.findByTitle('公司新闻')).toBeInTheDocument();
    expect(standIns()).toHaveLength(0);
  });
});
