import type { MessagePort } from 'node:worker_threads';

/** How deeply sanitize-html's parser would nest the elements of `html`, stopping once past `limit`. Linear. */
export function nestingDepth(html: string, limit?: number): number;
/** The body sanitized, or `{ tooDeep: true }` when its elements nest deeper than `maxDepth`. */
export function clean(html: string, maxDepth: number): { html: string } | { tooDeep: true };
/** The pool's task; `port` hears "started" when a thread takes the body. */
export default function task(t: { html: string; maxDepth: number; port?: MessagePort }): { html: string } | { tooDeep: true };
