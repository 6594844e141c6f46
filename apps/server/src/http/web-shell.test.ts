import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.js';

/**
 * The shell a history-mode address gets: as built for a visitor without a session cookie; with one, the first
 * screen's chunks beyond the entry named as modulepreloads (the build's dist/.vite/preload.json).
 */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gk-shell-'));
fs.mkdirSync(path.join(webDir, '.vite'));
fs.mkdirSync(path.join(webDir, 'assets'));
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
fs.writeFileSync(path.join(webDir, 'assets', 'index-E.js'), 'export {};');
fs.writeFileSync(
  path.join(webDir, '.vite', 'preload.json'),
  JSON.stringify({
    signedIn: ['assets/Layout-L.js', 'assets/antd-A.js'],
    views: {
      '/dashboard/home': ['assets/Home-H.js'],
      '/news/news-list': ['assets/NewsList-N.js', 'assets/RemoteSelect-R.css'],
      '/page/pageitems-list': ['assets/PageItemsList-P.js'],
    },
  }),
);
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

describe('the SPA shell', () => {
  const t = useTestApp('sqlite', { webDir });
  const get = (url: string, cookie?: string) => t.current.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const hinted = (html: string) =>
    [...html.matchAll(/<link rel="(?:modulepreload|preload" as="style)" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);

  it('is the built file for a visitor without a session (the login page needs nothing more)', async () => {
    const r = await get('/news/news-list');
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe(INDEX);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers.vary).toContain('Cookie');
    expect((await get('/news/news-list', 'lang=en; token=')).body).toBe(INDEX);
  });

  it('names the layout, the antd scope and the view of the address for a signed-in visitor, before </head>', async () => {
    const r = await get('/news/news-list?pageNumber=2', 'lang=zh; token=abc123');
    expect(r.statusCode).toBe(200);
    expect(hinted(r.body)).toEqual(['assets/Layout-L.js', 'assets/antd-A.js', 'assets/NewsList-N.js', 'assets/RemoteSelect-R.css']);
    expect(r.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/RemoteSelect-R.css">');
    expect(r.body.indexOf('NewsList-N.js')).toBeLessThan(r.body.indexOf('</head>'));
    expect(r.body.replace(/<link rel="[^>]+>/g, '')).toBe(INDEX);
  });

  it('finds the view whatever the case or trailing slash, and the home page behind / and /redirect/', async () => {
    expect(hinted((await get('/page/pageItems-list/', 'token=x')).body)).toContain('assets/PageItemsList-P.js');
    expect(hinted((await get('/', 'token=x')).body)).toEqual(['assets/Layout-L.js', 'assets/antd-A.js', 'assets/Home-H.js']);
    expect(hinted((await get('/redirect/news/news-list', 'token=x')).body)).toContain('assets/NewsList-N.js');
  });

  it('names only what every signed-in screen loads for an address without a view; files and the API stay as they were', async () => {
    expect(hinted((await get('/404', 'token=x')).body)).toEqual(['assets/Layout-L.js', 'assets/antd-A.js']);
    const asset = await get('/assets/index-E.js', 'token=x');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await get('/api/nothing-here', 'token=x');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
  });
});
