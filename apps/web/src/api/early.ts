/**
 * Requests the entry starts before the code that reads them has loaded (a list's first page and columns on a
 * cold load: app/firstList.ts), handed over once to the call that would have made the same request.
 * A request is taken by an equal key (method, path, body) within a few seconds of its start; one that
 * failed is not handed over (the caller asks again itself, with its own error handling).
 */
const MAX_AGE_MS = 15_000;
const started = new Map<string, { at: number; maxAgeMs: number; reply: Promise<unknown> }>();

export const earlyKey = (method: 'GET' | 'POST', path: string, body: unknown) => `${method} ${path} ${JSON.stringify(body ?? null)}`;

/** the key of one record's get (`?id=`), as the entry starts it and `fetchRecord` takes it */
export const recordKey = (path: string, id: string | number) => earlyKey('POST', path, { id: String(id) });

/**
 * starts `run` under `key`, unless the same request started under it a moment ago and has not been taken;
 * `maxAgeMs`: how long its reply may be handed over (a press on a link whose navigation may not follow: seconds)
 */
export function startEarly(key: string, run: () => Promise<unknown>, maxAgeMs = MAX_AGE_MS): void {
  const e = started.get(key);
  if (e && Date.now() - e.at <= e.maxAgeMs) return;
  started.set(key, { at: Date.now(), maxAgeMs, reply: run().catch(() => undefined) });
}

/** the reply of an early request with this key, once (undefined: none, too old, or it failed) */
export async function takeEarly<T>(key: string): Promise<T | undefined> {
  const e = started.get(key);
  if (!e) return undefined;
  started.delete(key);
  if (Date.now() - e.at > e.maxAgeMs) return undefined;
  return (await e.reply) as T | undefined;
}
