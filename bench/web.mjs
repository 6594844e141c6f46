// Web figures: JS and CSS bytes (raw and gzip) that /login and a list page load, and cold loads in
// headless Chromium: first contentful paint, load event, and time until the list's rows are visible.
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

function collect(page) {
  const assets = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  const pending = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind) return;
    pending.push(
      res
        .body()
        .then((b) => {
          assets[kind].raw += b.length;
          assets[kind].gzip += zlib.gzipSync(b, { level: 9 }).length;
          assets[kind].files += 1;
        })
        .catch(() => {}),
    );
  });
  return async () => {
    await Promise.all(pending);
    return assets;
  };
}

const paintTimes = (page) =>
  page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcpMs: Math.round(fcp?.startTime ?? -1), loadMs: Math.round(nav?.loadEventEnd ?? -1) };
  });

export async function measureWeb(baseUrl, token) {
  const browser = await chromium.launch(LAUNCH);
  try {
    // /login, cold: a fresh context has an empty cache
    const loginCtx = await browser.newContext();
    const login = await loginCtx.newPage();
    const loginAssets = collect(login);
    const l0 = Date.now();
    await login.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    // the boot screen paints first; the form is there once the entry has run
    await login.waitForSelector('input', { timeout: 30_000 });
    const formVisibleMs = Date.now() - l0;
    await login.waitForLoadState('load');
    await login.waitForTimeout(300);
    const loginTimes = await paintTimes(login);
    const loginBytes = await loginAssets();
    await loginCtx.close();

    // a list page after login, cold
    const listCtx = await browser.newContext();
    const host = new URL(baseUrl).hostname;
    await listCtx.addCookies([{ name: 'token', value: token, domain: host, path: '/' }]);
    const list = await listCtx.newPage();
    const listAssets = collect(list);
    const t0 = Date.now();
    await list.goto(`${baseUrl}/news/news-list`, { waitUntil: 'commit' });
    await list.waitForSelector('.ant-table-row', { timeout: 60_000 });
    const rowsVisibleMs = Date.now() - t0;
    await list.waitForLoadState('load');
    const listTimes = await paintTimes(list);
    const listBytes = await listAssets();
    await listCtx.close();
    return {
      login: { ...loginTimes, formVisibleMs, ...flatten(loginBytes) },
      newsList: { ...listTimes, rowsVisibleMs, ...flatten(listBytes) },
    };
  } finally {
    await browser.close();
  }
}

const kb = (n) => Math.round((n / 1024) * 10) / 10;
function flatten(a) {
  return { jsKb: kb(a.js.raw), jsGzipKb: kb(a.js.gzip), jsFiles: a.js.files, cssKb: kb(a.css.raw), cssGzipKb: kb(a.css.gzip) };
}
