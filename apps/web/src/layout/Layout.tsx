import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { queryClient } from '../api/queryClient';
import { HOME_NAME, HOME_PATH } from '../app/routes';
import { deviceOf, useApp } from '../stores/app';
import { useSettings } from '../stores/settings';
import { useTags } from '../stores/tags';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useRouteTable } from './useRouteTable';

// the settings panel loads when it is first opened (no screen needs its code, a segmented control among it, before)
const SettingsPanel = lazy(() => import('./SettingsPanel').then((m) => ({ default: m.SettingsPanel })));
// the phone layout's drawer (antd Drawer, ~5 KB gzip) loads only on a phone: a computer's first screen does without it
const SidebarDrawer = lazy(() => import('./SidebarDrawer'));

/** Phone layout below 992 px: the sidebar is a drawer that closes on navigation and on resize. */
function useDevice() {
  const setDevice = useApp((s) => s.setDevice);
  const setDrawer = useApp((s) => s.setDrawer);
  const location = useLocation();
  useEffect(() => {
    const onResize = () => {
      setDevice(deviceOf(window.innerWidth));
      if (useApp.getState().drawerOpen) setDrawer(false);
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice, setDrawer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every route change
  useEffect(() => {
    setDrawer(false);
  }, [location.pathname, setDrawer]);
}

export default function Layout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  useDevice();
  const device = useApp((s) => s.device);
  const opened = useApp((s) => s.sidebarOpened);
  const drawerOpen = useApp((s) => s.drawerOpen);
  const setDrawer = useApp((s) => s.setDrawer);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const panelOpen = useSettings((s) => s.panelOpen);
  // once opened it stays mounted (its drawer closes with its own motion)
  const [panelUsed, setPanelUsed] = useState(panelOpen);
  if (panelOpen && !panelUsed) setPanelUsed(true);
  const { leaves } = useRouteTable();

  // home is always open (an affixed tag); tags of routes the user no longer has are dropped
  useEffect(() => {
    const home = leaves.find((l) => l.name === HOME_NAME);
    if (home) useTags.getState().ensureAffix([{ name: home.name, path: HOME_PATH, fullPath: HOME_PATH, title: home.title, affix: true }]);
    useTags.getState().retain(new Set(leaves.filter((l) => !l.noTag).map((l) => l.name)));
  }, [leaves]);

  const mobile = device === 'mobile';
  const collapsed = !mobile && !opened;
  return (
    <div
      className={`gk-app${mobile ? ' is-mobile' : ''}${collapsed ? ' is-collapsed' : ''}${fixedHeader ? ' has-fixed-header' : ''}`}
      data-device={device}
    >
      {mobile ? (
        <Suspense fallback={null}>
          <SidebarDrawer open={drawerOpen} onClose={() => setDrawer(false)} />
        </Suspense>
      ) : (
        <Sidebar collapsed={collapsed} />
      )}
      <div className="gk-main">
        <header className="gk-header" data-testid="header">
          <Navbar />
          {tagsView && <TagsView />}
        </header>
        <AppMain />
      </div>
      {panelUsed && (
        <Suspense fallback={null}>
          <SettingsPanel />
        </Suspense>
      )}
    </div>
  );
}
