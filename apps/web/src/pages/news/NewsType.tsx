import { newsTypeResource } from '@gk/contracts';
import type { DialogFormConfig } from '../../components/DialogForm';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';

/** /news/news-type: news types, edited in a dialog; delete one at a time (the resource's rule). */
const search: SearchFieldConfig[] = [{ name: 'code' }, { name: 'name' }];

const dialog: DialogFormConfig = {
  fields: [{ name: 'code', maxLength: 50 }, { name: 'name', maxLength: 100 }, { name: 'sortNo' }],
};

export default function NewsType() {
  return <ListPage resource={newsTypeResource} search={search} dialog={dialog} />;
}

export const preload = listPreload({ resource: newsTypeResource, search });
