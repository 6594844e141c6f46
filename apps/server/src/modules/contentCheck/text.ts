import type { Folded } from './matcher.js';

/**
 * Reading a field for the matcher, in one pass over its value (issue 27: a 1 MB body is read, folded and matched well
 * under 50 ms): rich text's text nodes (entities decoded, tags left out, a block tag a line break so words never join
 * across paragraphs, script and style skipped), case-folded and NFKC-normalized one character at a time (full-width
 * forms half-width), each unit with its range in the value as sent (`from` / `to`) and its place among the characters a
 * reader sees (`seen`). Output goes into typed arrays; a character's fold comes from a table built once per process.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** inline tags: a word may run across them (国<b>家级</b>); any other tag separates text */
const INLINE = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'mark', 'sub', 'sup', 'small', 'code', 'font', 'del', 'ins']);
const LT = 60;
const AMP = 38;
const NL = 10;

/**
 * `FOLD[c]`: the one UTF-16 unit character `c` folds to (itself when unchanged), or 0 when its fold is longer or it is a
 * surrogate (folded through `normalize`). Built on first use (about 65,000 `normalize` calls, once).
 */
let FOLD: Uint16Array | null = null;
function foldTable(): Uint16Array {
  if (FOLD) return FOLD;
  const t = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (c < 0x80) {
      t[c] = c >= 65 && c <= 90 ? c + 32 : c;
      continue;
    }
    // ideographs, kana and Hangul syllables stay as they are
    if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0xac00 && c <= 0xd7a3)) {
      t[c] = c;
      continue;
    }
    const f = String.fromCharCode(c).normalize('NFKC').toLowerCase();
    t[c] = f.length === 1 ? f.charCodeAt(0) : 0;
  }
  FOLD = t;
  return t;
}

/** the output of one read: units, their source ranges and visible places, grown as needed */
class Out {
  codes: Uint16Array;
  from: Int32Array;
  to: Int32Array;
  seen: Int32Array;
  n = 0;
  /** characters a reader saw so far (line breaks made from tags are not seen) */
  visible = 0;
  constructor(size: number) {
    this.codes = new Uint16Array(size);
    this.from = new Int32Array(size);
    this.to = new Int32Array(size);
    this.seen = new Int32Array(size);
  }
  private grow(k: number) {
    const size = Math.max(this.codes.length * 2, this.n + k);
    const codes = new Uint16Array(size);
    const from = new Int32Array(size);
    const to = new Int32Array(size);
    const seen = new Int32Array(size);
    codes.set(this.codes);
    from.set(this.from);
    to.set(this.to);
    seen.set(this.seen);
    Object.assign(this, { codes, from, to, seen });
  }
  push(code: number, a: number, b: number, visible: boolean) {
    if (this.n >= this.codes.length) this.grow(1);
    const n = this.n++;
    this.codes[n] = code;
    this.from[n] = a;
    this.to[n] = b;
    this.seen[n] = this.visible;
    if (visible) this.visible++;
  }
  /** a character `s` (one code point, possibly two units) from source range a..b, folded when `fold` */
  char(s: string, a: number, b: number, fold: boolean) {
    const f = fold ? s.normalize('NFKC').toLowerCase() : s;
    for (let k = 0; k < f.length; k++) this.push(f.charCodeAt(k), a, b, k === 0);
  }
  done(): Folded {
    const n = this.n;
    let text = '';
    // String.fromCharCode in slices: one call per 8,192 units
    for (let i = 0; i < n; i += 8192)
      text += String.fromCharCode.apply(null, this.codes.subarray(i, Math.min(n, i + 8192)) as unknown as number[]);
    return { text, from: this.from.subarray(0, n), to: this.to.subarray(0, n), seen: this.seen.subarray(0, n) };
  }
}

/** one source unit at `i` of `src` (a surrogate pair taken whole), folded or not; answers the next index */
function unit(src: string, i: number, out: Out, fold: boolean, table: Uint16Array): number {
  const c = src.charCodeAt(i);
  if (!fold) {
    out.push(c, i, i + 1, !(c >= 0xdc00 && c <= 0xdfff));
    return i + 1;
  }
  const f = table[c];
  if (f) {
    out.push(f, i, i + 1, true);
    return i + 1;
  }
  const width = c >= 0xd800 && c <= 0xdbff && i + 1 < src.length ? 2 : 1;
  out.char(src.slice(i, i + width), i, i + width, true);
  return i + width;
}

const safeChar = (code: number) => (Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined);

/** the lower-case name of the tag opening at `i` (`<p`, `</strong`), read without copying the tag */
function tagName(html: string, i: number, close: number): string {
  let k = i + 1;
  if (html.charCodeAt(k) === 47) k++;
  while (k < close && html.charCodeAt(k) === 32) k++;
  const start = k;
  while (k < close && k - start < 12) {
    const c = html.charCodeAt(k) | 32;
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) break;
    k++;
  }
  return html.slice(start, k).toLowerCase();
}

function read(value: string, html: boolean, fold: boolean): Folded {
  const table = foldTable();
  const out = new Out(value.length + 16);
  if (!html) {
    for (let i = 0; i < value.length; ) i = unit(value, i, out, fold, table);
    return out.done();
  }
  let lower: string | null = null;
  for (let i = 0; i < value.length; ) {
    const c = value.charCodeAt(i);
    if (c === LT) {
      const close = value.indexOf('>', i + 1);
      if (close < 0) break;
      const name = tagName(value, i, close);
      if ((name === 'script' || name === 'style') && value.charCodeAt(i + 1) !== 47) {
        lower ??= value.toLowerCase();
        const end = lower.indexOf(`</${name}`, close);
        i = end < 0 ? value.length : end;
        continue;
      }
      if (!INLINE.has(name)) out.push(NL, i, close + 1, false);
      i = close + 1;
    } else if (c === AMP) {
      const semi = value.indexOf(';', i);
      const body = semi > 0 && semi - i <= 10 ? value.slice(i + 1, semi) : '';
      let ch: string | undefined;
      if (body.startsWith('#x') || body.startsWith('#X')) ch = safeChar(Number.parseInt(body.slice(2), 16));
      else if (body.startsWith('#')) ch = safeChar(Number.parseInt(body.slice(1), 10));
      else ch = ENTITIES[body];
      if (ch !== undefined) {
        out.char(ch, i, semi + 1, fold);
        i = semi + 1;
      } else i = unit(value, i, out, fold, table);
    } else i = unit(value, i, out, fold, table);
  }
  return out.done();
}

/** rich text's text nodes as they are (not folded), with their source ranges */
export function htmlText(html: string): Folded {
  return read(html, true, false);
}

/** plain text folded (case, NFKC), with each unit's source range */
export function fold(src: string): Folded {
  return read(src, false, true);
}

/** a field's value as the matcher reads it, offsets mapped to the value as sent (plain text or HTML source) */
export function readable(value: string, html: boolean): Folded {
  return read(value, html, true);
}

/**
 * The 1-based place among the characters a reader sees of a source offset of the value `f` was read from (for the
 * message: 第 N 个字处): the first unit read from at or after the offset (binary search: `from` only grows).
 */
export function visiblePosition(f: Folded, offset: number): number {
  let lo = 0;
  let hi = f.from.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (f.from[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return (lo < f.seen.length ? f.seen[lo] : lo ? f.seen[lo - 1] + 1 : 0) + 1;
}
