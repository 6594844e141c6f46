import { type Reply, type ReviewHistoryReply, type ReviewHistoryRow, reviewEndpoints } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { get } from '../../api/request';
import { useTranslation } from '../../lib/i18n';
import { ReviewStateTag } from './ReviewStateTag';
import { reviewKeys } from './reviewApi';

const COLORS: Record<ReviewHistoryRow['action'], string> = { submit: 'blue', approve: 'green', reject: 'red', reset: 'gray' };

export interface ReviewHistoryDrawerProps {
  resource: ListResource;
  id: string | number;
  open: boolean;
  onClose: () => void;
}

/** 审核记录 of a record (opened by its button beside 历史版本): each step, newest first — who, when, what, the comment. */
export default function ReviewHistoryDrawer({ resource, id, open, onClose }: ReviewHistoryDrawerProps) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: reviewKeys.history(resource.name, id),
    enabled: open,
    queryFn: ({ signal }) =>
      get<Reply<ReviewHistoryReply>>(reviewEndpoints.history.path, { resource: resource.name, id: String(id) }, { signal }).then(
        (r) => r.data,
      ),
  });
  const rows = q.data?.rows ?? [];
  const level = (r: ReviewHistoryRow) =>
    r.level === 1 || r.level === 2 ? t('review.ui.atLevel', { level: t(`review.level.${r.level}`) }) : '';
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('review.ui.history')}
      extra={q.data?.info && <ReviewStateTag info={q.data.info} />}
      size={Math.min(420, typeof window === 'undefined' ? 420 : window.innerWidth)}
      destroyOnHidden
    >
      {q.isLoading ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={t('review.ui.noHistory')} />
      ) : (
        <Timeline
          data-testid="review-history"
          items={rows.map((r) => ({
            key: r.id,
            color: COLORS[r.action],
            content: (
              <div className="gk-review-step" data-action={r.action}>
                <div>
                  <Typography.Text strong>{r.nickName || r.userName}</Typography.Text> {t(`review.action.${r.action}`)}
                  {level(r)}
                </div>
                <Typography.Text type="secondary">{r.time}</Typography.Text>
                {r.comment && <div style={{ whiteSpace: 'pre-wrap' }}>{r.comment}</div>}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
