import { LOGIN_STATUS, loginLogResource, monitorEndpoints, type Reply } from '@gk/contracts';
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
import { ResultTag } from '../../components/ResultTag';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';

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
/** fixed widths: the account with its 已锁定 tag, 登录结果 in view beside the fixed 操作 column at 1280 px (tested) */
export const LOGIN_LOG_WIDTHS = { userName: 180, statusName: 100 } as const;

/**
 * 系统监控 › 登录日志 (/monitor/loginlog-list): every login attempt (account, result as a coloured tag, address and
 * place, browser, OS, reason, time), searched by account, result and date range, exported like every list. The
 * rows of accounts locked now carry 已锁定 and a 解锁 button (登录日志's own, `/monitor/unlockAccount`); 批量解锁
 * unlocks the selected ones (only rows of locked accounts can be picked).
 */
export default function LoginLogList() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const can = usePermission();
  const unlockPath = monitorEndpoints.unlockAccount.path;

  const unlock = useCallback(
    (rows: readonly Row[], done?: () => void) => {
      const ids = [...new Set(rows.map((r) => Number(r.userId)))];
      modal.confirm({
        title: t(rows.length > 1 ? 'monitor.batchUnlock' : 'monitor.unlock'),
        content:
          ids.length > 1
            ? t('monitor.batchUnlockConfirm', { count: ids.length })
            : t('monitor.unlockConfirm', { userName: String(rows[0].userName) }),
        okText: t('monitor.unlock'),
        cancelText: t('ui.cancel'),
        onOk: async () => {
          try {
            const reply = await withLoading(post<Reply>(unlockPath, { ids }));
            message.success(reply.msg);
          } catch {
            // the request layer showed the server's message (not locked, not covered)
          }
          done?.();
          await invalidateList(client, loginLogResource);
        },
      });
    },
    [client, message, modal, t, unlockPath],
  );

  const columns = useMemo<Record<string, ColumnOverride>>(
    () => ({
      userName: {
        width: LOGIN_LOG_WIDTHS.userName,
        render: (v: unknown, row: Row) => (
          <>
            {String(v ?? '')}
            {row.locked ? (
              <Tag color="warning" style={{ marginInlineStart: 8 }}>
                {t('monitor.lockedTag')}
              </Tag>
            ) : null}
          </>
        ),
      },
      statusName: {
        width: LOGIN_LOG_WIDTHS.statusName,
        render: (v: unknown, row: Row) => <ResultTag ok={Number(row.status) === LOGIN_STATUS.OK} label={String(v ?? '')} />,
      },
    }),
    [t],
  );

  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'unlock',
        label: 'monitor.unlock',
        permission: unlockPath,
        shown: (row: Row) => !!row.locked,
        onClick: (row: Row) => unlock([row]),
      },
    ],
    [unlock, unlockPath],
  );

  // only rows of accounts locked now can be picked for 批量解锁
  const rowLock = useCallback((row: Row) => (row.locked ? null : t('monitor.notLockedTip')), [t]);

  const selectionActions = useCallback(
    ({ rows, done }: { selected: readonly Key[]; rows: readonly Row[]; done: () => void }) =>
      can(unlockPath) ? (
        <Button onClick={() => (rows.length ? unlock(rows, done) : message.warning(t('monitor.pickAccount')))}>
          {t('monitor.batchUnlock')}
        </Button>
      ) : (
        <Denied>
          <Button>{t('monitor.batchUnlock')}</Button>
        </Denied>
      ),
    [can, unlock, unlockPath, message, t],
  );

  return (
    <ListPage
      resource={loginLogResource}
      search={search}
      columns={columns}
      rowActions={rowActions}
      rowLock={rowLock}
      selectionActions={selectionActions}
    />
  );
}

export const preload = listPreload({ resource: loginLogResource, search });
