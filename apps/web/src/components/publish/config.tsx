import { publishFilter } from '../../api/shared.contracts';
import type { ColumnOverride } from '../list/columns';
import type { SearchFieldConfig } from '../list/SearchForm';
import { PublishTag } from './PublishTag';

/** the list search field: 全部 / 草稿 / 已发布 / 定时 / 已下线 (the contract's filter and its options) */
export const publishSearch: SearchFieldConfig = {
  name: publishFilter.param,
  label: 'publish.f.status',
  widget: 'select',
  all: true,
  options: publishFilter.options,
};

/**
 * the list column: the state as a tag (草稿 / 已发布 / 定时 … / 已下线), fixed beside 操作 so it stays in view at
 * 1280 px however many columns scroll (issue 25)
 */
export const publishColumns: Record<string, ColumnOverride> = {
  status: { width: 170, fixed: 'right', render: (_v: unknown, row: Record<string, unknown>) => <PublishTag record={row} /> },
};
