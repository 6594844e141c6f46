import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { allResources, type PageReply, type ReviewTodoRow, reviewEndpoints } from '@gk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { post } from '../../api/request';
import { ReviewCommentModal, type ReviewStep } from '../../components/review/ReviewCommentModal';
import { refreshReview, reviewKeys } from '../../components/review/reviewApi';
import { reviewStep } from '../../components/review/reviewCalls';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';

const PAGE_SIZE = 20;

/**
 * 内容审核 › 待我审核 (issue 27): what waits for the current user at a level they may decide (never their own
 * submission unless the resource's setting allows it), filtered by type; the title opens the record's details
 * screen; 通过 / 驳回 on each row (驳回 needs a comment). The server decides what is listed (`/review/getTodoPage`).
 */
export default function ReviewTodo() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [resource, setResource] = useState<string | undefined>(undefined);
  const [pageNumber, setPageNumber] = useState(1);
  const [acting, setActing] = useState<{ row: ReviewTodoRow; step: ReviewStep } | null>(null);
  const body = { resource, pageNumber, pageSize: PAGE_SIZE };
  const q = useQuery({
    queryKey: [...reviewKeys.todo, body],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => post<PageReply<ReviewTodoRow>>(reviewEndpoints.todoPage.path, body, { signal }),
  });
  const rows = q.data?.rows ?? [];
  const total = q.data?.total ?? 0;
  // a page emptied by decisions: the one before it
  if (!q.isFetching && rows.length === 0 && total > 0 && pageNumber > 1) setPageNumber(Math.max(1, Math.ceil(total / PAGE_SIZE)));

  const types = useMemo(
    () =>
      allResources()
        .filter((r) => r.publishable)
        .map((r) => ({ value: r.name, label: t(r.label) })),
    [t],
  );

  const confirm = async (step: ReviewStep, comment: string | null) => {
    if (!acting) return;
    const reply = await reviewStep(step, acting.row.resource, acting.row.id, comment);
    message.success(reply.msg);
    setActing(null);
    await refreshReview(client, acting.row.resource, acting.row.id);
  };

  const columns: TableColumnsType<ReviewTodoRow> = [
    { key: 'resource', dataIndex: 'resourceLabel', title: t('review.ui.col.resource'), width: 110 },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('review.ui.col.title'),
      ellipsis: true,
      render: (v: string, row) => (row.url ? <Link to={row.url}>{v}</Link> : v),
    },
    {
      key: 'level',
      dataIndex: 'level',
      title: t('review.ui.col.level'),
      width: 100,
      render: (v: number) => <Tag color={v === 2 ? 'purple' : 'blue'}>{t(`review.level.${v === 2 ? 2 : 1}`)}</Tag>,
    },
    { key: 'submitUser', dataIndex: 'submitUser', title: t('review.ui.col.submitUser'), width: 120 },
    { key: 'submitTime', dataIndex: 'submitTime', title: t('review.ui.col.submitTime'), width: 170 },
    {
      key: 'comment',
      dataIndex: 'comment',
      title: t('review.ui.col.comment'),
      ellipsis: true,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'action',
      title: t('review.ui.col.action'),
      width: 170,
      fixed: 'right',
      render: (_v: unknown, row) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => setActing({ row, step: 'approve' })}>
            {t('review.ui.approve')}
          </Button>
          <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setActing({ row, step: 'reject' })}>
            {t('review.action.reject')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="gk-review-todo">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Select
          allowClear
          style={{ width: 200 }}
          aria-label={t('review.ui.col.resource')}
          placeholder={t('review.ui.allResources')}
          value={resource}
          options={types}
          onChange={(v?: string) => {
            setResource(v || undefined);
            setPageNumber(1);
          }}
        />
        <Space>
          <Typography.Text type="secondary">{t('review.ui.todoTotal', { total })}</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('review.ui.refresh')}
          </Button>
        </Space>
      </Space>
      <Table<ReviewTodoRow>
        rowKey={(r) => `${r.resource}:${r.id}`}
        size="middle"
        loading={q.isFetching}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 960 }}
        locale={{ emptyText: <Empty description={t('review.ui.todoEmpty')} /> }}
        pagination={{ current: pageNumber, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPageNumber }}
      />
      <ReviewCommentModal
        step={acting?.step ?? null}
        title={acting?.row.title ?? ''}
        onCancel={() => setActing(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
