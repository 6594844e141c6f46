import { type PublishState, shownPublishState } from '@gk/contracts/list';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from '../../lib/i18n';

type Row = Record<string, unknown>;

const COLORS: Record<PublishState, string> = { draft: 'default', published: 'success', scheduled: 'processing', offline: 'warning' };

/** the browser's clock: only for what the server did not decide (a record not from the server, the picker's default) */
export const nowText = () => dayjs().format('YYYY-MM-DD HH:mm:ss');

/**
 * 草稿 / 已发布 / 定时 yyyy-MM-dd HH:mm / 已下线, and （有草稿） when a pending draft waits (list column and
 * detail bar): the state the server read at its own now in TZ_NAME (`publishState` of its reply), never the
 * browser's clock.
 */
export function PublishTag({ record }: { record: Row | null | undefined }) {
  const { t } = useTranslation();
  if (!record) return null;
  const state = shownPublishState(record, nowText());
  const time = typeof record.publishTime === 'string' ? record.publishTime.slice(0, 16) : '';
  const label = t(`publish.state.${state}`, { time });
  return (
    <Tag color={COLORS[state]} data-state={state} data-draft={record.hasDraft ? 'pending' : undefined}>
      {record.hasDraft ? t('publish.state.withDraft', { state: label }) : label}
    </Tag>
  );
}
