import type { FastifyRequest } from 'fastify';

/**
 * A few slots (sanitizer threads, image decoders) shared fairly between accounts (issue 21):
 * - at most `perOwner` jobs of one owner run at once; its others wait in its own queue;
 * - when a slot frees, it goes to the waiting owner whose last job started longest ago (round robin), so
 *   one owner's backlog never stands in front of another owner's job;
 * - the waiting room holds at most `maxWaiting` jobs; when it is full, a newcomer takes the place of the
 *   newest waiting job of the owner holding the most (running + waiting), if that owner holds at least two
 *   more than the newcomer's owner would; otherwise the newcomer is refused (`full()`). So a flood of one
 *   owner fills at most its fair share, and another owner's job is still admitted.
 * Admission is decided synchronously, when `run` is called.
 */
export interface FairQueueOptions {
  /** jobs running at once */
  slots: number;
  /** jobs of one owner running at once (default: all slots) */
  perOwner?: number;
  /** jobs that may wait (default: no limit) */
  maxWaiting?: number;
  /** the error a refused or displaced job rejects with */
  full?: () => Error;
}

interface Job {
  owner: string;
  start: () => void;
  reject: (e: unknown) => void;
}

export class FairQueue {
  private readonly slots: number;
  private readonly perOwner: number;
  private readonly maxWaiting: number;
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  /** the waiting jobs of each owner, in the order the owners came */
  private readonly waiting = new Map<string, Job[]>();
  private waitingCount = 0;
  /** when each owner with jobs running or waiting last had one started (a count of starts) */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;

  constructor(private readonly opts: FairQueueOptions) {
    this.slots = Math.max(1, opts.slots);
    this.perOwner = Math.max(1, Math.min(this.slots, opts.perOwner ?? this.slots));
    this.maxWaiting = Math.max(0, opts.maxWaiting ?? Number.POSITIVE_INFINITY);
  }

  /** Runs `task` once a slot is free for `owner`; rejects with `full()` when there is no room for it. */
  run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        owner,
        reject,
        start: () => {
          let p: Promise<T>;
          try {
            p = Promise.resolve(task());
          } catch (e) {
            p = Promise.reject(e);
          }
          p.then(resolve, reject).finally(() => this.finish(owner));
        },
      };
      if (this.running < this.slots && (this.runningOf.get(owner) ?? 0) < this.perOwner && !this.waiting.has(owner)) {
        this.begin(job);
        return;
      }
      if (this.waitingCount >= this.maxWaiting && !this.displaceFor(owner)) {
        reject(this.refusal());
        return;
      }
      const mine = this.waiting.get(owner);
      if (mine) mine.push(job);
      else this.waiting.set(owner, [job]);
      this.waitingCount++;
    });
  }

  /** jobs running and waiting (for the metrics and tests) */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  private refusal(): Error {
    return this.opts.full?.() ?? new Error('queue full');
  }

  private held(owner: string): number {
    return (this.runningOf.get(owner) ?? 0) + (this.waiting.get(owner)?.length ?? 0);
  }

  /** Makes room for one job of `owner` by refusing the newest waiting job of the owner holding the most. */
  private displaceFor(owner: string): boolean {
    let victim: string | null = null;
    for (const o of this.waiting.keys()) if (o !== owner && (victim === null || this.held(o) > this.held(victim))) victim = o;
    if (victim === null || this.held(victim) < this.held(owner) + 2) return false;
    const jobs = this.waiting.get(victim)!;
    const job = jobs.pop()!;
    if (!jobs.length) {
      this.waiting.delete(victim);
      if (!this.runningOf.has(victim)) this.lastStart.delete(victim);
    }
    this.waitingCount--;
    job.reject(this.refusal());
    return true;
  }

  private begin(job: Job): void {
    this.running++;
    this.runningOf.set(job.owner, (this.runningOf.get(job.owner) ?? 0) + 1);
    this.lastStart.set(job.owner, ++this.starts);
    job.start();
  }

  private finish(owner: string): void {
    this.running--;
    const n = (this.runningOf.get(owner) ?? 1) - 1;
    if (n > 0) this.runningOf.set(owner, n);
    else {
      this.runningOf.delete(owner);
      if (!this.waiting.has(owner)) this.lastStart.delete(owner);
    }
    this.dispatch();
  }

  /** Starts waiting jobs while slots are free: each time, of the owner whose last job started longest ago. */
  private dispatch(): void {
    while (this.running < this.slots) {
      let next: string | null = null;
      for (const o of this.waiting.keys()) {
        if ((this.runningOf.get(o) ?? 0) >= this.perOwner) continue;
        if (next === null || (this.lastStart.get(o) ?? 0) < (this.lastStart.get(next) ?? 0)) next = o;
      }
      if (next === null) return;
      const jobs = this.waiting.get(next)!;
      const job = jobs.shift()!;
      if (!jobs.length) this.waiting.delete(next);
      this.waitingCount--;
      this.begin(job);
    }
  }
}

/** Whose job it is: the signed-in account, else the client's address; work without a request is the system's. */
export function ownerOf(req: FastifyRequest | undefined): string {
  if (!req) return 'system';
  return req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
}
