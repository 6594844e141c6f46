import { expect, test } from '@playwright/test';
import { openHome } from './helpers';
import { COLD_LOAD, label, view } from './list-helpers';

/**
 * 系统管理 › 接口文档 (issue 22): the staff API's generated OpenAPI document, rendered by the bundled viewer under
 * the SPA's Content-Security-Policy (no inline script, no eval, nothing from another origin).
 */

/** an operation's summary button as Swagger UI labels it (a zero-width space may stand before each slash of the path) */
const operation = (method: string, path: string, name: string) =>
  new RegExp(`^${method}\\s*${path.split('/').join('\\u200b?/')}\\s*${name}`);

test('the administrator opens 系统管理 › 接口文档 and reads a legacy path with its reply', async ({ page, request, baseURL }) => {
  const violations: string[] = [];
  const outside: string[] = [];
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`),
    );
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
  });

  await openHome(page, request, baseURL!);
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('menuitem', { name: label('系统管理') }).click();
  await sidebar.getByRole('link', { name: label('接口文档') }).click();
  await expect(page).toHaveURL(/\/system\/api-docs$/);

  const screen = view(page);
  await expect(screen.getByText('接口文档', { exact: true }).first()).toBeVisible();
  // the operations of one module (the list is long and drawn as it scrolls): the filter box takes a module's name
  const filter = screen.getByPlaceholder('Filter by tag');
  await expect(filter).toBeVisible({ timeout: COLD_LOAD });
  await filter.fill('news');
  // the operation of a legacy path, with its method and Chinese name, as the generated document has it
  const newsList = screen.getByRole('button', { name: operation('POST', '/news/getNewsList', '新闻列表') });
  await expect(newsList).toBeVisible({ timeout: COLD_LOAD });

  // opened, it shows the list's reply: the envelope with rows and total
  await newsList.click();
  await expect(newsList).toHaveAttribute('aria-expanded', 'true');
  await expect(screen.getByRole('heading', { name: 'Responses' })).toBeVisible();
  await expect(screen.getByText(/"rows": \[/).first()).toBeVisible();

  // misspellings of SPEC point 7 are kept
  await filter.fill('link');
  await expect(screen.getByRole('button', { name: operation('POST', '/headerContorller/getLinkPage', '友情链接列表') })).toBeVisible();

  expect(violations).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(outside).toEqual([]);
});
