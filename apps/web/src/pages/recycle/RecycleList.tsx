import { UndoOutlined } from '@ant-design/icons';
import { allResources, isRecyclable, type Reply, recycleEndpoints, recycleResource } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { type Key, useCallback, useMemo } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { Denied } from '../../components/Denied';
import type { Row } from '../../components/list/columns';
import { invalidateList, ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';

const RECYCLABLE = () => allResources().filter(isRecyclable);
/** the delete of the recycle bin is final */
const PURGE = { button: 'recycle.purge', confirm: 'recycle.confirmPurge' } as const;

/**
 * /recycle/recycle-list: deleted content records of every kind (type, title, deleted by, when), searched by
 * type and title; 恢复 puts one or the selected ones back (same id and content), 彻底删除 purges the selected
 * ones for good.
 */
export default function RecycleList() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const can = usePermission();

  const search = useMemo<SearchFieldConfig[]>(
    () => [
      { name: 'resource', widget: 'select', all: true, options: RECYCLABLE().map((r) => ({ value: r.name, label: r.label })) },
      { name: 'keyword', label: 'recycle.keyword' },
    ],
    [],
  );

  /** asks, restores, and reloads the bin and the lists the records go back to */
  const restore = useCallback(
    (ids: number[], content: string, done?: () => void) =>
      modal.confirm({
        title: t('recycle.confirmRestore', { count: ids.length }),
        content,
        okText: t('recycle.restore'),
        cancelText: t('ui.cancel'),
        onOk: async () => {
          try {
            const reply = await withLoading(post<Reply>(recycleEndpoints.restore.path, ids));
            message.success(reply.msg);
            for (const r of RECYCLABLE()) void invalidateList(client, r);
            await invalidateList(client, recycleResource);
            done?.();
          } catch {
            // the request layer showed the server's message (a taken code, a missing type)
          }
        },
      }),
    [client, message, modal, t],
  );

  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'restore',
        label: 'recycle.restore',
        permission: recycleEndpoints.restore.path,
        onClick: (row: Row) => restore([Number(row.id)], `${String(row.resourceName)}：${String(row.title)}`),
      },
    ],
    [restore],
  );

  const selectionActions = useCallback(
    ({ selected, done }: { selected: readonly Key[]; done: () => void }) =>
      can(recycleEndpoints.restore.path) ? (
        <Button
          icon={<UndoOutlined />}
          onClick={() => (selected.length ? restore(selected.map(Number), '', done) : message.warning(t('v.ids')))}
        >
          {t('recycle.restore')}
        </Button>
      ) : (
        <Denied>
          <Button icon={<UndoOutlined />}>{t('recycle.restore')}</Button>
        </Denied>
      ),
    [can, restore, message, t],
  );

  return (
    <ListPage
      resource={recycleResource}
      search={search}
      rowActions={rowActions}
      selectionActions={selectionActions}
      deleteText={PURGE}
      exportable={false}
      extra={<Typography.Text type="secondary">{t('recycle.hint')}</Typography.Text>}
    />
  );
}
