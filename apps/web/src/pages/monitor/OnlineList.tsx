import { monitorEndpoints, onlineResource, type Reply } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import type { ColumnOverride, Row } from '../../components/list/columns';
import { invalidateList, ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';

const search: SearchFieldConfig[] = [{ name: 'userName' }, { name: 'ip' }];

/**
 * 系统监控 › 在线用户 (/monitor/online-list): every live session (account, address, browser and OS, login
 * time, last seen), searched by account and address; 强退 ends a session on every server process at once.
 */
export default function OnlineList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();

  const columns = useMemo<Record<string, ColumnOverride>>(
    () => ({
      userName: {
        render: (v: unknown, row: Row) => (
          <>
            {String(v ?? '')}
            {row.current ? (
              <Tag color="blue" style={{ marginInlineStart: 8 }}>
                {t('monitor.current')}
              </Tag>
            ) : null}
          </>
        ),
      },
    }),
    [t],
  );

  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'forceLogout',
        label: 'monitor.forceLogout',
        permission: monitorEndpoints.forceLogout.path,
        onClick: (row: Row) =>
          modal.confirm({
            title: t('monitor.forceLogout'),
            content: t('monitor.forceLogoutConfirm', { userName: String(row.userName) }),
            okText: t('monitor.forceLogout'),
            okButtonProps: { danger: true },
            cancelText: t('ui.cancel'),
            onOk: async () => {
              try {
                const reply = await withLoading(post<Reply>(monitorEndpoints.forceLogout.path, { ids: [Number(row.id)] }));
                message.success(reply.msg);
              } catch {
                // the request layer showed the server's message (already gone, own session)
              }
              await invalidateList(client, onlineResource);
            },
          }),
      },
    ],
    [client, message, modal, t],
  );

  return <ListPage resource={onlineResource} search={search} columns={columns} rowActions={rowActions} />;
}

export const preload = listPreload({ resource: onlineResource, search });
