import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { stubFetch, TestProviders } from '../test-utils';
import { resetEditorConfig } from './editorConfig';
import { editorDebounce, RichText } from './RichText';

// the editor chunk loads lazily; give it time under a parallel run
vi.setConfig({ testTimeout: 20_000 });

const CONFIG = {
  uploadUrl: '/api/upload/upload',
  imageUrlPrefix: '/img/',
  maxBytes: 10485760,
  allowedTypes: ['image/png'],
  fieldName: 'file',
};

beforeEach(() => resetEditorConfig());
afterEach(() => vi.unstubAllGlobals());

describe('RichText', () => {
  it('debounces changes by 50 ms by default and never less than 20 ms', () => {
    expect(editorDebounce()).toBe(50);
    expect(editorDebounce(200)).toBe(200);
    expect(editorDebounce(5)).toBe(20);
  });

  it('shows one placeholder until its settings and code are in, then the editor: it never suspends (React would hold the reveal back 300 ms)', async () => {
    stubFetch({ '/config': () => ({ code: 200, msg: 'ok', data: CONFIG }) });
    const placeholders: Element[] = [];
    const seen = new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof Element)
            placeholders.push(...[n, ...n.querySelectorAll('*')].filter((e) => e.classList.contains('gk-richtext-loading')));
    });
    seen.observe(document.body, { childList: true, subtree: true });
    try {
      render(
        <TestProviders>
          <RichText value="<p>占位之后</p>" />
        </TestProviders>,
      );
      expect(await screen.findByText('占位之后', {}, { timeout: 10_000 })).toBeInTheDocument();
    } finally {
      seen.disconnect();
    }
    // the placeholder of the settings and code, never one of a suspended editor
    expect(placeholders.length).toBeGreaterThan(0);
    expect(placeholders.filter((p) => p.classList.contains('gk-richtext-waiting-code'))).toEqual([]);
  });

  it('reads /config once for every editor of the session', async () => {
    const api = stubFetch({ '/config': () => ({ code: 200, msg: 'ok', data: CONFIG }) });
    render(
      <TestProviders>
        <RichText value="<p>一</p>" />
        <RichText value="<p>二</p>" />
      </TestProviders>,
    );
    await screen.findByText('一', {}, { timeout: 10_000 });
    await screen.findByText('二');
    expect(api.of('/config')).toHaveLength(1);
  });

  it('mounted with stored HTML, it reports no change nobody made', async () => {
    stubFetch({ '/config': () => ({ code: 200, msg: 'ok', data: CONFIG }) });
    const onChange = vi.fn();
    render(
      <TestProviders>
        <RichText value={'<h2>港口动态</h2><table><tbody><tr><td>一</td></tr></tbody></table>'} onChange={onChange} />
      </TestProviders>,
    );
    expect(await screen.findByText('港口动态', {}, { timeout: 10_000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 150));
    fireEvent.blur(document.querySelector('.gk-rt-content')!);
    await new Promise((r) => setTimeout(r, 100));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('given stored HTML later (record loaded), it reports no change nobody made', async () => {
    stubFetch({ '/config': () => ({ code: 200, msg: 'ok', data: CONFIG }) });
    const onChange = vi.fn();
    const { rerender } = render(
      <TestProviders>
        <RichText value="" onChange={onChange} />
      </TestProviders>,
    );
    await screen.findByRole('toolbar', {}, { timeout: 10_000 });
    rerender(
      <TestProviders>
        <RichText value={'<h2>港口动态</h2><table><tbody><tr><td>一</td></tr></tbody></table>'} onChange={onChange} />
      </TestProviders>,
    );
    expect(await screen.findByText('港口动态')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 120));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('falls back to a textarea with a clear message when the settings cannot be read', async () => {
    stubFetch({ '/config': () => ({ code: 500, msg: '服务器内部错误，请稍后重试' }) });
    const onChange = vi.fn();
    render(
      <TestProviders>
        <RichText value="<p>正文</p>" onChange={onChange} />
      </TestProviders>,
    );
    expect(await screen.findByText('富文本编辑器资源加载失败，请刷新重试')).toBeInTheDocument();
    const area = screen.getByRole('textbox');
    expect(area).toHaveValue('<p>正文</p>');
    fireEvent.change(area, { target: { value: '<p>新正文</p>' } });
    expect(onChange).toHaveBeenCalledWith('<p>新正文</p>');
  });

  it('retries the settings from the fallback', async () => {
    let fail = true;
    const api = stubFetch({ '/config': () => (fail ? { code: 500, msg: 'x' } : { code: 200, msg: 'ok', data: CONFIG }) });
    render(
      <TestProviders>
        <RichText value="<p>正文</p>" />
      </TestProviders>,
    );
    await screen.findByText('富文本编辑器资源加载失败，请刷新重试');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(api.of('/config')).toHaveLength(2));
    expect(await screen.findByRole('toolbar', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the image dialog (alt text, issue 23)', () => {
  beforeEach(() => {
    useSession.setState({ buttons: ['/upload/upload'] });
    // ProseMirror scrolls an inserted image into view; jsdom has no layout for ranges
    const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= none;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });
  afterEach(() => useSession.setState({ buttons: [] }));

  it('after an upload asks for the alt text, which goes into <img alt> and onto the image', async () => {
    const name = 'a1a1a1a1a1a1a1a1.png';
    const api = stubFetch({
      '/config': () => ({ code: 200, msg: 'ok', data: CONFIG }),
      '/upload/upload': () => ({ code: 200, msg: name, message: '上传成功', data: { name, url: `/img/${name}` } }),
      '/upload/getImageMeta': () => ({
        code: 200,
        msg: '操作成功',
        data: { name, width: 8, height: 8, format: 'png', bytes: 9, frames: 1, alt: '' },
      }),
      '/upload/saveImageAlt': ({ body }) => ({
        code: 200,
        msg: '替代文字已保存',
        data: { name, width: 8, height: 8, format: 'png', bytes: 9, frames: 1, alt: (body as { alt: string }).alt },
      }),
    });
    const onChange = vi.fn();
    render(
      <TestProviders>
        <RichText value="<p>正文</p>" onChange={onChange} />
      </TestProviders>,
    );
    await screen.findByRole('toolbar', {}, { timeout: 10_000 });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'IMG_2034.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('richtext-image-input'), { target: { files: [file] } });
    const dialog = (await screen.findByText('替代文字随图片保存：同一张图片在其他位置也使用这段文字。')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getAllByText('图片属性').length).toBeGreaterThan(0);
    const alt = await screen.findByLabelText('替代文字');
    expect(alt).toHaveValue('');
    expect(document.querySelector('.gk-rt-content img')).toHaveAttribute('src', `/img/${name}`);
    fireEvent.change(alt, { target: { value: '港区航拍' } });
    fireEvent.click(within(dialog.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(api.of('/upload/saveImageAlt')).toHaveLength(1));
    expect(api.of('/upload/saveImageAlt')[0].body).toEqual({ name: `/img/${name}`, alt: '港区航拍' });
    await waitFor(() => expect(document.querySelector('.gk-rt-content img')).toHaveAttribute('alt', '港区航拍'));
    fireEvent.blur(document.querySelector('.gk-rt-content')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('alt="港区航拍"')));
  });

  it('插入链接 opens its dialog on the first press (antd Modal loads with it) and 取消 closes it', async () => {
    stubFetch({ '/config': () => ({ code: 200, msg: 'ok', data: CONFIG }) });
    render(
      <TestProviders>
        <RichText value="<p>港口</p>" />
      </TestProviders>,
    );
    const toolbar = await screen.findByRole('toolbar', {}, { timeout: 10_000 });
    expect(document.querySelector('.ant-modal')).toBeNull();
    fireEvent.click(within(toolbar).getByRole('button', { name: '插入链接' }));
    const url = await screen.findByLabelText('链接地址');
    expect(url).toHaveAttribute('placeholder', 'https://');
    const dialog = url.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByLabelText('链接地址')).toBeNull());
  });
});
