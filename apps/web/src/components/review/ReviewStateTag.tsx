import type { ReviewInfo } from '@gk/contracts';
import { Tag } from 'antd';
import { useTranslation } from '../../lib/i18n';

const COLORS = { draft: 'default', pending: 'processing', approved: 'success', rejected: 'error' } as const;

/** 草稿 / 待一审 / 待二审 / 已通过 / 已驳回: where a record under review stands (nothing when review is off) */
export function ReviewStateTag({ info }: { info: Pick<ReviewInfo, 'state' | 'level'> }) {
  const { t } = useTranslation();
  if (info.state === 'none') return null;
  // 待一审 / 待二审: the level it waits at; the other states are the server's own words
  const key =
    info.state === 'pending' && (info.level === 1 || info.level === 2)
      ? `review.ui.state.pending${info.level}`
      : `review.state.${info.state}`;
  return (
    <Tag color={COLORS[info.state]} data-review-state={info.state} data-review-level={info.state === 'pending' ? info.level : undefined}>
      {t(key)}
    </Tag>
  );
}
