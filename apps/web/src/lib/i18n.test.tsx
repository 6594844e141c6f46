import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLang, hasMessage, setLang, tr, useTranslation } from './i18n';

afterEach(() => {
  act(() => setLang('zh'));
});

describe('the translator', () => {
  it('fills {name} placeholders as i18next did: a value given as undefined is empty, one not given stays as written', () => {
    expect(tr('ui.ok')).toBe('确定');
    expect(tr('ui.export.progress', { done: 3, total: 10 })).toBe('正在导出 3/10 条…');
    expect(tr('ui.export.progress', { done: 3 })).toBe('正在导出 3/{total} 条…');
    expect(tr('ui.export.progress', { done: 3, total: undefined })).toBe('正在导出 3/ 条…');
    expect(tr('home.greeting', { greeting: '下午好', name: '张三' })).toBe('下午好，张三。今天想更新哪些内容？');
  });

  it('a key without a text answers its defaultValue (filled too), else the key itself', () => {
    expect(hasMessage('ui.ok')).toBe(true);
    expect(hasMessage('banner.type.9')).toBe(false);
    expect(tr('banner.type.9', { defaultValue: '类型 {n}', n: 9 })).toBe('类型 9');
    expect(tr('banner.type.9')).toBe('banner.type.9');
  });

  it('a language switch renders translated components again, with a new t', async () => {
    const seen: unknown[] = [];
    function Probe() {
      const { t, i18n } = useTranslation();
      useEffect(() => {
        seen.push(t);
      }, [t]);
      return (
        <span data-testid="probe">
          {i18n.language}:{t('ui.list.deleteCount', { count: 2 })}
        </span>
      );
    }
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('zh:将删除选中的 2 条数据，删除后不可恢复。');
    await act(async () => {
      await new Promise<void>((resolve) => setLang('en', resolve));
    });
    expect(currentLang()).toBe('en');
    expect(screen.getByTestId('probe').textContent).toBe('en:The 2 selected records will be deleted. This cannot be undone.');
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
  });
});
