import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { waybillResource } from './WaybillList.contracts';

/** /waybill/waybill-list: waybill templates searched by code and name; new / view details on waybill-details. */
const search: SearchFieldConfig[] = [{ name: 'code' }, { name: 'name' }];

export default function WaybillList() {
  return <ListPage resource={waybillResource} search={search} detailRoute="/waybill/waybill-details" />;
}

export const preload = listPreload({ resource: waybillResource, search });
