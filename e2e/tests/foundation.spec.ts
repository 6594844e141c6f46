import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

test('the server serves the SPA with its title on any deep URL', async ({ page }) => {
  const res = await page.goto('/news/news-list');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/终端客户资源管理系统/);
});

test('the API answers a login through the same process', async ({ request }) => {
  const r = await request.post('/api/login/doLogin', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  const body = await r.json();
  expect(body.code).toBe(200);
  expect(body.msg).toBe('登录成功');
  const info = await request.post('/api/user/info', { headers: { token: body.data.token } });
  expect((await info.json()).data.roles).toEqual(['admin']);
});
