import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildXlsx, safeText, sheetName, XLSX_MIME } from './xlsx';

const dec = new TextDecoder();

/** the workbook's parts, and the raw ZIP (to see how each entry is stored) */
async function open(blob: Blob) {
  // jsdom's Blob has no arrayBuffer(); its FileReader reads one
  const buf = await new Promise<ArrayBuffer>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(blob);
  });
  const bytes = new Uint8Array(buf);
  const parts = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([n, d]) => [n, dec.decode(d)]));
  return { bytes, parts };
}

/** the text of every string cell of the sheet, shared strings resolved, row by row */
function sheetTexts(parts: Record<string, string>): string[] {
  const shared = [...(parts['xl/sharedStrings.xml'] ?? '').matchAll(/<si>(.*?)<\/si>/gs)].map((m) =>
    [...m[1].matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''),
  );
  const sheet = Object.entries(parts).find(([n]) => /^xl\/worksheets\/sheet\d*\.xml$/.test(n))![1];
  return [...sheet.matchAll(/<c [^>]*?(t="(\w+)")?[^>]*>(.*?)<\/c>/gs)].map((m) => {
    const inner = m[3];
    if (/t="s"/.test(m[0])) return shared[Number(/<v>(\d+)<\/v>/.exec(inner)![1])];
    return /<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? /<v>(.*?)<\/v>/s.exec(inner)?.[1] ?? '';
  });
}

const ROWS = Array.from({ length: 1000 }, (_, i) => [
  `港口新闻第${i + 1}条：集装箱吞吐量稳步增长`,
  i * 7,
  i % 2 ? '是' : '否',
  `https://example.com/news/${i + 1}`,
]);

describe('xlsx writer (write-excel-file)', () => {
  it('writes a workbook with the header, text and number cells, and the sheet named after the list', async () => {
    const blob = await buildXlsx({
      name: '新闻',
      header: ['标题', '浏览量', '置顶'],
      rows: [
        ['港口 <新闻> & 公告', 12, '是'],
        ['第二条', null, '否'],
      ],
    });
    expect(blob.type).toBe(XLSX_MIME);
    const { parts } = await open(blob);
    expect(parts['xl/workbook.xml']).toContain('name="新闻"');
    expect(sheetTexts(parts)).toEqual(['标题', '浏览量', '置顶', '港口 &lt;新闻&gt; &amp; 公告', '12', '是', '第二条', '否']);
    // the header stays in view (frozen first row)
    expect(Object.entries(parts).find(([n]) => n.startsWith('xl/worksheets/'))![1]).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
  });

  it('is compressed: 1,000 rows come out far below the XML they hold (the old STORE writer kept it all)', async () => {
    const { bytes, parts } = await open(await buildXlsx({ name: '新闻', header: ['标题', '浏览量', '置顶', '链接'], rows: ROWS }));
    const xml = Object.values(parts).reduce((n, p) => n + new TextEncoder().encode(p).length, 0);
    expect(xml).toBeGreaterThan(150_000);
    expect(bytes.length).toBeLessThan(xml / 5);
    // every entry of the ZIP is deflated (method 8), none stored (0)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    let entries = 0;
    while (view.getUint32(at, true) === 0x04034b50) {
      const size = view.getUint32(at + 18, true);
      if (size > 200) expect(view.getUint16(at + 8, true)).toBe(8);
      at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + size;
      entries++;
    }
    expect(entries).toBe(Object.keys(parts).length);
  });

  it('writes a text a spreadsheet would run as a formula with a leading apostrophe', async () => {
    expect(['=1+2', "=cmd|' /C calc'!A0", '+86 138', '-1', '@SUM(A1)', '\t=1', 'a=b', '1-2'].map(safeText)).toEqual([
      "'=1+2",
      "'=cmd|' /C calc'!A0",
      "'+86 138",
      "'-1",
      "'@SUM(A1)",
      "'\t=1",
      'a=b',
      '1-2',
    ]);
    const { parts } = await open(await buildXlsx({ name: 'x', header: ['标题'], rows: [['=1+2'], [-3]] }));
    const sheet = Object.entries(parts).find(([n]) => n.startsWith('xl/worksheets/'))![1];
    expect(sheet).not.toContain('<f>');
    expect(sheetTexts(parts)).toEqual(['标题', "'=1+2", '-3']);
  });

  it('keeps sheet names within what Excel allows', () => {
    expect(sheetName('a/b:c?[d]*')).toBe('a b c  d  ');
    expect(sheetName('')).toBe('Sheet1');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});
