// Web figures, in headless Chromium on this machine, ROUNDS rounds with medians of the times:
// - /login, cold (empty cache): its files, FCP, load event, form visible;
// - the news list, cold, logged in: its files, FCP, load event, rows visible;
// - the same list again in the same browser context (a second visit: hashed assets from the HTTP cache);
// - a news detail page (the rich-text editor), cold: its files, FCP, load event, form (with the editor) visible;
// - a warm navigation inside the SPA, news list → policy list: the files it adds and rows visible.
// Each page's files are listed with raw and gzip (level 9) bytes; `node bench/web.mjs --base URL --token T`
// measures a running server on its own.
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

const LIST = '/news/news-list';
const OTHER_LIST = '/policy/policy-list';
const DETAIL = '/news/news-details';
/** a list's rows on the visible view (AppMain keeps hidden views in the DOM) */
const ROWS = '.gk-view:not([hidden]) .ant-table-row';
const kb = (n) => Math.round((n / 1024) * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** records the scripts and stylesheets a page fetches from the server from now on (not those the cache answers) */
async function collect(page) {
  const files = [];
  const pending = [];
  const cached = new Set();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromMemoryCache || e.response.fromServiceWorker) cached.add(e.requestId);
  });
  const cachedUrls = new Map();
  cdp.on('Network.requestWillBeSent', (e) => cachedUrls.set(e.requestId, e.request.url));
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind) return;
    pending.push(
      res
        .body()
        .then((b) =>
          files.push({
            kind,
            url: res.url(),
            file: new URL(res.url()).pathname,
            raw: b.length,
            gzip: zlib.gzipSync(b, { level: 9 }).length,
          }),
        )
        .catch(() => {}),
    );
  });
  return async () => {
    await Promise.all(pending);
    const fromCache = new Set([...cached].map((id) => cachedUrls.get(id)));
    await cdp.detach().catch(() => {});
    return files.filter((f) => !fromCache.has(f.url)).sort((a, b) => b.gzip - a.gzip);
  };
}

function summarize(files) {
  const sum = (kind, k) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[k], 0);
  return {
    jsKb: kb(sum('js', 'raw')),
    jsGzipKb: kb(sum('js', 'gzip')),
    jsFiles: files.filter((f) => f.kind === 'js').length,
    cssKb: kb(sum('css', 'raw')),
    cssGzipKb: kb(sum('css', 'gzip')),
    files: files.map((f) => ({ file: f.file, rawKb: kb(f.raw), gzipKb: kb(f.gzip) })),
  };
}

const paintTimes = (page) =>
  page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcpMs: Math.round(fcp?.startTime ?? -1), loadMs: Math.round(nav?.loadEventEnd ?? -1) };
  });

/**
 * Installs, before any script of the page runs, an observer that notes the time (performance.now(): from the
 * navigation's start, as FCP and the load event) of the first frame after `ready` holds in the DOM. Measured in the
 * page, so the figure is the page's own and not Playwright's polling (which added 200–300 ms to every load).
 */
function markReady(page, ready) {
  return page.addInitScript((ready) => {
    const holds = () => {
      if (ready.selector) return !!document.querySelector(ready.selector);
      // the detail form with the record in it and the editor showing its content
      const pm = document.querySelector('.gk-view:not([hidden]) .gk-detail .ProseMirror');
      const title = document.querySelector('.gk-view:not([hidden]) .gk-detail input');
      return !!pm && (pm.textContent ?? '').length > 0 && !!title && title.value.length > 0;
    };
    const obs = new MutationObserver(() => {
      if (!holds()) return;
      obs.disconnect();
      requestAnimationFrame(() => {
        window.__gkReady = performance.now();
      });
    });
    obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // an input's value is a property, not a mutation: look once per frame as well
    const poll = () => {
      if (window.__gkReady) return;
      if (holds()) window.__gkReady = performance.now();
      else requestAnimationFrame(poll);
    };
    if (!ready.selector) requestAnimationFrame(poll);
  }, ready);
}

/**
 * One page load in `context`: goes to `url`, waits for `ready` ({ selector } or { detail: true }); the time from
 * the navigation's start to the first frame with ready (measured in the page), FCP, the load event, the files fetched.
 */
async function load(context, baseUrl, url, ready) {
  const page = await context.newPage();
  const files = await collect(page);
  await markReady(page, ready);
  await page.goto(`${baseUrl}${url}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__gkReady, null, { timeout: 60_000, polling: 100 });
  const readyMs = Math.round(await page.evaluate(() => window.__gkReady));
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  const times = await paintTimes(page);
  return { page, readyMs, ...times, ...summarize(await files()) };
}

/** a signed-in browser context with an empty cache */
async function signedIn(browser, baseUrl, token) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, domain: new URL(baseUrl).hostname, path: '/' }]);
  return context;
}

/**
 * In-app navigation from the list on screen to `to`, as a menu click does (the sidebar's link when it is in the
 * DOM, else a history entry + popstate, which the router handles the same way): ms until `to`'s rows show.
 */
async function navigate(page, to) {
  const files = await collect(page);
  const ms = await page.evaluate(async (to) => {
    const from = document.querySelector('.gk-view:not([hidden])')?.getAttribute('data-view');
    const t0 = performance.now();
    const link = document.querySelector(`a[href="${to}"]`);
    if (link) link.click();
    else {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }
    await new Promise((resolve) => {
      const check = () => {
        const view = document.querySelector('.gk-view:not([hidden])');
        if (location.pathname === to && view && view.getAttribute('data-view') !== from && view.querySelector('.ant-table-row')) resolve();
        else requestAnimationFrame(check);
      };
      check();
    });
    return Math.round(performance.now() - t0);
  }, to);
  return { rowsVisibleMs: ms, ...summarize(await files()) };
}

/** the first news row's id, for the detail page */
async function firstNewsId(baseUrl, token) {
  const r = await fetch(`${baseUrl}/api/news/getNewsList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ pageNumber: 1, pageSize: 1 }),
  }).then((x) => x.json());
  const id = r.rows?.[0]?.id;
  if (id == null) throw new Error(`no news to open: ${JSON.stringify(r).slice(0, 200)}`);
  return id;
}

/** the median round of a page (by its ready time), with every round's times */
function pick(rounds, key) {
  const m = median(rounds.map((r) => r.readyMs));
  const chosen = rounds.find((r) => r.readyMs === m);
  const { page: _p, readyMs, ...rest } = chosen;
  return {
    ...rest,
    [key]: readyMs,
    fcpMs: median(rounds.map((r) => r.fcpMs)),
    loadMs: median(rounds.map((r) => r.loadMs)),
    rounds: rounds.map((r) => r.readyMs),
  };
}

export async function measureWeb(baseUrl, token, { rounds = 3 } = {}) {
  const browser = await chromium.launch(LAUNCH);
  const detailUrl = `${DETAIL}?id=${await firstNewsId(baseUrl, token)}`;
  const runs = { login: [], list: [], listAgain: [], detail: [], nav: [] };
  try {
    // alternating rounds: each page once per round, each in a fresh context (an empty cache)
    for (let i = 0; i < rounds; i++) {
      const loginCtx = await browser.newContext();
      runs.login.push(await load(loginCtx, baseUrl, '/login', { selector: 'input' }));
      await loginCtx.close();

      const listCtx = await signedIn(browser, baseUrl, token);
      const list = await load(listCtx, baseUrl, LIST, { selector: ROWS });
      runs.list.push(list);
      runs.nav.push(await navigate(list.page, OTHER_LIST));
      await list.page.close();
      // the second visit, same context: the hashed assets come from the HTTP cache (Cache-Control: immutable)
      runs.listAgain.push(await load(listCtx, baseUrl, LIST, { selector: ROWS }));
      await listCtx.close();

      const detailCtx = await signedIn(browser, baseUrl, token);
      runs.detail.push(await load(detailCtx, baseUrl, detailUrl, { detail: true }));
      await detailCtx.close();
    }
  } finally {
    await browser.close();
  }
  const navMs = median(runs.nav.map((r) => r.rowsVisibleMs));
  return {
    rounds,
    login: pick(runs.login, 'formVisibleMs'),
    newsList: pick(runs.list, 'rowsVisibleMs'),
    newsListAgain: pick(runs.listAgain, 'rowsVisibleMs'),
    newsDetail: { url: DETAIL, ...pick(runs.detail, 'formVisibleMs') },
    listToList: {
      from: LIST,
      to: OTHER_LIST,
      ...runs.nav.find((r) => r.rowsVisibleMs === navMs),
      rounds: runs.nav.map((r) => r.rowsVisibleMs),
    },
  };
}

/** `node bench/web.mjs --base http://127.0.0.1:5100 --token T [--rounds 3]`: the figures of a running server */
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (n, d) => {
    const i = process.argv.indexOf(`--${n}`);
    return i >= 0 ? process.argv[i + 1] : d;
  };
  const base = arg('base', 'http://127.0.0.1:5100');
  let token = arg('token', null);
  if (!token) {
    const r = await fetch(`${base}/api/login/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: arg('password', process.env.ADMIN_PASSWORD) }),
    }).then((x) => x.json());
    token = r.data?.token;
  }
  const web = await measureWeb(base, token, { rounds: Number(arg('rounds', '3')) });
  console.log(JSON.stringify(web, null, 2));
}
