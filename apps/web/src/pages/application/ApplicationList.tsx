import type { ColumnOverride } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { applicationEndpoints, applicationResource } from './ApplicationList.contracts';

/** /application/application-list: search by application type and name; details on their own page. */
const search: SearchFieldConfig[] = [
  { name: 'type', widget: 'remote', remote: { url: applicationEndpoints.typeList.path } },
  { name: 'name' },
];

const columns: Record<string, ColumnOverride> = { typeName: { width: 140 } };

export default function ApplicationList() {
  return <ListPage resource={applicationResource} search={search} columns={columns} detailRoute="/application/application-details" />;
}

export const preload = listPreload({ resource: applicationResource, search });
