import { MessageChannel } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { badRequest } from './errors.js';
import { FairQueue } from './fair-queue.js';

/**
 * Rich text is sanitized by `sanitize-worker.mjs`, which first walks the body once to measure how deeply
 * sanitize-html's parser would nest it (refusing past MAX_RICH_TEXT_DEPTH: the sanitizer's time grows with the
 * nesting), then sanitizes it. Nothing here reads the body on the event loop beyond its length:
 * - a small body (INLINE_MAX_CHARS) is cleaned on the event loop at once: linear and a few milliseconds, so an
 *   ordinary save never waits behind a costly one;
 * - a larger one goes to a pool of worker threads (piscina), through a fair queue: at most one body of an
 *   account is being cleaned at a time (its others wait in its own queue), and waiting accounts are served in
 *   turn. Its time budget starts when a thread takes it, so waiting never counts; a body still being cleaned
 *   when its budget runs out is refused and its thread ended (the pool starts a fresh one).
 * The field's size limit is checked earlier, by the resource's save schema.
 */

/** Deepest element nesting accepted (sanitize-html's parser's element stack); the editor's deepest structures stay far below. */
export const MAX_RICH_TEXT_DEPTH = 100;
/** A body still being cleaned after this long (its own work, not its wait for a thread) is refused. */
export const SANITIZE_TIME_LIMIT_MS = 5_000;
/** Bodies up to this many characters are cleaned on the event loop (measured: at most ~8 ms for the costliest shapes). */
export const INLINE_MAX_CHARS = 16_384;
/** Worker threads of the pool. */
export const SANITIZE_THREADS = 2;

type Cleaned = { html: string } | { tooDeep: true };
type Clean = (html: string, maxDepth: number) => Cleaned;

/** the worker's module, by file name: next to this file in src/, next to main.js once built (build.mjs copies it) */
const WORKER = new URL('./sanitize-worker.mjs', import.meta.url).href;

let pool: Piscina | null = null;
let inline: Promise<Clean> | null = null;
/** one body per account at a time on the threads, accounts served in turn */
const queue = new FairQueue({ slots: SANITIZE_THREADS, perOwner: 1 });

async function getPool(): Promise<Piscina> {
  if (pool) return pool;
  const { Piscina: Pool } = await import('piscina');
  pool ??= new Pool({ filename: WORKER, minThreads: 0, maxThreads: SANITIZE_THREADS, idleTimeout: 30_000 });
  return pool;
}

/** the worker's `clean`, loaded into this thread on the first small body */
function inlineClean(): Promise<Clean> {
  inline ??= import(WORKER).then((m: { clean: Clean }) => m.clean);
  return inline;
}

/** Stops the worker threads (the app's close); the next save starts them again. */
export async function closeSanitizer(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}

export interface SanitizeOptions {
  /** whose body it is (`ownerOf(req)`): one body per owner on the threads at a time */
  owner?: string;
  /** the budget of the body's own work (SANITIZE_TIME_LIMIT_MS) */
  timeLimitMs?: number;
}

/**
 * The sanitized body; a 400 with a clear message for a body nested too deeply or too costly to clean within its
 * budget.
 */
export async function sanitizeRichText(html: string, opts: SanitizeOptions = {}): Promise<string> {
  if (html === '') return html;
  const result =
    html.length <= INLINE_MAX_CHARS
      ? (await inlineClean())(html, MAX_RICH_TEXT_DEPTH)
      : await queue.run(opts.owner ?? 'system', () => inWorker(html, opts.timeLimitMs ?? SANITIZE_TIME_LIMIT_MS));
  if ('tooDeep' in result) throw badRequest('v.richTextTooDeep', { max: MAX_RICH_TEXT_DEPTH });
  return result.html;
}

/** Cleans one body on a thread; its budget starts when the thread reports that it took the body. */
async function inWorker(html: string, timeLimitMs: number): Promise<Cleaned> {
  const p = await getPool();
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  port1.once('message', () => {
    if (!settled) timer = setTimeout(() => abort.abort(), timeLimitMs);
  });
  try {
    return (await p.run({ html, maxDepth: MAX_RICH_TEXT_DEPTH, port: port2 }, { transferList: [port2], signal: abort.signal })) as Cleaned;
  } catch (e) {
    if (abort.signal.aborted) throw badRequest('v.richTextTooComplex');
    throw e;
  } finally {
    settled = true;
    clearTimeout(timer);
    port1.close();
  }
}

/** bodies being cleaned on the threads and waiting for one (for the metrics and tests) */
export function sanitizerLoad(): { running: number; waiting: number } {
  return queue.load;
}
