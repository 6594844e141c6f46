import type http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful stop of the HTTP server (SIGTERM / SIGINT): stop accepting connections, answer every request already
 * received, close idle keep-alive connections at once and the others as their replies finish, then close the app
 * (database, image store) and exit 0.
 *
 * Node's own `server.close()` is not used for the first step: it also destroys every connection that has no
 * request *parsed yet* (`closeIdleConnections`), which includes a fresh connection whose request is still on its
 * way — nginx's default upstream opens one connection per request, and those requests were reset. Here:
 * - a connection whose last reply is finished (idle keep-alive) is closed at once;
 * - a reply in progress gets `Connection: close` (or, its headers already sent, the connection is ended when it
 *   finishes); every request that arrives during the drain is answered normally with `Connection: close`;
 * - a connection that has not sent a request yet gets `firstRequestGraceMs` to send it, then is closed.
 */
export interface DrainCounts {
  /** replies in progress when the listener closed */
  inFlight: number;
  /** idle keep-alive connections closed at once */
  idleClosed: number;
  /** connections that had not sent a request yet */
  awaitingRequest: number;
}

export interface Drain {
  /**
   * begins the drain: `stopped` resolves once the listener is closed (no new connection is taken) with what was
   * open then, `closed` once the last connection has closed
   */
  drain(): { stopped: Promise<DrainCounts>; closed: Promise<void> };
  readonly draining: boolean;
}

/** emitted on the HTTP server when a drain begins: a reply that never finishes by itself (a stream) ends then */
export const DRAIN_EVENT = 'gk:drain';

export function trackConnections(server: http.Server, opts: { firstRequestGraceMs: number }): Drain {
  const sockets = new Set<net.Socket>();
  /** the latest request's reply on each connection (pipelined replies finish in order) */
  const lastReply = new WeakMap<net.Socket, http.ServerResponse>();
  let draining = false;
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // before Fastify's handler: a reply of the drain must say the connection ends
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    lastReply.set(req.socket, res);
    if (draining) res.setHeader('connection', 'close');
  });

  const settle = (socket: net.Socket, counts: DrainCounts) => {
    const res = lastReply.get(socket);
    if (!res) {
      // a connection that has not sent its request yet: it may be on its way
      counts.awaitingRequest++;
      const timer = setTimeout(() => {
        if (!lastReply.has(socket)) socket.destroy();
      }, opts.firstRequestGraceMs);
      socket.once('close', () => clearTimeout(timer));
    } else if (res.writableFinished) {
      counts.idleClosed++;
      socket.destroy();
    } else {
      counts.inFlight++;
      if (!res.headersSent) res.setHeader('connection', 'close');
      else res.once('finish', () => socket.end());
    }
  };

  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
      // long-lived replies (the notice stream) end themselves now: they would never finish on their own
      server.emit(DRAIN_EVENT);
      let closed!: Promise<void>;
      const stopped = new Promise<DrainCounts>((resolve) => {
        // two turns of the event loop first: connections the kernel had already queued are taken (and then
        // answered) rather than reset with the listening socket
        setImmediate(() =>
          setImmediate(() => {
            const counts = { inFlight: 0, idleClosed: 0, awaitingRequest: 0 };
            // net.Server's close: stop listening; called back when the last connection has closed
            closed = new Promise<void>((done) => net.Server.prototype.close.call(server, () => done()));
            for (const socket of sockets) settle(socket, counts);
            resolve(counts);
          }),
        );
      });
      return { stopped, closed: stopped.then(() => closed) };
    },
  };
}

/**
 * SIGTERM / SIGINT: the drain above, then `app.close()` (the database and image store), exit 0. A stop that takes
 * longer than `timeoutMs` exits 1. A connection that has not sent a request gets a tenth of that to send it.
 */
export function installShutdown(app: FastifyInstance, timeoutMs: number): Drain {
  const drain = trackConnections(app.server, { firstRequestGraceMs: Math.max(100, Math.floor(timeoutMs / 10)) });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      const started = Date.now();
      setTimeout(() => {
        console.error(`shutdown took longer than ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting 1`);
        process.exit(1);
      }, timeoutMs).unref();
      const { stopped, closed } = drain.drain();
      stopped
        .then((open) => {
          app.log.info({ event: 'shutdown', signal, ...open }, 'shutting down: no new connections; finishing requests in flight');
          return closed;
        })
        .then(() => {
          app.log.info({ event: 'shutdown.drained', ms: Date.now() - started }, 'connections closed');
          return app.close();
        })
        .then(
          () => {
            app.log.info({ event: 'shutdown.done', ms: Date.now() - started }, 'shutdown complete');
            process.exit(0);
          },
          (e) => {
            console.error('shutdown failed', e);
            process.exit(1);
          },
        );
    });
  }
  return drain;
}
