import type { NoticeCounts } from '@gk/contracts';

/**
 * A `/notice/stream` reader for tests (and the bench): fetch with the token header, the body read as it arrives and
 * cut into server-sent events. `next(pred)` resolves with the first `counts` event (from the start) matching `pred`
 * that was not taken before; `ended` resolves when the server closed the stream.
 */
export async function openStream(base: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/notice/stream`, { headers: { token }, signal: ctrl.signal });
  const events: NoticeCounts[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  let done = false;
  const ended = (async () => {
    if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done: over } = await reader.read();
        if (over) break;
        buf += dec.decode(value, { stream: true });
        let at = buf.indexOf('\n\n');
        while (at >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event === 'counts' && data) events.push(JSON.parse(data) as NoticeCounts);
          at = buf.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by the test
    } finally {
      done = true;
      wake();
    }
  })();
  const next = async (pred: (c: NoticeCounts) => boolean = () => true): Promise<NoticeCounts> => {
    for (;;) {
      while (taken < events.length) {
        const c = events[taken++];
        if (pred(c)) return c;
      }
      if (done) throw new Error(`stream ended; events: ${JSON.stringify(events)}`);
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  return { res, events, next, ended, close: () => ctrl.abort() };
}
