import { LANGS, pageItemResource, translate } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { visibleFields } from '../../components/fieldConfig/useFieldConfig';
import { actionsWidth, buildColumns, CONTENT_WIDTH_AT_1280, scrollWidth } from '../../components/list/columns';
import { columns } from './PageItemsList';

describe('the page-item list at 1280 px', () => {
  it.each(LANGS)('fits the content width with 创建时间 and 发布状态, so the fixed 操作 column covers neither (%s)', (lang) => {
    const cols = buildColumns({
      visible: visibleFields(pageItemResource, undefined),
      overrides: columns,
      // the headers as shown: their longest word sets a column's least width
      t: (k) => translate(lang, k),
      canToggle: () => true,
      onToggle: async () => undefined,
    });
    cols.push({ key: '__actions', width: actionsWidth(true, 0), fixed: 'right' });
    expect(cols.map((c) => c.key)).toEqual(expect.arrayContaining(['createTime', 'status']));
    expect(scrollWidth(cols)).toBeLessThanOrEqual(CONTENT_WIDTH_AT_1280);
  });
});
