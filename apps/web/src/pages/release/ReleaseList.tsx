import { PlusOutlined } from '@ant-design/icons';
import { type PageReply, RELEASE_STATES, type ReleaseRow, type ReleaseState, type Reply, releaseEndpoints } from '@gk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { RELEASE_DETAILS, RELEASE_LIST_KEY, ReleaseStateTag } from './shared';

interface Query {
  name: string;
  state: string;
  pageNumber: number;
  pageSize: number;
}

/**
 * 发布计划 › 发布计划: every release (name, publish time, offline time, state, how many records, who made it, and why a
 * failed one failed), searched by name and state; 新建 / 编辑 open the detail form, 删除 asks first. Only a scheduled
 * release can be edited or deleted (the others open read-only).
 */
export default function ReleaseList() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = usePermission();
  const [name, setName] = useState('');
  const [state, setState] = useState('');
  const [query, setQuery] = useState<Query>({ name: '', state: '', pageNumber: 1, pageSize: 20 });
  const body = useMemo(
    () => ({ name: query.name || undefined, state: query.state || undefined, pageNumber: query.pageNumber, pageSize: query.pageSize }),
    [query],
  );
  const list = useQuery({
    queryKey: [...RELEASE_LIST_KEY, body],
    queryFn: ({ signal }) => post<PageReply<ReleaseRow>>(releaseEndpoints.page.path, body, { signal }),
    placeholderData: keepPreviousData,
  });
  const canSave = can(releaseEndpoints.save.path);
  const canDelete = can(releaseEndpoints.del.path);

  const remove = (row: ReleaseRow) =>
    modal.confirm({
      title: t('release.ui.delete'),
      content: t('release.ui.confirmDelete', { name: row.name }),
      okText: t('release.ui.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.cancel'),
      onOk: async () => {
        try {
          const reply = await withLoading(post<Reply>(releaseEndpoints.del.path, { ids: [row.id] }));
          message.success(reply.msg);
        } catch {
          // the request layer showed the server's message (it ran meanwhile)
        }
        await client.invalidateQueries({ queryKey: RELEASE_LIST_KEY });
      },
    });

  const columns: TableColumnsType<ReleaseRow> = [
    {
      title: t('release.ui.name'),
      dataIndex: 'name',
      render: (v: string, row) => <Link to={`${RELEASE_DETAILS}?id=${row.id}`}>{v}</Link>,
    },
    { title: t('release.ui.publishTime'), dataIndex: 'publishTime', width: 170 },
    { title: t('release.ui.offlineTime'), dataIndex: 'offlineTime', width: 170, render: (v: string | null) => v ?? '—' },
    { title: t('release.ui.state'), dataIndex: 'state', width: 100, render: (v: ReleaseState) => <ReleaseStateTag state={v} /> },
    { title: t('release.ui.itemCount'), dataIndex: 'itemCount', width: 90, align: 'right' },
    { title: t('release.ui.createUser'), dataIndex: 'createUser', width: 110, render: (v: string | null) => v ?? '—' },
    {
      title: t('release.ui.reason'),
      dataIndex: 'reason',
      render: (v: string | null, row) =>
        row.state === 'failed' && v ? (
          <Typography.Text type="danger" style={{ whiteSpace: 'pre-line' }}>
            {v}
          </Typography.Text>
        ) : null,
    },
    {
      title: t('release.ui.actions'),
      key: 'actions',
      width: 140,
      render: (_v, row) => {
        const editable = row.state === 'scheduled';
        return (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => navigate(`${RELEASE_DETAILS}?id=${row.id}`)}>
              {editable && canSave ? t('release.ui.edit') : t('release.ui.view')}
            </Button>
            {editable && canDelete && (
              <Button type="link" size="small" danger onClick={() => remove(row)}>
                {t('release.ui.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          aria-label={t('release.ui.name')}
          placeholder={t('release.ui.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => setQuery((q) => ({ ...q, name: name.trim(), state, pageNumber: 1 }))}
          allowClear
          style={{ width: 220 }}
        />
        <Select
          aria-label={t('release.ui.state')}
          value={state}
          onChange={setState}
          style={{ width: 140 }}
          options={[
            { value: '', label: t('release.ui.allStates') },
            ...RELEASE_STATES.map((s) => ({ value: s, label: t(`release.state.${s}`) })),
          ]}
        />
        <Button type="primary" onClick={() => setQuery((q) => ({ ...q, name: name.trim(), state, pageNumber: 1 }))}>
          {t('release.ui.search')}
        </Button>
        <Button
          onClick={() => {
            setName('');
            setState('');
            setQuery((q) => ({ ...q, name: '', state: '', pageNumber: 1 }));
          }}
        >
          {t('release.ui.reset')}
        </Button>
        {canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(RELEASE_DETAILS)}>
            {t('release.ui.new')}
          </Button>
        )}
      </Space>
      <Table<ReleaseRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        locale={{ emptyText: t('release.ui.empty') }}
        pagination={{
          current: query.pageNumber,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('release.ui.total', { total }),
          onChange: (pageNumber, pageSize) => setQuery((q) => ({ ...q, pageNumber: pageSize === q.pageSize ? pageNumber : 1, pageSize })),
        }}
      />
    </Card>
  );
}
