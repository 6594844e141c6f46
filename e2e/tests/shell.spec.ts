import { expect, test } from '@playwright/test';
import {
  ADMIN,
  ADMIN_PASSWORD,
  APP_TITLE,
  apiLogin,
  HOME,
  openHome,
  serverMenus,
  spaNavigate,
  tag,
  tagContextMenu,
  tagMenu,
  tokenCookie,
  uiLogin,
} from './helpers';
import { button, label, toast } from './list-helpers';

/** The web shell (issue 4): login, guard, layout, tags, settings, languages, session handling. */

test.describe('login', () => {
  test('page and browser title read 终端客户资源管理系统', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(APP_TITLE);
    await expect(page.getByRole('heading', { name: APP_TITLE })).toBeVisible();
    await expect(page.getByTestId('login-username')).toBeVisible();
    await expect(page.getByTestId('login-password')).toBeVisible();
    await expect(page.getByText('记住密码')).toBeVisible();
    await expect(page.getByTestId('login-submit')).toBeVisible();
  });

  test('empty fields warn and nothing is sent', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/login/doLogin')) calls++;
    });
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('账号不能为空')).toBeVisible();
    await expect(page.getByText('密码不能为空')).toBeVisible();
    await page.getByTestId('login-username').fill('   ');
    await page.getByTestId('login-password').fill('x');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('账号不能为空')).toBeVisible();
    await expect(page.getByText('密码不能为空')).toBeHidden();
    expect(calls).toBe(0);
  });

  test('a failed login shows the server msg and the button works again', async ({ page }) => {
    await page.goto('/login');
    await uiLogin(page, ADMIN, 'wrong-password');
    await expect(toast(page, '账号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-submit')).toBeEnabled();
    expect(await tokenCookie(page.context())).toBeUndefined();
  });

  test('success toasts 登录成功 and opens the home page; the username is trimmed', async ({ page }) => {
    await page.goto('/login');
    await uiLogin(page, `  ${ADMIN}  `, ADMIN_PASSWORD);
    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(page).toHaveURL(HOME);
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByText('欢迎回来，网站后台管理系统')).toBeVisible();
    expect(await tokenCookie(page.context())).toBeTruthy();
  });

  test('remember password asks first, then keeps the credentials for the next visit', async ({ page }) => {
    await page.goto('/login');
    const box = page.getByRole('checkbox');
    await page.getByText('记住密码', { exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '请勿在公用设备上选择记住密码' });
    await expect(dialog).toBeVisible();
    await button(dialog, '取消').click();
    await expect(dialog).toBeHidden();
    await expect(box).not.toBeChecked();

    await page.getByText('记住密码', { exact: true }).click();
    await button(dialog, '确定').click();
    await expect(box).toBeChecked();
    await uiLogin(page);
    await expect(page).toHaveURL(HOME);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-username')).toHaveValue(ADMIN);
    await expect(page.getByTestId('login-password')).toHaveValue(ADMIN_PASSWORD);
    await expect(page.getByRole('checkbox')).toBeChecked();

    // unticking forgets them after the next login
    await page.getByText('记住密码', { exact: true }).click();
    await uiLogin(page);
    await expect(page).toHaveURL(HOME);
    expect(await page.evaluate(() => localStorage.getItem('gk.remember'))).toBeNull();
  });
});

test.describe('guard and routes', () => {
  test('a visitor without a token goes to /login and back to where they were after login', async ({ page }) => {
    await page.goto('/403?from=guard');
    // the error pages are public
    await expect(page.getByTestId('page-403')).toBeVisible();
    await page.goto('/dashboard/home?tab=guard');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/dashboard/home?tab=guard')}`);
    await uiLogin(page);
    await expect(page).toHaveURL('/dashboard/home?tab=guard');
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('/ goes to the home page, a fixed tab; the title follows the route', async ({ page, request, baseURL }) => {
    await apiLogin(request, page.context(), baseURL!);
    await page.goto('/');
    await expect(page).toHaveURL(HOME);
    await expect(page).toHaveTitle(`首页 - ${APP_TITLE}`);
    await expect(tag(page, HOME)).toBeVisible();
    await expect(tag(page, HOME).getByTestId('tag-close')).toHaveCount(0);
    await page.goto('/login');
    await expect(page).toHaveURL(HOME);
  });

  test('the sidebar is built from the server menu list', async ({ page, request, baseURL }) => {
    const token = await openHome(page, request, baseURL!);
    const menus = await serverMenus(request, token);
    expect(menus.length).toBeGreaterThan(5);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: '首页' })).toHaveAttribute('href', HOME);
    for (const m of menus) {
      const visible = m.children.filter((c) => !c.isHidden);
      if (m.isHidden) continue;
      if (visible.length > 1) {
        const group = sidebar.getByRole('menuitem', { name: label(m.title) });
        await expect(group).toBeVisible();
        await group.click();
        for (const c of visible) await expect(sidebar.locator(`a[href="${c.url}"]`)).toBeVisible();
        for (const c of m.children.filter((x) => x.isHidden)) await expect(sidebar.locator(`a[href="${c.url}"]`)).toHaveCount(0);
      } else {
        const target = visible[0]?.url ?? m.url;
        await expect(sidebar.locator(`a[href="${target}"]`)).toBeVisible();
      }
    }
  });

  test('a reload on a deep URL lands on the same screen', async ({ page, request, baseURL }) => {
    const token = await openHome(page, request, baseURL!);
    for (const path of ['/dashboard/home?x=1', '/403', '/401?noGoBack=1']) {
      await page.goto(path);
      await page.reload();
      await expect(page).toHaveURL(path);
      await expect(page.getByTestId('sidebar')).toBeVisible();
    }
    // menu screens (one per module): a registered view stays where it is on reload; one not built yet shows 404
    const menus = await serverMenus(request, token);
    const leaves = menus.map((m) => m.children.find((c) => !c.isHidden)?.url).filter((u): u is string => !!u);
    // two full page loads per menu module (one per module the menus hold, 20 and growing): the budget grows with them
    test.setTimeout(60_000 + leaves.length * 2 * 7_000);
    for (const url of leaves) {
      await page.goto(url);
      await expect(page.getByTestId('header')).toBeVisible();
      const first = new URL(page.url()).pathname;
      expect([url, '/404']).toContain(first);
      await page.reload();
      await expect(page.getByTestId('header')).toBeVisible();
      await expect(page).toHaveURL((u) => u.pathname === first);
    }
  });

  test('unknown paths go to /404 (OOPS) inside the layout; the gateway variant', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/404');
    await expect(page.getByTestId('page-404')).toContainText('OOPS');
    await expect(page.getByTestId('page-404')).toContainText('请检查您输入的网址是否正确');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(HOME);
    await page.goto('/404?reason=gateway');
    await expect(page.getByTestId('page-404-gateway')).toContainText('不允许通过网关访问');
  });

  test('401: back goes one step back, or to /dashboard with noGoBack', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await spaNavigate(page, '/403');
    await spaNavigate(page, '/401');
    await expect(page.getByTestId('page-401')).toBeVisible();
    await page.getByTestId('error-back').click();
    await expect(page).toHaveURL('/403');
    await spaNavigate(page, '/401?noGoBack=1');
    await page.getByTestId('error-back').click();
    await expect(page).toHaveURL(HOME);
  });

  test('403: no permission, returns to /dashboard', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await spaNavigate(page, '/403');
    await expect(page.getByTestId('page-403')).toContainText('抱歉，您无权访问此页面');
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(HOME);
  });

  test('standalone error pages without a session', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByTestId('page-404')).toContainText('OOPS');
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await page.goto('/401');
    await expect(page.getByTestId('page-401')).toBeVisible();
    await page.getByTestId('error-back').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  });
});

test.describe('tags and kept-alive views', () => {
  // three list screens (error pages get no tag)
  const [A, B, C] = ['/news/news-type', '/link/link-list', '/supplier/supplier-list'];

  test('each visited view gets a tag; close, close others, close all; tags survive a reload', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await spaNavigate(page, A);
    await spaNavigate(page, B);
    await spaNavigate(page, C);
    await expect(page.getByTestId('tag')).toHaveCount(4);
    await expect(tag(page, C)).toHaveClass(/is-active/);

    // tags survive a reload
    await page.reload();
    await expect(page.getByTestId('tag')).toHaveCount(4);

    // close the active tag: on to the last one
    await tag(page, C).getByTestId('tag-close').click();
    await expect(tag(page, C)).toHaveCount(0);
    await expect(page).toHaveURL(B);

    // click a tag: it opens its view
    await tag(page, A).click();
    await expect(page).toHaveURL(A);

    // right-click menu: close others
    await tag(page, B).click({ button: 'right' });
    const menu = tagContextMenu(page);
    await expect(menu.getByRole('menuitem', { name: label('刷新') })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: label('关闭') })).toBeVisible();
    await page.keyboard.press('Escape');
    await tagMenu(page, B, '关闭其他');
    await expect(page).toHaveURL(B);
    await expect(page.getByTestId('tag')).toHaveCount(2);
    await expect(tag(page, HOME)).toBeVisible();

    // close all keeps the affixed home tag
    await spaNavigate(page, A);
    await tagMenu(page, A, '关闭所有');
    await expect(page.getByTestId('tag')).toHaveCount(1);
    await expect(page).toHaveURL(HOME);

    // the home tag's menu offers no close
    await tag(page, HOME).click({ button: 'right' });
    await expect(tagContextMenu(page).getByRole('menuitem')).toHaveText(['刷新', '关闭其他', '关闭所有']);
  });

  test('switching tags keeps a view as it was left; closing drops its cache; refresh remounts', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    const search = page.getByTestId('home-search').locator('input').or(page.locator('input[data-testid="home-search"]'));
    await search.first().fill('新闻');
    await expect(page.getByTestId('home-link').first()).toContainText('新闻');

    await spaNavigate(page, B);
    await expect(page.locator('[data-view="Home"]')).toBeHidden();
    await expect(page.locator('[data-view="Home"]')).toHaveCount(1);
    await tag(page, HOME).click();
    await expect(page).toHaveURL(HOME);
    await expect(search.first()).toHaveValue('新闻');

    // closing a tag drops its cached view
    await expect(page.locator('[data-view="LinkList"]')).toHaveCount(1);
    await tag(page, B).getByTestId('tag-close').click();
    await expect(page.locator('[data-view="LinkList"]')).toHaveCount(0);

    // refresh goes through /redirect and remounts the view
    await tagMenu(page, HOME, '刷新');
    await expect(page).toHaveURL(HOME);
    await expect(search.first()).toHaveValue('');
  });

  test('the active tag is scrolled into view when the tags overflow their bar', async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width: 1024, height: 600 });
    await openHome(page, request, baseURL!);
    const views = [
      A,
      B,
      C,
      '/news/news-list',
      '/policy/policy-list',
      '/banner/banner-list',
      '/application/application-list',
      '/business/business-list',
      '/product/product-list',
    ];
    for (const v of views) await spaNavigate(page, v);
    const bar = page.locator('.gk-tags-scroll');
    await expect.poll(() => bar.evaluate((b) => b.scrollWidth > b.clientWidth + 100)).toBe(true);
    /** the tag of `url` lies wholly inside the bar's visible part */
    const shown = (url: string) =>
      tag(page, url).evaluate((el) => {
        const b = el.closest('.gk-tags-scroll')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return r.left >= b.left - 1 && r.right <= b.right + 1;
      });
    await expect.poll(() => shown(views[views.length - 1])).toBe(true);
    await expect.poll(() => shown(HOME)).toBe(false);
    // a navigation, not a click on the tag (a click scrolls its target into view by itself)
    await spaNavigate(page, HOME);
    await expect.poll(() => shown(HOME)).toBe(true);
    await spaNavigate(page, views[views.length - 1]);
    await expect.poll(() => shown(views[views.length - 1])).toBe(true);
  });

  test('the tag bar scroll and the page scroll are kept per view', async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await openHome(page, request, baseURL!);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const y = await page.evaluate(() => window.scrollY);
    await spaNavigate(page, '/403');
    await tag(page, HOME).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
  });
});

test.describe('layout', () => {
  test('the sidebar collapse is remembered in a cookie and survives a reload; hover expands it', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    const wide = (await sidebar.boundingBox())!.width;
    expect(Math.round(wide)).toBe(168); // 10.5rem
    await page.getByTestId('hamburger').click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())!.width).toBeLessThan(80);
    await page.getByTestId('sidebar').hover();
    await expect(page.getByTestId('sidebar')).toHaveClass(/is-hover-expanded/);
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())!.width).toBeGreaterThan(150);
    await page.mouse.move(900, 400);
    await expect(page.getByTestId('sidebar')).not.toHaveClass(/is-hover-expanded/);
    await page.getByTestId('hamburger').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
  });

  test('the navbar shows the user name, the personal center / change password links, and logs out', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await expect(page.getByTestId('user-name')).not.toBeEmpty();
    await expect(page.locator('.gk-breadcrumb')).toContainText('首页');
    await page.getByTestId('user-menu').click();
    // inside the product (CENTRAL_SITE_URL is not set here)
    await expect(page.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/user/profile');
    await expect(page.getByRole('link', { name: '修改密码' })).toHaveAttribute('href', '/user/password');
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/user/logout'));
    await page.getByTestId('logout').click();
    await logout;
    await expect(page).toHaveURL(/\/login$/);
    expect(await tokenCookie(page.context())).toBeUndefined();
    await page.goto(HOME);
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('settings: theme colour, tag bar, fixed header, logo, size and dark mode apply live and survive a reload', async ({
    page,
    request,
    baseURL,
  }) => {
    await openHome(page, request, baseURL!);
    const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gk-primary').trim());
    expect(await primary()).toBe('#1677ff');
    await page.getByTestId('settings-button').click();
    const panel = page.locator('.gk-settings');
    await expect(panel).toBeVisible();
    await expect(panel.locator('.gk-swatch')).toHaveCount(8);
    await panel.locator('.gk-swatch[data-color="#722ed1"]').click();
    await expect.poll(primary).toBe('#722ed1');
    await expect(page.locator('.gk-tag.is-active')).toHaveCSS('background-color', 'rgb(114, 46, 209)');
    await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
    await panel.getByTestId('setting-tagsView').getByRole('switch').click();
    await panel.getByTestId('setting-fixedHeader').getByRole('switch').click();
    await panel.getByTestId('setting-sidebarLogo').getByRole('switch').click();
    await panel.getByTestId('setting-dark').getByRole('switch').click();
    await panel.getByTestId('setting-size').getByText('小').click();
    await expect(page.getByTestId('tags-view')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-logo')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    // (the dark algorithm derives its own shade of the chosen colour)
    await expect.poll(primary).not.toBe('#1677ff');
    await expect(page.getByTestId('tags-view')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-logo')).toBeVisible();
    await expect(page.getByTestId('header')).toHaveCSS('position', 'sticky');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('home-search')).toHaveClass(/ant-input-sm/);

    await page.getByTestId('settings-button').click();
    await expect(page.locator('.gk-swatch[data-color="#722ed1"]')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('settings-reset').click();
    await expect.poll(primary).toBe('#1677ff');
    await expect(page.getByTestId('tags-view')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('header')).toHaveCSS('position', 'static');
  });

  test('language switch: en and es, Ant Design and dates follow, the choice persists', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await page.getByTestId('lang-switch').click();
    await page.locator('[data-lang="en"]').click();
    await expect(page.getByText('Welcome back to the website admin system')).toBeVisible();
    await expect(page.getByTestId('home-date')).toContainText(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Home - Terminal customer resource management system');
    await page.reload();
    await expect(page.getByText('Welcome back to the website admin system')).toBeVisible();
    // API errors come back in the chosen language too (lang header)
    const reply = page.waitForResponse((r) => r.url().includes('/api/user/info'));
    await page.reload();
    expect((await (await reply).request().allHeaders()).lang).toBe('en');

    await page.getByTestId('lang-switch').click();
    await page.locator('[data-lang="es"]').click();
    await expect(page.getByText('Bienvenido de nuevo al sistema de administración del sitio web')).toBeVisible();
    await expect(page.getByTestId('home-date')).toContainText(/lunes|martes|miércoles|jueves|viernes|sábado|domingo/);
    await page.getByTestId('lang-switch').click();
    await page.locator('[data-lang="zh"]').click();
    await expect(page.getByText('欢迎回来，网站后台管理系统')).toBeVisible();
    await expect(page.getByTestId('home-date')).toContainText(/星期/);
  });

  test('the login page switches language too', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('lang-switch').locator('[data-lang="en"]').click();
    await expect(page.getByRole('heading', { name: 'Terminal customer resource management system' })).toBeVisible();
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('account cannot be empty')).toBeVisible();
    await page.getByTestId('lang-switch').locator('[data-lang="zh"]').click();
    await expect(page.getByRole('heading', { name: APP_TITLE })).toBeVisible();
  });
});

test.describe('session handling', () => {
  test('a reload with an expired session (50014) goes to the login page, without a dialog over it', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await page.route('**/api/user/info', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 50014, msg: '登录已超时，请重新登录' }) }),
    );
    await page.reload();
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await tokenCookie(page.context())).toBeUndefined();
  });
});

test.describe('network trouble', () => {
  test('a network failure while loading the user keeps the session and offers a retry', async ({ page, request, baseURL }) => {
    await openHome(page, request, baseURL!);
    await page.route('**/api/user/info', (route) => route.abort('failed'));
    await page.reload();
    await expect(page.getByTestId('offline')).toContainText('无法连接服务器');
    expect(await tokenCookie(page.context())).toBeTruthy();
    await page.unroute('**/api/user/info');
    await page.getByTestId('offline').getByRole('button').click();
    await expect(page.getByTestId('home')).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('375 px: the sidebar is a drawer that closes on navigation and on resize; nothing overflows', async ({ page, request, baseURL }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-page')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await openHome(page, request, baseURL!);
    await expect(page.locator('.gk-app')).toHaveAttribute('data-device', 'mobile');
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByTestId('hamburger').click();
    const drawer = page.locator('.gk-sidebar-drawer');
    await expect(drawer.getByTestId('sidebar')).toBeVisible();
    await drawer.getByRole('menuitem', { name: label('新闻管理') }).click();
    await drawer.locator('a[href="/news/news-type"]').click();
    await expect(page).toHaveURL(/\/news\/news-type|\/404/);
    await expect(drawer.getByTestId('sidebar')).toBeHidden();

    await page.getByTestId('hamburger').click();
    await expect(drawer.getByTestId('sidebar')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 740 });
    await expect(drawer.getByTestId('sidebar')).toBeHidden();

    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.locator('.gk-app')).toHaveAttribute('data-device', 'desktop');
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });
});
