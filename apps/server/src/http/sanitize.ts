import type { Piscina } from 'piscina';
import { badRequest } from './errors.js';

/**
 * Rich text is sanitized off the event loop: a pool of worker threads (piscina) runs
 * `sanitize-worker.mjs`, each body with a time limit, so no single save can stall other requests.
 * Before that, a linear scan refuses bodies nested deeper than any editor produces (the sanitizer's time
 * grows with nesting). The field's size limit is checked earlier, by the resource's save schema.
 */

/** Deepest element nesting accepted; the editor's deepest structures (lists in tables in quotes) stay far below. */
export const MAX_RICH_TEXT_DEPTH = 100;
/** A body that takes longer than this to sanitize is refused. */
export const SANITIZE_TIME_LIMIT_MS = 5_000;

/** Elements without content, and those a parser closes by itself when the next one opens: they never nest. */
const NOT_NESTING = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'td',
  'th',
  'tr',
  'dt',
  'dd',
  'option',
]);

/** The deepest element nesting of an HTML text, stopping early once past `limit`. One pass, no parser. */
export function nestingDepth(html: string, limit = Number.POSITIVE_INFINITY): number {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g;
  let depth = 0;
  let max = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = m[2].toLowerCase();
    if (NOT_NESTING.has(name)) continue;
    if (m[1]) depth = Math.max(0, depth - 1);
    else if (!m[3]) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    }
  }
  return max;
}

let pool: Piscina | null = null;

async function getPool(): Promise<Piscina> {
  if (pool) return pool;
  const { Piscina: Pool } = await import('piscina');
  pool ??= new Pool({
    filename: new URL('./sanitize-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 30_000,
  });
  return pool;
}

/** Stops the worker threads (the app's close); the next save starts them again. */
export async function closeSanitizer(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}

/**
 * The sanitized body; a 400 with a clear message for a body nested too deeply or too costly to clean. A body
 * still being cleaned after `timeLimitMs` ends its worker thread (piscina terminates it; the pool starts a
 * fresh one), so no body holds a thread either.
 */
export async function sanitizeRichText(html: string, timeLimitMs = SANITIZE_TIME_LIMIT_MS): Promise<string> {
  if (html === '') return html;
  if (nestingDepth(html, MAX_RICH_TEXT_DEPTH) > MAX_RICH_TEXT_DEPTH) throw badRequest('v.richTextTooDeep', { max: MAX_RICH_TEXT_DEPTH });
  const p = await getPool();
  try {
    return (await p.run(html, { signal: AbortSignal.timeout(timeLimitMs) })) as string;
  } catch (e) {
    if ((e as { name?: string })?.name === 'AbortError' || (e as { name?: string })?.name === 'TimeoutError') {
      throw badRequest('v.richTextTooComplex');
    }
    throw e;
  }
}
