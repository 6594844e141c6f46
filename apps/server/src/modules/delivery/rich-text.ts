import { IMAGE_URL_PREFIX, imageNameOf } from '@gk/contracts';
import type { ImageSize as ImageMeta } from '../upload/index.js';
import { tokenize } from './search-terms.js';

/**
 * The `<img>` tags of a rich-text body as the delivery API answers them: `src="/img/…"` made absolute, and
 * `width`, `height` and `srcset` added from the image's meta row (alt too, when the tag has none), attributes the
 * tag already has left as they are. One pass of htmlparser2's tokenizer finds the tags (linear in the text, no
 * regular expression over it), a second pass copies the text with the edits spliced in; everything else is
 * answered byte for byte.
 */

/** htmlparser2's quote types (`onattribend`): no value, unquoted, 'single', "double" */
const QUOTE_NONE = 0;
const QUOTE_SINGLE = 2;
const QUOTE_DOUBLE = 3;

interface Attribute {
  name: string;
  /** where its value's text starts and ends (`start === end`: empty) */
  start: number;
  end: number;
  quote: number;
  /** where the attribute ends (after a closing quote) */
  after: number;
}

/** one `<img>` of the body with a stored image as its src */
interface ImageTag {
  /** the stored image name */
  name: string;
  src: Attribute;
  alt: Attribute | null;
  has: Set<string>;
  /** where new attributes go: after its last attribute */
  insertAt: number;
}

/** a body read for its images: what to edit, found in one pass */
export interface RichText {
  html: string;
  tags: ImageTag[];
}

export function readImages(html: string): RichText {
  const tags: ImageTag[] = [];
  if (!html.includes('<')) return { html, tags };
  let attrs: Attribute[] | null = null;
  let nameEnd = 0;
  let attrName = '';
  let valueStart = -1;
  let valueEnd = -1;
  const finish = () => {
    if (!attrs) return;
    const src = attrs.find((a) => a.name === 'src');
    const value = src ? html.slice(src.start, src.end) : '';
    const name = value.startsWith(IMAGE_URL_PREFIX) ? imageNameOf(value) : null;
    if (src && name)
      tags.push({
        name,
        src,
        alt: attrs.find((a) => a.name === 'alt') ?? null,
        has: new Set(attrs.map((a) => a.name)),
        insertAt: attrs.reduce((n, a) => Math.max(n, a.after), nameEnd),
      });
    attrs = null;
  };
  tokenize(html, {
    onopentagname(start, end) {
      attrs = html.slice(start, end).toLowerCase() === 'img' ? [] : null;
      nameEnd = end;
    },
    onattribname(start, end) {
      attrName = html.slice(start, end).toLowerCase();
      valueStart = -1;
      valueEnd = -1;
    },
    onattribdata(start, end) {
      if (valueStart < 0) valueStart = start;
      valueEnd = end;
    },
    onattribend(quote, end) {
      if (!attrs) return;
      // an empty quoted value has no data: it sits just before the closing quote
      const at = valueStart >= 0 ? valueStart : quote === QUOTE_SINGLE || quote === QUOTE_DOUBLE ? end - 1 : end;
      attrs.push({ name: attrName, start: at, end: valueStart >= 0 ? valueEnd : at, quote, after: end });
    },
    onopentagend: finish,
    onselfclosingtag: finish,
  });
  return { html, tags };
}

const escapeAttr = (v: string) => v.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The body with its stored images' tags completed: `absolute(url)` for the src, and from `meta` (by image name)
 * width, height, srcset (`srcset(url, width)`) and alt when absent or empty.
 */
export function writeImages(
  body: RichText,
  meta: ReadonlyMap<string, ImageMeta>,
  absolute: (url: string) => string,
  srcset: (url: string, width: number) => string,
): string {
  const { html, tags } = body;
  if (!tags.length) return html;
  const out: string[] = [];
  let at = 0;
  const splice = (from: number, to: number, text: string) => {
    out.push(html.slice(at, from), text);
    at = to;
  };
  for (const tag of tags) {
    const url = absolute(html.slice(tag.src.start, tag.src.end));
    const m = meta.get(tag.name);
    const adds: string[] = [];
    if (m) {
      if (!tag.has.has('width')) adds.push(`width="${m.width}"`);
      if (!tag.has.has('height')) adds.push(`height="${m.height}"`);
      const set = tag.has.has('srcset') ? '' : srcset(url, m.width);
      // an image narrower than every rendition width has no srcset: its own URL is its only size
      if (set) adds.push(`srcset="${escapeAttr(set)}"`);
      if (m.alt && !tag.alt) adds.push(`alt="${escapeAttr(m.alt)}"`);
    }
    // edits in text order: an empty alt before or after the src, then the new attributes at the end
    const edits: [number, number, string][] = [[tag.src.start, tag.src.end, tag.src.quote === QUOTE_NONE ? url : escapeAttr(url)]];
    const alt = tag.alt;
    if (m?.alt && alt && alt.start === alt.end && alt.quote !== QUOTE_NONE && alt.start !== alt.after)
      edits.push([alt.start, alt.end, escapeAttr(m.alt)]);
    edits.sort((a, b) => a[0] - b[0]);
    for (const [from, to, text] of edits) splice(from, to, text);
    if (adds.length) splice(tag.insertAt, tag.insertAt, ` ${adds.join(' ')}`);
  }
  out.push(html.slice(at));
  return out.join('');
}
