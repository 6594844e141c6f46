import type { Ctx } from '../context.js';

/** reads a module's figures at each scrape: label value → number */
export type StatsReader = () => Record<string, number>;
type Add = (name: string, help: string, read: StatsReader) => void;

const adders = new WeakMap<Ctx, Add>();
const waiting = new WeakMap<Ctx, Parameters<Add>[]>();

/** ops/index.ts: where this app's modules' gauges go (its registry); gauges reported before it are added now */
export function setMetricsSink(ctx: Ctx, add: Add): void {
  adders.set(ctx, add);
  for (const args of waiting.get(ctx) ?? []) add(...args);
  waiting.delete(ctx);
}

/**
 * A module's own gauge on `GET /metrics` (ops sits below the modules and never imports them): `name{stat="…"}` for
 * each figure `read` answers at a scrape.
 */
export function reportStats(ctx: Ctx, name: string, help: string, read: StatsReader): void {
  const add = adders.get(ctx);
  if (add) {
    add(name, help, read);
    return;
  }
  const list = waiting.get(ctx) ?? [];
  list.push([name, help, read]);
  waiting.set(ctx, list);
}
