import type { NoticeCounts, Reply } from '@gk/contracts';
import { RELOGIN_CODES } from '@gk/contracts/list';
import { createParser } from 'eventsource-parser';
import { useSyncExternalStore } from 'react';
import { buildUrl, post } from '../../api/request';
import { noticeEndpoints } from '../../api/shared.contracts';
import { currentLang } from '../../lib/i18n';
import { getToken } from '../../lib/token';

/** asked every 30 s while the stream cannot be had (refused, or failing) */
export const POLL_MS = 30_000;
/** reconnecting after a lost stream: 1 s, 2 s, 4 s … at most 30 s */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** after this many failed connects in a row the bell polls, and tries the stream again every STREAM_AGAIN_MS */
const FAILS_BEFORE_POLLING = 3;
const STREAM_AGAIN_MS = 5 * 60_000;

export interface CountsState {
  counts: NoticeCounts | null;
  /** how the counts arrive now */
  mode: 'idle' | 'stream' | 'polling';
  /** increases with every counts event (the lists of notices reload on it) */
  version: number;
}

/**
 * The bell's counts, kept current without a reload: one `/notice/stream` per tab (shared by every component that
 * reads it), read with fetch (the token goes in a header, which EventSource cannot send) and parsed with
 * eventsource-parser. A lost stream is opened again with backoff; one refused (too many tabs) or failing again
 * and again gives way to asking `/notice/getCounts` every 30 s. An answer that the session is over stops it all.
 */
class CountsFeed {
  private state: CountsState = { counts: null, mode: 'idle', version: 0 };
  private readonly listeners = new Set<() => void>();
  private users = 0;
  private ctrl: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private fails = 0;
  private running = false;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.users++ === 0) this.start();
    return () => {
      this.listeners.delete(listener);
      if (--this.users === 0) this.stop();
    };
  };
  readonly get = () => this.state;

  private set(next: Partial<CountsState>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private got(counts: NoticeCounts) {
    this.set({ counts, version: this.state.version + 1 });
  }

  /** asks for the counts now (after marking read here: the stream says it too, this is for the polling mode) */
  async refresh(): Promise<void> {
    try {
      const r = await post<Reply<NoticeCounts>>(noticeEndpoints.counts.path, undefined, { quiet: true });
      if (r.data) this.got(r.data);
    } catch (e) {
      if (sessionOver(e)) this.stop();
    }
  }

  private start() {
    this.running = true;
    this.fails = 0;
    void this.connect();
  }

  private stop() {
    this.running = false;
    this.ctrl?.abort();
    this.ctrl = null;
    if (this.timer) clearTimeout(this.timer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.timer = null;
    this.pollTimer = null;
    // the next user of this tab (signed out, another signs in) starts from nothing
    this.set({ mode: 'idle', counts: null });
  }

  private later(fn: () => void, ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) fn();
    }, ms);
  }

  private poll() {
    if (this.pollTimer) return;
    this.set({ mode: 'polling' });
    void this.refresh();
    this.pollTimer = setInterval(() => void this.refresh(), POLL_MS);
    // now and then the stream is tried again
    this.later(() => void this.connect(), STREAM_AGAIN_MS);
  }

  private failed() {
    this.fails++;
    if (this.fails >= FAILS_BEFORE_POLLING) this.poll();
    else this.later(() => void this.connect(), Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (this.fails - 1)));
  }

  private async connect() {
    const token = getToken();
    if (!token || !this.running) return;
    const ctrl = new AbortController();
    this.ctrl = ctrl;
    let res: Response;
    try {
      res = await fetch(buildUrl(noticeEndpoints.stream.path), {
        headers: { token, lang: currentLang(), accept: 'text/event-stream' },
        signal: ctrl.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      if (!ctrl.signal.aborted) this.failed();
      return;
    }
    if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const reply = (await res.json().catch(() => null)) as { code?: number } | null;
      if (reply && RELOGIN_CODES.includes(Number(reply.code))) return this.stop();
      // too many tabs of this account hold a stream: this one asks every 30 s
      if (reply?.code === 429) return this.poll();
      return this.failed();
    }
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.set({ mode: 'stream' });
    const parser = createParser({
      onEvent: (e) => {
        if (e.event !== 'counts') return;
        try {
          this.got(JSON.parse(e.data) as NoticeCounts);
          this.fails = 0;
        } catch {
          // not ours
        }
      },
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // cut off (network, or aborted by stop)
    }
    if (ctrl.signal.aborted || !this.running) return;
    // the server ended it (its session check, a restart): open it again after a pause; the reply then says why
    this.failed();
  }
}

export const countsFeed = new CountsFeed();

function sessionOver(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code !== undefined && RELOGIN_CODES.includes(Number(code));
}

/** the bell's counts (null until the first answer) and how they arrive */
export function useNoticeCounts(): CountsState {
  return useSyncExternalStore(countsFeed.subscribe, countsFeed.get);
}
