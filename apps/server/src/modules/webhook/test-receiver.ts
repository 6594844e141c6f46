import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * a real local receiver: answers each request with the next status of `answers` (then 200); `hang` makes it
 * keep every request open without an answer. `arrived(n)` resolves once n requests came.
 */
export function receiver(opts: { hang?: boolean } = {}) {
  const got: Received[] = [];
  const answers: number[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  /** requests still waiting for their answer (a hanging receiver's) */
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ body, headers: req.headers });
      for (const w of waiting.filter((x) => got.length >= x.n)) w.resolve();
      if (opts.hang) {
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : 'busy');
    });
  });
  return {
    got,
    answers,
    open,
    arrived: (n: number) => new Promise<void>((resolve) => (got.length >= n ? resolve() : waiting.push({ n, resolve }))),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** epoch ms as the stored `YYYY-MM-DD HH:mm:ss` of the test configuration's time zone (Asia/Shanghai) */
export const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
