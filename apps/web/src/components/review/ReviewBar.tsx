import { AuditOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ReviewInfo } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import type { DetailActionsApi } from '../DetailPage';
import { ReviewCommentModal, type ReviewStep } from './ReviewCommentModal';
import { ReviewStateTag } from './ReviewStateTag';
import { refreshReview } from './reviewApi';
import { reviewStep } from './reviewCalls';
import './review.css';

export interface ReviewBarProps {
  api: DetailActionsApi;
  resource: ListResource;
  info: ReviewInfo;
}

/**
 * The review row of a publishable record's action bar (its resource has review on, 系统管理 › 审核设置): the state
 * (草稿 / 待一审 / 待二审 / 已通过 / 已驳回), who submitted it and when, 提交审核 for who may submit (unsaved edits
 * are saved first), 通过 / 驳回 for who may decide at the level it waits at (`ReviewInfo.canApprove`: never the
 * submitter unless the setting allows it). The publish buttons wait for 已通过 (PublishBar).
 */
export default function ReviewBar({ api, resource, info }: ReviewBarProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [step, setStep] = useState<ReviewStep | null>(null);
  const title = String(api.record?.title ?? api.record?.name ?? '');
  const busy = api.busy;

  const confirm = async (s: ReviewStep, comment: string | null) => {
    if (s === 'submit' && api.dirty && !(await api.save({ draft: true }))) return;
    const reply = await reviewStep(s, resource.name, info.id, comment);
    setStep(null);
    message.success(reply.msg);
    await refreshReview(client, resource.name, api.id);
  };

  return (
    <div className="gk-review-bar" data-testid="review-bar">
      <Space wrap size={[8, 4]} className="gk-review-state">
        <ReviewStateTag info={info} />
        {info.state === 'pending' && info.submitUser && (
          <Typography.Text type="secondary" className="gk-publish-draft-info">
            {t('review.ui.submitted', { user: info.submitUser, time: String(info.submitTime ?? '').slice(0, 16) })}
          </Typography.Text>
        )}
      </Space>
      <Space wrap size={[8, 4]}>
        {info.canSubmit && (
          <Button icon={<AuditOutlined />} disabled={busy} onClick={() => setStep('submit')}>
            {t('review.action.submit')}
          </Button>
        )}
        {info.canApprove && (
          <>
            <Button type="primary" ghost icon={<CheckOutlined />} disabled={busy} onClick={() => setStep('approve')}>
              {t('review.ui.approve')}
            </Button>
            <Button danger icon={<CloseOutlined />} disabled={busy} onClick={() => setStep('reject')}>
              {t('review.action.reject')}
            </Button>
          </>
        )}
      </Space>
      <ReviewCommentModal
        step={step}
        title={title}
        note={step === 'submit' && api.dirty ? t('review.ui.dirtySubmit') : null}
        onCancel={() => setStep(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
