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

/** the output of one read: units, their source ranges and whether a reader sees them, grown as needed */
class Out {
  codes: Uint16Array;
  from: Int32Array;
  to: Int32Array;
  /** 1 for a line break made from a tag (no reader sees it) */
  hidden: Uint8Array;
  n = 0;
  constructor(size: number) {
    this.codes = new Uint16Array(size);
    this.from = new Int32Array(size);
    this.to = new Int32Array(size);
    this.hidden = new Uint8Array(size);
  }
  /** room for `k` more units */
  room(k: number) {
    if (this.n + k <= this.codes.length) return;
    const size = Math.max(this.codes.length * 2, this.n + k);
    const codes = new Uint16Array(size);
    const from = new Int32Array(size);
    const to = new Int32Array(size);
    const hidden = new Uint8Array(size);
    codes.set(this.codes);
    from.set(this.from);
    to.set(this.to);
    hidden.set(this.hidden);
    Object.assign(this, { codes, from, to, hidden });
  }
  push(code: number, a: number, b: number, hidden = false) {
    this.room(1);
    const n = this.n++;
    this.codes[n] = code;
    this.from[n] = a;
    this.to[n] = b;
    if (hidden) this.hidden[n] = 1;
  }
  /** a character `s` (one code point, possibly two units) from source range a..b, folded when `fold` */
  char(s: string, a: number, b: number, fold: boolean) {
    const f = fold ? s.normalize('NFKC').toLowerCase() : s;
    for (let k = 0; k < f.length; k++) this.push(f.charCodeAt(k), a, b);
  }
  done(): Folded {
    const n = this.n;
    let text = '';
    // String.fromCharCode in slices: one call per 8,192 units
    for (let i = 0; i < n; i += 8192)
      text += String.fromCharCode.apply(null, this.codes.subarray(i, Math.min(n, i + 8192)) as unknown as number[]);
    return { text, from: this.from.subarray(0, n), to: this.to.subarray(0, n), hidden: this.hidden.subarray(0, n) };
  }
}

/**
 * Copies the plain run of `src` from `i` up to the next `<` / `&` (rich text) or its end, folded through the table,
 * straight into the output arrays (the hot path: one table read and three array writes per unit); a unit the table
 * cannot fold in one (a surrogate, an expansion) goes through `normalize`. Answers where the run stopped.
 */
function run(src: string, i: number, out: Out, fold: boolean, table: Uint16Array, html: boolean): number {
  const len = src.length;
  out.room(len - i);
  let { codes, from, to } = out;
  let n = out.n;
  while (i < len) {
    const c = src.charCodeAt(i);
    if (html && (c === LT || c === AMP)) break;
    const f = fold ? table[c] : c;
    if (f) {
      codes[n] = f;
      from[n] = i;
      to[n] = i + 1;
      n++;
      i++;
      continue;
    }
    out.n = n;
    const width = c >= 0xd800 && c <= 0xdbff && i + 1 < len ? 2 : 1;
    out.char(src.slice(i, i + width), i, i + width, fold);
    i += width;
    // an expansion may have grown the arrays: room for the rest, and the new arrays
    out.room(len - i);
    ({ codes, from, to } = out);
    n = out.n;
  }
  out.n = n;
  return i;
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
    run(value, 0, out, fold, table, false);
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
      if (!INLINE.has(name)) out.push(NL, i, close + 1, true);
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
      } else {
        out.char('&', i, i + 1, fold);
        i++;
      }
    } else i = run(value, i, out, fold, table, true);
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
 * message: 第 N 个字处): the units read before it that a reader sees (not a tag's line break, not the second unit of a
 * character that took two), counted once per read and kept.
 */
export function visiblePosition(f: Folded, offset: number): number {
  let seen = seenOf.get(f);
  if (!seen) {
    seen = new Int32Array(f.from.length + 1);
    for (let k = 0; k < f.from.length; k++) seen[k + 1] = seen[k] + (f.hidden?.[k] || (k > 0 && f.from[k] === f.from[k - 1]) ? 0 : 1);
    seenOf.set(f, seen);
  }
  let lo = 0;
  let hi = f.from.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (f.from[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return seen[lo] + 1;
}
const seenOf = new WeakMap<Folded, Int32Array>();
