// The rich-text sanitizer, run in a worker thread (piscina) so a costly body never stalls the event loop, and
// on the event loop itself for small bodies (http/sanitize.ts). Plain JavaScript: the pool loads this file as it
// is, from src/ in development and tests and from dist/ once built.
import { createRequire } from 'node:module';
import sanitizeHtml from 'sanitize-html';

// the tokenizer of the very htmlparser2 that sanitize-html loads (its own dependency, whatever version that is),
// so the nesting counted below is the nesting sanitize-html's parser builds
const requireFromSanitizer = createRequire(createRequire(import.meta.url).resolve('sanitize-html'));
const { Tokenizer } = requireFromSanitizer('htmlparser2');

/**
 * Rich-text HTML from the editor: scripts, event handlers, `javascript:` URLs, iframes and styles other
 * than colour / alignment are removed; the text and safe formatting (headings, lists, tables, links,
 * images, quotes) are kept.
 */
/** @type {import('sanitize-html').IOptions} */
const options = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'mark',
    'sub',
    'sup',
    'span',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'caption',
    'div',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'colwidth'],
    th: ['colspan', 'rowspan', 'colwidth'],
    col: ['span', 'width'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      width: [/^\d+(px|%)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

// htmlparser2's Parser (v10), what its element stack does: void elements never open; an opening tag first closes
// the elements on top of the stack it implies closed; a closing tag closes up to the innermost element of its
// name, or nothing. The parser keeps that stack with `unshift` (and a foreign-content stack for svg / math that
// a self-closed `<svg/>` opens and never closes), so each step costs as much as the stack is deep: a body that
// nests deeply costs the square of its size. This walk keeps both stacks at their ends (push / pop) and stops at
// the first level past the limit, so it costs one pass over the text.
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const OPEN_IMPLIES_CLOSE = new Map(
  Object.entries({
    tr: ['tr', 'th', 'td'],
    th: ['th'],
    td: ['thead', 'th', 'td'],
    body: ['head', 'link', 'script'],
    li: ['li'],
    select: FORM,
    input: FORM,
    output: FORM,
    button: FORM,
    datalist: FORM,
    textarea: FORM,
    option: ['option'],
    optgroup: ['optgroup', 'option'],
    dd: ['dd', 'dt'],
    dt: ['dd', 'dt'],
    rt: ['rt', 'rp'],
    rp: ['rt', 'rp'],
    tbody: ['thead', 'tbody'],
    tfoot: ['thead', 'tbody'],
    ...Object.fromEntries(
      'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul'
        .split(' ')
        .map((t) => [t, P]),
    ),
  }).map(([k, v]) => [k, new Set(v)]),
);
const FOREIGN = new Set(['math', 'svg']);
const INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

class TooDeep extends Error {}

/**
 * How deeply sanitize-html's parser would nest the elements of `html` (its element stack, or its foreign-content
 * stack if that grows further), stopping once past `limit`. Linear in the text.
 * @param {string} html
 * @param {number} [limit]
 */
export function nestingDepth(html, limit = Number.POSITIVE_INFINITY) {
  /** open elements, innermost last */
  const stack = [];
  /** how many of each name are open (a closing tag looks its name up here, not through the stack) */
  const open = new Map();
  /** foreign-content flags, innermost last */
  const foreign = [false];
  let tagname = '';
  let max = 0;
  const pop = () => {
    const name = stack.pop();
    const n = open.get(name) - 1;
    if (n) open.set(name, n);
    else open.delete(name);
  };
  const grown = () => {
    const depth = Math.max(stack.length, foreign.length - 1);
    if (depth > max) {
      max = depth;
      if (max > limit) throw new TooDeep();
    }
  };
  const openTag = (name) => {
    tagname = name;
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    if (closes) while (stack.length && closes.has(stack[stack.length - 1])) pop();
    if (VOID.has(name)) return;
    stack.push(name);
    open.set(name, (open.get(name) ?? 0) + 1);
    if (FOREIGN.has(name)) foreign.push(true);
    else if (INTEGRATION.has(name)) foreign.push(false);
    grown();
  };
  const closeCurrent = () => {
    if (stack[stack.length - 1] === tagname) pop();
    tagname = '';
  };
  const none = () => {};
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onopentagname(start, end) {
        openTag(html.slice(start, end).toLowerCase());
      },
      onopentagend() {
        tagname = '';
      },
      onselfclosingtag() {
        // only in foreign content (svg, math) does `/>` close the element
        if (foreign[foreign.length - 1]) closeCurrent();
        else tagname = '';
      },
      onclosetag(start, end) {
        const name = html.slice(start, end).toLowerCase();
        if (FOREIGN.has(name) || INTEGRATION.has(name)) foreign.pop();
        if (VOID.has(name)) return;
        if (open.has(name)) {
          while (stack[stack.length - 1] !== name) pop();
          pop();
        } else if (name === 'p') {
          openTag('p');
          closeCurrent();
        }
      },
      onattribdata: none,
      onattribentity: none,
      onattribend: none,
      onattribname: none,
      oncdata: none,
      oncomment: none,
      ondeclaration: none,
      onend: none,
      onprocessinginstruction: none,
      ontext: none,
      ontextentity: none,
    },
  );
  try {
    tokenizer.write(html);
    tokenizer.end();
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
  }
  return max;
}

/**
 * The body sanitized, or `{ tooDeep: true }` when its elements nest deeper than `maxDepth` (sanitize-html's
 * time grows with the nesting, so such a body is refused before it is sanitized).
 * @param {string} html
 * @param {number} maxDepth
 * @returns {{ html: string } | { tooDeep: true }}
 */
export function clean(html, maxDepth) {
  if (nestingDepth(html, maxDepth) > maxDepth) return { tooDeep: true };
  return { html: sanitizeHtml(html, options) };
}

/**
 * The pool's task. `port` hears "started" as soon as this thread takes the body, so the caller's time budget
 * counts the work and not the wait for a thread.
 * @param {{ html: string, maxDepth: number, port?: import('node:worker_threads').MessagePort }} task
 */
export default function task({ html, maxDepth, port }) {
  port?.postMessage('started');
  return clean(html, maxDepth);
}
