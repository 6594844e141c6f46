/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the central account site (personal center, change password). */
  readonly VITE_CENTRAL_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** One language's dictionary of the contracts (see vite-plugin-messages.ts). */
declare module 'virtual:gk-messages/*' {
  const messages: Record<string, string>;
  export default messages;
}

/** The list resources' paths and query defaults, from the contracts (see vite-plugin-lists.ts). */
declare module 'virtual:gk-lists' {
  const lists: import('./api/listsTable').ListsTable;
  export default lists;
}
