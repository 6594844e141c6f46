import { createRequire } from 'node:module';

/**
 * Hands the memory that C code freed back to the system: glibc's `malloc_trim(0)`, every `intervalMs` (MALLOC_TRIM_MS).
 *
 * glibc keeps what native code frees in its arena (Argon2's 7 MiB buffer at each login, sharp's decoding, SQLite, the
 * start-up's statements) and on its own returns only a free top larger than MALLOC_TRIM_THRESHOLD_, 32 MB in
 * `npm run serve` so that a burst of logins reuses one hash buffer instead of faulting in 7 MiB for each (a lower
 * threshold cost a third of the logins a second). Measured through the bench's sequence (100,000 news, issue 28):
 * the arena held 10–18 MB of free pages from start-up on — 9 MB free once started, 12 after the first image
 * rendition, 17 after logins — and one `malloc_trim(0)` returned them in ~1 ms. It also returns free pages in the
 * middle of the arena (madvise), which no threshold does. A burst's first hash after a trim faults its buffer in
 * again (~4 ms on a machine whose first touch of a page costs 2 µs), the rest reuse it.
 *
 * glibc has no Node binding: the call goes through koffi (a foreign-function library with prebuilt binaries), loaded
 * here only. Where there is no glibc (musl, macOS, Windows) or koffi does not load, this does nothing.
 * Returns a stop function; the timer never keeps the process alive.
 */
export function startMallocTrim(intervalMs: number): () => void {
  if (!(intervalMs > 0) || process.platform !== 'linux') return () => {};
  const trim = loadTrim();
  if (!trim) return () => {};
  const timer = setInterval(() => trim(0), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** glibc's malloc_trim through koffi, or null (no `libc.so.6` with that function, as on musl; koffi missing) */
export function loadTrim(): ((pad: number) => number) | null {
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
  } catch {
    return null;
  }
}
