import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
