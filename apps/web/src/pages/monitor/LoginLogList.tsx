import { loginLogResource, type Reply, userInfoEndpoints } from '@gk/contracts';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import type { Row } from '../../components/list/columns';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';

const search: SearchFieldConfig[] = [
  { name: 'userName' },
  {
    name: 'status',
    widget: 'select',
    all: true,
    options: [
      { value: 1, label: 'monitor.status.1' },
      { value: 0, label: 'monitor.status.0' },
    ],
  },
  { name: 'loginTime', widget: 'dateRange', label: 'monitor.f.attemptTime' },
];

/**
 * 系统监控 › 登录日志 (/monitor/loginlog-list): every login attempt (account, address, browser, OS, result,
 * reason, time), searched by account, result and date range, exported like every list; 解锁 lifts the
 * login throttle of the attempt's account (`/userInfo/unlock`).
 */
export default function LoginLogList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();

  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'unlock',
        label: 'userInfo.unlock',
        permission: userInfoEndpoints.unlock.path,
        onClick: (row: Row) => {
          if (row.userId == null) {
            message.warning(t('monitor.unlockNoAccount'));
            return;
          }
          modal.confirm({
            title: t('userInfo.unlock'),
            content: String(row.userName),
            okText: t('userInfo.unlock'),
            cancelText: t('ui.cancel'),
            onOk: async () => {
              try {
                const reply = await withLoading(
                  post<Reply>(userInfoEndpoints.unlock.path, undefined, { params: { id: row.userId as number } }),
                );
                message.success(reply.msg);
              } catch {
                // the request layer showed the server's message
              }
            },
          });
        },
      },
    ],
    [message, modal, t],
  );

  return <ListPage resource={loginLogResource} search={search} rowActions={rowActions} />;
}

export const preload = listPreload({ resource: loginLogResource, search });
