import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { supplierResource } from './SupplierList.contracts';

/** /supplier/supplier-list: search by name; 查看详情 opens supplier-details with the id (none: a new one); delete one at a time. */
const search: SearchFieldConfig[] = [{ name: 'name' }];

export default function SupplierList() {
  return <ListPage resource={supplierResource} search={search} detailRoute="/supplier/supplier-details" />;
}

export const preload = listPreload({ resource: supplierResource, search });
