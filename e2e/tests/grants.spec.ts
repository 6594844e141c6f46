import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, ADMIN_PASSWORD, signedIn, signInAs as signIn } from './helpers';
import { button, permissionBox as checkbox, dataRows, listLoaded, openSelect, optionOf, toast, view } from './list-helpers';

/**
 * Who may grant what (issue 21): an account holding only 用户管理, and one holding only 角色管理, are offered no
 * role and no permission beyond their own, and a call forged from their page to climb is refused.
 */

test.describe.configure({ mode: 'serial' });
const api = signedIn();

const stamp = Date.now().toString(36);
const PW = 'E2e_grants_123';

const USER_KEYS = [
  'menu:UserInfoList',
  '/userInfo/saveUserInfo',
  '/userInfo/delUserInfo',
  '/userInfo/upUserInfoFlag',
  '/userInfo/resetPassword',
  '/userInfo/unlock',
];
const ROLE_KEYS = ['menu:RoleList', 'menu:MenuSettings', '/role/saveRole', '/role/delRole', '/role/upRoleFlag', '/role/saveMenuSetting'];

const signInAs = (browser: Browser, baseURL: string, userName: string) => signIn(browser, baseURL, userName, PW);

/** A POST sent by the page itself (what a user could type into the console), with the page's session. */
const forged = (page: Page, path: string, body: unknown, token: string) =>
  page.evaluate(
    async ([p, b, tk]) => {
      const r = await fetch(`/api${p}`, {
        method: 'POST',
        headers: { token: tk, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return r.json();
    },
    [path, body, token] as const,
  );

const roles: Record<string, { id: number; name: string }> = {};

test.beforeEach(async ({ page }) => {
  if (roles.user_mgr) return;
  for (const [code, name, permissions] of [
    ['user_mgr', `用户管理员${stamp}`, USER_KEYS],
    ['role_mgr', `角色管理员${stamp}`, ROLE_KEYS],
  ] as const) {
    const r = await api(page, '/role/saveRole', { code: `${code}_${stamp}`, name, permissions });
    expect(r.code).toBe(200);
    roles[code] = { id: r.data.id, name };
  }
  const list = await api(page, '/role/getRoleList');
  for (const r of list.rows as { id: number; code: string; name: string }[]) if (!roles[r.code]) roles[r.code] = { id: r.id, name: r.name };
  for (const [userName, role] of [
    [`umgr-${stamp}`, 'user_mgr'],
    [`rmgr-${stamp}`, 'role_mgr'],
  ]) {
    const r = await api(page, '/userInfo/saveUserInfo', { userName, password: PW, enableFlag: 1, roleIds: [roles[role].id] });
    expect(r.code).toBe(200);
  }
});

test('用户管理 alone: the role picker offers no role beyond it, and a forged climb to admin is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await signInAs(browser, baseURL!, `umgr-${stamp}`);
  await user.page.goto('/userInfo/userInfo-list');
  await listLoaded(user.page);
  await button(view(user.page), '新增').click();
  const dialog = user.page.getByRole('dialog', { name: '新增' });
  const offered = await openSelect(user.page, dialog.getByLabel('角色'));
  // its own role is offered; the administrator and 内容编辑 (content it lacks) are not
  await expect(optionOf(offered, roles.user_mgr.name)).toBeVisible();
  await expect(optionOf(offered, roles.admin.name)).toHaveCount(0);
  await expect(optionOf(offered, roles.editor.name)).toHaveCount(0);
  await expect(optionOf(offered, roles.role_mgr.name)).toHaveCount(0);
  // a multiple select stays open: close it by clicking the dialog's title
  await dialog.getByText('新增', { exact: true }).click();
  await button(dialog, '取消').click();

  // the administrator's row offers no write, and says why; its own row does
  const userRow = (name: string) => dataRows(user.page).filter({ has: user.page.getByRole('cell', { name, exact: true }) });
  const search = async (name: string) => {
    await view(user.page).getByRole('search').getByLabel('用户名', { exact: true }).fill(name);
    await button(view(user.page), '搜索').click();
    await expect(userRow(name)).toBeVisible();
  };
  await search(ADMIN);
  const adminRow = userRow(ADMIN);
  await expect(button(adminRow, '重置密码')).toBeDisabled();
  await expect(button(adminRow, '编辑')).toBeDisabled();
  await expect(adminRow.getByRole('switch')).toBeDisabled();
  await adminRow.locator('.gk-tooltip-wrap').filter({ hasText: '重置密码' }).hover();
  await expect(user.page.getByRole('tooltip').filter({ visible: true })).toHaveText(
    '只有超级管理员可以修改、重置、停用、解锁或删除超级管理员账号“admin”',
  );
  await search(`umgr-${stamp}`);
  await expect(button(userRow(`umgr-${stamp}`), '重置密码')).toBeEnabled();

  // the same climbs sent from the page are refused and change nothing
  const climber = `climber-${stamp}`;
  expect(
    await forged(
      user.page,
      '/userInfo/saveUserInfo',
      { userName: climber, password: PW, enableFlag: 1, roleIds: [roles.admin.id] },
      user.token,
    ),
  ).toEqual({ code: 403, msg: `不能分配角色“${roles.admin.name}”：它拥有您没有的权限` });
  const admin = (await api(page, '/userInfo/getUserInfoPage', { userName: ADMIN })).rows.find(
    (r: { userName: string }) => r.userName === ADMIN,
  );
  expect(await forged(user.page, '/userInfo/resetPassword', { id: admin.id, password: 'Climbed_pass_1' }, user.token)).toEqual({
    code: 403,
    msg: '只有超级管理员可以修改、重置、停用、解锁或删除超级管理员账号“admin”',
  });
  expect(await forged(user.page, `/userInfo/upUserInfoFlag?id=${admin.id}&flag=0`, {}, user.token)).toMatchObject({ code: 403 });
  expect((await api(page, '/userInfo/getUserInfoPage', { userName: climber })).total).toBe(0);
  const login = await page.request.post('/api/login/doLogin', { data: { username: ADMIN, password: ADMIN_PASSWORD } });
  expect((await login.json()).code).toBe(200);
  await user.context.close();
});

test('角色管理 alone: the tree greys what it lacks, its own role is read-only, and a forged write into it is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await signInAs(browser, baseURL!, `rmgr-${stamp}`);
  await user.page.goto('/system/role-details');
  await expect(checkbox(user.page, '删除新闻')).toBeVisible();
  await expect(view(user.page)).toContainText('灰色的权限您自己没有，不能授予');
  for (const title of ['用户管理', '用户列表', '重置密码', '删除新闻', 'Webhook']) {
    await expect(checkbox(user.page, title)).toBeDisabled();
  }
  await expect(checkbox(user.page, '角色管理')).toBeEnabled();
  // 全选 takes only what it holds
  await button(view(user.page), '全选').click();
  await expect(checkbox(user.page, '角色管理')).toBeChecked();
  await expect(checkbox(user.page, '保存角色')).toBeChecked();
  await expect(checkbox(user.page, '用户列表')).not.toBeChecked();
  await expect(checkbox(user.page, '重置密码')).not.toBeChecked();

  // its own role: shown, not changeable, and says why
  await user.page.goto(`/system/role-details?id=${roles.role_mgr.id}`);
  await expect(user.page.getByTestId('role-locked')).toHaveText(`不能修改您自己所属的角色“${roles.role_mgr.name}”`);
  await expect(button(view(user.page), '保存')).toBeDisabled();
  await expect(checkbox(user.page, '角色管理')).toBeDisabled();
  // the administrator role too
  await user.page.goto(`/system/role-details?id=${roles.admin.id}`);
  await expect(view(user.page)).toContainText('超级管理员拥有全部权限');
  await expect(button(view(user.page), '保存')).toBeDisabled();

  // every key written into its own role from the page: refused, nothing changed
  const tree = await api(page, '/role/getPermissionTree');
  const every: string[] = [];
  const walk = (nodes: { key: string; children?: unknown[] }[]) => {
    for (const n of nodes) {
      every.push(n.key);
      if (n.children) walk(n.children as { key: string; children?: unknown[] }[]);
    }
  };
  walk(tree.data);
  const code = `role_mgr_${stamp}`;
  expect(
    await forged(user.page, '/role/saveRole', { id: roles.role_mgr.id, code, name: roles.role_mgr.name, permissions: every }, user.token),
  ).toEqual({ code: 403, msg: `不能修改您自己所属的角色“${roles.role_mgr.name}”` });
  expect(await forged(user.page, '/role/saveRole', { code: `climb_${stamp}`, name: '登天', permissions: every }, user.token)).toEqual({
    code: 403,
    msg: '不能授予您自己没有的权限：轮播图列表',
  });
  const held: string[] = (await api(page, '/role/getRole', undefined, `?id=${roles.role_mgr.id}`)).data.permissions;
  expect([...held].sort()).toEqual([...ROLE_KEYS].sort());
  expect((await api(page, '/role/getRolePage', { code: `climb_${stamp}` })).total).toBe(0);

  // a role within its grants is saved from the screen
  await user.page.goto('/system/role-details');
  await view(user.page).getByLabel('角色编码', { exact: true }).fill(`sub_${stamp}`);
  await view(user.page).getByLabel('角色名称', { exact: true }).fill(`子角色${stamp}`);
  await checkbox(user.page, '角色管理').click();
  await button(view(user.page), '保存').click();
  await expect(toast(user.page, '保存成功')).toBeVisible();

  // menu settings: an entry it does not hold cannot be changed
  await user.page.goto('/system/menu-settings');
  const entry = (title: string) =>
    view(user.page)
      .getByRole('row')
      .filter({ has: user.page.getByLabel(`菜单名称 ${title}`, { exact: true }) });
  await expect(entry('用户列表').getByLabel('菜单名称 用户列表', { exact: true })).toBeDisabled();
  await expect(button(entry('用户列表'), '保存')).toBeDisabled();
  await expect(button(entry('菜单设置'), '保存')).toBeEnabled();
  await user.context.close();
});
