import { logEndpoints, type Reply } from '@gk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin, Tag, Typography } from 'antd';
import { post } from '../../api/request';
import { type DiffField, FieldDiff, show } from '../../components/revisions/diff';
import { useTranslation } from '../../lib/i18n';

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
  const fields: DiffField[] = d
    ? [...new Set([...Object.keys(d.before ?? {}), ...Object.keys(d.after ?? {})])].map((name) => ({
        name,
        label: d.labels[name] ?? name,
        type: d.types[name],
      }))
    : [];
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
            <Descriptions.Item label={t('log.f.location')}>{show(d.location)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.module')}>{show(d.moduleName)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.action')}>{show(d.actionName)}</Descriptions.Item>
            <Descriptions.Item label={t('log.f.result')}>
              <Tag color={d.result === 1 ? 'success' : 'error'}>{show(d.resultName)}</Tag>
              {d.reason ? <Typography.Text type="danger">{show(d.reason)}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('log.f.costMs')}>
              {d.costMs == null ? '—' : t('log.costMs', { ms: Number(d.costMs) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('log.f.title')} span={2}>
              {show(d.title)}
              {d.recordId != null ? ` (#${show(d.recordId)})` : ''}
            </Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 16 }}>
            <FieldDiff fields={fields} before={d.before} after={d.after} beforeTitle={t('log.before')} afterTitle={t('log.after')} />
          </div>
        </>
      )}
    </Modal>
  );
}
