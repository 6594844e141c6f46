/**
 * Build-time configuration of the SPA (no runtime GET needed).
 * `VITE_CENTRAL_SITE_URL` points at the central account site that owns the personal center and the
 * change-password screens; both open outside the back-office.
 */
const centralSiteUrl = (import.meta.env.VITE_CENTRAL_SITE_URL || 'https://sso.example.com').replace(/\/+$/, '');

export const appConfig = {
  centralSiteUrl,
  personalCenterUrl: `${centralSiteUrl}/user/profile`,
  changePasswordUrl: `${centralSiteUrl}/user/password`,
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
  homePath: '/dashboard/home',
} as const;
