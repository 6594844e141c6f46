import { type Folded, fold } from './matcher.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** inline tags: a word may run across them (国<b>家级</b>); any other tag separates text */
const INLINE = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'mark', 'sub', 'sup', 'small', 'code', 'font', 'del', 'ins']);

/**
 * The text nodes of rich text, with each text unit's range in the HTML source (`from` / `to`): entities decoded,
 * tags left out (a block tag becomes a line break, so words never join across paragraphs), script and style
 * skipped. One pass over the source.
 */
export function htmlText(html: string): Folded {
  const parts: string[] = [];
  // one text unit per source unit at most (an entity or a tag gives one)
  const from = new Int32Array(html.length);
  const to = new Int32Array(html.length);
  let n = 0;
  const add = (s: string, a: number, b: number) => {
    parts.push(s);
    if (b - a === s.length)
      for (let k = a; k < b; k++, n++) {
        from[n] = k;
        to[n] = k + 1;
      }
    else
      for (let k = 0; k < s.length; k++, n++) {
        from[n] = a;
        to[n] = b;
      }
  };
  let i = 0;
  while (i < html.length) {
    const c = html[i];
    if (c === '<') {
      const close = html.indexOf('>', i + 1);
      if (close < 0) break;
      const name = /^<\/?\s*([a-zA-Z0-9]+)/.exec(html.slice(i, Math.min(close + 1, i + 20)))?.[1]?.toLowerCase() ?? '';
      if ((name === 'script' || name === 'style') && html[i + 1] !== '/') {
        const end = html.toLowerCase().indexOf(`</${name}`, close);
        i = end < 0 ? html.length : end;
        continue;
      }
      if (!INLINE.has(name)) add('\n', i, close + 1);
      i = close + 1;
    } else if (c === '&') {
      const semi = html.indexOf(';', i);
      const body = semi > 0 && semi - i <= 10 ? html.slice(i + 1, semi) : '';
      let ch: string | undefined;
      if (body.startsWith('#x') || body.startsWith('#X')) ch = safeChar(Number.parseInt(body.slice(2), 16));
      else if (body.startsWith('#')) ch = safeChar(Number.parseInt(body.slice(1), 10));
      else ch = ENTITIES[body];
      if (ch !== undefined) {
        add(ch, i, semi + 1);
        i = semi + 1;
      } else {
        add('&', i, i + 1);
        i++;
      }
    } else {
      let j = i;
      while (j < html.length && html[j] !== '<' && html[j] !== '&') j++;
      add(html.slice(i, j), i, j);
      i = j;
    }
  }
  return { text: parts.join(''), from: from.subarray(0, n), to: to.subarray(0, n) };
}

const safeChar = (code: number) => (Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined);

/** a field's value as the matcher reads it, offsets mapped to the value as sent (plain text or HTML source) */
export function readable(value: string, html: boolean): Folded {
  if (!html) return fold(value);
  const t = htmlText(value);
  const f = fold(t.text);
  const from = new Int32Array(f.text.length);
  const to = new Int32Array(f.text.length);
  for (let k = 0; k < f.text.length; k++) {
    from[k] = t.from[f.from[k]];
    to[k] = t.to[f.to[k] - 1];
  }
  return { text: f.text, from, to };
}

/** the 1-based place of a source offset in the text a reader sees (for the message: 第 N 个字处) */
export function visiblePosition(value: string, html: boolean, offset: number): number {
  if (!html) return offset + 1;
  const t = htmlText(value.slice(0, offset));
  return t.text.replace(/\n/g, '').length + 1;
}
