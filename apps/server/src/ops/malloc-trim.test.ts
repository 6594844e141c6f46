import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.js';
import { loadTrim, startMallocTrim } from './malloc-trim.js';

describe('MALLOC_TRIM_MS: freed native memory handed back', () => {
  it('every 5 s by default; 0 turns it off; nonsense keeps the default', () => {
    expect(configFromEnv({}).mallocTrimMs).toBe(5_000);
    expect(configFromEnv({ MALLOC_TRIM_MS: '0' }).mallocTrimMs).toBe(0);
    expect(configFromEnv({ MALLOC_TRIM_MS: 'often' }).mallocTrimMs).toBe(5_000);
  });

  it("calls glibc's malloc_trim where there is glibc", () => {
    const glibc = (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime;
    const trim = loadTrim();
    if (!glibc) return expect(trim).toBeNull();
    expect(trim).toBeTypeOf('function');
    // 1 when memory was returned, 0 when there was none to return
    expect([0, 1]).toContain(trim?.(0));
  });

  it('starts and stops a timer that does not keep the process alive; 0 starts none', () => {
    const stop = startMallocTrim(60_000);
    stop();
    expect(startMallocTrim(0)).toBeTypeOf('function');
  });
});
