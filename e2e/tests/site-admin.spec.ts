import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, expectTotal, listTotal, modal, pickOption, pngFile, row, selectRow, toast, view } from './list-helpers';

/**
 * Friendly links, users, contacts and the company profile, waybill templates: the shared list / dialog /
 * detail components configured per screen (SPEC point 2).
 */

test.describe.configure({ mode: 'serial' });

const api = signedIn();

/** Deletes with the confirmation dialog and expects 删除成功. */
async function confirmDelete(page: Page) {
  await button(view(page), '删除').click();
  const confirm = modal(page);
  await expect(confirm).toContainText('确认删除？');
  await button(confirm, '删除').click();
  await expect(toast(page, '删除成功')).toBeVisible();
}

test('friendly links: dialog create and edit, search, enable switch, delete at least one', async ({ page }) => {
  const name = `端到端链接${Date.now()}`;
  await page.goto('/link/link-list');
  await expectTotal(page, 6);

  await button(view(page), '新增').click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('名称').fill('   ');
  await button(dialog, '保存').click();
  await expect(dialog.getByText('名称不得为空')).toBeVisible();
  await expect(dialog.getByText('链接地址不得为空')).toBeVisible();
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('链接地址').fill('www.example.com');
  await dialog.getByLabel('链接地址').blur();
  await expect(dialog.getByText('链接地址格式不正确')).toBeVisible();
  await dialog.getByLabel('链接地址').fill('https://www.example.com/e2e');
  await dialog.getByLabel('排序').fill('99');
  await expect(dialog.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await button(dialog, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectTotal(page, 7);

  // search by name and by the enabled flag
  await view(page).getByPlaceholder('请输入名称').fill(name);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await expect(row(page, name)).toContainText('https://www.example.com/e2e');

  await button(row(page, name), '编辑').click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('名称')).toHaveValue(name);
  await edit.getByLabel('链接地址').fill('https://www.example.com/e2e-2');
  await button(edit, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(row(page, name)).toContainText('https://www.example.com/e2e-2');

  // the switch calls upLinkFlag at once
  const flag = row(page, name).getByRole('switch');
  await flag.click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(flag).toHaveAttribute('aria-checked', 'false');
  const stored = await api(page, '/headerContorller/getLinkPage', { name, pageNumber: 1, pageSize: 10 });
  expect(stored.rows[0]).toMatchObject({ enableFlag: 0, url: 'https://www.example.com/e2e-2' });

  await button(view(page), '重置').click();
  await expectTotal(page, 7);
  await button(view(page), '删除').click();
  await expect(toast(page, '请选择要删除的数据')).toBeVisible();
  await selectRow(page, name);
  await confirmDelete(page);
  await expectTotal(page, 6);
});

test('users: add with the password rules, view password, edit keeping it, switch and delete refusals', async ({ page, request }) => {
  const userName = `e2euser${Date.now() % 100000}`;
  await page.goto('/userInfo/userInfo-list');
  // other specs leave accounts behind: count from what the list holds now
  const base = await listTotal(page);

  await button(view(page), '新增').click();
  const dialog = modal(page);
  await dialog.getByLabel('用户名').fill(userName);
  await button(dialog, '保存').click();
  await expect(dialog.getByText('密码不得为空')).toBeVisible();
  // Chinese characters never reach the field
  await dialog.getByLabel('密码').pressSequentially('Pass_中文2026x');
  await expect(dialog.getByLabel('密码')).toHaveValue('Pass_2026x');
  // an account needs a role it can use
  await button(dialog, '保存').click();
  await expect(dialog.getByText('请至少选择一个角色')).toBeVisible();
  await pickOption(page, dialog.getByLabel('角色'), '内容编辑');
  // a multiple select stays open: close it by clicking the dialog's title
  await dialog.getByText('新增', { exact: true }).click();
  await expect(dialog.getByLabel('角色')).toHaveAttribute('aria-expanded', 'false');
  await button(dialog, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectTotal(page, base + 1);

  // search by name
  await view(page).getByPlaceholder('请输入用户名').fill(userName);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);

  // 查看密码: the server's answer, never the password
  await button(row(page, userName), '查看密码').click();
  const info = modal(page);
  await expect(info).toContainText('密码已加密保存，无法查看');
  await button(info, '确定').click();

  // edit: an empty password keeps the old one (the placeholder says so); more than 30 is refused
  await button(row(page, userName), '编辑').click();
  const edit = modal(page);
  await expect(edit.getByLabel('密码')).toHaveAttribute('placeholder', '留空则保留原密码');
  await edit.getByLabel('密码').fill('a'.repeat(31));
  await edit.getByLabel('密码').blur();
  await expect(edit.getByText('密码不得超过30位')).toBeVisible();
  await edit.getByLabel('密码').fill('');
  await edit.getByLabel('用户名').fill(`${userName}b`);
  await button(edit, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const login = await request.post('/api/login/doLogin', { data: { username: `${userName}b`, password: 'Pass_2026x' } });
  expect((await login.json()).code).toBe(200);

  // switch: off for the new user; the server refuses it for yourself and the list reloads
  await button(view(page), '重置').click();
  await expectTotal(page, base + 1);
  const flag = row(page, `${userName}b`).getByRole('switch');
  await flag.click();
  // a switch that takes rights away asks first
  await expect(modal(page)).toContainText(`确认要停用“${userName}b”用户吗？`);
  await button(modal(page), '确定').click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(flag).toHaveAttribute('aria-checked', 'false');
  // your own account's switch is disabled, and says why
  const self = row(page, '超级管理员').getByRole('switch');
  await expect(self).toBeDisabled();
  await expect(self).toHaveAttribute('aria-checked', 'true');

  // delete: yourself is refused, the new user goes
  await selectRow(page, `${userName}b`);
  await selectRow(page, '超级管理员');
  await button(view(page), '删除').click();
  await button(modal(page), '删除').click();
  await expect(toast(page, '不能删除或停用当前登录的账号')).toBeVisible();
  await expectTotal(page, base + 1);
  await row(page, '超级管理员').getByRole('checkbox').uncheck();
  await confirmDelete(page);
  await expectTotal(page, base);
});

test('contacts: create with four picture slots, one live contact, edit, delete', async ({ page }) => {
  const organizers = `端到端主办单位${Date.now()}`;
  await page.goto('/contact/contact-list');
  await expectTotal(page, 1);
  const live = (await api(page, '/headerContorller/getContactPage', { pageNumber: 1, pageSize: 10 })).rows[0];

  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/contact\/contact-details$/);
  await expect(view(page).getByRole('heading', { name: '新增联系方式' })).toBeVisible();
  await button(view(page), '保存').click();
  await expect(view(page).getByText('主办单位不得为空')).toBeVisible();
  await expect(view(page).getByText('地址不得为空')).toBeVisible();
  await expect(view(page).getByText('电话不得为空')).toBeVisible();
  await view(page).getByLabel('主办单位', { exact: true }).fill(organizers);
  await view(page).getByLabel('地址', { exact: true }).fill('上海市浦东新区测试路1号');
  await view(page).getByLabel('电话', { exact: true }).fill('1'.repeat(31));
  await view(page).getByLabel('电话', { exact: true }).blur();
  await expect(view(page).getByText('电话不得超过30位')).toBeVisible();
  await view(page).getByLabel('电话', { exact: true }).fill('021-12345678');
  await view(page).getByLabel('备案号', { exact: true }).fill('沪ICP备00000000号');
  for (const field of ['img', 'pngLogo', 'jpgLogo', 'iconImg']) {
    await expect(view(page).locator(`.gk-image-slot[data-field="${field}"]`)).toHaveAttribute('data-state', 'empty');
  }
  const qr = view(page).locator('.gk-image-slot[data-field="img"]');
  await qr.locator('input[type=file]').setInputFiles(pngFile('qr.png'));
  await expect(qr).toHaveAttribute('data-state', 'pending');

  // an upload failure on this page says 上传失败，请重试
  await page.route('**/api/upload/upload', (r) => r.fulfill({ json: { code: 500, msg: '存储不可用', message: '存储不可用' } }));
  await button(view(page), '保存').click();
  await expect(toast(page, '上传失败，请重试')).toBeVisible();
  await expect(page).toHaveURL(/\/contact\/contact-details$/);
  await page.unroute('**/api/upload/upload');

  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/contact\/contact-list(\?.*)?$/);
  await expectTotal(page, 2);

  await view(page).getByPlaceholder('请输入主办单位').fill(organizers);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await button(row(page, organizers), '查看详情').click();
  await expect(page).toHaveURL(/\/contact\/contact-details\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(qr).toHaveAttribute('data-state', 'stored');
  await view(page).getByLabel('地址', { exact: true }).fill('上海市浦东新区测试路2号');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/contact/contact-details\\?id=${id}$`));
  const saved = (await api(page, '/headerContorller/getContact', undefined, `?id=${id}`)).data;
  expect(saved).toMatchObject({ organizers, address: '上海市浦东新区测试路2号', phone: '021-12345678', enableFlag: 0 });
  expect(saved.img).toMatch(/^\/img\/[a-f0-9]+\.png$/);

  // enabling it retires the live one: the list reloads and shows that
  await button(view(page), '取消').click();
  await expect(page).toHaveURL(/\/contact\/contact-list(\?.*)?$/);
  await button(view(page), '重置').click();
  await expectTotal(page, 2);
  await row(page, organizers).getByRole('switch').click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(row(page, organizers).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, live.organizers).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await row(page, live.organizers).getByRole('switch').click();
  await expect(row(page, organizers).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expect(row(page, live.organizers).getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  await button(view(page), '删除').click();
  await expect(toast(page, '请选择要删除的数据')).toBeVisible();
  await selectRow(page, organizers);
  await confirmDelete(page);
  await expectTotal(page, 1);
});

test('company profile: one record, saved in place, changes discarded, logo uploaded', async ({ page }) => {
  const before = (await api(page, '/company/getCompany')).data;
  await page.goto('/contact/company-details');
  await expect(view(page).getByRole('heading', { name: '公司信息' })).toBeVisible();
  await expect(view(page).getByLabel('公司名称', { exact: true })).toHaveValue(before.name);
  await expect(view(page).getByRole('button', { name: '返回列表' })).toHaveCount(0);

  // discard puts the stored values back
  const discard = button(view(page), '放弃修改');
  await expect(discard).toBeDisabled();
  await view(page).getByLabel('公司简称', { exact: true }).fill('临时简称');
  await discard.click();
  await expect(view(page).getByLabel('公司简称', { exact: true })).toHaveValue(before.shortName);

  await view(page).getByLabel('公司名称', { exact: true }).fill('');
  await button(view(page), '保存').click();
  await expect(view(page).getByText('公司名称不得为空')).toBeVisible();
  await view(page).getByLabel('公司名称', { exact: true }).fill(`${before.name}（测试）`);
  await view(page).getByLabel('邮箱', { exact: true }).fill('bad-mail');
  await view(page).getByLabel('邮箱', { exact: true }).blur();
  await expect(view(page).getByText('请输入正确的邮箱地址')).toBeVisible();
  await view(page).getByLabel('邮箱', { exact: true }).fill('e2e@example.com');
  const logo = view(page).locator('.gk-image-slot[data-field="logo"]');
  await logo.getByRole('button', { name: '删除图片' }).click();
  await button(page.getByRole('tooltip').filter({ hasText: '删除这张图片并保存？' }), '确定').click();
  await expect(logo).toHaveAttribute('data-state', 'empty');
  await expect(toast(page, '保存成功')).toBeVisible();
  await logo.locator('input[type=file]').setInputFiles(pngFile('logo.png'));
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/contact\/company-details$/);
  await expect(logo).toHaveAttribute('data-state', 'stored');
  await expect(view(page).getByText('有未保存的修改')).toHaveCount(0);
  const after = (await api(page, '/company/getCompany')).data;
  expect(after).toMatchObject({ id: before.id, name: `${before.name}（测试）`, email: 'e2e@example.com' });
  expect(after.logo).toMatch(/^\/img\/[a-f0-9]+\.png$/);
  // the demo profile back as it was
  await api(page, '/company/saveCompany', { ...before, logo: before.logo });
});

test('waybill templates: create with a sketch and content, search, edit, delete', async ({ page }) => {
  const code = `E2E-${Date.now() % 1000000}`;
  await page.goto('/waybill/waybill-list');
  await expectTotal(page, 2);
  await button(view(page), '新增').click();
  await expect(page).toHaveURL(/\/waybill\/waybill-details$/);
  await button(view(page), '保存').click();
  await expect(view(page).getByText('模板编码不得为空')).toBeVisible();
  await expect(view(page).getByText('模板名称不得为空')).toBeVisible();
  await view(page).getByLabel('模板编码', { exact: true }).fill(code);
  await view(page).getByLabel('模板名称', { exact: true }).fill('端到端运单模板');
  await view(page).getByLabel('排序', { exact: true }).fill('5');
  const sketch = view(page).locator('.gk-image-slot[data-field="sketchImg"]');
  await sketch.locator('input[type=file]').setInputFiles(pngFile('sketch.png'));
  const editor = view(page).locator('.gk-rt-content');
  await editor.click();
  await editor.pressSequentially('运单号：{{waybillNo}}');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/waybill\/waybill-list(\?.*)?$/);
  await expectTotal(page, 3);

  await view(page).getByPlaceholder('请输入模板编码').fill(code);
  await button(view(page), '搜索').click();
  await expectTotal(page, 1);
  await button(row(page, code), '查看详情').click();
  await expect(view(page).getByRole('heading', { name: '编辑运单模板' })).toBeVisible();
  await expect(sketch).toHaveAttribute('data-state', 'stored');
  await expect(editor).toContainText('运单号：{{waybillNo}}');
  await view(page).getByLabel('模板名称', { exact: true }).fill('端到端运单模板二');
  await button(view(page), '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/waybill\/waybill-details\?id=\d+$/);
  await button(view(page), '取消').click();
  await expect(row(page, code)).toContainText('端到端运单模板二');

  await selectRow(page, code);
  await confirmDelete(page);
  await expectTotal(page, 0);
});
