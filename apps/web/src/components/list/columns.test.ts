import { pageItemResource, productResource, type ResourceDef } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { visibleFields } from '../fieldConfig/useFieldConfig';
import { actionsWidth, buildColumns, CONTENT_WIDTH_AT_1280, type ColumnOverride, scrollWidth } from './columns';

function tableWidth(resource: ResourceDef, overrides?: Record<string, ColumnOverride>) {
  const cols = buildColumns({
    visible: visibleFields(resource, undefined),
    overrides,
    t: (k) => k,
    canToggle: () => true,
    onToggle: async () => undefined,
  });
  cols.push({ key: '__actions', width: actionsWidth(true, 0), fixed: 'right' });
  return { width: scrollWidth(cols), keys: cols.map((c) => c.key) };
}

describe('list widths at 1280 px (the fixed 操作 column never covers 创建时间)', () => {
  it.each([
    ['products', productResource, { supplierName: { width: 160 } }],
    ['page items', pageItemResource, undefined],
  ] as const)('%s fit the content width without scrolling', (_name, resource, overrides) => {
    const { width, keys } = tableWidth(resource, overrides);
    expect(keys).toContain('createTime');
    expect(width).toBeLessThanOrEqual(CONTENT_WIDTH_AT_1280);
  });
});
