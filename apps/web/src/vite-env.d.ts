/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the central account site (personal center, change password). */
  readonly VITE_CENTRAL_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
