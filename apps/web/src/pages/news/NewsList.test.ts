import { newsResource } from '@gk/contracts';
import { describe, expect, it } from 'vitest';
import { visibleFields } from '../../components/fieldConfig/useFieldConfig';
import { buildColumns, FLEX_MIN_WIDTH } from '../../components/list/columns';
import { columns } from './NewsList';

/** A Chinese character of the table's 14 px font, and a cell's padding on both sides. */
const CHAR = 14;
const PADDING = 32;

describe('the news list at 1280 px', () => {
  const cols = buildColumns({
    visible: visibleFields(newsResource, undefined),
    overrides: columns,
    t: (k) => k,
    canToggle: () => true,
    onToggle: async () => undefined,
  });
  const width = (key: string) => {
    const w = cols.find((c) => c.key === key)?.width;
    return typeof w === 'number' ? w : FLEX_MIN_WIDTH;
  };

  it('gives the title room for 14 characters, more than any other text column', () => {
    expect(width('title')).toBeGreaterThanOrEqual(14 * CHAR + PADDING);
    for (const other of ['summary', 'typeName']) expect(width('title')).toBeGreaterThan(width(other));
  });
});
