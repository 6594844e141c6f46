import type { DialogFormConfig } from '../../components/DialogForm';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { applicationTypeResource } from './ApplicationTypeList.contracts';

/** /application/application-type-list: search by type code and name; edited in a dialog; delete one at a time. */
const search: SearchFieldConfig[] = [{ name: 'code' }, { name: 'name' }];

const dialog: DialogFormConfig = {
  fields: [{ name: 'code', maxLength: 50 }, { name: 'name', maxLength: 100 }, { name: 'sortNo' }],
};

export default function ApplicationTypeList() {
  return <ListPage resource={applicationTypeResource} search={search} dialog={dialog} />;
}

export const preload = listPreload({ resource: applicationTypeResource, search });
