import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingJob {
  name: string;
  /** the first run, this long after start */
  firstAfterMs: number;
  /** then every so often */
  everyMs: number;
  /** does the work; answers how many things it removed */
  run: () => Promise<number>;
  /** the log line of a run that removed something */
  done: string;
}

/** the jobs each app scheduled, by name (tests run one at a chosen moment of their clock: `scheduledJob`) */
const jobsOf = new WeakMap<object, Map<string, HousekeepingJob>>();

/**
 * Runs a housekeeping job (retention, purges) every `everyMs`, the first time `firstAfterMs` after start; its
 * result is logged, a failure too, and closing the app stops it. The jobs delete what is past a cut-off read
 * from the app's clock, so several processes running the same one do no harm. `owner` (the app's Ctx)
 * keeps the job findable by `scheduledJob`.
 */
export function scheduleEvery(api: FastifyInstance, job: HousekeepingJob, owner?: object): void {
  if (owner) {
    const jobs = jobsOf.get(owner) ?? new Map<string, HousekeepingJob>();
    jobs.set(job.name, job);
    jobsOf.set(owner, jobs);
  }
  const run = () =>
    job.run().then(
      (n) => n && api.log.info({ event: job.name, count: n }, job.done),
      (err) => api.log.error({ err, event: job.name }, `${job.name} failed`),
    );
  const first = setTimeout(run, job.firstAfterMs);
  const every = setInterval(run, job.everyMs);
  first.unref();
  every.unref();
  api.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}

/** A housekeeping job once a day. */
export function scheduleDaily(
  api: FastifyInstance,
  job: { name: string; firstAfterMs: number; run: () => Promise<number>; done: string },
  owner?: object,
): void {
  scheduleEvery(api, { ...job, everyMs: DAY_MS }, owner);
}

/** The job an app scheduled under this name (tests: run it after moving the clock, without waiting for its timer). */
export function scheduledJob(owner: object, name: string): HousekeepingJob | undefined {
  return jobsOf.get(owner)?.get(name);
}
