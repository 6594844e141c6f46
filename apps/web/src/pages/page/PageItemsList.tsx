import { pageEndpoints, pageItemResource } from '@gk/contracts';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';

/** /page/pageItems-list: page items, searched by page type, title and creation dates; details on their own page. */
const search: SearchFieldConfig[] = [
  { name: 'pageId', widget: 'remote', remote: { url: pageEndpoints.list.path } },
  { name: 'title' },
  { name: 'createTime', widget: 'dateRange', start: 'startTime', end: 'endTime' },
];

export default function PageItemsList() {
  return <ListPage resource={pageItemResource} search={search} detailRoute="/page/page-details" />;
}
