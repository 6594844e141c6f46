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
  /** unit i's 0-based place among the characters a reader sees */
  seen: Int32Array;
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
