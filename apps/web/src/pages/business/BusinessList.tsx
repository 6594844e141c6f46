import type { ColumnOverride } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { businessEndpoints, businessResource } from './BusinessList.contracts';

/** /business/business-list (partners): search by business type and name; details on their own page. */
const search: SearchFieldConfig[] = [
  { name: 'type', widget: 'remote', remote: { url: businessEndpoints.typeList.path } },
  { name: 'name' },
];

const columns: Record<string, ColumnOverride> = { typeName: { width: 140 } };

export default function BusinessList() {
  return <ListPage resource={businessResource} search={search} columns={columns} detailRoute="/business/business-details" />;
}

export const preload = listPreload({ resource: businessResource, search });
