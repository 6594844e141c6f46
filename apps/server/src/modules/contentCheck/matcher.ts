import type { WordCategory, WordLevel } from '@gk/contracts';
import { AhoCorasick } from '@monyone/aho-corasick/fast';
import { fold } from './text.js';

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
  /** 1 for a unit no reader sees (a line break made from a tag); absent: none */
  hidden?: Uint8Array;
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
    this.scan = scannerOf(this.ac);
  }

  /** the automaton's walk over a text's units (null: the library's own `matchInText`) */
  private readonly scan: ((text: string) => RawMatch[]) | null;

  /**
   * The words in `f` (a folded text), in order of their end, whitelisted ones left out and every hit inside a
   * whitelisted phrase dropped; offsets in the source of `f`.
   */
  find(f: Folded, limit = 500): WordMatch[] {
    if (!this.size || !f.text) return [];
    const raw = this.scan ? this.scan(f.text) : this.ac.matchInText(f.text);
    // the whitelisted phrases found, in order of their end (as the walk reports them)
    const wlBegin: number[] = [];
    const wlEnd: number[] = [];
    let wlLongest = 0;
    for (const m of raw) {
      if (!this.entries.get(m.keyword)!.whitelist) continue;
      wlBegin.push(m.begin);
      wlEnd.push(m.end);
      if (m.end - m.begin > wlLongest) wlLongest = m.end - m.begin;
    }
    /** whether a whitelisted phrase covers begin..end: one ending at or after `end` and at most its length later */
    const covered = (begin: number, end: number) => {
      let lo = 0;
      let hi = wlEnd.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (wlEnd[mid] < end) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < wlEnd.length && wlEnd[k] <= begin + wlLongest; k++) if (wlBegin[k] <= begin) return true;
      return false;
    };
    const out: WordMatch[] = [];
    for (const m of raw) {
      const entry = this.entries.get(m.keyword)!;
      if (entry.whitelist || (wlEnd.length && covered(m.begin, m.end))) continue;
      out.push({ entry, start: f.from[m.begin], end: f.to[m.end - 1] });
      if (out.length >= limit) break;
    }
    return out;
  }
}

interface RawMatch {
  begin: number;
  end: number;
  keyword: string;
}

/** the double array `@monyone/aho-corasick/fast` builds (1.1.x; read only, never changed) */
interface DoubleArrayShape {
  base: number[];
  check: number[];
  failure: number[];
  keywords: (string[] | null)[];
  code: Map<string, number>;
}

/**
 * The library's automaton walked over the text's UTF-16 units with a typed table from unit to its alphabet code:
 * the same transitions as its `matchInText` (docs/decisions.md), without a Map lookup, a one-character string and an
 * empty array per unit, which made up most of its time on a 1 MB body. Null when the library's shape is not the one
 * known (a new version): the library's own walk is used then.
 */
function scannerOf(ac: AhoCorasick): ((text: string) => RawMatch[]) | null {
  const t = (ac as unknown as { trie?: Partial<DoubleArrayShape> }).trie;
  if (
    !t ||
    !Array.isArray(t.base) ||
    !Array.isArray(t.check) ||
    !Array.isArray(t.failure) ||
    !Array.isArray(t.keywords) ||
    !(t.code instanceof Map)
  )
    return null;
  const { base, check, failure, keywords } = t as DoubleArrayShape;
  const codeOf = new Int32Array(65536);
  for (const [ch, code] of (t as DoubleArrayShape).code) if (ch.length === 1) codeOf[ch.charCodeAt(0)] = code;
  return (text) => {
    const out: RawMatch[] = [];
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const code = codeOf[text.charCodeAt(i)];
      if (code === 0) {
        node = 0;
        continue;
      }
      let n = node;
      let next = 0;
      while (n >= 0) {
        const to = n + base[n] + code;
        if (check[to] === n) {
          next = to;
          break;
        }
        n = failure[n];
      }
      node = next;
      const found = keywords[node];
      if (found) for (const keyword of found) out.push({ begin: i + 1 - keyword.length, end: i + 1, keyword });
    }
    return out;
  };
}
