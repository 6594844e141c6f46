import type { WordCategory, WordLevel } from '@gk/contracts';
import { AhoCorasick } from '@monyone/aho-corasick/fast';

/** one enabled word of the library */
export interface WordEntry {
  word: string;
  category: WordCategory;
  level: WordLevel;
  /** a whitelisted phrase: exempts the hits inside it, is never a hit itself */
  whitelist: boolean;
}

/** a word found in a text: offsets in the text as given (UTF-16, end exclusive) */
export interface WordMatch {
  entry: WordEntry;
  start: number;
  end: number;
}

/**
 * Text as the matcher reads it, with each of its units' place in the source: `from[i]` / `to[i]` the source range
 * unit `i` came from. Folding is per character, so a hit maps back exactly.
 */
export interface Folded {
  text: string;
  from: Int32Array;
  to: Int32Array;
}

const isCjk = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x3040 && c <= 0x30ff);

/**
 * Case-folds Latin and applies NFKC (full-width → half-width, compatibility forms) one character at a time; the
 * common characters (ASCII, CJK ideographs, kana) take a fast path without `normalize`. Linear in the text.
 */
export function fold(src: string): Folded {
  const parts: string[] = [];
  // a compatibility form may be longer than its source (㈱ → (株)): room for three units per source unit
  let from = new Int32Array(src.length + 16);
  let to = new Int32Array(src.length + 16);
  let n = 0;
  const room = (k: number) => {
    if (n + k <= from.length) return;
    const size = Math.max(from.length * 2, n + k);
    const [f, t] = [new Int32Array(size), new Int32Array(size)];
    f.set(from);
    t.set(to);
    [from, to] = [f, t];
  };
  let plain = 0; // start of the run copied as it is
  const flush = (upTo: number) => {
    if (upTo <= plain) return;
    room(upTo - plain);
    parts.push(src.slice(plain, upTo));
    for (let k = plain; k < upTo; k++, n++) {
      from[n] = k;
      to[n] = k + 1;
    }
  };
  for (let i = 0; i < src.length; ) {
    const c = src.charCodeAt(i);
    if ((c < 0x80 && !(c >= 65 && c <= 90)) || isCjk(c)) {
      i++;
      continue;
    }
    flush(i);
    const width = c >= 0xd800 && c <= 0xdbff && i + 1 < src.length ? 2 : 1;
    const f =
      c < 0x80
        ? String.fromCharCode(c + 32)
        : src
            .slice(i, i + width)
            .normalize('NFKC')
            .toLowerCase();
    room(f.length);
    parts.push(f);
    for (let k = 0; k < f.length; k++, n++) {
      from[n] = i;
      to[n] = i + width;
    }
    i += width;
    plain = i;
  }
  flush(src.length);
  return { text: parts.join(''), from: from.subarray(0, n), to: to.subarray(0, n) };
}

/** the matcher of one library: built once, asked for every field (Aho–Corasick: linear in the text) */
export class WordMatcher {
  private readonly ac: AhoCorasick;
  private readonly entries = new Map<string, WordEntry>();
  readonly size: number;

  constructor(words: readonly WordEntry[]) {
    for (const w of words) {
      const key = fold(w.word.trim()).text;
      if (key && !this.entries.has(key)) this.entries.set(key, w);
    }
    this.size = this.entries.size;
    this.ac = new AhoCorasick([...this.entries.keys()]);
  }

  /**
   * The words in `f` (a folded text), in order of their end, whitelisted ones left out and every hit inside a
   * whitelisted phrase dropped; offsets in the source of `f`.
   */
  find(f: Folded, limit = 500): WordMatch[] {
    if (!this.size || !f.text) return [];
    const raw = this.ac.matchInText(f.text);
    let cover: Int32Array | null = null;
    for (const m of raw) {
      if (!this.entries.get(m.keyword)!.whitelist) continue;
      // cover[i]: the furthest end of a whitelisted phrase starting at or before i
      cover ??= new Int32Array(f.text.length + 1);
      if (cover[m.begin] < m.end) cover[m.begin] = m.end;
    }
    if (cover) for (let i = 1; i < cover.length; i++) if (cover[i] < cover[i - 1]) cover[i] = cover[i - 1];
    const out: WordMatch[] = [];
    for (const m of raw) {
      const entry = this.entries.get(m.keyword)!;
      if (entry.whitelist || (cover && cover[m.begin] >= m.end)) continue;
      out.push({ entry, start: f.from[m.begin], end: f.to[m.end - 1] });
      if (out.length >= limit) break;
    }
    return out;
  }
}
