import { ROLES, roleResource } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { invalidateResource } from '../../api/queries';
import type { ToggleOptions } from '../../components/list/columns';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useTranslation } from '../../lib/i18n';
import { RoleUsers } from './RoleUsers';

/**
 * 系统管理 › 角色管理 (/system/role-list): roles searched by code, name and enabled flag; 新增 / 查看详情 open
 * the role page with its permission tree. The enable switch takes a role's grants away from its users at once, so
 * it asks first (确认要停用"…"角色吗？, as RuoYi); the administrator role's switch is disabled and says why.
 * 分配用户 (issue 25) opens the role's holders in a drawer.
 */
const search: SearchFieldConfig[] = [{ name: 'code' }, { name: 'name' }, { name: 'enableFlag', widget: 'flag' }];

export default function RoleList() {
  const { t } = useTranslation();
  const toggles = useMemo<Record<string, ToggleOptions>>(
    () => ({
      enableFlag: {
        confirm: (row, next) => t(next ? 'role.confirmEnable' : 'role.confirmDisable', { name: String(row.name) }),
        lock: (row) => (row.code === ROLES.ADMIN ? t('role.adminSwitch') : null),
      },
    }),
    [t],
  );
  const client = useQueryClient();
  const [assigning, setAssigning] = useState<{ id: number; name: string } | null>(null);
  const rowActions: RowAction[] = [
    { key: 'assignUsers', label: 'role.assignUsers', onClick: (row) => setAssigning({ id: Number(row.id), name: String(row.name) }) },
  ];
  return (
    <>
      <ListPage resource={roleResource} search={search} detailRoute="/system/role-details" toggles={toggles} rowActions={rowActions} />
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
