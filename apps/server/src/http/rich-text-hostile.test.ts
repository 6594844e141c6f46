import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../db/index.js';
import { DIALECTS, useTestApp } from '../test/harness.js';

/**
 * Issue 21: no rich-text body, whatever its shape, holds the event loop. Hostile HTML shapes up to the field's
 * size limit go to every rich-text path (save and preview of news, policies and page items; save of waybill
 * templates); while each is being processed, list requests keep being answered, each within a second, and the
 * event loop's longest delay over the whole run (gk_event_loop_delay_seconds on /metrics) stays under a second.
 * Each body is either saved sanitized, or refused with its clear message and nothing stored.
 */

/** the field limit of every rich-text field */
const FIELD_LIMIT = 1_000_000;

/** what hostile bodies are built from: unclosed tags, nesting, attributes, entities, comments, CDATA … */
const UNITS = [
  '<a',
  '<',
  '</',
  '<!',
  '<?x',
  '<div>',
  '<li><p>',
  '<div></b>',
  '<div/>',
  '<svg/>',
  '<math><mi/>',
  '<table><tr><td>',
  '<b>x</b>',
  '<b onclick="x()">',
  '<script>bad()</script>',
  '<style>',
  '</script>',
  '<a title="x">',
  ' a="1"',
  "='",
  '&amp;',
  '&#x41;',
  '&#99999999;',
  '&',
  '&aaaa',
  '<!--',
  '<!---->',
  '<!--x-->',
  '-->',
  '<![CDATA[',
  '<![CDATA[x]]>',
  ']]>',
  '<span style="color:red;">',
  'color:red;',
  '/**/',
  '(',
  'x',
  ' ',
  '>',
];
/** what a body may open with (the rest then sits inside an attribute, a comment, a script …) */
const PREFIXES = [
  '',
  '<div>',
  '<svg>',
  '<a href="',
  '<img src="',
  '<span style="',
  '<a title="',
  '<!--',
  '<script>',
  '<![CDATA[',
  '<textarea>',
];

const hostile = fc
  .record({
    prefix: fc.constantFrom(...PREFIXES),
    unit: fc.array(fc.constantFrom(...UNITS), { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
    size: fc.constantFrom(12_000, 100_000, 400_000, FIELD_LIMIT),
  })
  .map(({ prefix, unit, size }) => bodyOf(prefix, unit, size));

/** `prefix` then `unit` repeated, `size` characters; a failure names its shape, not its million characters */
function bodyOf(prefix: string, unit: string, size: number): { html: string; [fc.toStringMethod]: () => string } {
  const html = (prefix + unit.repeat(Math.ceil((size - prefix.length) / unit.length))).slice(0, size);
  return { html, [fc.toStringMethod]: () => `${JSON.stringify(prefix)} + ${JSON.stringify(unit)} × … (${size} characters)` };
}

const REFUSALS = ['正文的标签嵌套过深（最多 100 层），请简化格式后再保存', '正文过于复杂，无法在限定时间内处理，请简化格式后再保存'];

describe.each(DIALECTS)('hostile rich text on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => looseDb(t.current.db.db);
  let token = '';
  let pageId = 0;
  let seq = 0;

  beforeAll(async () => {
    token = await t.current.login();
    expect((await t.current.post('/news/saveNewsType', { code: 'hostile', name: '压力' }, { token })).body.code).toBe(200);
    const page = await t.current.post('/page/save', { name: '压力页面', showType: 'tabs' }, { token });
    expect(page.body.code).toBe(200);
    pageId = page.body.data.id;
  });

  /** every path that takes rich text: the body it posts and, for a save, where the record lands */
  const PATHS: { path: string; body: (title: string, content: string) => object; table?: string; key?: string }[] = [
    { path: '/news/saveNews', body: (title, content) => ({ title, type: 'hostile', content }), table: 'news', key: 'title' },
    { path: '/policy/savePolicy', body: (title, content) => ({ title, content }), table: 'policy', key: 'title' },
    { path: '/page/savePageItems', body: (title, content) => ({ title, pageId, content }), table: 'page_item', key: 'title' },
    {
      path: '/waybill/saveWaybill',
      body: (title, content) => ({ code: title, name: title, content }),
      table: 'waybill_template',
      key: 'name',
    },
    { path: '/news/previewNews', body: (title, content) => ({ title, content }) },
    { path: '/policy/previewPolicy', body: (title, content) => ({ title, content }) },
    { path: '/page/previewPageItem', body: (title, content) => ({ title, content }) },
  ];

  /** the longest event-loop delay since the previous scrape, as /metrics reports it (each scrape starts a new window) */
  const loopDelayMax = async () => {
    // the monitor measures from its 10 ms tick: let it tick once (after the previous window's reset, after the last body)
    await new Promise((resolve) => setTimeout(resolve, 25));
    const r = await t.current.app.inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(200);
    const line = r.body.split('\n').find((l) => l.startsWith('gk_event_loop_delay_seconds{stat="max"}'));
    expect(line).toBeDefined();
    return Number(line!.split(' ').pop());
  };

  /** posts one hostile body and lists meanwhile: every list answers within a second; the body is saved clean or refused */
  async function attack(p: (typeof PATHS)[number], html: string) {
    const title = `h${dialect[0]}${seq++}`;
    let done = false;
    const reply = t.current.post(p.path, p.body(title, html), { token }).finally(() => {
      done = true;
    });
    do {
      const started = performance.now();
      const list = await t.current.post('/policy/getPolicyPage', { pageNumber: 1, pageSize: 1 }, { token });
      expect(list.body.code).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
    } while (!done);
    const r = await reply;
    const stored = p.table ? await db().selectFrom(p.table).select('content').where(p.key!, '=', title).execute() : [];
    if (r.body.code === 200) {
      if (p.table) {
        expect(stored).toHaveLength(1);
        expect(stored[0].content).not.toContain('<script');
        expect(stored[0].content).not.toContain(' onclick=');
      } else {
        const u = new URL(r.body.data.url);
        const page = await t.current.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain('<script');
      }
    } else {
      // refused with its message (or, past the request's byte limit, 413), nothing stored
      if (r.status === 413) expect(r.body.code).toBe(413);
      else expect({ code: r.body.code, refused: REFUSALS.includes(r.body.msg) }).toEqual({ code: 400, refused: true });
      expect(stored).toEqual([]);
    }
  }

  it('every rich-text path stays answerable under hostile bodies up to the field limit (property, seeded)', {
    timeout: 120_000,
  }, async () => {
    await loopDelayMax();
    await new Promise((resolve) => setTimeout(resolve, 25));
    for (const [i, p] of PATHS.entries()) {
      await fc.assert(
        fc.asyncProperty(hostile, async ({ html }) => attack(p, html)),
        {
          seed: 2100 + i,
          // the two examples first, then four generated bodies
          numRuns: 6,
          endOnFailure: true,
          // the body that once blocked every request for 212 s, and a nesting the old check did not see
          examples: [[bodyOf('', '<a', 990_000)], [bodyOf('', '<li><p>', FIELD_LIMIT)]],
        },
      );
    }
    expect(await loopDelayMax()).toBeLessThan(1);
  });
});
