import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs a housekeeping job (retention, purges) once a day, the first time `firstAfterMs` after start; its
 * result is logged, a failure too, and closing the app stops it. The jobs delete what is past a cut-off, so
 * several processes running the same one do no harm.
 */
export function scheduleDaily(
  api: FastifyInstance,
  job: { name: string; firstAfterMs: number; run: () => Promise<number>; done: string },
): void {
  const run = () =>
    job.run().then(
      (n) => n && api.log.info({ event: job.name, count: n }, job.done),
      (err) => api.log.error({ err, event: job.name }, `${job.name} failed`),
    );
  const first = setTimeout(run, job.firstAfterMs);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  api.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
