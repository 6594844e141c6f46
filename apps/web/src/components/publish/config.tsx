import { type Endpoint, publishFilter, type ResourceDef } from '@gk/contracts';
import type { DetailActionsApi } from '../DetailPage';
import type { ColumnOverride } from '../list/columns';
import type { SearchFieldConfig } from '../list/SearchForm';
import { PublishBar, PublishTag } from './PublishBar';

/** the list search field: 全部 / 草稿 / 已发布 / 定时 / 已下线 (the contract's filter and its options) */
export const publishSearch: SearchFieldConfig = {
  name: publishFilter.param,
  label: 'publish.f.status',
  widget: 'select',
  all: true,
  options: publishFilter.options,
};

/** the list column: the state as a tag (草稿 / 已发布 / 定时 … / 已下线) */
export const publishColumns: Record<string, ColumnOverride> = {
  status: { width: 170, render: (_v: unknown, row: Record<string, unknown>) => <PublishTag record={row} /> },
};

/** the detail page's publish bar */
export const publishActions = (resource: ResourceDef, publish: Endpoint, unpublish: Endpoint, preview: Endpoint) =>
  function PublishActions(api: DetailActionsApi) {
    return <PublishBar api={api} resource={resource} publish={publish} unpublish={unpublish} preview={preview} />;
  };
