import { createRequire } from 'node:module';
import { stemmer } from 'stemmer';

/**
 * The terms of the delivery API's full-text search (`q`), cut in one place: what a record is indexed under and
 * what a query looks up come from the same function, so they always agree, in every content locale (issue 24:
 * each locale's text is indexed apart, search-index.ts). A change of what it produces bumps `TERMS_VERSION` so
 * the start-up backfill re-indexes every record.
 *
 * - Text is NFKC-normalized (full-width Ｌａｔｉｎ and digits become ASCII) and lower-cased.
 * - Chinese, Japanese kana and Korean hangul are cut into characters: a record is indexed under every single
 *   character and every pair of neighbouring characters of each run; a query looks up the pairs of each run
 *   (跨境电商 → 跨境 境电 电商), or the single character of a one-character run.
 * - Other letters and digits form words (runs of `\p{L}\p{N}\p{M}`), cut at `MAX_WORD` characters. A word of
 *   Latin letters only is reduced to its stem by the Porter stemmer (npm `stemmer`): customs → custom,
 *   declarations / declaration → declar, shipping / shipped / ships → ship, companies → compani; the same for
 *   records and queries, so the forms of a word find each other. Other words are indexed and looked up whole.
 * - Anything else separates terms.
 * One pass over the text, no backtracking: each character is classified on its own.
 */

/** bump when `termsOf` changes what it produces: every record is indexed again at the next start */
export const TERMS_VERSION = 2;
/** longer words are cut to this many characters (the same for records and queries) */
export const MAX_WORD = 40;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Han (all blocks), kana, hangul: cut into characters and pairs, not words */
function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x3040 && cp <= 0x30ff) ||
    (cp >= 0x31f0 && cp <= 0x31ff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x20000 && cp <= 0x3134f)
  );
}

/** a word of Latin letters (with their marks): stemmed; words with digits or of other scripts are kept whole */
const LATIN_WORD = /^[\p{Script=Latin}\p{M}]+$/u;
const ASCII_WORD = /^[a-z]+$/;

/** the stem of a lower-cased word of Latin letters (English rules: plurals, -ing, -ed, …), else the word */
export function stemOf(word: string): string {
  return ASCII_WORD.test(word) || LATIN_WORD.test(word) ? stemmer(word) : word;
}

function isWordChar(ch: string, cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a);
  return WORD_CHAR.test(ch);
}

/**
 * The unique search terms of a text: `index` — every term a record is found by; `query` — the terms a search
 * for this text must all find (their AND).
 */
export function termsOf(text: string, mode: 'index' | 'query' = 'index'): string[] {
  const out = new Set<string>();
  const s = text.normalize('NFKC').toLowerCase();
  let word = '';
  let wordLength = 0;
  /** the previous character of the current CJK run, and the run's length */
  let prev = '';
  let run = 0;
  const endWord = () => {
    if (word) out.add(stemOf(word));
    word = '';
    wordLength = 0;
  };
  const endRun = () => {
    // a query's one-character run is looked up as that character (a record holds every single character)
    if (mode === 'query' && run === 1) out.add(prev);
    prev = '';
    run = 0;
  };
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isCjk(cp)) {
      endWord();
      if (mode === 'index') out.add(ch);
      if (prev) out.add(prev + ch);
      prev = ch;
      run++;
    } else if (isWordChar(ch, cp)) {
      endRun();
      if (wordLength < MAX_WORD) {
        word += ch;
        wordLength++;
      }
    } else {
      endWord();
      endRun();
    }
  }
  endWord();
  endRun();
  return [...out];
}

// the tokenizer of the htmlparser2 that sanitize-html loads (as http/sanitize-worker.mjs does): linear in the text
// (loaded with the first rich text cut, not with every process)
let tokenizer: TokenizerClass | null = null;
const Tokenizer = (): TokenizerClass =>
  (tokenizer ??= (createRequire(createRequire(import.meta.url).resolve('sanitize-html'))('htmlparser2') as { Tokenizer: TokenizerClass })
    .Tokenizer);

/** the callbacks of htmlparser2's Tokenizer (its indices are offsets into the text written) */
export interface TokenizerCallbacks {
  onattribdata(start: number, endIndex: number): void;
  onattribentity(codepoint: number): void;
  onattribend(quote: number, endIndex: number): void;
  onattribname(start: number, endIndex: number): void;
  oncdata(start: number, endIndex: number, endOffset: number): void;
  onclosetag(start: number, endIndex: number): void;
  oncomment(start: number, endIndex: number, endOffset: number): void;
  ondeclaration(start: number, endIndex: number): void;
  onend(): void;
  onopentagend(endIndex: number): void;
  onopentagname(start: number, endIndex: number): void;
  onprocessinginstruction(start: number, endIndex: number): void;
  onselfclosingtag(endIndex: number): void;
  ontext(start: number, endIndex: number): void;
  ontextentity(codepoint: number, endIndex: number): void;
}
type TokenizerClass = new (
  options: { xmlMode?: boolean; decodeEntities?: boolean },
  callbacks: TokenizerCallbacks,
) => { write(chunk: string): void; end(): void };

/** runs htmlparser2's tokenizer over `html` with the given callbacks (the others do nothing) */
export function tokenize(html: string, callbacks: Partial<TokenizerCallbacks>, decodeEntities = false): void {
  const none = () => {};
  const all: TokenizerCallbacks = {
    onattribdata: none,
    onattribentity: none,
    onattribend: none,
    onattribname: none,
    oncdata: none,
    onclosetag: none,
    oncomment: none,
    ondeclaration: none,
    onend: none,
    onopentagend: none,
    onopentagname: none,
    onprocessinginstruction: none,
    onselfclosingtag: none,
    ontext: none,
    ontextentity: none,
    ...callbacks,
  };
  const t = new (Tokenizer())({ xmlMode: false, decodeEntities }, all);
  t.write(html);
  t.end();
}

/** inline elements: their tags do not separate words (`<b>物</b>流` is 物流); every other tag does */
const INLINE = new Set(['a', 'b', 'strong', 'em', 'i', 'u', 's', 'strike', 'del', 'mark', 'sub', 'sup', 'span', 'code', 'abbr', 'small']);

/** The text of a rich-text body (entities decoded), tags other than inline ones read as a space. */
export function textOfHtml(html: string): string {
  const parts: string[] = [];
  const tag = (start: number, end: number) => {
    if (!INLINE.has(html.slice(start, end).toLowerCase())) parts.push(' ');
  };
  tokenize(
    html,
    {
      ontext: (start, end) => parts.push(html.slice(start, end)),
      ontextentity: (cp) => parts.push(String.fromCodePoint(cp)),
      onopentagname: tag,
      onclosetag: tag,
    },
    true,
  );
  return parts.join('');
}
