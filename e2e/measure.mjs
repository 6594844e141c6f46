import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
const page = await ctx.newPage();
const base = 'http://127.0.0.1:5401';
const r = await page.request.post(base + '/api/login/doLogin', { data: { username: 'admin', password: 'Admin_e2e_2026' } });
const token = (await r.json()).data.token;
await ctx.addCookies([{ name: 'token', value: token, url: base }]);
for (const path of (process.argv[2] ?? '/news/news-list').split(',')) {
  await page.goto(base + path);
  await page.locator('.ant-pagination-total-text').first().waitFor();
  await page.waitForTimeout(500);
  const info = await page.evaluate(() => {
    const v = document.querySelector('.gk-view:not([hidden])');
    const ths = [...v.querySelectorAll('.gk-list .ant-table-thead th')].map((th) => `${th.textContent.trim()}:${Math.round(th.getBoundingClientRect().width)}`);
    const body = v.querySelector('.ant-table-content, .ant-table-body');
    return { ths, scroll: body?.scrollWidth, client: body?.clientWidth };
  });
  console.log(path, JSON.stringify(info));
  await page.screenshot({ path: `/tmp/tidy-${path.split('/').pop()}.png` });
}
await b.close();
