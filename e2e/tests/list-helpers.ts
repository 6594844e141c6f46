import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';

/** Helpers for the list / detail / dialog screens built on the shared components. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A real PNG (RGB, 8 bit) of one colour with a diagonal stripe, different for every seed. */
export function pngBuffer(width = 64, height = 48, seed = Date.now()): Buffer {
  const r = seed & 0xff;
  const g = (seed >> 8) & 0xff;
  const b = (seed >> 16) & 0xff;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      const stripe = Math.abs(x - y) < 3;
      raw[i] = stripe ? 255 - r : r;
      raw[i + 1] = stripe ? 255 - g : g;
      raw[i + 2] = stripe ? 255 - b : b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A file for `setInputFiles`. */
export function pngFile(name = 'image.png', seed?: number) {
  return { name, mimeType: 'image/png', buffer: pngBuffer(64, 48, seed ?? Math.floor(Math.random() * 0xffffff)) };
}

/**
 * A button's accessible name: antd puts a space between two Chinese characters (新 增), and an icon adds
 * its own name in front (plus 新增): match the label either way.
 */
export function label(text: string): RegExp {
  return new RegExp(`^(?:[a-z-]+ )?${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}\\s*$`);
}

export function button(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('button', { name: label(text) });
}

/** The view on screen: other visited views stay mounted (hidden) in the view cache. */
export function view(page: Page): Locator {
  return page.locator('.gk-view:not([hidden])');
}

/** The visible toast with this text: antd's message notices are alerts (a form's field errors are too: the text tells them apart). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/** The list's pager total (总共N条记录): shown only when the list has rows. */
export function totalText(page: Page): Locator {
  return view(page).getByText(/^总共\d+条记录$/);
}

/** The list's total (总共N条记录). */
export async function expectTotal(page: Page, n: number) {
  if (n <= 0) await expect(totalText(page)).toHaveCount(0);
  else await expect(totalText(page)).toHaveText(`总共${n}条记录`);
}

/** How long a first, cold load of the signed-in screens may take (chunks fetched, parsed and run on a busy machine). */
export const COLD_LOAD = 30_000;

/**
 * The list has answered: its pager shows 总共N条记录 (whatever N; a test counts only its own records). Often the
 * first screen of a fresh browser context, so it also waits for the signed-in chunks to load and run (navigation
 * and list together took up to 3.5 s at a load of 10 on two cores), hence a longer wait than an expectation's.
 */
export async function listLoaded(page: Page) {
  await expect(totalText(page)).toBeVisible({ timeout: COLD_LOAD });
}

/** The list's total as its pager shows it, once the list has answered (a test then counts from there). */
export async function listTotal(page: Page): Promise<number> {
  await listLoaded(page);
  return Number((await totalText(page).innerText()).match(/\d+/)?.[0]);
}

/** The pager's current page (marked aria-current="page"). */
export function currentPage(page: Page): Locator {
  return view(page).getByRole('listitem').locator('[aria-current="page"]');
}

/** The table row holding this text. */
export function row(page: Page, text: string | RegExp): Locator {
  return view(page).getByRole('row').filter({ hasText: text });
}

/** The table's rows of records (cells, not column headers; with no records, the one row holds the empty state). */
export function dataRows(page: Page): Locator {
  return view(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/** A permission's name in the role tree: a group's starts with its expand icon, a button's reads "<title> 按钮". */
export const permissionName = (title: string) => new RegExp(`^(?:[a-z-]+ )?${title}(?: 按钮)?$`);

/** A permission's checkbox in the role tree, by its title. */
export function permissionBox(page: Page, title: string): Locator {
  return view(page)
    .getByRole('treeitem', { name: permissionName(title) })
    .getByRole('checkbox');
}

/** Ticks a row's selection checkbox. */
export async function selectRow(page: Page, text: string) {
  await row(page, text).getByRole('checkbox').check();
}

/** The open dialog (a dialog form, a confirmation or a drawer), the last opened if several are open. */
export function modal(page: Page): Locator {
  return page.getByRole('dialog').last();
}

/**
 * Opens a select (its combobox, found by its label) and answers its options. antd draws the options as a
 * virtual list without roles (its listbox for screen readers is off screen and holds only the active option
 * and its two neighbours), so they have no accessible handle: the popup the combobox controls (aria-controls)
 * and its options are found by their antd classes here, and only here.
 */
export async function openSelect(page: Page, select: Locator): Promise<Locator> {
  await select.click();
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  const list = await select.getAttribute('aria-controls');
  return page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option');
}

/** The option with this text among a select's options. */
export function optionOf(options: Locator, text: string): Locator {
  return options.filter({ has: options.page().getByText(text, { exact: true }) });
}

/** The value a select shows: its text sits beside the combobox's own (empty) input. */
export function shownValue(select: Locator): Locator {
  return select.locator('xpath=..');
}

/** Picks an option of a select (also a RemoteSelect) by its text; the select is its combobox, found by its label. */
export async function pickOption(page: Page, select: Locator, text: string) {
  await optionOf(await openSelect(page, select), text).click();
}

/** The reply of the next POST whose URL matches (start waiting before the click that sends it). */
export function reply(page: Page, url: RegExp) {
  return page.waitForResponse((r) => r.request().method() === 'POST' && url.test(r.url()));
}

/** Runs `click` (a form's 保存), checks the save call answered 保存成功, and answers the saved record's id. */
export async function savedId(page: Page, click: () => Promise<void>): Promise<number> {
  const saved = reply(page, /\/api\/[^?]*save/i);
  await click();
  const body = await (await saved).json();
  expect(body).toMatchObject({ code: 200, msg: '保存成功' });
  return Number(body.data.id);
}

/** A name no other test run uses: `prefix` and the time, so a search finds this test's own records only. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/**
 * An exported workbook (issue 26: written by write-excel-file, deflated): whether every ZIP entry of some size is
 * compressed, its sheet's rows and the texts of its cells (shared strings resolved), in order.
 */
export function readXlsx(file: Buffer): { deflated: boolean; rows: number; texts: string[] } {
  expect(file.subarray(0, 2).toString()).toBe('PK');
  let deflated = true;
  for (let at = 0; file.readUInt32LE(at) === 0x04034b50; ) {
    const size = file.readUInt32LE(at + 18);
    if (size > 200 && file.readUInt16LE(at + 8) !== 8) deflated = false;
    at += 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28) + size;
  }
  const parts = unzipSync(new Uint8Array(file));
  const text = (name: string) => (parts[name] ? new TextDecoder().decode(parts[name]) : '');
  const sheet = text(Object.keys(parts).find((n) => /^xl\/worksheets\/sheet\d*\.xml$/.test(n)) ?? '');
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>(.*?)<\/si>/gs)].map((m) =>
    [...m[1].matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''),
  );
  const texts = [...sheet.matchAll(/<c ([^>]*)>(.*?)<\/c>/gs)].map(([, attrs, inner]) =>
    / t="s"/.test(` ${attrs}`)
      ? shared[Number(/<v>(\d+)<\/v>/.exec(inner)?.[1])]
      : (/<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? /<v>(.*?)<\/v>/s.exec(inner)?.[1] ?? ''),
  );
  return { deflated, rows: sheet.match(/<row[ >]/g)?.length ?? 0, texts };
}
