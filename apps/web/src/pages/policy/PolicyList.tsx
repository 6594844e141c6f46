import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { publishColumns, publishSearch } from '../../components/publish/config';
import { policyResource } from './PolicyList.contracts';

/**
 * /policy/policy-list: search by code (the contract maps it to the source), title, hot and top; top / hot
 * switch in place (a refused change reloads the list); details on their own page.
 */
const search: SearchFieldConfig[] = [
  { name: 'code' },
  { name: 'title' },
  { name: 'isHot', widget: 'flag' },
  { name: 'isTop', widget: 'flag' },
  publishSearch,
];

export default function PolicyList() {
  return <ListPage resource={policyResource} search={search} columns={publishColumns} detailRoute="/policy/policy-details" />;
}

export const preload = listPreload({ resource: policyResource, search });
