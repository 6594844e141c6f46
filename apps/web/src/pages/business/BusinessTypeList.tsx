import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { businessTypeResource } from './BusinessTypeList.contracts';

/** /business/business-type-list: search by code and name; new / view details on their own page; delete one at a time. */
const search: SearchFieldConfig[] = [{ name: 'code' }, { name: 'name' }];

export default function BusinessTypeList() {
  return <ListPage resource={businessTypeResource} search={search} detailRoute="/business/business-type-details" />;
}

export const preload = listPreload({ resource: businessTypeResource, search });
