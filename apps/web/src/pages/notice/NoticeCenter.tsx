import type { NoticeRow } from '@gk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useOpenNotice } from '../../components/notice/NoticeBell';
import { fetchNotices, markRead, noticesKey } from '../../components/notice/noticeApi';
import { useNoticeCounts } from '../../components/notice/noticeStream';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import '../../components/notice/notice.css';

const PAGE_SIZE = 20;

/**
 * 消息中心 (`/user/notice`): the signed-in user's notices, newest first, all or only the unread ones; a click marks one
 * read and opens its record; 全部标为已读 marks every one. New notices show up as they arrive (the bell's stream).
 */
export default function NoticeCenter() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [unread, setUnread] = useState(false);
  const [pageNumber, setPage] = useState(1);
  const { counts } = useNoticeCounts();
  const open = useOpenNotice();
  const q = { pageNumber, pageSize: PAGE_SIZE, ...(unread ? { unread: true } : {}) };
  const list = useQuery({ queryKey: noticesKey(q), queryFn: ({ signal }) => fetchNotices(q, signal), placeholderData: keepPreviousData });

  const markAll = async () => {
    await markRead('all');
    message.success(t('notice.markedAllRead'));
    await qc.invalidateQueries({ queryKey: ['notices'] });
  };

  return (
    <Card
      title={t('notice.center')}
      extra={
        <Space>
          <Segmented
            value={unread ? 'unread' : 'all'}
            onChange={(v) => {
              setUnread(v === 'unread');
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('notice.filterAll') },
              { value: 'unread', label: `${t('notice.filterUnread')}${counts?.unread ? ` (${counts.unread})` : ''}` },
            ]}
            data-testid="notice-filter"
          />
          <Button onClick={() => void markAll()} disabled={!counts?.unread} data-testid="notice-mark-all">
            {t('notice.markAllRead')}
          </Button>
        </Space>
      }
    >
      <Table<NoticeRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: t('notice.empty') }}
        rowClassName={(r) => `gk-notice-row ${r.read ? 'read' : 'unread'}`}
        onRow={(r) => ({ onClick: () => void open(r), 'data-testid': `notice-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: pageNumber,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('notice.content'),
            dataIndex: 'text',
            render: (text: string, r) => (
              <Space>
                {!r.read && <Badge status="processing" />}
                <span>{text}</span>
              </Space>
            ),
          },
          { title: t('notice.time'), dataIndex: 'createTime', width: 180 },
          {
            title: '',
            dataIndex: 'read',
            width: 90,
            render: (read: boolean) => (read ? <Tag>{t('notice.read')}</Tag> : <Tag color="processing">{t('notice.unread')}</Tag>),
          },
        ]}
      />
    </Card>
  );
}
