import {
  BellOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Dropdown, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { imageUrl } from '../api/request';
import { LangSwitch } from '../app/LangSwitch';
import { HOME_NAME, HOME_PATH } from '../app/routes';
import { logout as signOut } from '../app/session';
import { useTranslation } from '../lib/i18n';
import { TAB_SWITCH } from '../lib/unsaved';
import { useApp } from '../stores/app';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { useTags } from '../stores/tags';
import { useAfterFirstPaint } from './afterPaint';
import { useRouteTable, useRouteTitle } from './useRouteTable';

// the bell (its badge, dropdown and stream reader, ~8 KB gzip) is not part of the first screen: it loads once the
// browser is idle after the first paint, an icon of the same size holding its place meanwhile
const NoticeBell = lazy(() => import('../components/notice/NoticeBell').then((m) => ({ default: m.NoticeBell })));
const bellPlace = (
  <span className="gk-icon-btn gk-notice-bell" aria-hidden="true">
    <BellOutlined />
  </span>
);

function Crumbs() {
  const title = useRouteTitle();
  const { current } = useRouteTable();
  const home = { name: HOME_NAME, title: '首页' };
  const items: { title: React.ReactNode }[] = [
    {
      title:
        current?.name === HOME_NAME ? (
          <span>{title(home)}</span>
        ) : (
          <Link to={HOME_PATH} state={TAB_SWITCH}>
            {title(home)}
          </Link>
        ),
    },
  ];
  if (current && current.name !== HOME_NAME) {
    const parent = current.parent;
    if (parent && !parent.hidden && parent.children && parent.children.filter((c) => !c.hidden).length > 1)
      items.push({ title: title(parent) });
    items.push({ title: <span>{title(current)}</span> });
  }
  return <Breadcrumb className="gk-breadcrumb" items={items} />;
}

export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const opened = useApp((s) => s.sidebarOpened);
  const device = useApp((s) => s.device);
  const drawerOpen = useApp((s) => s.drawerOpen);
  const toggleSidebar = useApp((s) => s.toggleSidebar);
  const setPanel = useSettings((s) => s.setPanel);
  const user = useSession((s) => s.user);
  // CENTRAL_SITE_URL (server setting) sends 个人中心 / 修改密码 to the central site; else they are in-app
  const central = user?.centralSiteUrl;
  const expanded = device === 'mobile' ? drawerOpen : opened;
  const bellReady = useAfterFirstPaint();

  const logout = async () => {
    await signOut();
    useTags.getState().clear();
    navigate('/login', { replace: true });
  };

  const name = user?.name || user?.userName || '';
  return (
    <div className="gk-navbar">
      <button
        type="button"
        className="gk-icon-btn gk-hamburger"
        onClick={toggleSidebar}
        aria-label={t('shell.toggleSidebar')}
        aria-expanded={expanded}
        data-testid="hamburger"
      >
        {expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <Crumbs />
      <div className="gk-navbar-right">
        <Tooltip title={t('shell.language')} placement="bottom">
          <span>
            <LangSwitch />
          </span>
        </Tooltip>
        {bellReady ? (
          <Suspense fallback={bellPlace}>
            <NoticeBell />
          </Suspense>
        ) : (
          bellPlace
        )}
        <Tooltip title={t('settings.title')} placement="bottom">
          <button
            type="button"
            className="gk-icon-btn"
            onClick={() => setPanel(true)}
            aria-label={t('settings.title')}
            data-testid="settings-button"
          >
            <SettingOutlined />
          </button>
        </Tooltip>
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: [
              {
                key: 'profile',
                icon: <UserOutlined />,
                label: central ? (
                  <a href={`${central}/user/profile`} target="_blank" rel="noopener noreferrer">
                    {t('shell.personalCenter')}
                  </a>
                ) : (
                  <Link to="/user/profile">{t('shell.personalCenter')}</Link>
                ),
              },
              {
                key: 'password',
                icon: <KeyOutlined />,
                label: central ? (
                  <a href={`${central}/user/password`} target="_blank" rel="noopener noreferrer">
                    {t('shell.changePassword')}
                  </a>
                ) : (
                  <Link to="/user/password">{t('shell.changePassword')}</Link>
                ),
              },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('shell.logout')}</span> },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') void logout();
            },
          }}
        >
          <button type="button" className="gk-user" data-testid="user-menu" aria-label={t('shell.userMenu')}>
            <Avatar size={30} src={user?.avatar ? imageUrl(user.avatar) : undefined} className="gk-user-avatar">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <span className="gk-user-name" data-testid="user-name">
              {name}
            </span>
            <DownOutlined className="gk-user-caret" />
          </button>
        </Dropdown>
      </div>
    </div>
  );
}
