import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, type Page, type Request, test } from '@playwright/test';
import { signedIn } from './helpers';
import { dataRows } from './list-helpers';

/**
 * The JavaScript /login loads stays within its gzip budget (issue 28: ≤ 150 KB; 145 KB held, measured 142.4 KB with
 * only the login / shell part of the zh dictionary in the entry; 129 KB since the app's own translator took i18next's
 * place, measured 125.7 KB).
 * Measured on the real build (`npm run build` runs before the e2e suite): the files the browser fetches for
 * the login page, which must be the entry of dist/index.html and its static-import graph from the Vite
 * manifest (the modulepreloads), and nothing the signed-in area needs.
 */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const BUDGET_GZIP = 129 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** the files an entry loads before it runs: the entry and its static imports, transitively */
function staticGraph(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticGraph(manifest, dep, seen);
  return seen;
}

const gzipSize = (file: string) => gzipSync(fs.readFileSync(path.join(DIST, file))).length;
const readManifest = (): Record<string, ManifestChunk> => JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

/** the built .js files a page fetches from now on (paths relative to dist) */
function scriptsOf(page: Page): string[] {
  const loaded: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.request().resourceType() === 'script' && url.pathname.endsWith('.js')) loaded.push(url.pathname.slice(1));
  });
  return loaded;
}

/** the gzip bytes of built files, and the sizes by file for the failure message */
function gzipTotal(files: string[]) {
  for (const file of files) expect(fs.existsSync(path.join(DIST, file)), file).toBe(true);
  const sizes = Object.fromEntries(files.map((f) => [f, gzipSize(f)]));
  return { total: Object.values(sizes).reduce((a, b) => a + b, 0), sizes };
}

/**
 * How many of the page's requests are still open, the notice stream left out: signed in, the navbar's bell keeps
 * `/notice/stream` open for as long as the page lives (issue 27), so "network idle" never comes.
 */
function inFlight(page: Page): () => number {
  let open = 0;
  const counted = (r: Request) => !r.url().includes('/notice/stream');
  page.on('request', (r) => {
    if (counted(r)) open++;
  });
  const done = (r: Request) => {
    if (counted(r)) open--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open;
}

test('the login page loads only the entry graph of the build, within the gzip budget', async ({ page }) => {
  const manifest = readManifest();
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  expect(entryKey, 'the manifest names an entry').toBeTruthy();
  const graph = staticGraph(manifest, entryKey!);
  // index.html loads exactly that graph: its module script and its modulepreloads
  const fromHtml = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  expect(new Set(fromHtml)).toEqual(graph);

  const loaded = scriptsOf(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // what the browser fetched is the built entry graph (plus nothing from the signed-in area)
  expect(new Set(loaded)).toEqual(graph);
  const lazyOnly = new Set(
    Object.values(manifest)
      .flatMap((c) => c.dynamicImports ?? [])
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => !!f && !graph.has(f)),
  );
  expect(lazyOnly.size).toBeGreaterThan(0);
  expect(loaded.filter((f) => lazyOnly.has(f))).toEqual([]);

  const { total, sizes } = gzipTotal(loaded);
  expect(total, `gzip bytes of /login's JavaScript: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(BUDGET_GZIP);
  // the measure is of real code: the entry alone is more than a stub
  expect(total).toBeGreaterThan(20 * 1024);
});

/**
 * The news list and a news detail page (the rich-text editor) stay within their gzip budgets (issue 15), measured
 * like /login's: the built files the browser fetches for the page, cold. Issue 15 sets the targets at 300 KB (list)
 * and 450 KB (detail); the budgets hold what has been reached (README Performance says what is missed and why),
 * so any growth fails here, and they move down to the targets as the pages get there.
 * A list loads no editor, export, revisions (diff) or date-picker code; a detail page loads the editor but not
 * the revisions drawer or the publish time picker, which load when opened.
 */
test.describe('the signed-in pages', () => {
  // raised by 4 KB each in issue 22 (measured +2.7 KB on both pages): the descriptions the web reads now carry
  // their capabilities (delivery paths, menus), a new content type (招聘信息), and the entry's generated view and
  // list tables three more screens; docs/decisions.md says what would win it back
  // raised by 8 KB each in issue 25 (measured +8.0 / +8.5 KB): the permission tree's button names and the new system
  // screens' messages in three languages (the contracts' message bundle loads with the first screen), the one
  // missing-permission look (disabled + tooltip) and the unsaved-change guard of list dialogs; issue 28 takes the
  // list to 300 KB by moving messages and contracts off the first screen
  // raised by 3 KB in issue 26 (measured +2.0 KB, static graph of the build): 导入 on every importable list, its
  // dialog's and the import's messages in the first screen's dictionary (+0.7 KB web, +0.7 KB server's), the button
  // (+0.3 KB), the importable descriptions; the export library and the dialog load only when used. 6 KB more with
  // the media library and batch actions (measured 549.2 KB): their contracts (call shapes, zod bodies) and zh messages
  // in the first screen's bundle; the 批量操作 menu, the library screen and its picker load on demand
  // raised by 19 KB in issue 27 (measured 569.0 KB): the navbar's bell with its stream reader (8.4 KB, on every
  // screen), the icons of 内容审核 / 发布计划 / 发布日历, and the contracts and messages of review, notices, releases,
  // the calendar and the content checks in the first screen's bundle (zh, en, es). Issue 28 is the next issue: it
  // takes messages and contracts off the first screen.
  // lowered to 553 KB in issue 28 (measured 551.0 KB in bench/web.mjs): the screens' strings out of the entry (they load
  // with the frame, same bytes), no zod with the layout, the bell after the first paint (−8.2 KB), the phone drawer
  // only on a phone (−5.4 KB), Collapse and the color picker out of the shared antd chunk (−4.8 KB); the list's own
  // modules still import the contracts index (45.6 KB of zod and resources)
  // 420 KB in issue 28 (measured 414.9 KB): no zod or resource registry on a list (its description as plain data,
  // `*.contracts.ts`), the search bar without antd's Form (−10.4 KB) and rc-form's field store (antd's form context
  // took it from rc-form's index, −12.4 KB), Card's Tabs and the thumbnails' Image only when used (−20.6 KB), the
  // search bar's Input without Search / Password / OTP / TextArea (−5.9 KB)
  // 393 KB in issue 28 (measured 389.7 KB): the search bar's selects and the pager's size changer load antd's Select
  // when first reached (a stand-in in its look until then, components/LazySelect.tsx), and the pager is rc-pagination
  // itself (antd's Pagination imports Select statically): rc-select, its virtual list, antd's Pagination (−25.4 KB)
  // 353 KB in issue 28 (measured 349.0 KB): antd's message, Modal and notification with the first toast or dialog or the
  // first touch of the page, not with the frame's App provider (components call lib/feedback.ts's `useFeedback`), and
  // the icons in one chunk instead of one chunk each (23 on the list: 14.6 KB gzip apart, 4.7 KB joined)
  const NEWS_LIST_BUDGET_GZIP = 353 * 1024;
  // the detail page raised by 4 KB more in issue 23 (measured +2.3 KB over 669): the publish bar that says what it
  // does (更多 menu, draft state, confirmations) and the alt text of every image slot and of the editor's images;
  // issue 28 takes the detail page to 450 KB. 3 KB more in issue 26 (measured 683.3 KB): 从素材库选择 in every image
  // slot and the editor (the picker itself loads on demand), the new contracts and messages as on the list
  // 23 KB more in issue 27 (measured 706.5 KB): as on the list, plus the review bar's state hook and the content
  // check's context (the panel, the review bar and the history drawer load on demand)
  // 704 KB in issue 28 (measured 701.9 KB, the bell included: it may load before the page's requests settle)
  // 699 KB in issue 28 (measured 695.9 KB): the antd import edges that lightened the list (Card's Tabs, rc-form's
  // index in the form context) lighten it too; the zod-free contracts of the list come with it (+1.9 KB)
  // 658 KB in issue 28 (measured 654.0 KB in bench/web.mjs): no zod or resource registry on the detail's first paint
  // (its resource as plain data with the save schema's facts, `formResource`; the schema loads once the user starts
  // on the form, −44.6 KB), the endpoint tables of the publish bar, review state and content check as data
  // 654 KB in issue 28 (measured 651.0 KB): the remote picker's in-dropdown pager loads when a dropdown first needs it
  // 617 KB in issue 28 (measured 613.3 KB): as on the list (30 icon chunks there)
  // 609 KB in issue 28 (measured 604.7 KB): the publish bar's schedule dialog and the editor's link and image dialogs
  // load antd's Modal when they first open (components/LazyModal.tsx)
  const NEWS_DETAIL_BUDGET_GZIP = 609 * 1024;
  const api = signedIn();

  const chunkOf = (manifest: Record<string, ManifestChunk>, key: string) => {
    const file = manifest[key]?.file ?? Object.entries(manifest).find(([k]) => k.startsWith(key))?.[1].file;
    expect(file, `the build has a chunk for ${key}`).toBeTruthy();
    return file!;
  };

  test('the news list loads its rows within its gzip budget, without editor, export, diff or date-picker code', async ({ page }) => {
    const manifest = readManifest();
    const loaded = scriptsOf(page);
    // the list's first page is asked for once: the entry's early request and the view share it. That the entry
    // asks before the view's code is in is proven where it is decided (app/firstList.test.tsx): two network events
    // have no order a browser test can hold (the server's modulepreload hints may bring the chunk first).
    let listAsked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/news/getNewsList')) listAsked++;
    });
    const pending = inFlight(page);
    await page.goto('/news/news-list');
    await expect(dataRows(page).first()).toBeVisible();
    await expect.poll(pending).toBe(0);
    expect(listAsked).toBe(1);

    const absent = [
      'src/components/richtext/Editor.tsx',
      'src/components/list/exportList.ts',
      'src/components/DialogForm.tsx',
      'src/components/revisions/RevisionsDrawer.tsx',
      // antd's message and Modal: with the first toast or dialog, or the first press or key
      'src/components/FeedbackHolder.tsx',
      '_diff-',
      '_date-picker-',
    ];
    for (const key of absent) expect(loaded, `${key} on the news list`).not.toContain(chunkOf(manifest, key));
    expect(loaded).toContain(chunkOf(manifest, 'src/pages/news/NewsList.tsx'));

    // the shell the server answered named every chunk beyond the entry that the list then loaded (modulepreload:
    // fetched beside the entry, not discovered after it ran), and nothing it did not load
    const entry = staticGraph(manifest, Object.keys(manifest).find((k) => manifest[k].isEntry)!);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const shell = await (await page.request.get('/news/news-list', { headers: { cookie } })).text();
    const hinted = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+\.js)">/g)]
      .map((m) => m[1])
      .filter((f) => !entry.has(f));
    expect(hinted).toContain(chunkOf(manifest, 'src/pages/news/NewsList.tsx'));
    // the navbar's bell loads once the page is idle after its first paint (layout/afterPaint.ts): not hinted, and not
    // part of the first screen's files (whether it came before the requests settled depends on the machine)
    const bell = chunkOf(manifest, 'src/components/notice/NoticeBell.tsx');
    expect(hinted).not.toContain(bell);
    const bellOnly = [...staticGraph(manifest, 'src/components/notice/NoticeBell.tsx')].filter((f) => !hinted.includes(f) && !entry.has(f));
    const firstScreen = loaded.filter((f) => !bellOnly.includes(f));
    expect(new Set(hinted)).toEqual(new Set(firstScreen.filter((f) => !entry.has(f))));

    const { total, sizes } = gzipTotal(firstScreen);
    expect(total, `gzip bytes of the news list's JavaScript: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(NEWS_LIST_BUDGET_GZIP);
    expect(total).toBeGreaterThan(100 * 1024);
  });

  test('a news detail page shows its editor within its gzip budget, without the revisions drawer or the time picker', async ({ page }) => {
    const manifest = readManifest();
    const list = await api(page, '/news/getNewsList', { pageNumber: 1, pageSize: 1 });
    const id = list.rows[0].id;
    const loaded = scriptsOf(page);
    const pending = inFlight(page);
    await page.goto(`/news/news-details?id=${id}`);
    await expect(page.locator('.gk-view:not([hidden]) .gk-detail .ProseMirror')).toBeVisible();
    await expect(page.getByRole('button', { name: '历史版本' })).toBeVisible();
    await expect.poll(pending).toBe(0);

    expect(loaded).toContain(chunkOf(manifest, 'src/components/richtext/Editor.tsx'));
    for (const key of ['src/components/revisions/RevisionsDrawer.tsx', '_date-picker-'])
      expect(loaded, `${key} on the detail page`).not.toContain(chunkOf(manifest, key));

    const { total, sizes } = gzipTotal(loaded);
    expect(total, `gzip bytes of the news detail's JavaScript: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(NEWS_DETAIL_BUDGET_GZIP);
    expect(total).toBeGreaterThan(300 * 1024);
  });
});
