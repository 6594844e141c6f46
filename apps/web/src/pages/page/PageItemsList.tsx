import { pageEndpoints, pageItemResource } from '@gk/contracts';
import type { ColumnOverride } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { publishColumns, publishSearch } from '../../components/publish/config';

/** /page/pageItems-list: page items, searched by page type, title and creation dates; details on their own page. */
const search: SearchFieldConfig[] = [
  { name: 'pageId', widget: 'remote', remote: { url: pageEndpoints.list.path } },
  { name: 'title' },
  { name: 'createTime', widget: 'dateRange', start: 'startTime', end: 'endTime' },
  publishSearch,
];

/** A tag is a word or two: 100 px leaves the 发布状态 column clear of the fixed 操作 column at 1280 px. */
export const columns: Record<string, ColumnOverride> = { tag: { width: 100 }, ...publishColumns };

export default function PageItemsList() {
  return <ListPage resource={pageItemResource} search={search} columns={columns} detailRoute="/page/page-details" />;
}

export const preload = listPreload({ resource: pageItemResource, search });
