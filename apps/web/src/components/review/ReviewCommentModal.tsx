import { REVIEW_COMMENT_MAX } from '@gk/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';

export type ReviewStep = 'submit' | 'approve' | 'reject';

/** the dialog's button: what it does */
const OK: Record<ReviewStep, string> = { submit: 'review.action.submit', approve: 'review.ui.approve', reject: 'review.action.reject' };

export interface ReviewCommentModalProps {
  /** the step asked for (null: closed) */
  step: ReviewStep | null;
  /** the record's title, named in the dialog's title */
  title: string;
  /** said above the comment (提交审核 with unsaved edits: they are saved first) */
  note?: string | null;
  onCancel: () => void;
  /** runs the step with the comment (null when blank); a rejection keeps the dialog open */
  onConfirm: (step: ReviewStep, comment: string | null) => Promise<unknown>;
}

/**
 * The dialog of a review step: 提交审核 and 通过 take an optional comment, 驳回 refuses to go without one (the
 * server refuses too: `reviewRejectSchema`). Used by the detail page's review bar and by 待我审核.
 */
export function ReviewCommentModal({ step, title, note, onCancel, onConfirm }: ReviewCommentModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment?: string }>();
  const [sending, setSending] = useState(false);
  const required = step === 'reject';
  const ok = async () => {
    if (!step) return;
    let comment: string | null;
    try {
      comment = (await form.validateFields()).comment?.trim() || null;
    } catch {
      return;
    }
    setSending(true);
    try {
      await onConfirm(step, comment);
    } catch {
      // the request layer showed the server's message; the dialog keeps the comment
    } finally {
      setSending(false);
    }
  };
  const heading = step ? t(`review.ui.${step}Title`, { title }) : '';
  return (
    <Modal
      open={!!step}
      title={heading}
      okText={step ? t(OK[step]) : undefined}
      okButtonProps={{ danger: step === 'reject', loading: sending }}
      cancelText={t('ui.cancel')}
      onOk={() => void ok()}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      {note && <p className="gk-review-note">{note}</p>}
      <Form form={form} layout="vertical" name="review-comment" preserve={false}>
        <Form.Item
          name="comment"
          label={t(step === 'submit' ? 'review.ui.submitComment' : 'review.comment')}
          required={required}
          rules={[
            ...(required ? [{ required: true, whitespace: true, message: t('review.commentRequired') }] : []),
            { max: REVIEW_COMMENT_MAX, message: t('review.commentTooLong', { max: REVIEW_COMMENT_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={4}
            autoFocus
            showCount
            maxLength={REVIEW_COMMENT_MAX}
            placeholder={required ? t('review.ui.rejectPlaceholder') : t('review.ui.commentOptional')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
