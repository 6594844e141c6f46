import type { Lang } from '@gk/contracts/i18n';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { appConfig } from '../config';
import { setLang as applyLang, storedLang } from '../lib/i18n';

/** Sidebar, device and language (SPEC point 3 "session state"). */
export type Device = 'desktop' | 'mobile';

/** The collapse toggle is remembered in a cookie: '1' open, '0' collapsed (as the stock template). */
export const SIDEBAR_COOKIE = 'sidebarStatus';

interface AppState {
  /** desktop: expanded (true) or collapsed to icons */
  sidebarOpened: boolean;
  /** phone: the sidebar drawer is open */
  drawerOpen: boolean;
  device: Device;
  lang: Lang;
  toggleSidebar(): void;
  setDrawer(open: boolean): void;
  setDevice(d: Device): void;
  setLang(l: Lang): void;
}

export function deviceOf(width: number): Device {
  return width < appConfig.mobileBreakpoint ? 'mobile' : 'desktop';
}

export const useApp = create<AppState>((set, get) => ({
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  drawerOpen: false,
  device: typeof window === 'undefined' ? 'desktop' : deviceOf(window.innerWidth),
  lang: storedLang(),
  toggleSidebar() {
    if (get().device === 'mobile') {
      set({ drawerOpen: !get().drawerOpen });
      return;
    }
    const opened = !get().sidebarOpened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { expires: 365, sameSite: 'lax' });
    set({ sidebarOpened: opened });
  },
  setDrawer(open) {
    set({ drawerOpen: open });
  },
  setDevice(device) {
    if (device !== get().device) set({ device, drawerOpen: false });
  },
  setLang(lang) {
    // the store follows once the dictionary is in, so texts, antd's locale and the switch change together
    applyLang(lang, () => set({ lang }));
  },
}));
