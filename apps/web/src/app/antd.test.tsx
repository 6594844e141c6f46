import { act, render, screen } from '@testing-library/react';
import { Button, theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, useSettings } from '../stores/settings';
import { AntdConfig } from './antd';

function Tokens() {
  const { token } = theme.useToken();
  return (
    <>
      <output data-testid="link">{token.colorLink}</output>
      <output data-testid="info">{token.colorInfo}</output>
      <output data-testid="motion">{String(token.motion)}</output>
      <Button type="link">查看详情</Button>
    </>
  );
}

afterEach(() => useSettings.getState().reset());

describe('theme colour', () => {
  it('reaches link buttons and info / processing tags (antd tokens)', () => {
    useSettings.setState({ ...DEFAULT_SETTINGS, themeColor: '#f5222d' });
    render(
      <AntdConfig>
        <Tokens />
      </AntdConfig>,
    );
    expect(screen.getByTestId('link')).toHaveTextContent('#f5222d');
    expect(screen.getByTestId('info')).toHaveTextContent('#f5222d');
    // the generated theme variables carry the chosen colour for links
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
    expect(css).toMatch(/--ant-color-link:\s*#f5222d/i);
    expect(css).not.toMatch(/--ant-color-link:\s*#1677ff/i);
  });
});

describe("the system's reduce-motion setting", () => {
  afterEach(() => vi.unstubAllGlobals());

  const stubMotion = (reduce: boolean) => {
    const listeners = new Set<() => void>();
    const m = {
      matches: reduce,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    };
    vi.stubGlobal('matchMedia', (q: string) =>
      q === '(prefers-reduced-motion: reduce)' ? m : { matches: false, addEventListener() {}, removeEventListener() {} },
    );
    return {
      set(v: boolean) {
        m.matches = v;
        for (const l of listeners) l();
      },
    };
  };

  it('turns antd motion off while the system asks for it, and on again when it no longer does', () => {
    const motion = stubMotion(true);
    render(
      <AntdConfig>
        <Tokens />
      </AntdConfig>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('false');
    act(() => motion.set(false));
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
  });
});
