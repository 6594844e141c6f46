import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clean, nestingDepth } from './sanitize-worker.mjs';

/** htmlparser2 as sanitize-html loads it: the parser whose nesting the walk must match */
const { Parser } = createRequire(createRequire(import.meta.url).resolve('sanitize-html'))('htmlparser2') as {
  Parser: new (
    cbs: { onopentagname?: () => void },
    opts: { decodeEntities: boolean },
  ) => { stack: unknown[]; foreignContext: unknown[]; end(html: string): void };
};

/** the deepest the real parser's element stack (or foreign-content stack) gets */
function parserDepth(html: string): number {
  let max = 0;
  const parser = new Parser(
    {
      onopentagname() {
        max = Math.max(max, parser.stack.length, parser.foreignContext.length - 1);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return max;
}

const nested = (depth: number, tag = 'div') => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;

describe('nestingDepth', () => {
  it('counts the nesting the parser builds, not siblings or void elements', () => {
    expect(nestingDepth('<p>a</p><p>b</p>')).toBe(1);
    expect(nestingDepth(nested(3))).toBe(3);
    expect(nestingDepth('<div><br><img src="/img/a.png"><span>x</span></div>')).toBe(2);
    // an <li> closes the open <li>, a <p> the open <p>
    expect(nestingDepth('<li>'.repeat(1000))).toBe(1);
    expect(nestingDepth('<p>a<p>b<p>c')).toBe(1);
    expect(nestingDepth(nested(300_000), 100)).toBe(101);
  });

  it('sees the nesting that a tag scan misses (each of these once passed the old check)', () => {
    // <li> does not close an <li> under a <p>: they nest
    expect(nestingDepth('<li><p>'.repeat(200), 100)).toBe(101);
    // a closing tag of an element that is not open closes nothing
    expect(nestingDepth('<div></b>'.repeat(200), 100)).toBe(101);
    // `/>` closes nothing in HTML
    expect(nestingDepth('<div/>'.repeat(200), 100)).toBe(101);
    // `<svg/>` closes the element but leaves its foreign-content level behind
    expect(nestingDepth('<svg/>'.repeat(200), 100)).toBe(101);
    // a closing tag inside a script or a comment is text
    expect(nestingDepth('<div><script></div></script>'.repeat(200), 100)).toBe(101);
    expect(nestingDepth('<div><!--</div>-->'.repeat(200), 100)).toBe(101);
  });

  it('is the real parser’s depth for any markup (property, seeded)', () => {
    const token = fc.oneof(
      fc.constantFrom(
        ...[
          'div',
          'p',
          'li',
          'ul',
          'td',
          'tr',
          'table',
          'b',
          'span',
          'svg',
          'math',
          'mi',
          'title',
          'script',
          'br',
          'img',
          'option',
          'dd',
        ].flatMap((t) => [`<${t}>`, `</${t}>`, `<${t}/>`, `<${t.toUpperCase()} a="1">`]),
        '<!--',
        '-->',
        '<![CDATA[',
        ']]>',
        '<',
        '>',
        '</',
        '/>',
        '"',
        "'",
        '&amp;',
        'x',
        ' ',
        '<?x',
        '<!x',
        '</ div>',
      ),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
        const html = tokens.join('');
        expect(nestingDepth(html)).toBe(parserDepth(html));
      }),
      { seed: 21, numRuns: 3000 },
    );
  });
});

describe('clean', () => {
  it('refuses past the depth before sanitizing, and sanitizes the rest', () => {
    expect(clean(nested(101), 100)).toEqual({ tooDeep: true });
    expect(clean('<p onclick="x()">ok</p><script>bad()</script>', 100)).toEqual({ html: '<p>ok</p>' });
  });
});
