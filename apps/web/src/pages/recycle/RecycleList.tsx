import { allResources, isRecyclable, type Reply, recycleEndpoints, recycleResource } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import type { Row } from '../../components/list/columns';
import { invalidateList, ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';

/**
 * /recycle/recycle-list: deleted content records of every kind (type, title, deleted by, when), searched by
 * type and title; 恢复 puts one back (same id and content), 删除 purges the selected ones for good.
 */
export default function RecycleList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();

  const search = useMemo<SearchFieldConfig[]>(
    () => [
      {
        name: 'resource',
        widget: 'select',
        all: true,
        options: allResources()
          .filter(isRecyclable)
          .map((r) => ({ value: r.name, label: r.label })),
      },
      { name: 'keyword', label: 'recycle.keyword' },
    ],
    [],
  );

  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'restore',
        label: 'recycle.restore',
        permission: recycleEndpoints.restore.path,
        onClick: (row: Row) =>
          modal.confirm({
            title: t('recycle.confirmRestore', { count: 1 }),
            content: `${String(row.resourceName)}：${String(row.title)}`,
            okText: t('recycle.restore'),
            cancelText: t('ui.cancel'),
            onOk: async () => {
              try {
                const reply = await withLoading(post<Reply>(recycleEndpoints.restore.path, [Number(row.id)]));
                message.success(reply.msg);
                const restored = allResources().find((r) => r.name === row.resource);
                if (restored) void invalidateList(client, restored);
                await invalidateList(client, recycleResource);
              } catch {
                // the request layer showed the server's message (a taken code, a missing type)
              }
            },
          }),
      },
    ],
    [client, message, modal, t],
  );

  return (
    <ListPage
      resource={recycleResource}
      search={search}
      rowActions={rowActions}
      exportable={false}
      extra={<Typography.Text type="secondary">{t('recycle.hint')}</Typography.Text>}
    />
  );
}
