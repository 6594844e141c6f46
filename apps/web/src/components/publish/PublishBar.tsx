import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownOutlined,
  EyeOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { Endpoint } from '@gk/contracts';
import { checkSchedule } from '@gk/contracts/form';
import { type ListResource, shownPublishState } from '@gk/contracts/list';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Grid, type MenuProps, Skeleton, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import { draftEndpoints } from '../../api/detail.contracts';
import { withLoading } from '../../api/loading';
import { invalidateResource } from '../../api/queries';
import { post } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import type { DetailActionsApi } from '../DetailPage';
import { LazyModal } from '../LazyModal';
import { underReview, useReviewInfo } from '../review/reviewApi';
import { nowText, PublishTag } from './PublishTag';

// the date-time picker of 定时发布 loads when its dialog opens
const DatePicker = lazy(() => import('antd/es/date-picker'));
// the review row (issue 27) loads when the record's resource has review on
const ReviewBar = lazy(() => import('../review/ReviewBar'));

export interface PublishBarProps {
  api: DetailActionsApi;
  resource: ListResource;
  publish: Endpoint;
  unpublish: Endpoint;
  preview: Endpoint;
  /** the preview of unsaved edits: a permission of its own (granted with the write buttons); none: the stored record only */
  previewForm?: Endpoint;
}

/** a button the account may not use: disabled, its reason in the tooltip (as 保存 without the save permission) */
function Gate({ reason, children }: { reason: string | null; children: ReactNode }) {
  return (
    <Tooltip title={reason ?? undefined}>
      {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
      <span className="gk-tooltip-wrap">{children}</span>
    </Tooltip>
  );
}

/**
 * The action bar of a publishable record's detail page (news, policies, page items, jobs …): one primary action
 * that says what it does, then 保存草稿, then the rest under 更多 (预览 beside them on a wide screen).
 * - a new record: 保存并发布 (on the site at once) or 保存草稿 (a draft, nothing published);
 * - a draft: 保存并发布 (saved, then published now); an offline record: 重新发布;
 * - on the site or scheduled: 更新发布内容 (the form goes live, a pending draft with it), while 保存草稿 keeps the
 *   edit as a pending draft and the site keeps showing the published version (已发布（有草稿）);
 * - 更多: 预览 (the website's own preview page when PREVIEW_URL_<RESOURCE> is set, else the built-in page),
 *   定时发布…, 放弃草稿 (asks first), 下线 (asks first, keeps the form's unsaved edits), 取消 on a narrow screen.
 * Buttons the account may not use are disabled and say why; an account with 保存 but not 发布 is told beside the state
 * that its saves wait as drafts (the server makes every save of it one). The state tag is the server's (its clock, TZ_NAME).
 */
export function PublishBar({ api, resource, publish, unpublish, preview, previewForm }: PublishBarProps) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const can = usePermission();
  const wide = Grid.useBreakpoint().md !== false;
  const [picking, setPicking] = useState(false);
  /** the button whose action runs (its spinner) */
  const [acting, setActing] = useState<'primary' | 'draft' | null>(null);
  const run = (which: 'primary' | 'draft', action: () => Promise<unknown>) => async () => {
    setActing(which);
    try {
      await action();
    } finally {
      setActing(null);
    }
  };
  const [at, setAt] = useState<Dayjs | null>(null);
  const [until, setUntil] = useState<Dayjs | null>(null);
  const record = api.id ? api.record : null;
  const state = record ? shownPublishState(record, nowText()) : null;
  const hasDraft = !!record?.hasDraft;
  const live = state === 'published' || state === 'scheduled';
  const mayPublish = can(publish.path);
  const mayUnpublish = can(unpublish.path);
  const noSave = api.maySave ? null : t('ui.noSavePermission');
  /** review on (issue 27): 发布 and 定时发布 wait for 已通过, and an unsaved edit would send it back to 草稿 */
  const review = useReviewInfo(resource, api.id, record);
  const reviewOn = underReview(review);
  const noReview = !reviewOn
    ? null
    : review.state !== 'approved'
      ? t('review.ui.notApproved')
      : api.dirty
        ? t('review.ui.dirtyApproved')
        : null;
  const noPublish = !api.maySave ? noSave : mayPublish ? noReview : t('publish.noPublishRight');
  /** 保存 without 发布: every save is a draft (the server keeps a live record's edit pending), said beside the state */
  const heldHint = api.maySave && !mayPublish ? t('publish.heldHint') : null;
  const busy = api.busy;

  const changed = async (reply: { msg: string }) => {
    message.success(reply.msg);
    void invalidateResource(client, resource);
  };

  /** 保存草稿: a new record a draft; a live one keeps the edit pending; a draft or offline one saved in place */
  const saveDraft = () => api.save({ draft: true });

  /** the primary action: publish what is on the form */
  const publishForm = async () => {
    if (!api.id) {
      await api.save({ status: 'published' });
      return;
    }
    if (live) {
      // a save without the flag: the form (with its pending draft) goes live, the publish time kept
      await api.save();
      return;
    }
    // a draft or offline record: its edits saved (not published), then published now
    if (api.dirty && !(await api.save({ draft: true }))) return;
    await changed(await withLoading(post(publish.path, {}, { params: { id: api.id } })));
    await api.reload();
  };

  /** 定时发布…: the dialog starts on the stored offline time while it is still to come (clearing it removes it) */
  const openPicker = () => {
    const stored = typeof record?.offlineTime === 'string' && record.offlineTime > nowText() ? record.offlineTime : null;
    setAt(null);
    setUntil(stored ? dayjs(stored.replace(' ', 'T')) : null);
    setPicking(true);
  };

  const doSchedule = async () => {
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
    // the form's edits go in first: as a pending draft (published with the call) when the record is live
    if (api.dirty && !(await api.save({ draft: true }))) return;
    await changed(await withLoading(post(publish.path, times, { params: { id: api.id } })));
    await api.reload();
  };

  /** 下线 asks first; the form keeps its unsaved edits */
  const doUnpublish = () => {
    const title = String(record?.title ?? record?.name ?? '');
    modal.confirm({
      title: t('publish.confirmUnpublish', { title }),
      okText: t('publish.unpublish'),
      okButtonProps: { danger: true },
      cancelText: t('ui.cancel'),
      onOk: async () => {
        await changed(await withLoading(post(unpublish.path, undefined, { params: { id: api.id! } })));
        await api.refresh();
      },
    });
  };

  /** 放弃草稿 asks first; the form goes back to the published content */
  const doDiscard = () => {
    modal.confirm({
      title: t('publish.confirmDiscard'),
      okText: t('publish.discardDraft'),
      okButtonProps: { danger: true },
      cancelText: t('ui.cancel'),
      onOk: async () => {
        await changed(await withLoading(post(draftEndpoints.discard.path, { resource: resource.name, id: Number(api.id) })));
        await api.reload();
      },
    });
  };

  const mayPreviewForm = !!previewForm && can(previewForm.path);
  /**
   * 预览: a stored record opens the website's own preview page with a fresh token when PREVIEW_URL_<RESOURCE> is
   * set (what is saved, a pending draft included), else the built-in page; unsaved edits are previewed on the
   * built-in page by whoever may preview them (anybody else sees the stored record, and is told so)
   */
  const doPreview = async () => {
    const win = window.open('about:blank', '_blank');
    // a translation being edited is previewed in its locale (the preview page shows that locale's overlay)
    const go = (plain: string) => {
      const url = api.locale ? `${plain}${plain.includes('?') ? '&' : '?'}locale=${encodeURIComponent(api.locale)}` : plain;
      if (win) win.location.href = url;
      else window.open(url, '_blank');
    };
    try {
      if (api.id) {
        const stored = await withLoading(post<{ data: { url: string; siteUrl?: string | null } }>(preview.path, { id: api.id }));
        if (stored.data.siteUrl || !api.dirty || !mayPreviewForm) {
          if (api.dirty) message.info(t(stored.data.siteUrl ? 'preview.siteSavedOnly' : 'preview.savedOnly'));
          go(stored.data.siteUrl || stored.data.url);
          return;
        }
      }
      const body = await api.values();
      if (!body || !previewForm) {
        win?.close();
        return;
      }
      go((await withLoading(post<{ data: { url: string } }>(previewForm.path, body))).data.url);
    } catch {
      win?.close();
    }
  };

  const draftInfo = t('publish.draftInfo', { time: String(record?.draftTime ?? '').slice(0, 16), user: String(record?.draftUser ?? '') });
  /** icons only where there is room for them */
  const icon = (node: ReactNode) => (wide ? node : undefined);
  const primaryLabel = !api.id
    ? 'publish.saveAndPublish'
    : live
      ? 'publish.updateLive'
      : state === 'offline'
        ? 'publish.republish'
        : 'publish.saveAndPublish';
  const canPreview = !!api.id || mayPreviewForm;
  type Item = NonNullable<MenuProps['items']>[number] & { key: string };
  const item = (key: string, label: string, icon: ReactNode, onClick: () => void, reason: string | null = null, danger = false): Item => ({
    key,
    icon,
    danger,
    disabled: !!reason || busy,
    label: reason ? <Tooltip title={reason}>{t(label)}</Tooltip> : t(label),
    onClick,
  });
  const more: Item[] = [
    ...(canPreview && !wide ? [item('preview', 'preview.button', <EyeOutlined />, () => void doPreview())] : []),
    item('schedule', 'publish.schedule', <FieldTimeOutlined />, openPicker, noPublish),
    ...(hasDraft ? [item('discard', 'publish.discardDraft', <DeleteOutlined />, doDiscard, noSave, true)] : []),
    ...(live
      ? [item('unpublish', 'publish.unpublish', <StopOutlined />, doUnpublish, mayUnpublish ? null : t('publish.noUnpublishRight'), true)]
      : []),
    ...(!wide ? [item('cancel', 'ui.cancel', <RollbackOutlined />, api.cancel)] : []),
  ];

  return (
    <div className="gk-publish-bar">
      {reviewOn && (
        <Suspense fallback={null}>
          <ReviewBar api={api} resource={resource} info={review} />
        </Suspense>
      )}
      <div className="gk-publish-state">
        {/* on a narrow screen the draft's time and author are the tag's tooltip: the buttons keep one line */}
        <Tooltip title={!wide && (hasDraft || heldHint) ? [hasDraft ? draftInfo : null, heldHint].filter(Boolean).join(' ') : undefined}>
          <span>{record && <PublishTag record={record} />}</span>
        </Tooltip>
        {hasDraft && wide && (
          <Typography.Text type="secondary" className="gk-publish-draft-info">
            {draftInfo}
          </Typography.Text>
        )}
        {heldHint && wide && (
          <Typography.Text type="secondary" className="gk-publish-draft-info">
            {heldHint}
          </Typography.Text>
        )}
      </div>
      <Space wrap size={wide ? 8 : 6} className="gk-publish-actions">
        <Gate reason={noPublish}>
          <Button
            type="primary"
            icon={icon(<CloudUploadOutlined />)}
            loading={acting === 'primary'}
            disabled={busy || !!noPublish}
            onClick={() => void run('primary', publishForm)()}
          >
            {t(primaryLabel)}
          </Button>
        </Gate>
        {/* on a narrow screen 保存草稿 is its icon (named, with a tooltip): the bar is the state and one row (375 px) */}
        <Gate reason={noSave}>
          <Tooltip title={wide || noSave ? undefined : t('publish.saveDraft')}>
            <Button
              icon={wide ? icon(<FileTextOutlined />) : <FileTextOutlined />}
              aria-label={wide ? undefined : t('publish.saveDraft')}
              disabled={busy || !!noSave}
              loading={acting === 'draft'}
              onClick={() => void run('draft', saveDraft)()}
            >
              {wide ? t('publish.saveDraft') : null}
            </Button>
          </Tooltip>
        </Gate>
        {canPreview && wide && (
          <Button icon={<EyeOutlined />} disabled={busy} onClick={() => void doPreview()}>
            {t('preview.button')}
          </Button>
        )}
        <Dropdown menu={{ items: more }} trigger={['click']} placement="topRight">
          <Button>
            {t('publish.more')} <DownOutlined />
          </Button>
        </Dropdown>
        {wide && <Button onClick={api.cancel}>{t('ui.cancel')}</Button>}
      </Space>
      <LazyModal
        open={picking}
        title={t('publish.schedule')}
        okText={t('publish.publish')}
        cancelText={t('ui.cancel')}
        onOk={() => void doSchedule()}
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
      </LazyModal>
    </div>
  );
}

/** the detail page's action bar (DetailPage `actions`) */
export const publishActions = (resource: ListResource, publish: Endpoint, unpublish: Endpoint, preview: Endpoint, previewForm: Endpoint) =>
  function PublishActions(api: DetailActionsApi) {
    return <PublishBar api={api} resource={resource} publish={publish} unpublish={unpublish} preview={preview} previewForm={previewForm} />;
  };
