import type { ColumnOverride } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { productResource, supplierEndpoints } from './ProductList.contracts';

/** /product/product-list: search by supplier (picker), product name and created date; details on their own page. */
const search: SearchFieldConfig[] = [
  { name: 'supplierId', widget: 'remote', remote: { url: supplierEndpoints.list.path, valueKey: 'id' } },
  { name: 'name' },
  { name: 'createTime', widget: 'dateRange', start: 'startTime', end: 'endTime' },
];

const columns: Record<string, ColumnOverride> = { supplierName: { width: 160 } };

export default function ProductList() {
  return <ListPage resource={productResource} search={search} columns={columns} detailRoute="/product/product-details" />;
}

export const preload = listPreload({ resource: productResource, search });
