import type { ColumnOverride, ToggleOptions } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { publishColumns, publishSearch } from '../../components/publish/config';
import { newsEndpoints, newsResource } from './NewsList.contracts';

/** /news/news-list: search by type, title, top and hot; top / hot switch in place; details on their own page. */
const search: SearchFieldConfig[] = [
  { name: 'code', label: 'news.f.type', widget: 'remote', remote: { url: newsEndpoints.typeList.path } },
  { name: 'title' },
  { name: 'isTop', widget: 'flag' },
  { name: 'isHot', widget: 'flag' },
  publishSearch,
];

/**
 * Widths at 1280 px: the title reads about 15 characters (it had the 120 px least width of a flexible
 * column); the summary, the type and the two switches give up room. Ten columns do not fit 1 040 px: the
 * table scrolls sideways by about 200 px, the title first.
 */
export const columns: Record<string, ColumnOverride> = {
  title: { width: 240 },
  typeName: { width: 100 },
  summary: { width: 160 },
  isTop: { width: 80 },
  isHot: { width: 80 },
  ...publishColumns,
};

/** SPEC point 4: a refused isHot change is reported without reloading the list. */
const toggles: Record<string, ToggleOptions> = { isHot: { reloadOnFailure: false } };

export default function NewsList() {
  return <ListPage resource={newsResource} search={search} columns={columns} toggles={toggles} detailRoute="/news/news-details" />;
}

export const preload = listPreload({ resource: newsResource, search });
