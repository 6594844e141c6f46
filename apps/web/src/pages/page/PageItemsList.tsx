import { pageEndpoints, pageItemResource } from '@gk/contracts';
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

export default function PageItemsList() {
  return <ListPage resource={pageItemResource} search={search} columns={publishColumns} detailRoute="/page/page-details" />;
}

export const preload = listPreload({ resource: pageItemResource, search });
