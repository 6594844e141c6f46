import { expect as baseExpect, test } from '@playwright/test';
import { HOME, serverMenus, signedIn, uiLogin } from './helpers';
import { button, modal, row, toast, view } from './list-helpers';

/** Access control through the UI: a role made in the role editor, 在线用户 with 强退, 登录日志 with 解锁. */

test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });
const api = signedIn();
test.setTimeout(120_000);

const stamp = Date.now().toString(36);

test('a role made in the UI with only news permissions gives its user exactly the news menu', async ({ page, request }) => {
  const code = `e2e_news_${stamp}`;
  await page.goto('/system/role-details');
  await view(page).getByLabel('角色编码', { exact: true }).fill(code);
  await view(page).getByLabel('角色名称', { exact: true }).fill(`新闻编辑 ${stamp}`);
  await view(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: /^新闻管理$/ }) })
    .locator('.ant-tree-checkbox')
    .click();
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const roles = await api(page, '/role/getRolePage', { code, pageNumber: 1, pageSize: 10 });
  expect(roles.total).toBe(1);
  const role = await api(page, '/role/getRole', undefined, `?id=${roles.rows[0].id}`);
  expect(role.data.permissions).toContain('/news/saveNews');
  expect(role.data.permissions).not.toContain('/policy/savePolicy');

  const userName = `e2e-news-${stamp}`;
  const saved = await api(page, '/userInfo/saveUserInfo', {
    userName,
    password: 'E2e_news_1234',
    enableFlag: 1,
    roleIds: [roles.rows[0].id],
  });
  expect(saved.code).toBe(200);

  await page.context().clearCookies();
  await page.goto('/login');
  await uiLogin(page, userName, 'E2e_news_1234');
  await expect(page).toHaveURL(HOME);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.locator('.ant-menu-submenu-title', { hasText: '新闻管理' })).toBeVisible();
  await expect(sidebar.locator('.ant-menu-submenu-title')).toHaveCount(1);
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  expect((await serverMenus(request, token)).map((m) => m.url)).toEqual(['/news']);
  const policy = await request.post('/api/policy/getPolicyPage', { headers: { token }, data: {} });
  expect((await policy.json()).code).toBe(403);
});

test('强退 from 在线用户 ends that session at once', async ({ page }) => {
  const userName = `e2e-kick-${stamp}`;
  expect((await api(page, '/userInfo/saveUserInfo', { userName, password: 'E2e_kick_1234', enableFlag: 1 })).code).toBe(200);
  const login = await page.request.post('/api/login/doLogin', {
    data: { username: userName, password: 'E2e_kick_1234' },
    headers: {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    },
  });
  const victim: string = (await login.json()).data.token;

  await page.goto('/monitor/online-list');
  await view(page)
    .getByPlaceholder(/登录账号/)
    .fill(userName);
  await button(view(page), '搜索').click();
  await expect(row(page, userName)).toContainText('Chrome 120');
  await expect(row(page, userName)).toContainText('Windows 10');
  await row(page, userName)
    .getByRole('button', { name: /强\s?退/ })
    .click();
  await expect(modal(page)).toContainText(`确定强制 ${userName} 的这个会话退出登录吗?`);
  await button(modal(page), '强退').click();
  await expect(toast(page, '已强制退出 1 个会话')).toBeVisible();
  await expect(row(page, userName)).toHaveCount(0);
  const after = await page.request.post('/api/user/info', { headers: { token: victim } });
  expect((await after.json()).code).toBe(50008);
});

test('登录日志 shows a refused attempt with its reason; 解锁 from there', async ({ page }) => {
  const userName = `e2e-log-${stamp}`;
  expect((await api(page, '/userInfo/saveUserInfo', { userName, password: 'E2e_log_12345', enableFlag: 1 })).code).toBe(200);
  const bad = await page.request.post('/api/login/doLogin', { data: { username: userName, password: 'not-the-password' } });
  expect((await bad.json()).code).toBe(400);

  await page.goto('/monitor/loginlog-list');
  await view(page)
    .getByPlaceholder(/登录账号/)
    .fill(userName);
  await button(view(page), '搜索').click();
  await expect(row(page, userName)).toContainText('失败');
  await expect(row(page, userName)).toContainText('账号或密码错误');
  await row(page, userName)
    .getByRole('button', { name: /解\s?锁/ })
    .click();
  await button(modal(page), '解锁').click();
  await expect(toast(page, '账号已解锁')).toBeVisible();
  await expect(button(view(page), '导出')).toBeEnabled();
});

test('an administrator resets a password: the holder changes it first, then works with the new one', async ({ page }) => {
  const userName = `e2e-reset-${stamp}`;
  const created = await api(page, '/userInfo/saveUserInfo', { userName, password: 'E2e_first_1234', enableFlag: 1 });
  expect(created.code).toBe(200);
  expect((await api(page, '/userInfo/resetPassword', { id: created.data.id, password: 'E2e_reset_1234' })).code).toBe(200);

  await page.context().clearCookies();
  await page.goto('/login');
  await uiLogin(page, userName, 'E2e_reset_1234');
  await expect(page).toHaveURL(/\/user\/password$/);
  await expect(page.getByTestId('must-change')).toBeVisible();
  await view(page).getByLabel('原密码', { exact: true }).fill('E2e_reset_1234');
  await view(page).getByLabel('新密码', { exact: true }).fill('E2e_mine_5678');
  await view(page).getByLabel('确认新密码', { exact: true }).fill('E2e_mine_5678');
  await button(view(page), '保存').click();
  await expect(toast(page, '密码已修改，其他设备上的登录已退出')).toBeVisible();
  await expect(page).toHaveURL(HOME);
  // the old password no longer signs in, the new one does
  const old = await page.request.post('/api/login/doLogin', { data: { username: userName, password: 'E2e_reset_1234' } });
  expect((await old.json()).code).not.toBe(200);
  const fresh = await page.request.post('/api/login/doLogin', { data: { username: userName, password: 'E2e_mine_5678' } });
  expect((await fresh.json()).code).toBe(200);
});
