import { logEndpoints, type Reply } from '@gk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/request';
import { readableText, show, TextDiff } from '../../components/revisions/diff';

type Row = Record<string, unknown>;
interface Detail extends Row {
  before: Row | null;
  after: Row | null;
  labels: Record<string, string>;
  types: Record<string, string>;
}

/** One log entry: who, when, what, the result, and the change field by field (rich text as a text diff). */
export function LogDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['operLog', id],
    enabled: id != null,
    queryFn: () => post<Reply<Detail>>(logEndpoints.get.path, undefined, { params: { id: String(id) } }),
  });
  const d = q.data?.data;
  const fields = d ? [...new Set([...Object.keys(d.before ?? {}), ...Object.keys(d.after ?? {})])] : [];
  const rows = fields.map((name) => {
    const html = d?.types[name] === 'html';
    const b = show(d?.before?.[name]);
    const a = show(d?.after?.[name]);
    return { name, label: d?.labels[name] ?? name, before: html ? readableText(b) : b, after: html ? readableText(a) : a };
  });
  return (
    <Modal open={id != null} onCancel={onClose} footer={null} width={900} title={t('log.detail')} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('log.f.operTime')}>{show(d.operTime)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.userName')}>{show(d.userName)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.address')}>{show(d.address)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.module')}>{show(d.moduleName)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.action')}>{show(d.actionName)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.result')}>
              <Tag color={d.result === 1 ? 'success' : 'error'}>{show(d.resultName)}</Tag>
              {d.reason ? <Typography.Text type="danger">{show(d.reason)}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('log.f.title')} span={2}>
              {show(d.title)}
              {d.recordId != null ? ` (#${show(d.recordId)})` : ''}
            </Descriptions.Item>
          </Descriptions>
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.noChanges')} />
          ) : (
            <Table
              style={{ marginTop: 16 }}
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={rows}
              columns={[
                { key: 'label', dataIndex: 'label', title: t('log.field'), width: 140 },
                {
                  key: 'before',
                  dataIndex: 'before',
                  title: t('log.before'),
                  width: 260,
                  render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>,
                },
                {
                  key: 'after',
                  dataIndex: 'after',
                  title: t('log.after'),
                  width: 260,
                  render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>,
                },
                {
                  key: 'diff',
                  title: t('log.change'),
                  render: (_v, r) => <TextDiff before={r.before} after={r.after} />,
                },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
