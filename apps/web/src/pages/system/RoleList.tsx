import { ROLES, roleResource } from '@gk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToggleOptions } from '../../components/list/columns';
import { ListPage } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';

/**
 * 系统管理 › 角色管理 (/system/role-list): roles searched by code, name and enabled flag; 新增 / 查看详情 open
 * the role page with its permission tree. The enable switch takes a role's grants away from its users at once, so
 * it asks first (确认要停用"…"角色吗？, as RuoYi); the administrator role's switch is disabled and says why.
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
  return <ListPage resource={roleResource} search={search} detailRoute="/system/role-details" toggles={toggles} />;
}

export const preload = listPreload({ resource: roleResource, search });
