import type { Ctx } from '../context.js';
import { busOf } from '../events/bus.js';

/**
 * Totals kept between writes (issue 28). A list's total is a function of its query's SQL (its shape), the values
 * bound to it and the rows of the tables it reads; paging through a title search counts the same ~40,000 gram
 * rows again for every page (at 1,000,000 news, ~10–40 ms on PostgreSQL). So a count is kept, per process, under
 * its shape and values, for as long as nothing has been written since it was counted:
 *
 * - Every write of a table the delivery API reads records a `delivery` change on the change bus (its content
 *   version, modules/delivery/version.ts; a write outside the write pipeline must bump it too). The bus's
 *   `generation` grows with every change heard — before the writing transaction commits, and again after it (the
 *   reply's publish, or PostgreSQL's NOTIFY delivered at the commit, heard by every process).
 * - A count is kept with the generation read before it ran, and only if the generation did not move while it ran;
 *   a kept count is used only while the generation is the same and the bus is trusted (it hears every change).
 *   Any change drops them all. So a count is never older than the last change heard, as the delivery API's ETags.
 * - Only counts of the tables whose writes are changes (`keepCounts`: the tables the delivery API reads), over a
 *   resource's own table or its gram index (no data scope, translation or pending-draft filter, no hook's condition:
 *   the caller names the tables a count reads).
 *   Values that depend on the clock (now, for a publish state) are part of the key; the delivery lists name the
 *   site's visibility by the table's last schedule boundary instead (what is shown changes only when one passes),
 *   read before the clock and again after the count (`confirm`), so a count is kept across seconds.
 *
 * Requests asking for a count that is running (at the same generation) wait for it rather than count again. At
 * most MAX_KEPT counts; beyond that they are all dropped and kept again.
 */
const MAX_KEPT = 1000;

class KeptCounts {
  private readonly counts = new Map<string, number>();
  /** the counts running now, started at `generation` */
  private readonly running = new Map<string, Promise<number>>();
  /** the bus generation the kept counts were counted at */
  private generation = -1;
  constructor(private readonly ctx: Ctx) {}

  async count(key: string, run: () => Promise<number>, confirm?: () => Promise<boolean>): Promise<number> {
    const bus = busOf(this.ctx);
    if (!bus.trusted) return run();
    const generation = bus.generation;
    if (generation !== this.generation) {
      this.counts.clear();
      this.running.clear();
      this.generation = generation;
    }
    const kept = this.counts.get(key);
    if (kept !== undefined) return kept;
    // the same count asked again while it runs (many requests of one page at once): they wait for that one
    const running = this.running.get(key);
    if (running) return running;
    const counting = run().finally(() => {
      if (this.running.get(key) === counting) this.running.delete(key);
    });
    this.running.set(key, counting);
    const n = await counting;
    // nothing changed while it was counted (and the bus still hears every change): it may be kept
    if (bus.trusted && bus.generation === generation && this.generation === generation && (!confirm || (await confirm()))) {
      if (bus.generation !== generation || this.generation !== generation) return n;
      if (this.counts.size >= MAX_KEPT) this.counts.clear();
      this.counts.set(key, n);
    }
    return n;
  }
}

const perCtx = new WeakMap<Ctx, { counts: KeptCounts; tables: ReadonlySet<string> }>();

/**
 * Starts keeping the counts of these tables: called by whatever makes every write of them a change on the bus (the
 * delivery API's content versions). Without it, every count runs.
 */
export function keepCounts(ctx: Ctx, tables: Iterable<string>): void {
  if (!perCtx.has(ctx)) perCtx.set(ctx, { counts: new KeptCounts(ctx), tables: new Set(tables) });
}

/**
 * The count of `key` (its shape and values), as kept since the last change, or `run()` counted now (and kept);
 * `tables`: every table the count reads.
 */
export function keptCount(
  ctx: Ctx,
  tables: readonly string[],
  key: string,
  run: () => Promise<number>,
  /** asked after the count ran: may it be kept (e.g. the key's clock-dependent part is still the same) */
  confirm?: () => Promise<boolean>,
): Promise<number> {
  const k = perCtx.get(ctx);
  return k && tables.every((t) => k.tables.has(t)) ? k.counts.count(key, run, confirm) : run();
}
