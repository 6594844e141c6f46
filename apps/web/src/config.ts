import { HOME_PATH } from '@gk/contracts/views';

/**
 * Build-time configuration of the SPA (no runtime GET needed). The central account site, when there is one, is a
 * run-time setting of the server (`CENTRAL_SITE_URL`), named in the user info.
 */
export const appConfig = {
  /** every API call goes to `/api` + path */
  apiBase: '/api',
  /** images are served at `/img/{name}` */
  imgBase: '/img/',
  /** SPEC point 9 */
  requestTimeoutMs: 500_000,
  /** error toasts stay 5 s (SPEC point 8) */
  errorToastSeconds: 5,
  /** below this width the layout is the phone one (SPEC point 4) */
  mobileBreakpoint: 992,
  homePath: HOME_PATH,
} as const;
