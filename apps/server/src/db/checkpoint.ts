import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's WAL checkpoints off the event loop (issue 28). By default the connection that commits past 1,000 WAL
 * pages copies them into the database file and syncs it inside that commit: on a 1.2 GB database (100,000 news)
 * one such commit took 1.9 s, and every request of the server waited for it. Here the server's connection never
 * checkpoints (`wal_autocheckpoint = 0`); a worker thread with a connection of its own runs
 * `wal_checkpoint(PASSIVE)` (copies what no reader needs, never waits, never blocks the writer) once the rows
 * written since the last one pass `CHECKPOINT_ROWS`.
 *
 * - The thread starts with the first checkpoint and ends after `IDLE_MS` without one: a server that only reads
 *   has none (a thread costs about 8 MB).
 * - The WAL starts over (from its beginning, the file cut back to `journal_size_limit`) only when a checkpoint
 *   has copied all of it before the next write begins, which the thread cannot see to under a steady stream of
 *   writes. So once the thread reports more than `RESET_FRAMES` in the WAL, the server's connection copies what
 *   the thread has not yet copied itself, right after a commit (no transaction open): a short pass, since the
 *   thread has copied the rest, and the WAL starts over with the next write.
 * - Should the thread fail, the connection goes back to SQLite's own checkpoints at 1,000 pages: the WAL never
 *   grows without bound.
 */

/** rows written (SQLite's `changes`) between two checkpoints: a save of a news writes about 50 */
export const CHECKPOINT_ROWS = 2_000;
const IDLE_MS = 10_000;
/** WAL frames (pages) past which the connection finishes a pass itself, so the WAL starts over (64 MB) */
const RESET_FRAMES = 16_384;
/** SQLite's own default, the fallback */
const AUTOCHECKPOINT_PAGES = 1_000;
/** the WAL file is truncated to this when it starts over */
const WAL_KEEP_BYTES = 64 * 1024 * 1024;

// CommonJS, evaluated in the thread: better-sqlite3 by the path this module resolved
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const [r] = db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage(r);
});
`;

export interface Checkpointer {
  /** a write ran: `changes` rows; `committed`: no transaction is open after it (a commit, or a write outside one) */
  wrote(changes: number, committed: boolean): void;
  /** the passes the connection finished itself so that the WAL starts over (tests, metrics) */
  readonly resets: number;
  /** the checkpoints the thread has run (tests, metrics) */
  readonly runs: number;
  /** whether checkpoints went back to the connection (the thread failed) */
  readonly fallback: boolean;
  /** ends the thread (the database's close) */
  close(): void;
  /** tests: the thread, when one runs */
  readonly worker: Worker | null;
}

export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  onError?: (err: unknown) => void,
  /** tests: smaller thresholds */
  limits: { rows?: number; resetFrames?: number } = {},
): Checkpointer {
  const everyRows = limits.rows ?? CHECKPOINT_ROWS;
  const resetFrames = limits.resetFrames ?? RESET_FRAMES;
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  sqlite.pragma(`journal_size_limit = ${WAL_KEEP_BYTES}`);
  sqlite.pragma('wal_autocheckpoint = 0');
  let worker: Worker | null = null;
  let running = false;
  let rows = 0;
  let runs = 0;
  let resets = 0;
  /** the thread saw more than RESET_FRAMES in the WAL: the next commit finishes the pass */
  let finish = false;
  let fallback = false;
  let closed = false;
  let idle: NodeJS.Timeout | null = null;

  const giveUp = (err: unknown) => {
    if (fallback || closed) return;
    fallback = true;
    worker = null;
    running = false;
    if (idle) clearTimeout(idle);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    onError?.(err);
  };
  const end = () => {
    const w = worker;
    worker = null;
    running = false;
    if (idle) clearTimeout(idle);
    idle = null;
    w?.removeAllListeners();
    w?.postMessage('close');
    w?.unref();
  };
  const run = () => {
    rows = 0;
    running = true;
    if (!worker) {
      const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, file } });
      w.unref();
      w.on('message', (r: { log: number; checkpointed: number }) => {
        running = false;
        runs++;
        if (r.log > resetFrames) finish = true;
        if (idle) clearTimeout(idle);
        idle = setTimeout(end, IDLE_MS);
        idle.unref();
        if (rows >= everyRows) run();
      });
      w.on('error', giveUp);
      w.on('exit', (code) => {
        if (worker === w) giveUp(new Error(`the checkpoint thread ended (exit code ${code})`));
      });
      worker = w;
    }
    worker.postMessage('checkpoint');
  };
  return {
    wrote(changes, committed) {
      if (fallback || closed) return;
      rows += changes;
      if (finish && committed && !running) {
        finish = false;
        resets++;
        sqlite.pragma('wal_checkpoint(PASSIVE)');
        return;
      }
      if (rows >= everyRows && !running) run();
    },
    get resets() {
      return resets;
    },
    get runs() {
      return runs;
    },
    get fallback() {
      return fallback;
    },
    get worker() {
      return worker;
    },
    close() {
      closed = true;
      end();
    },
  };
}
