import { type Reply, type RevisionRow, revisionEndpoints } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Empty, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { FieldDiff } from './diff';

type Row = Record<string, unknown>;
interface Revision extends RevisionRow {
  data: Row;
}

const getRevision = (id: number) =>
  post<Reply<Revision>>(revisionEndpoints.get.path, undefined, { params: { id: String(id) } }).then((r) => r.data!);

/** Two versions side by side, field by field (only the fields that differ), rich text as readable text. */
function Compare({ resource, older, newer }: { resource: ListResource; older: number; newer: number }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['revision-pair', older, newer], queryFn: () => Promise.all([getRevision(older), getRevision(newer)]) });
  if (!q.data) return null;
  const [a, b] = q.data;
  const fields = resource.fields.filter((f) => !f.readOnly && !f.hidden).map((f) => ({ name: f.name, label: t(f.label), type: f.type }));
  return <FieldDiff fields={fields} before={a.data} after={b.data} beforeTitle={a.saveTime} afterTitle={b.saveTime} />;
}

export interface RevisionsDrawerProps {
  resource: ListResource;
  /** the record's id (nothing to show for a record not yet saved) */
  id: string | number | null;
  /** after 恢复此版本: reload the form */
  onRestored: () => void;
  /** the form has unsaved edits: the confirmation says restoring drops them */
  dirty?: boolean;
  open: boolean;
  onClose: () => void;
}

/** 历史版本 of a detail page (opened by its button, withRevisions.tsx): the saved versions, a side-by-side diff of any two, 恢复此版本. */
export function RevisionsDrawer({ resource, id, onRestored, dirty, open, onClose }: RevisionsDrawerProps) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [picked, setPicked] = useState<number[]>([]);
  const list = useQuery({
    queryKey: ['revisions', resource.name, id],
    enabled: open && id != null,
    queryFn: () =>
      post<Reply<RevisionRow[]>>(revisionEndpoints.list.path, { resource: resource.name, id: Number(id) }).then((r) => r.data ?? []),
  });
  if (id == null || id === '') return null;
  const rows = list.data ?? [];
  const toggle = (rid: number, on: boolean) =>
    setPicked((p) => (on ? [...p.filter((x) => x !== rid), rid].slice(-2) : p.filter((x) => x !== rid)));
  const pair = picked.length === 2 ? [...picked].sort((x, y) => x - y) : null;

  const restore = (r: RevisionRow) =>
    modal.confirm({
      title: t('revision.restore'),
      content: dirty ? (
        <>
          <Typography.Paragraph type="danger" data-testid="restore-over-edits">
            {t('ui.restoreOverEdits')}
          </Typography.Paragraph>
          {t('revision.confirmRestore', { time: r.saveTime })}
        </>
      ) : (
        t('revision.confirmRestore', { time: r.saveTime })
      ),
      okText: t('revision.restore'),
      okButtonProps: dirty ? { danger: true } : undefined,
      cancelText: t('ui.cancel'),
      onOk: async () => {
        try {
          const reply = await withLoading(post<Reply>(revisionEndpoints.restore.path, undefined, { params: { id: String(r.id) } }));
          message.success(reply.msg);
          setPicked([]);
          await list.refetch();
          onRestored();
        } catch {
          // the request layer showed the server's message
        }
      },
    });

  return (
    // never wider than the screen (375 px: the dates and 恢复此版本 whole)
    <Drawer
      open={open}
      onClose={onClose}
      title={t('revision.entity')}
      size={Math.min(pair ? 900 : 480, typeof window === 'undefined' ? 480 : window.innerWidth)}
      destroyOnHidden
    >
      {rows.length === 0 && !list.isLoading ? (
        <Empty description={t('revision.none')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('revision.pickTwo')}</Typography.Text>
          <List
            size="small"
            loading={list.isLoading}
            dataSource={rows}
            renderItem={(r, i) => (
              <List.Item
                className="gk-revision"
                actions={[
                  <Button key="restore" type="link" size="small" disabled={i === 0} onClick={() => restore(r)}>
                    {t('revision.restore')}
                  </Button>,
                ]}
              >
                <Checkbox checked={picked.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)}>
                  <Space wrap size={[8, 0]}>
                    <span className="gk-revision-time">{r.saveTime}</span>
                    <span>{r.userName}</span>
                    <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                      {r.title}
                    </Typography.Text>
                    {i === 0 && <Typography.Text type="success">{t('revision.current')}</Typography.Text>}
                  </Space>
                </Checkbox>
              </List.Item>
            )}
          />
          {pair && <Compare resource={resource} older={pair[0]} newer={pair[1]} />}
        </Space>
      )}
    </Drawer>
  );
}
