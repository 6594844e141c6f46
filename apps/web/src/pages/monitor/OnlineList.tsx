import { monitorEndpoints, onlineResource, type Reply } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { type Key, useCallback, useMemo } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { Denied } from '../../components/Denied';
import type { ColumnOverride, Row } from '../../components/list/columns';
import { invalidateList, ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';

const search: SearchFieldConfig[] = [{ name: 'userName' }, { name: 'ip' }];
/** fixed widths: the account with its 当前会话 tag whole, 最后访问 in view beside the fixed 操作 column at 1280 px (tested) */
export const ONLINE_WIDTHS = { userName: 200 } as const;

/**
 * 系统监控 › 在线用户 (/monitor/online-list): every live session (account with the 当前会话 tag, address and place,
 * last seen and login time, browser and OS), searched by account and address; 强退 ends a session on every server
 * process at once, 批量强退 the selected ones. The current session cannot be picked or forced out.
 */
export default function OnlineList() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const can = usePermission();

  const columns = useMemo<Record<string, ColumnOverride>>(
    () => ({
      userName: {
        width: ONLINE_WIDTHS.userName,
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

  const forceOut = useCallback(
    (ids: number[], content: string, done?: () => void) =>
      modal.confirm({
        title: t(ids.length > 1 ? 'monitor.batchForceLogout' : 'monitor.forceLogout'),
        content,
        okText: t('monitor.forceLogout'),
        okButtonProps: { danger: true },
        cancelText: t('ui.cancel'),
        onOk: async () => {
          try {
            const reply = await withLoading(post<Reply>(monitorEndpoints.forceLogout.path, { ids }));
            message.success(reply.msg);
          } catch {
            // the request layer showed the server's message (already gone, own session)
          }
          done?.();
          await invalidateList(client, onlineResource);
        },
      }),
    [client, message, modal, t],
  );

  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'forceLogout',
        label: 'monitor.forceLogout',
        permission: monitorEndpoints.forceLogout.path,
        onClick: (row: Row) => forceOut([Number(row.id)], t('monitor.forceLogoutConfirm', { userName: String(row.userName) })),
      },
    ],
    [forceOut, t],
  );

  // the current session: not selectable, its 强退 disabled, with the reason as tooltip
  const rowLock = useCallback((row: Row) => (row.current ? t('monitor.ownSessionTip') : null), [t]);

  const selectionActions = useCallback(
    ({ selected, done }: { selected: readonly Key[]; done: () => void }) =>
      can(monitorEndpoints.forceLogout.path) ? (
        <Button
          danger
          onClick={() =>
            selected.length
              ? forceOut(selected.map(Number), t('monitor.batchForceLogoutConfirm', { count: selected.length }), done)
              : message.warning(t('monitor.pickSession'))
          }
        >
          {t('monitor.batchForceLogout')}
        </Button>
      ) : (
        <Denied>
          <Button danger>{t('monitor.batchForceLogout')}</Button>
        </Denied>
      ),
    [can, forceOut, message, t],
  );

  return (
    <ListPage
      resource={onlineResource}
      search={search}
      columns={columns}
      rowActions={rowActions}
      rowLock={rowLock}
      selectionActions={selectionActions}
    />
  );
}

export const preload = listPreload({ resource: onlineResource, search });
