import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './helpers';
import { toast, view } from './list-helpers';

/** Issue 27: 发布日历 — a news item scheduled for next week is dragged to another day in the week view and moves. */

const api = signedIn();

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of `ms` in Asia/Shanghai (the server's and the browser's zone in these tests) */
const shanghaiDay = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const DAY = 86_400_000;
const token = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'token')!.value;

/** drags with the mouse in small steps (FullCalendar follows pointer moves, not a synthetic drop) */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  await page.mouse.up();
}

test('发布日历: a news item scheduled next week is dragged to another day in the week view, and its publish time follows', async ({
  page,
}) => {
  const title = `日历拖动 ${Date.now()}`;
  expect((await api(page, '/news/saveNewsType', { code: 'cal_e2e', name: '日历测试' })).code).toBeGreaterThan(0);
  // next week (the week after this one, Monday first in zh-CN): a week from today, at 10:00
  const day = shanghaiDay(Date.now() + 7 * DAY);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  // the target: the day after, unless that is next week's Monday (then the day before)
  const target = shanghaiDay(Date.parse(`${day}T00:00:00Z`) + (weekday === 0 ? -1 : 1) * DAY - 8 * 3600_000 + 12 * 3600_000);
  const saved = await api(page, '/news/saveNews', { title, type: 'cal_e2e', status: 'published', publishTime: `${day} 10:00:00` });
  expect(saved.code).toBe(200);
  const id = saved.data.id as number;
  expect(saved.data.publishTime).toBe(`${day} 10:00:00`);

  // a release of it, shown on the same week
  const release = await api(page, '/release/saveRelease', {
    name: `${title} 发布计划`,
    publishTime: `${day} 15:00:00`,
    items: [{ resource: 'news', id }],
  });

  await page.goto('/release/release-calendar');
  const calendar = view(page).locator('.fc');
  await expect(calendar).toBeVisible();
  await view(page).getByRole('button', { name: '周', exact: true }).click();
  await expect(calendar.locator('.fc-timeGridWeek-view')).toBeVisible();
  await calendar.locator('.fc-next-button').click();
  const entry = calendar.locator(`[data-entry="publish:news:${id}"]`);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(title);
  await expect(calendar.locator(`td.fc-timegrid-col[data-date="${day}"] [data-entry="publish:news:${id}"]`)).toBeVisible();
  if (release.code === 200)
    await expect(calendar.locator(`[data-entry="release:release:${release.data.id}"]`)).toContainText(`${title} 发布计划`);

  // drag it to the target day's column at the same height (the same time of day)
  await entry.scrollIntoViewIfNeeded();
  const box = (await entry.boundingBox())!;
  const column = (await calendar.locator(`td.fc-timegrid-col[data-date="${target}"]`).boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + 6 };
  await drag(page, from, { x: column.x + column.width / 2, y: from.y });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`将“${title}”的发布时间从 ${day} 10:00:00 改为 ${target} 10:00:00？`);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(toast(page, '时间已调整')).toBeVisible();

  // the record's publish time changed, and the entry stands in the target day's column
  const record = await api(page, '/news/getNews', undefined, `?id=${id}`);
  expect(record.data).toMatchObject({ publishTime: `${target} 10:00:00`, status: 'published' });
  await expect(calendar.locator(`td.fc-timegrid-col[data-date="${target}"] [data-entry="publish:news:${id}"]`)).toBeVisible();
  await expect(calendar.locator(`td.fc-timegrid-col[data-date="${day}"] [data-entry="publish:news:${id}"]`)).toHaveCount(0);

  // a release moves too: getRelease + saveRelease with the new time
  const releaseEntry = calendar.locator(`[data-entry="release:release:${release.data.id}"]`);
  await releaseEntry.scrollIntoViewIfNeeded();
  const rbox = (await releaseEntry.boundingBox())!;
  const rfrom = { x: rbox.x + rbox.width / 2, y: rbox.y + 6 };
  await drag(page, rfrom, { x: column.x + column.width / 2, y: rfrom.y });
  await expect(dialog).toContainText(`将“${title} 发布计划”的发布计划时间从 ${day} 15:00:00 改为 ${target} 15:00:00？`);
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(
    calendar.locator(`td.fc-timegrid-col[data-date="${target}"] [data-entry="release:release:${release.data.id}"]`),
  ).toBeVisible();
  const moved = await (
    await page.request.post(`/api/release/getRelease?id=${release.data.id}`, { headers: { token: await token(page) } })
  ).json();
  expect(moved.data).toMatchObject({ publishTime: `${target} 15:00:00`, state: 'scheduled' });

  // a click opens the record's details
  await calendar.locator(`[data-entry="publish:news:${id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/news/news-details\\?id=${id}$`));
});
