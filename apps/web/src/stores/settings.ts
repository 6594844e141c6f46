import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The settings panel's choices (SPEC points 1 and 9), kept in localStorage. */
export type ComponentSize = 'large' | 'middle' | 'small';

export const THEME_PRESETS = [
  { color: '#1677ff', key: 'blue' },
  { color: '#2f54eb', key: 'geekblue' },
  { color: '#13c2c2', key: 'cyan' },
  { color: '#52c41a', key: 'green' },
  { color: '#faad14', key: 'gold' },
  { color: '#fa541c', key: 'volcano' },
  { color: '#f5222d', key: 'red' },
  { color: '#722ed1', key: 'purple' },
] as const;

export interface Settings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  size: ComponentSize;
  dark: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  themeColor: '#1677ff',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  size: 'middle',
  dark: false,
};

interface SettingsState extends Settings {
  panelOpen: boolean;
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
  reset(): void;
  setPanel(open: boolean): void;
}

export const SETTINGS_KEY = 'gk.settings';

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      panelOpen: false,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
      reset: () => set({ ...DEFAULT_SETTINGS }),
      setPanel: (panelOpen) => set({ panelOpen }),
    }),
    {
      name: SETTINGS_KEY,
      partialize: ({ themeColor, tagsView, fixedHeader, sidebarLogo, size, dark }) => ({
        themeColor,
        tagsView,
        fixedHeader,
        sidebarLogo,
        size,
        dark,
      }),
    },
  ),
);
