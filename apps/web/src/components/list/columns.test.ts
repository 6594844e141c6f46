import { type Lang, newsResource, pageItemResource, productResource, type ResourceDef, translate } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { visibleFields } from '../fieldConfig/useFieldConfig';
import { actionsWidth, buildColumns, CONTENT_WIDTH_AT_1280, type ColumnOverride, headerMinWidth, scrollWidth } from './columns';

function tableWidth(resource: ResourceDef, overrides?: Record<string, ColumnOverride>, lang: Lang = 'zh') {
  const cols = buildColumns({
    visible: visibleFields(resource, undefined),
    overrides,
    t: (k) => translate(lang, k),
    canToggle: () => true,
    onToggle: async () => undefined,
  });
  cols.push({ key: '__actions', width: actionsWidth(true, 0), fixed: 'right' });
  return { width: scrollWidth(cols), keys: cols.map((c) => c.key) };
}

describe('list widths at 1280 px (the fixed 操作 column never covers 创建时间)', () => {
  it.each([
    ['products', productResource, { supplierName: { width: 160 } }, 'zh'],
    ['page items', pageItemResource, undefined, 'zh'],
    ['products', productResource, { supplierName: { width: 160 } }, 'en'],
    ['page items', pageItemResource, undefined, 'es'],
  ] as const)('%s fit the content width without scrolling (%s)', (_name, resource, overrides, lang) => {
    const { width, keys } = tableWidth(resource, overrides, lang);
    expect(keys).toContain('createTime');
    expect(width).toBeLessThanOrEqual(CONTENT_WIDTH_AT_1280);
  });
});

describe('headers in en / es are never cut', () => {
  it.each(['en', 'es'] as const)('every fixed-width news column is as wide as its longest header word needs (%s)', (lang) => {
    const cols = buildColumns({
      visible: visibleFields(newsResource, undefined),
      t: (k) => translate(lang, k),
      canToggle: () => true,
      onToggle: async () => undefined,
    });
    for (const c of cols)
      if (typeof c.width === 'number')
        expect([c.key, c.width]).toEqual([c.key, Math.max(c.width, headerMinWidth(String(c.title), !!c.sorter))]);
    expect(headerMinWidth('Destacada', true)).toBeGreaterThan(80);
  });
});
