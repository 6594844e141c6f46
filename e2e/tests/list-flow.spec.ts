import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { button, pickOption, reply, toast, view } from './list-helpers';

/**
 * The list flow every list screen shares, run once per screen: create two records through the screen's own
 * form (dialog or detail page), find them by a search, toggle a list switch, and delete them by the screen's
 * rule (仅能选择一条 or several at once), each step checked on screen and in the server's reply. Every run
 * creates and finds its own records by a run-unique name, so demo rows and other tests never matter.
 */

signedIn();

interface Flow {
  /** the screen, for the test title */
  title: string;
  /** the list route */
  list: string;
  /** where 新增 opens the form: a dialog on the list, or a detail page at this path */
  form: 'dialog' | string;
  /** the search field (by its label) that finds the records by name */
  search: string;
  /** fills the required fields of a new record named `name` */
  fill: (page: Page, form: Locator, name: string) => Promise<void>;
  /** a list switch (by its label) toggled from the row */
  toggle?: string;
  /** the form's save button (default 保存; a publishable record's bar says 保存并发布) */
  save?: string;
  /** the delete rule: only one row at a time */
  onlyOne?: boolean;
}

/** Picks the option of a select (also a remote select) found by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await pickOption(page, scope.getByLabel(label, { exact: true }), option);
}

const text = (label: string) => async (_page: Page, form: Locator, value: string) => {
  await form.getByLabel(label, { exact: true }).fill(value);
};
const all =
  (...steps: ((page: Page, form: Locator, name: string) => Promise<void>)[]) =>
  async (page: Page, form: Locator, name: string) => {
    for (const step of steps) await step(page, form, name);
  };
const pick = (label: string, option: string) => async (page: Page, form: Locator) => choose(page, form, label, option);
const fixed = (label: string, value: string) => async (_page: Page, form: Locator) => {
  await form.getByLabel(label, { exact: true }).fill(value);
};

const FLOWS: Flow[] = [
  {
    title: 'news types',
    list: '/news/news-type',
    form: 'dialog',
    search: '类型名称',
    fill: all(text('类型编码'), text('类型名称')),
    onlyOne: true,
  },
  {
    title: 'news',
    list: '/news/news-list',
    form: '/news/news-details',
    search: '标题',
    fill: all(text('标题'), pick('新闻类型', '行业动态')),
    toggle: '置顶',
    save: '保存并发布',
  },
  {
    title: 'policies',
    list: '/policy/policy-list',
    form: '/policy/policy-details',
    search: '标题',
    fill: text('标题'),
    toggle: '热门',
    save: '保存并发布',
  },
  {
    title: 'banners',
    list: '/banner/banner-list',
    form: '/banner/banner-details',
    search: '标题',
    fill: all(text('标题'), pick('轮播图页面', '首页')),
  },
  {
    title: 'application types',
    list: '/application/application-type-list',
    form: 'dialog',
    search: '类型名称',
    fill: all(text('类型编码'), text('类型名称'), fixed('排序', '1')),
    onlyOne: true,
  },
  {
    title: 'applications',
    list: '/application/application-list',
    form: '/application/application-details',
    search: '应用名称',
    fill: all(text('应用名称'), pick('应用类型', '在线办理')),
  },
  {
    title: 'business types',
    list: '/business/business-type-list',
    form: '/business/business-type-details',
    search: '业务类型名称',
    fill: all(text('业务类型名称'), text('业务类型编码')),
    onlyOne: true,
  },
  {
    title: 'partners',
    list: '/business/business-list',
    form: '/business/business-details',
    search: '合作伙伴名称',
    fill: all(text('合作伙伴名称'), pick('类型', '报关报检')),
  },
  {
    title: 'page definitions',
    list: '/page/page-list',
    form: 'dialog',
    search: '页面名称',
    fill: all(text('页面名称'), pick('展示方式', '选项卡')),
    onlyOne: true,
  },
  {
    title: 'page items',
    list: '/page/pageItems-list',
    form: '/page/page-details',
    search: '标题',
    fill: all(text('标题'), pick('页面类型', '服务介绍')),
    save: '保存并发布',
  },
  {
    title: 'suppliers',
    list: '/supplier/supplier-list',
    form: '/supplier/supplier-details',
    search: '供应商名称',
    fill: text('供应商名称'),
    onlyOne: true,
  },
  {
    title: 'products',
    list: '/product/product-list',
    form: '/product/product-details',
    search: '产品名称',
    fill: all(pick('供应商', '冰峰冷链科技'), text('产品名称')),
  },
  {
    title: 'friendly links',
    list: '/link/link-list',
    form: 'dialog',
    search: '名称',
    fill: all(text('名称'), fixed('链接地址', 'https://example.com/e2e')),
    toggle: '启用',
  },
];

const RUN = `e2e${Date.now().toString(36)}`;

const rows = (page: Page, name: string) => view(page).getByRole('row').filter({ hasText: name });

for (const flow of FLOWS) {
  test(`list flow of ${flow.title}: create, search, toggle, delete by its rule`, async ({ page }) => {
    const prefix = `${RUN}-${flow.list.split('/').pop()}`;
    const names = [`${prefix}-1`, `${prefix}-2`];
    await page.goto(flow.list);
    await expect(view(page).getByRole('search')).toBeVisible();

    // create both through the screen's own form
    for (const name of names) {
      await button(view(page), '新增').click();
      const form = flow.form === 'dialog' ? page.getByRole('dialog') : view(page);
      if (flow.form !== 'dialog') await expect(page).toHaveURL((u) => u.pathname === flow.form);
      // the form is on screen (a detail page replaces the list view once it has loaded)
      await expect(button(form, flow.save ?? '保存')).toBeVisible();
      await flow.fill(page, form, name);
      const saved = reply(page, /\/api\/[^?]*save/i);
      await button(form, flow.save ?? '保存').click();
      expect(await (await saved).json()).toMatchObject({ code: 200, msg: '保存成功' });
      if (flow.form === 'dialog') await expect(form).toBeHidden();
      else await expect(page).toHaveURL((u) => u.pathname === flow.list);
      await expect(button(view(page), '新增')).toBeVisible();
    }

    // find them, and only them
    await view(page).getByRole('search').getByLabel(flow.search, { exact: true }).fill(prefix);
    await button(view(page), '搜索').click();
    await expect(view(page).getByText('总共2条记录')).toBeVisible();
    for (const name of names) await expect(rows(page, name)).toHaveCount(1);

    // a list switch calls the server at once
    if (flow.toggle) {
      const sw = rows(page, names[0]).getByRole('switch', { name: flow.toggle });
      const before = await sw.getAttribute('aria-checked');
      const toggled = reply(page, /\/api\/.*[?&]flag=/);
      await sw.click();
      expect(await (await toggled).json()).toEqual({ code: 200, msg: '操作成功' });
      await expect(sw).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
    }

    // delete: nothing selected is refused; then the screen's rule
    await button(view(page), '删除').click();
    await expect(toast(page, '请选择要删除的数据')).toBeVisible();
    const select = (name: string) => rows(page, name).getByRole('checkbox');
    const confirmDelete = async () => {
      await button(view(page), '删除').click();
      const confirm = page.getByRole('dialog').filter({ hasText: '确认删除？' });
      await expect(confirm).toBeVisible();
      const deleted = reply(page, /\/api\/[^?]*del/i);
      await button(confirm, '删除').click();
      expect(await (await deleted).json()).toEqual({ code: 200, msg: '删除成功' });
    };
    await select(names[0]).check();
    await select(names[1]).check();
    if (flow.onlyOne) {
      await button(view(page), '删除').click();
      await expect(toast(page, '仅能选择一条数据进行删除')).toBeVisible();
      await select(names[1]).uncheck();
      await confirmDelete();
      await expect(rows(page, names[0])).toHaveCount(0);
      await expect(view(page).getByText('总共1条记录')).toBeVisible();
      await select(names[1]).check();
    }
    await confirmDelete();
    for (const name of names) await expect(rows(page, name)).toHaveCount(0);
    await expect(view(page).getByText(/总共\d+条记录/)).toHaveCount(0);
  });
}
