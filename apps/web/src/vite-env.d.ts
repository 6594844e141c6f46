/// <reference types="vite/client" />

type ImportMetaEnv = {};

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** One language's dictionary of the contracts (see vite-plugin-messages.ts). */
declare module 'virtual:gk-messages/*' {
  const messages: Record<string, string>;
  export default messages;
}

/** The list resources' paths and query defaults, from the contracts (see vite-plugin-contracts.ts). */
declare module 'virtual:gk-lists' {
  const lists: import('./api/listsTable').ListsTable;
  export default lists;
}

/** Per hidden menu url (lower-cased) the sidebar entry it belongs to (see vite-plugin-contracts.ts). */
declare module 'virtual:gk-active-menus' {
  const activeMenus: Record<string, string>;
  export default activeMenus;
}

/** Registers the view of every menu url, found under src/pages (see vite-plugin-views.ts). */
declare module 'virtual:gk-views' {
  const registerMenuViews: (registerView: typeof import('./pages/views').registerView) => void;
  export default registerMenuViews;
}
