import { expect, type Page, test } from '@playwright/test';
import { apiLogin } from './helpers';

/**
 * Issue 25: the system screens finished in English and Spanish. A walk over 系统管理, 回收站 and 系统监控 finds no
 * Chinese in the menus, the tags, the breadcrumb or the role editor's permission tree; at 1280 px each screen's key
 * column is in view without scrolling sideways. (The menu and tree labels are translated by another part of the
 * issue: until it lands, this walk fails on them, which is what it is for.)
 */
const CJK = /[\p{Script=Han}]/u;

/** the screens, each with its key column's header per language (null: no table to check) */
const SCREENS: { path: string; key: Record<'en' | 'es', string> | null }[] = [
  { path: '/news/news-list', key: { en: 'Status', es: 'Estado' } },
  { path: '/policy/policy-list', key: { en: 'Status', es: 'Estado' } },
  { path: '/userInfo/userInfo-list', key: null },
  { path: '/system/role-list', key: null },
  { path: '/system/menu-settings', key: null },
  { path: '/webhook/webhook-list', key: null },
  { path: '/recycle/recycle-list', key: null },
  { path: '/monitor/operlog-list', key: { en: 'Result', es: 'Resultado' } },
  { path: '/monitor/online-list', key: { en: 'Last seen', es: 'Último acceso' } },
  { path: '/monitor/loginlog-list', key: null },
];

/** the Chinese texts among the shell's menus, tags and breadcrumb (the signed-in user's own name aside) */
async function chineseInShell(page: Page): Promise<string[]> {
  return page.evaluate((re) => {
    const cjk = new RegExp(re, 'u');
    const texts = [
      ...document.querySelectorAll('.gk-sidebar-menu .ant-menu-title-content'),
      ...document.querySelectorAll('[data-testid="tags-view"] [data-testid="tag"]'),
      ...document.querySelectorAll('.ant-breadcrumb li'),
    ].map((e) => (e.textContent ?? '').trim());
    return texts.filter((t) => cjk.test(t));
  }, CJK.source);
}

for (const lang of ['en', 'es'] as const) {
  test.describe(`system screens in ${lang}`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });
    test.beforeEach(async ({ page, request, baseURL }) => {
      await apiLogin(request, page.context(), baseURL!);
      await page.context().addCookies([{ name: 'language', value: lang, url: baseURL! }]);
    });

    test('no Chinese menu, tag or breadcrumb; each key column in view at 1280 px', async ({ page }) => {
      const found: string[] = [];
      for (const s of SCREENS) {
        await page.goto(s.path);
        await expect(page.locator(`[data-testid="tag"][data-path="${s.path}"]`)).toBeVisible();
        found.push(...(await chineseInShell(page)).map((t) => `${s.path}: ${t}`));
        // on the first screen each submenu is opened in turn (one is open at a time), so every menu entry is checked
        if (s === SCREENS[0]) {
          const subs = page.locator('.gk-sidebar-menu .ant-menu-submenu');
          for (let i = 0; i < (await subs.count()); i++) {
            const sub = subs.nth(i);
            if (!(await sub.evaluate((e) => e.classList.contains('ant-menu-submenu-open'))))
              await sub.locator('> .ant-menu-submenu-title').click();
            await expect(sub).toHaveClass(/ant-menu-submenu-open/);
            found.push(...(await chineseInShell(page)).map((t) => `menu: ${t}`));
          }
        }
        if (s.key) {
          const th = page.locator('.ant-table-thead th', { hasText: new RegExp(`^${s.key[lang]}$`) }).first();
          await expect(th).toBeVisible();
          const body = page.locator('.ant-table-content, .ant-table-body').first();
          const [cell, box] = [await th.boundingBox(), await body.boundingBox()];
          expect(cell && box && cell.x >= box.x && cell.x + cell.width <= box.x + box.width + 1, `${s.path}: ${s.key[lang]} in view`).toBe(
            true,
          );
          // nothing covers it: the header cell itself is what the page shows at its centre
          const covered = await th.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !(top && (el === top || el.contains(top)));
          });
          expect(covered, `${s.path}: ${s.key[lang]} not covered`).toBe(false);
        }
      }
      expect([...new Set(found)]).toEqual([]);
    });

    test('the permission tree of 角色详情 has no Chinese label', async ({ page }) => {
      await page.goto('/system/role-list');
      await page.locator('.ant-table-row').first().getByRole('button').first().click();
      await expect(page).toHaveURL(/\/system\/role-details/);
      const tree = page.locator('.ant-tree').first();
      await expect(tree).toBeVisible();
      const labels = await tree.locator('.ant-tree-title').allTextContents();
      expect(labels.length).toBeGreaterThan(5);
      expect(labels.filter((l) => CJK.test(l))).toEqual([]);
    });
  });
}
