import http from 'node:http';
import { SITE_PORT } from '../playwright.config';

/**
 * A website of its own, on another origin (PREVIEW_URL_NEWS points here): `/news/{id}?preview={token}` is a page
 * whose script reads the news from the CMS's delivery API with that token, as a real site's preview route would,
 * and shows its title (`h1`) or the API's message (`.error`). Start it in a test file's beforeAll, close it after.
 */
export async function startSite(apiOrigin: string): Promise<{ close: () => Promise<void>; origin: string }> {
  const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>官网预览</title></head><body>
<header>华通物流官网</header><main><h1>加载中</h1><p class="summary"></p></main>
<script>
const id = location.pathname.split('/').pop();
const token = new URLSearchParams(location.search).get('preview');
fetch(${JSON.stringify(apiOrigin)} + '/public/v1/news/' + id + '?preview=' + encodeURIComponent(token))
  .then((r) => r.json().then((body) => ({ status: r.status, cache: r.headers.get('cache-control'), body })))
  .then(({ status, cache, body }) => {
    document.body.dataset.status = String(status);
    document.body.dataset.cache = String(cache);
    if (status !== 200) { document.querySelector('h1').textContent = ''; document.querySelector('main').insertAdjacentHTML('beforeend', '<p class="error"></p>'); document.querySelector('.error').textContent = body.msg; return; }
    document.querySelector('h1').textContent = body.data.title;
    document.querySelector('.summary').textContent = body.data.summary || '';
  });
</script></body></html>`;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/news/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SITE_PORT, '127.0.0.1', () => resolve());
  });
  return {
    origin: `http://127.0.0.1:${SITE_PORT}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
