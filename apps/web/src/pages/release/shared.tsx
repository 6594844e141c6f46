import type { ReleaseState } from '@gk/contracts';
import { Tag } from 'antd';
import { useTranslation } from '../../lib/i18n';

/** the detail screen of a release (`?id=`; without one a new release) and the list */
export const RELEASE_DETAILS = '/release/release-details';
export const RELEASE_LIST = '/release/release-list';
/** the query key of the release list pages (a save or delete marks them stale) */
export const RELEASE_LIST_KEY = ['list', 'release'] as const;

const COLORS: Record<ReleaseState, string> = { scheduled: 'processing', running: 'warning', done: 'success', failed: 'error' };

/** 待发布 / 发布中 / 已发布 / 失败 */
export function ReleaseStateTag({ state }: { state: ReleaseState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(`release.state.${state}`)}
    </Tag>
  );
}
