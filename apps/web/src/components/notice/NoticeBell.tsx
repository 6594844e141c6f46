import { BellOutlined } from '@ant-design/icons';
import type { NoticeRow } from '@gk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Dropdown, Empty, Spin, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import { fetchNotices, markRead, noticesKey } from './noticeApi';
import { useNoticeCounts } from './noticeStream';
import './notice.css';

/** the page of every notice, and 待我审核 (shown to those whose menus hold it) */
export const NOTICE_CENTER_PATH = '/user/notice';
export const REVIEW_TODO_PATH = '/review/review-todo';
const LATEST = 5;

/** whether the signed-in user's routes (from their menus) hold this path */
function useHasRoute(path: string): boolean {
  const routes = useSession((s) => s.routes);
  const walk = (list: { path: string; children?: unknown[] }[]): boolean =>
    list.some((r) => r.path === path || (Array.isArray(r.children) && walk(r.children as { path: string; children?: unknown[] }[])));
  return walk(routes as { path: string; children?: unknown[] }[]);
}

/** one notice of a list: its text, when; unread ones stand out. A click marks it read and opens where it leads. */
export function useOpenNotice() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return async (n: NoticeRow) => {
    if (!n.read) {
      await markRead([n.id]);
      void qc.invalidateQueries({ queryKey: ['notices'] });
    }
    if (n.url) navigate(n.url);
  };
}

/**
 * The navbar's bell: a badge of unread notices plus what waits for the user's review, kept current by the notice
 * stream (noticeStream.ts); its dropdown lists the latest notices with links to 消息中心 and 待我审核.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { counts, version } = useNoticeCounts();
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  const openNotice = useOpenNotice();
  const hasTodo = useHasRoute(REVIEW_TODO_PATH);
  const q = { pageNumber: 1, pageSize: LATEST };
  const latest = useQuery({ queryKey: noticesKey(q), queryFn: ({ signal }) => fetchNotices(q, signal), enabled: open });
  // a new count: the lists of notices on screen load again
  useEffect(() => {
    if (version > 1) void qc.invalidateQueries({ queryKey: ['notices'] });
  }, [version, qc]);

  const unread = counts?.unread ?? 0;
  const todo = counts?.todo ?? 0;
  const total = unread + todo;
  const label = [t('notice.unreadCount', { count: unread }), ...(todo ? [t('notice.todoCount', { count: todo })] : [])].join('，');

  const panel = (
    <div className="gk-notice-panel" data-testid="notice-panel">
      {latest.isLoading ? (
        <Spin style={{ display: 'block', padding: 16 }} />
      ) : latest.data?.rows.length ? (
        <ul className="gk-notice-list">
          {latest.data.rows.map((n) => (
            <li key={n.id} className={n.read ? 'gk-notice read' : 'gk-notice unread'}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  void openNotice(n);
                }}
              >
                {!n.read && <Badge status="processing" />}
                <span className="gk-notice-text">{n.text}</span>
                <span className="gk-notice-time">{n.createTime}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      )}
      <div className="gk-notice-links">
        <Link to={NOTICE_CENTER_PATH} onClick={() => setOpen(false)}>
          {t('notice.all')}
        </Link>
        {hasTodo && (
          <Link to={REVIEW_TODO_PATH} onClick={() => setOpen(false)}>
            {t('notice.todo')}
            {todo ? ` (${todo})` : ''}
          </Link>
        )}
      </div>
    </div>
  );

  return (
    <Dropdown trigger={['click']} placement="bottomRight" open={open} onOpenChange={setOpen} popupRender={() => panel}>
      <Tooltip title={t('notice.bell')} placement="bottom">
        <button type="button" className="gk-icon-btn gk-notice-bell" aria-label={`${t('notice.bell')}: ${label}`} data-testid="notice-bell">
          <Badge count={total} size="small" overflowCount={99} data-testid="notice-badge">
            <BellOutlined />
          </Badge>
        </button>
      </Tooltip>
    </Dropdown>
  );
}
