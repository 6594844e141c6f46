import { CloseOutlined, ColumnWidthOutlined, MoreOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../app/routes';
import { useTranslation } from '../lib/i18n';
import { confirmDiscard, forgetUnsaved, TAB_SWITCH } from '../lib/unsaved';
import { isClosable, type TagView, useTags } from '../stores/tags';
import { useRouteTable, useRouteTitle } from './useRouteTable';

/**
 * Tag operations (SPEC point 2): refresh via /redirect, close, close others, close all. Each drops the
 * views it closes or remounts, so unsaved changes there are confirmed first (lib/unsaved.ts).
 */
export function useTagActions() {
  const navigate = useNavigate();
  const location = useLocation();
  const isActive = (v: TagView) => v.path.toLowerCase() === location.pathname.replace(/\/+$/, '').toLowerCase();
  const toLastView = () => {
    const latest = useTags.getState().visited.slice(-1)[0];
    navigate(latest ? latest.fullPath : HOME_PATH, { state: TAB_SWITCH });
  };
  return {
    isActive,
    async refresh(v: TagView) {
      if (!(await confirmDiscard([v.path]))) return;
      forgetUnsaved([v.path]);
      useTags.getState().refresh(v.name);
      navigate(`/redirect${v.fullPath}`, { replace: true, state: TAB_SWITCH });
    },
    async close(v: TagView) {
      if (!isClosable(v) || !(await confirmDiscard([v.path]))) return;
      forgetUnsaved([v.path]);
      useTags.getState().delView(v);
      if (isActive(v)) toLastView();
    },
    async closeOthers(v: TagView) {
      const closing = useTags
        .getState()
        .visited.filter((x) => isClosable(x) && x.path !== v.path)
        .map((x) => x.path);
      if (!(await confirmDiscard(closing))) return;
      forgetUnsaved(closing);
      if (!isActive(v)) navigate(v.fullPath, { state: TAB_SWITCH });
      useTags.getState().delOthers(v);
    },
    async closeAll() {
      const closing = useTags
        .getState()
        .visited.filter((x) => isClosable(x))
        .map((x) => x.path);
      if (!(await confirmDiscard(closing))) return;
      forgetUnsaved(closing);
      useTags.getState().delAll();
      const remaining = useTags.getState().visited;
      if (!remaining.some((x) => isActive(x))) toLastView();
    },
  };
}

export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useRouteTitle();
  const visited = useTags((s) => s.visited);
  const actions = useTagActions();
  const { current } = useRouteTable();
  const scroller = useRef<HTMLDivElement>(null);

  // keep the active tag in view, from where the browser's own layout put it (an observer's first report): reading
  // offsets here forced a layout of the whole page, the new screen included, inside React's commit of a click
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active view or the number of tags changes
  useEffect(() => {
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>('.gk-tag.is-active');
    if (!box || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      ([entry]) => {
        io.disconnect();
        const seen = entry.rootBounds;
        const tag = entry.boundingClientRect;
        if (!seen || entry.intersectionRatio >= 1) return;
        if (tag.left < seen.left) box.scrollBy({ left: tag.left - seen.left - 8 });
        else if (tag.right > seen.right) box.scrollBy({ left: tag.right - seen.right + 8 });
      },
      { root: box, threshold: 1 },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [current, visited.length]);

  const menuFor = (v: TagView): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
      ...(isClosable(v) ? [{ key: 'close', icon: <CloseOutlined />, label: t('tags.close') }] : []),
      { key: 'others', icon: <ColumnWidthOutlined />, label: t('tags.closeOthers') },
      { key: 'all', icon: <StopOutlined />, label: t('tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') actions.refresh(v);
      else if (key === 'close') actions.close(v);
      else if (key === 'others') actions.closeOthers(v);
      else if (key === 'all') actions.closeAll();
    },
  });

  const active = visited.find((v) => actions.isActive(v));

  return (
    <div className="gk-tags" data-testid="tags-view">
      <div className="gk-tags-scroll" ref={scroller}>
        {visited.map((v) => {
          const on = actions.isActive(v);
          return (
            <Dropdown key={v.path} trigger={['contextMenu']} menu={menuFor(v)}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the link inside is the keyboard target; this only widens the click area to the tag's padding */}
              <div
                className={`gk-tag${on ? ' is-active' : ''}`}
                data-path={v.path}
                data-testid="tag"
                onClick={(e) => {
                  if (e.target === e.currentTarget) navigate(v.fullPath, { state: TAB_SWITCH });
                }}
              >
                <Link
                  to={v.fullPath}
                  state={TAB_SWITCH}
                  className="gk-tag-link"
                  aria-current={on ? 'page' : undefined}
                  onAuxClick={(e) => {
                    if (e.button === 1) {
                      e.preventDefault();
                      actions.close(v);
                    }
                  }}
                >
                  {on && <span className="gk-tag-dot" />}
                  <span className="gk-tag-title">{title(v)}</span>
                </Link>
                {isClosable(v) && (
                  <button
                    type="button"
                    className="gk-tag-close"
                    aria-label={t('tags.close')}
                    data-testid="tag-close"
                    onClick={() => actions.close(v)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {active && (
        <Dropdown trigger={['click']} placement="bottomRight" menu={menuFor(active)}>
          <button type="button" className="gk-icon-btn gk-tags-more" aria-label={t('tags.more')} data-testid="tags-more">
            <MoreOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
}
