import { CloudUploadOutlined, EyeOutlined, FileTextOutlined, StopOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@gk/contracts';
import { checkSchedule, type Endpoint, publishState } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Fragment, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withLoading } from '../../api/loading';
import { invalidateResource } from '../../api/queries';
import { post } from '../../api/request';
import { usePermission } from '../../lib/Permission';
import type { DetailActionsApi } from '../DetailPage';
import { nowText, PublishTag } from './PublishTag';

// the date-time picker of 发布 (a scheduled time) loads when its dialog opens
const DatePicker = lazy(() => import('antd/es/date-picker'));

export interface PublishBarProps {
  api: DetailActionsApi;
  resource: ResourceDef;
  publish: Endpoint;
  unpublish: Endpoint;
  preview: Endpoint;
  /** the preview of unsaved edits: a permission of its own (granted with the write buttons); none: the stored record only */
  previewForm?: Endpoint;
}

/**
 * 保存草稿, 发布 (now or at a chosen time) and 下线 on a news / policy / page-item detail page. Publishing
 * a new record saves it published in one call; an existing one is saved first when it has changes.
 */
export function PublishBar({ api, resource, publish, unpublish, preview, previewForm }: PublishBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = usePermission();
  const [picking, setPicking] = useState(false);
  const [at, setAt] = useState<Dayjs | null>(null);
  const [until, setUntil] = useState<Dayjs | null>(null);
  const record = api.record;
  const state = record ? publishState(record, nowText()) : null;

  /** the dialog starts on the stored offline time while it is still to come (clearing it removes it) */
  const openPicker = () => {
    const stored = typeof record?.offlineTime === 'string' && record.offlineTime > nowText() ? record.offlineTime : null;
    setUntil(stored ? dayjs(stored.replace(' ', 'T')) : null);
    setPicking(true);
  };

  const doPublish = async () => {
    const fmt = (d: Dayjs) => d.second(0).format('YYYY-MM-DD HH:mm:ss');
    const publishTime = at ? fmt(at) : undefined;
    const offlineTime = until ? fmt(until) : null;
    const err = checkSchedule(publishTime ?? nowText(), offlineTime);
    if (err) {
      message.error(t(err));
      return;
    }
    setPicking(false);
    const times = { ...(publishTime ? { publishTime } : {}), offlineTime };
    if (!api.id) {
      await api.save({ status: 'published', ...times });
      return;
    }
    if (api.dirty && !(await api.save())) return;
    const reply = await withLoading(post(publish.path, times, { params: { id: api.id } }));
    message.success(reply.msg);
    void invalidateResource(client, resource);
    await api.reload();
  };

  const doUnpublish = async () => {
    const reply = await withLoading(post(unpublish.path, undefined, { params: { id: api.id! } }));
    message.success(reply.msg);
    void invalidateResource(client, resource);
    await api.reload();
  };

  const mayPreviewForm = !!previewForm && can(previewForm.path);
  /**
   * opens the signed preview link: the stored record, or what is on the form when it has unsaved edits (for
   * whoever may preview unsaved edits; anybody else sees the stored record, and is told so)
   */
  const doPreview = async () => {
    const win = window.open('about:blank', '_blank');
    try {
      const ofForm = mayPreviewForm && (!api.id || api.dirty);
      const body = ofForm ? await api.values() : { id: api.id };
      if (!body) {
        win?.close();
        return;
      }
      if (!ofForm && api.dirty) message.info(t('preview.savedOnly'));
      const reply = await withLoading(post<{ data: { url: string } }>(ofForm && previewForm ? previewForm.path : preview.path, body));
      if (win) win.location.href = reply.data.url;
      else window.open(reply.data.url, '_blank');
    } catch {
      win?.close();
    }
  };

  return (
    <>
      {record && <PublishTag record={record} />}
      {(api.id || mayPreviewForm) && (
        <Button icon={<EyeOutlined />} disabled={api.busy} onClick={() => void doPreview()}>
          {t('preview.button')}
        </Button>
      )}
      <Button
        icon={<FileTextOutlined />}
        disabled={api.busy}
        onClick={() => void api.save({ status: 'draft' })}
        hidden={state !== null && state !== 'draft'}
      >
        {t('publish.saveDraft')}
      </Button>
      {can(publish.path) && (
        <Button type="primary" ghost icon={<CloudUploadOutlined />} disabled={api.busy} onClick={openPicker}>
          {t('publish.publish')}
        </Button>
      )}
      {api.id && can(unpublish.path) && (state === 'published' || state === 'scheduled') && (
        <Button danger icon={<StopOutlined />} disabled={api.busy} onClick={() => void doUnpublish()}>
          {t('publish.unpublish')}
        </Button>
      )}
      <Modal
        open={picking}
        title={t('publish.publish')}
        okText={t('publish.publish')}
        cancelText={t('ui.cancel')}
        onOk={() => void doPublish()}
        onCancel={() => setPicking(false)}
        destroyOnHidden
      >
        <Suspense fallback={<Skeleton.Input active block />}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {(
              [
                ['publish.pickTime', 'publish.f.publishTime', at, setAt],
                ['publish.pickOfflineTime', 'publish.f.offlineTime', until, setUntil],
              ] as const
            ).map(([hint, label, value, set]) => (
              <Fragment key={label}>
                <span>{t(hint)}</span>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  value={value}
                  onChange={(v) => set(v as Dayjs | null)}
                  aria-label={t(label)}
                  style={{ width: '100%' }}
                />
              </Fragment>
            ))}
          </Space>
        </Suspense>
      </Modal>
    </>
  );
}

/** the detail page's publish bar */
export const publishActions = (resource: ResourceDef, publish: Endpoint, unpublish: Endpoint, preview: Endpoint, previewForm: Endpoint) =>
  function PublishActions(api: DetailActionsApi) {
    return <PublishBar api={api} resource={resource} publish={publish} unpublish={unpublish} preview={preview} previewForm={previewForm} />;
  };
