import type { DialogFormConfig } from '../../components/DialogForm';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { linkResource } from './LinkList.contracts';

/** /link/link-list: friendly links, searched by name and enabled flag; edited in a dialog; the switch calls upLinkFlag at once. */
const search: SearchFieldConfig[] = [{ name: 'name' }, { name: 'enableFlag', widget: 'flag' }];

const dialog: DialogFormConfig = {
  fields: [{ name: 'name', maxLength: 100 }, { name: 'url', placeholder: 'https://' }, { name: 'sortNo' }, { name: 'enableFlag' }],
  defaults: { enableFlag: 1 },
};

export default function LinkList() {
  return <ListPage resource={linkResource} search={search} dialog={dialog} />;
}

export const preload = listPreload({ resource: linkResource, search });
