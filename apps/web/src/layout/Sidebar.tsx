import activeMenus from 'virtual:gk-active-menus';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../api/request';
import { LogoMark } from '../app/Brand';
import { type NavEntry, navEntries } from '../app/routes';
import { useTranslation } from '../lib/i18n';
import { TAB_SWITCH } from '../lib/unsaved';
import { prefetchView } from '../pages/views';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { MenuIcon } from './icons';
import { useRouteTable, useRouteTitle } from './useRouteTable';

type Item = Required<MenuProps>['items'][number];

/**
 * The entry to highlight: the current route, or for a hidden one (a details screen) its closest visible
 * sibling — first the one with the same stem (business-details → business-list, not business-type-list),
 * then the longest common prefix.
 */
export function activeKey(entries: NavEntry[], pathname: string): { key?: string; group?: string } {
  // a details screen declares its list in the menu contract; the heuristics below cover the rest
  const p = (activeMenus[pathname.toLowerCase()] ?? pathname).toLowerCase();
  const module = (s: string) => s.split('/')[1] ?? '';
  const stem = (s: string) => s.replace(/-[^/-]*$/, '');
  let best: { key?: string; group?: string; score: number } = { score: 0 };
  for (const e of entries) {
    for (const c of e.children ?? [e]) {
      const k = c.path.toLowerCase();
      const group = e.children ? e.key : undefined;
      if (k === p) return { key: c.key, group };
      if (module(k) !== module(p)) continue;
      let n = 0;
      while (n < k.length && n < p.length && k[n] === p[n]) n++;
      if (stem(k) === stem(p)) n += 1000;
      if (n > best.score) best = { key: c.key, group, score: n };
    }
  }
  return best;
}

export function Sidebar({ collapsed, mobile = false }: { collapsed: boolean; mobile?: boolean }) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const user = useSession((s) => s.user);
  const showLogo = useSettings((s) => s.sidebarLogo);
  const { routes, location } = useRouteTable();
  const entries = useMemo(() => navEntries(routes), [routes]);
  const { key: selected, group } = useMemo(() => activeKey(entries, location.pathname), [entries, location.pathname]);

  // collapsed: expands while the pointer rests on it
  const [hover, setHover] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const expanded = mobile || !collapsed || hover;

  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  useEffect(() => {
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [group]);

  const items = useMemo<Item[]>(() => {
    const link = (e: NavEntry) =>
      e.external ? (
        <a href={e.path} target="_blank" rel="noopener noreferrer" title={title(e)}>
          {title(e)}
        </a>
      ) : (
        <Link
          to={e.path}
          state={TAB_SWITCH}
          title={title(e)}
          // the screen's code and first page start with the press, not once the navigation has rendered
          onPointerDown={(ev) => void (ev.button === 0 && prefetchView(e.path))}
          onClick={() => void prefetchView(e.path)}
        >
          {title(e)}
        </Link>
      );
    return entries.map((e) =>
      e.children
        ? {
            key: e.key,
            icon: <MenuIcon name={e.icon} />,
            label: title(e),
            children: e.children.map((c) => ({ key: c.key, label: link(c), 'data-path': c.path })),
          }
        : { key: e.key, icon: <MenuIcon name={e.icon} />, label: link(e), 'data-path': e.path },
    );
  }, [entries, title]);

  const logo = user?.logoImg ? imageUrl(user.logoImg) : '';
  const icon = user?.logoIcon ? imageUrl(user.logoIcon) : '';

  return (
    <aside
      className={`gk-sidebar${expanded ? '' : ' is-collapsed'}${collapsed && hover ? ' is-hover-expanded' : ''}${mobile ? ' is-mobile' : ''}`}
      data-testid="sidebar"
      data-collapsed={collapsed && !mobile ? 'true' : 'false'}
      onMouseEnter={() => {
        if (!collapsed || mobile) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setHover(true), 120);
      }}
      onMouseLeave={() => {
        clearTimeout(timer.current);
        setHover(false);
      }}
    >
      {showLogo ? (
        <Link to="/" className="gk-logo" data-testid="sidebar-logo" aria-label={t('app.name')}>
          {expanded && logo ? (
            <img src={logo} alt="" className="gk-logo-img" />
          ) : (
            <>
              {icon ? <img src={icon} alt="" className="gk-logo-icon" /> : <LogoMark />}
              {expanded && <span className="gk-logo-title">{t('app.name')}</span>}
            </>
          )}
        </Link>
      ) : (
        <div className="gk-logo-spacer" />
      )}
      <nav className="gk-sidebar-menu">
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={!expanded}
          items={items}
          selectedKeys={selected ? [selected] : []}
          openKeys={expanded ? openKeys : undefined}
          onOpenChange={(keys) => expanded && setOpenKeys(keys)}
          inlineIndent={18}
        />
      </nav>
    </aside>
  );
}
