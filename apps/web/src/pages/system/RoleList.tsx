import { roleResource } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateResource } from '../../api/queries';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { RoleUsers } from './RoleUsers';

/**
 * 系统管理 › 角色管理 (/system/role-list): roles searched by code, name and enabled flag; 新增 / 查看详情 open
 * the role page with its permission tree. The enable switch takes a role's grants away from its users at once.
 * 分配用户 (issue 25) opens the role's holders in a drawer.
 */
const search: SearchFieldConfig[] = [{ name: 'code' }, { name: 'name' }, { name: 'enableFlag', widget: 'flag' }];

export default function RoleList() {
  const client = useQueryClient();
  const [assigning, setAssigning] = useState<{ id: number; name: string } | null>(null);
  const rowActions: RowAction[] = [
    { key: 'assignUsers', label: 'role.assignUsers', onClick: (row) => setAssigning({ id: Number(row.id), name: String(row.name) }) },
  ];
  return (
    <>
      <ListPage resource={roleResource} search={search} detailRoute="/system/role-details" rowActions={rowActions} />
      {assigning ? (
        <RoleUsers
          role={assigning}
          onClose={() => {
            setAssigning(null);
            // 用户数 changed
            void invalidateResource(client, roleResource);
          }}
        />
      ) : null}
    </>
  );
}

export const preload = listPreload({ resource: roleResource, search });
