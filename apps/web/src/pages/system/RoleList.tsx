import { roleResource } from '@gk/contracts';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';

/**
 * 系统管理 › 角色管理 (/system/role-list): roles searched by code, name and enabled flag; 新增 / 查看详情 open
 * the role page with its permission tree. The enable switch takes a role's grants away from its users at once.
 */
const search: SearchFieldConfig[] = [{ name: 'code' }, { name: 'name' }, { name: 'enableFlag', widget: 'flag' }];

export default function RoleList() {
  return <ListPage resource={roleResource} search={search} detailRoute="/system/role-details" />;
}

export const preload = listPreload({ resource: roleResource, search });
