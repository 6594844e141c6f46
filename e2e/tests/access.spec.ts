import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { HOME, serverMenus, signedIn, uiLogin } from './helpers';
import {
  button,
  dataRows,
  expectTotal,
  label,
  listLoaded,
  modal,
  openSelect,
  optionOf,
  permissionBox,
  permissionName,
  pickOption,
  readXlsx,
  reply,
  row,
  toast,
  view,
} from './list-helpers';

/**
 * Access control through the UI (issue 12): a role made in the role editor, accounts with roles, a removed
 * button, 在线用户 with 强退, 登录日志 with 解锁 and 导出, an administrator's password reset, the own password
 * change, 个人中心 and 菜单设置.
 */

test.describe.configure({ mode: 'serial' });
const api = signedIn();

const stamp = Date.now().toString(36);
const FORBIDDEN = { code: 403, msg: '没有权限执行此操作' };
const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** the permission tree's node with this title, and its checkbox */
const treeNode = (page: Page, title: string) => view(page).getByRole('treeitem', { name: permissionName(title) });
const checkbox = permissionBox;
/** the sidebar's groups: the menu items that open a submenu */
const menuGroups = (sidebar: Locator) =>
  sidebar.getByRole('menuitem', { expanded: false }).or(sidebar.getByRole('menuitem', { expanded: true }));

/** A browser of its own for another person, signed in through the login form. */
async function signInElsewhere(browser: Browser, userName: string, password: string) {
  const context = await browser.newContext({ userAgent: CHROME_WIN });
  const page = await context.newPage();
  await page.goto('/login');
  await uiLogin(page, userName, password);
  return { context, page };
}

const tokenOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'token')!.value;

test('a role made in the UI with only news permissions: exactly the news menu and calls; a removed button goes at once', async ({
  page,
  browser,
}) => {
  const code = `e2e_news_${stamp}`;
  const roleName = `新闻编辑${stamp}`;
  await page.goto('/system/role-details');
  await view(page).getByLabel('角色编码', { exact: true }).fill(code);
  await view(page).getByLabel('角色名称', { exact: true }).fill(roleName);

  // the tree: every menu with its buttons; collapse / expand all, select all / none
  await expect(treeNode(page, '删除新闻')).toBeVisible();
  await button(view(page), '收起全部').click();
  await expect(treeNode(page, '删除新闻')).toHaveCount(0);
  await expect(treeNode(page, '新闻管理')).toBeVisible();
  await button(view(page), '展开全部').click();
  await expect(treeNode(page, '删除新闻')).toBeVisible();
  await button(view(page), '全选').click();
  await expect(checkbox(page, '角色管理')).toBeChecked();
  await expect(checkbox(page, '政策公告')).toBeChecked();
  await button(view(page), '全不选').click();
  await expect(view(page).getByRole('tree').getByRole('checkbox', { checked: true })).toHaveCount(0);

  // all of 新闻管理 but 保存新闻类型: the parent shows half-checked
  await checkbox(page, '新闻管理').click();
  await expect(checkbox(page, '删除新闻')).toBeChecked();
  await checkbox(page, '保存新闻类型').click();
  await expect(checkbox(page, '新闻管理')).toBeChecked({ indeterminate: true });
  await expect(checkbox(page, '新闻列表')).toBeChecked();
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();

  // the role list: code, name, sort, enabled, users holding it, created; searched by code
  await expect(page).toHaveURL(/\/system\/role-list/);
  await view(page)
    .getByPlaceholder(/角色编码/)
    .fill(code);
  await button(view(page), '搜索').click();
  const roleRow = row(page, code);
  await expect(roleRow).toContainText(roleName);
  await expect(roleRow.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(roleRow.locator('td').filter({ hasText: /^0$/ })).toHaveCount(2); // sort 0, no users yet
  await expect(roleRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  const roles = await api(page, '/role/getRolePage', { code, pageNumber: 1, pageSize: 10 });
  const roleId: number = roles.rows[0].id;
  const held: string[] = (await api(page, '/role/getRole', undefined, `?id=${roleId}`)).data.permissions;
  expect(held).toContain('/news/delNews');
  expect(held).not.toContain('/news/saveNewsType');
  expect(held.filter((k) => !k.startsWith('/news/') && !k.startsWith('menu:News'))).toEqual([]);

  // an account with that role, made in the user dialog; the list shows and filters by role
  const userName = `e2e-news-${stamp}`;
  await page.goto('/userInfo/userInfo-list');
  await listLoaded(page);
  await button(view(page), '新增').click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await dialog.getByLabel('用户名').fill(userName);
  await dialog.getByLabel('密码').fill('E2e_news_1234');
  await pickOption(page, dialog.getByLabel('角色'), roleName);
  // a multiple select stays open: close it by clicking the dialog's title
  await dialog.getByText('新增', { exact: true }).click();
  await expect(dialog.getByLabel('角色')).toHaveAttribute('aria-expanded', 'false');
  await button(dialog, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await pickOption(page, view(page).getByLabel('角色'), roleName);
  await button(view(page), '搜索').click();
  await expect(dataRows(page)).toHaveCount(1);
  await expect(row(page, userName)).toContainText(roleName);
  await page.goto(`/system/role-list?code=${code}`);
  await expect(row(page, code).locator('td').filter({ hasText: /^1$/ })).toHaveCount(1);

  // the holder sees exactly the news menu; every other module's call answers 403
  const user = await signInElsewhere(browser, userName, 'E2e_news_1234');
  await expect(user.page).toHaveURL(HOME);
  const sidebar = user.page.getByTestId('sidebar');
  await expect(sidebar.getByRole('menuitem', { name: label('新闻管理') })).toBeVisible();
  await expect(menuGroups(sidebar)).toHaveCount(1);
  const token = await tokenOf(user.page);
  expect((await serverMenus(user.page.request, token)).map((m) => m.url)).toEqual(['/news']);
  for (const path of [
    '/policy/getPolicyPage',
    '/policy/savePolicy',
    '/banner/getBannerPage',
    '/userInfo/getUserInfoPage',
    '/role/getRolePage',
    '/role/saveRole',
    '/monitor/getOnlinePage',
    '/monitor/getLoginLogPage',
    '/news/saveNewsType',
  ]) {
    const r = await user.page.request.post(`/api${path}`, { headers: { token }, data: {} });
    expect([path, await r.json()]).toEqual([path, FORBIDDEN]);
  }
  expect((await (await user.page.request.post('/api/news/getNewsList', { headers: { token }, data: {} })).json()).code).toBe(200);

  // without 保存新闻类型, 编辑 and 新增 of a news type are disabled and say why (one look for a missing permission)
  await user.page.goto('/news/news-type');
  await listLoaded(user.page);
  await expect(button(view(user.page), '新增')).toBeDisabled();
  const edit = button(dataRows(user.page).first(), '编辑');
  await expect(edit).toBeDisabled();
  await edit.locator('xpath=..').hover();
  await expect(user.page.getByRole('tooltip')).toHaveText('没有保存权限，请联系管理员分配');

  // the news list offers 删除; the administrator removes that button in the role editor
  await user.page.goto('/news/news-list');
  await listLoaded(user.page);
  await expect(button(view(user.page), '删除')).toBeVisible();
  await page.goto(`/system/role-details?id=${roleId}`);
  await expect(checkbox(page, '删除新闻')).toBeChecked();
  await checkbox(page, '删除新闻').click();
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();

  // at once: the call is refused, and the next reply the screen gets hides the button (no reload)
  const refused = await user.page.request.post('/api/news/delNews', { headers: { token }, data: [1] });
  expect(await refused.json()).toEqual(FORBIDDEN);
  const listed = reply(user.page, /\/api\/news\/getNewsList/);
  await button(view(user.page), '搜索').click();
  await listed;
  await expect(button(view(user.page), '删除')).toBeDisabled();
  await expect(button(view(user.page), '新增')).toBeEnabled();
  await user.context.close();
});

test('强退 from 在线用户 ends that session at once', async ({ page }) => {
  const userName = `e2e-kick-${stamp}`;
  expect((await api(page, '/userInfo/saveUserInfo', { userName, password: 'E2e_kick_1234', enableFlag: 1 })).code).toBe(200);
  const login = await page.request.post('/api/login/doLogin', {
    data: { username: userName, password: 'E2e_kick_1234' },
    headers: { 'user-agent': CHROME_WIN },
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
  await expect(modal(page)).toContainText(`确定强制 ${userName} 的这个会话退出登录吗？`);
  await button(modal(page), '强退').click();
  await expect(toast(page, '已强制退出 1 个会话')).toBeVisible();
  await expect(row(page, userName)).toHaveCount(0);
  const after = await page.request.post('/api/user/info', { headers: { token: victim } });
  expect((await after.json()).code).toBe(50008);
});

test('登录日志: a locked account shows its refused attempts; 解锁 from there lets it in; 导出 writes the filtered rows', async ({
  page,
}) => {
  const userName = `e2e-log-${stamp}`;
  expect((await api(page, '/userInfo/saveUserInfo', { userName, password: 'E2e_log_12345', enableFlag: 1 })).code).toBe(200);
  const attempt = async (password: string) =>
    (await (await page.request.post('/api/login/doLogin', { data: { username: userName, password } })).json()) as {
      code: number;
      msg: string;
    };
  for (let i = 0; i < 5; i++) expect((await attempt('not-the-password')).code).toBe(400);
  expect(await attempt('E2e_log_12345')).toEqual({ code: 429, msg: '登录失败次数过多，请 15 分钟后再试' });

  await page.goto('/monitor/loginlog-list');
  await view(page)
    .getByPlaceholder(/登录账号/)
    .fill(userName);
  await pickOption(page, view(page).getByLabel('登录结果'), '失败');
  await button(view(page), '搜索').click();
  await expectTotal(page, 6);
  await expect(row(page, '账号或密码错误')).toHaveCount(5);
  await expect(row(page, '登录失败次数过多，账号已锁定')).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), button(view(page), '导出').click()]);
  expect(download.suggestedFilename()).toMatch(/^登录日志_\d{8}_\d{6}\.xlsx$/);
  const file = Buffer.concat(await (await download.createReadStream()).toArray());
  const xlsx = readXlsx(file);
  expect(xlsx.texts).toContain('登录结果');
  expect(xlsx.rows).toBe(6 + 1);
  expect(xlsx.texts.filter((t) => t === userName)).toHaveLength(6);

  // the rows of the locked account carry 已锁定 and 登录日志's own 解锁 (issue 25)
  await expect(row(page, '登录失败次数过多').getByText('已锁定', { exact: true })).toBeVisible();
  await row(page, '登录失败次数过多')
    .getByRole('button', { name: /解\s?锁/ })
    .click();
  await button(modal(page), '解锁').click();
  await expect(toast(page, '已解锁 1 个账号')).toBeVisible();
  expect((await attempt('E2e_log_12345')).code).toBe(200);
  // unlocked: 已锁定 and 解锁 are gone from its rows
  await expect(row(page, '登录失败次数过多').getByText('已锁定', { exact: true })).toHaveCount(0);
  await expect(row(page, '登录失败次数过多').getByRole('button', { name: /解\s?锁/ })).toHaveCount(0);
});

test('an administrator resets a password in the user list: the holder must change it first, then works with their own', async ({
  page,
}) => {
  const userName = `e2e-reset-${stamp}`;
  expect((await api(page, '/userInfo/saveUserInfo', { userName, password: 'E2e_first_1234', enableFlag: 1 })).code).toBe(200);
  await page.goto('/userInfo/userInfo-list');
  await view(page).getByPlaceholder('请输入用户名').fill(userName);
  await button(view(page), '搜索').click();
  await button(row(page, userName), '重置密码').click();
  const dialog = modal(page);
  await expect(dialog).toContainText(userName);
  await dialog.getByLabel('密码', { exact: true }).fill('short');
  await button(dialog, '保存').click();
  await expect(dialog.getByText('密码不得少于8位')).toBeVisible();
  await dialog.getByLabel('密码', { exact: true }).fill('E2e_reset_1234');
  // the new password typed twice; a mismatch is caught before anything is sent
  await dialog.getByLabel('确认密码').fill('E2e_reset_123');
  await button(dialog, '保存').click();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('E2e_reset_1234');
  await button(dialog, '保存').click();
  await expect(toast(page, '密码已重置，该用户下次登录时须修改密码')).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/login');
  await uiLogin(page, userName, 'E2e_reset_1234');
  await expect(page).toHaveURL(/\/user\/password$/);
  await expect(page.getByTestId('must-change')).toBeVisible();
  // nothing else answers until the password is changed
  const blocked = await page.request.post('/api/news/getNewsList', { headers: { token: await tokenOf(page) }, data: {} });
  expect(await blocked.json()).toEqual({ code: 403, msg: '管理员重置了您的密码，请先修改密码' });
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

test('个人中心 and 修改密码 from the navbar: own name and roles, latest logins; a new password ends the other sessions', async ({
  page,
  browser,
}) => {
  const userName = `e2e-self-${stamp}`;
  expect((await api(page, '/userInfo/saveUserInfo', { userName, password: 'E2e_self_1234', enableFlag: 1 })).code).toBe(200);
  const elsewhere = await page.request.post('/api/login/doLogin', { data: { username: userName, password: 'E2e_self_1234' } });
  const otherToken: string = (await elsewhere.json()).data.token;

  const user = await signInElsewhere(browser, userName, 'E2e_self_1234');
  await expect(user.page).toHaveURL(HOME);
  await user.page.getByTestId('user-menu').click();
  await user.page.getByRole('link', { name: '个人中心' }).click();
  await expect(user.page).toHaveURL(/\/user\/profile$/);
  await expect(view(user.page)).toContainText('内容编辑');
  // the latest sign-ins: the table with a 浏览器 column (the profile's own details are a table too)
  const logins = view(user.page)
    .getByRole('table')
    .filter({ has: user.page.getByRole('columnheader', { name: '浏览器' }) })
    .getByRole('row')
    .filter({ has: user.page.getByRole('cell') });
  await expect(logins.first()).toContainText('Chrome 120');
  await expect(logins.first()).toContainText('成功');
  await view(user.page).getByLabel('姓名').fill(`自己${stamp}`);
  await button(view(user.page), '保存').click();
  await expect(toast(user.page, '保存成功')).toBeVisible();
  await expect(user.page.getByTestId('user-name')).toHaveText(`自己${stamp}`);

  await user.page.getByTestId('user-menu').click();
  await user.page.getByRole('link', { name: '修改密码' }).click();
  await expect(user.page).toHaveURL(/\/user\/password$/);
  await view(user.page).getByLabel('原密码', { exact: true }).fill('wrong-password-1');
  await view(user.page).getByLabel('新密码', { exact: true }).fill('E2e_self_5678');
  await view(user.page).getByLabel('确认新密码', { exact: true }).fill('E2e_self_5678');
  await button(view(user.page), '保存').click();
  await expect(toast(user.page, '原密码不正确')).toBeVisible();
  await view(user.page).getByLabel('原密码', { exact: true }).fill('E2e_self_1234');
  await button(view(user.page), '保存').click();
  await expect(toast(user.page, '密码已修改，其他设备上的登录已退出')).toBeVisible();

  // the other session is over; this one goes on
  const other = await page.request.post('/api/user/info', { headers: { token: otherToken } });
  expect((await other.json()).code).toBe(50008);
  const own = await user.page.request.post('/api/user/info', { headers: { token: await tokenOf(user.page) } });
  expect((await own.json()).code).toBe(200);
  await user.context.close();
});

test('菜单设置: rename, re-icon, reorder and hide entries; the sidebar follows; 恢复默认 brings them back', async ({ page }) => {
  await page.goto('/system/menu-settings');
  const sidebar = page.getByTestId('sidebar');
  const entry = (title: string) =>
    view(page)
      .getByRole('row')
      .filter({ has: page.getByLabel(`菜单名称 ${title}`, { exact: true }) });
  const system = entry('系统管理');
  await expect(system).toBeVisible();
  await system.getByLabel('菜单名称 系统管理', { exact: true }).fill(`系统设置${stamp}`);
  const icons = await openSelect(page, system.getByRole('combobox', { name: '图标 系统管理' }));
  await page.keyboard.type('ReadOutlined');
  await optionOf(icons, 'ReadOutlined').click();
  await system.getByRole('spinbutton', { name: '排序 系统管理' }).fill('0');
  await button(system, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const group = menuGroups(sidebar).first();
  await expect(group).toContainText(`系统设置${stamp}`);
  await expect(group.getByRole('img', { name: 'read' })).toBeVisible();

  const webhook = entry('Webhook');
  await expect(sidebar.locator('a[href="/webhook/webhook-list"]')).toBeVisible();
  await webhook.getByRole('switch', { name: '隐藏 Webhook' }).click();
  await button(webhook, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(sidebar.locator('a[href="/webhook/webhook-list"]')).toHaveCount(0);

  await button(webhook, '恢复默认').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await button(system, '恢复默认').click();
  await expect(sidebar.locator('a[href="/webhook/webhook-list"]')).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: label('系统管理') })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: new RegExp(`系统设置${stamp}`) })).toHaveCount(0);
});
