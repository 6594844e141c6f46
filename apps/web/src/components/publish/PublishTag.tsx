import { type PublishState, publishState } from '@gk/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

type Row = Record<string, unknown>;

const COLORS: Record<PublishState, string> = { draft: 'default', published: 'success', scheduled: 'processing', offline: 'warning' };

export const nowText = () => dayjs().format('YYYY-MM-DD HH:mm:ss');

/** 草稿 / 已发布 / 定时 yyyy-MM-dd HH:mm / 已下线: the stored state read against now (list column and detail head). */
export function PublishTag({ record }: { record: Row | null | undefined }) {
  const { t } = useTranslation();
  if (!record) return null;
  const state = publishState(record, nowText());
  const time = typeof record.publishTime === 'string' ? record.publishTime.slice(0, 16) : '';
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(`publish.state.${state}`, { time })}
    </Tag>
  );
}
