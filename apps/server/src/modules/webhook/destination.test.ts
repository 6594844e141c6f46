import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardedLookup, isPublicAddress, MAX_ANSWER_BYTES, postOnce, refusedHost, resolver } from './destination.js';

afterEach(() => vi.restoreAllMocks());

/** the resolver answers these names (anything else: not found) */
function resolves(table: Record<string, string[]>) {
  const calls: string[] = [];
  vi.spyOn(resolver, 'lookup').mockImplementation((hostname, cb) => {
    calls.push(hostname);
    const list = table[hostname];
    if (!list) return cb(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    cb(
      null,
      list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  });
  return calls;
}

/** a local server; `handler` answers each request */
async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ping = { headers: { 'content-type': 'application/json' }, body: '{"event":"ping"}' };

describe('which addresses a webhook may be sent to', () => {
  it('refuses loopback, private, link-local, CGNAT, metadata, unspecified, multicast, reserved and their IPv6 forms', () => {
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      'fec0::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::7f00:1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001:db8::1',
      'localhost',
      '',
    ];
    for (const a of refused) expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '93.184.216.34',
      '::ffff:8.8.8.8',
      '2001:4860:4860::8888',
      '2606:4700::1111',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('refuses every address of the private IPv4 ranges, as written plainly or IPv4-mapped (property)', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const inRange = fc.oneof(
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
      fc.tuple(fc.constant(0), octet, octet, octet),
      fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet),
    );
    fc.assert(
      fc.property(inRange, (parts) => {
        const v4 = parts.join('.');
        return !isPublicAddress(v4) && !isPublicAddress(`::ffff:${v4}`);
      }),
      { seed: 21, numRuns: 2000 },
    );
  });

  it('the socket lookup keeps the public addresses only, and fails when none is left', async () => {
    resolves({ mixed: ['10.0.0.5', '93.184.216.34', 'fd00::5', '2606:4700::1111'], inside: ['10.0.0.5', '::1'] });
    const lookup = (host: string, options: dns.LookupOptions) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        guardedLookup(false)(host, options, (err, address) => resolve({ err, address })),
      );
    expect((await lookup('mixed', { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    expect((await lookup('mixed', { family: 6 })).address).toBe('2606:4700::1111');
    const none = await lookup('inside', { all: true });
    expect(none.err).toMatchObject({ code: 'EBLOCKED', address: '10.0.0.5' });
    expect(await new Promise<unknown>((r) => guardedLookup(true)('inside', { all: true }, (_e, a) => r(a)))).toHaveLength(2);
  });

  it('a URL may be saved when it is a public address or names one; literal private forms and names of private addresses are refused', async () => {
    resolves({ 'intranet.example': ['10.0.0.5'], 'mixed.example': ['10.0.0.5', '93.184.216.34'], 'site.example': ['93.184.216.34'] });
    const literal = {
      'http://127.1/x': '127.0.0.1',
      'http://0x7f000001/x': '127.0.0.1',
      'http://2130706433/x': '127.0.0.1',
      'http://017700000001/x': '127.0.0.1',
      'http://[::1]:8080/x': '::1',
      'http://[::ffff:7f00:1]/x': '::ffff:7f00:1',
      'http://169.254.169.254/latest/meta-data': '169.254.169.254',
      'https://10.1.2.3/x': '10.1.2.3',
      'https://172.16.5.4/x': '172.16.5.4',
      'https://192.168.0.10/x': '192.168.0.10',
      'https://100.64.1.1/x': '100.64.1.1',
      'http://0.0.0.0/x': '0.0.0.0',
      'http://[fd12::1]/x': 'fd12::1',
      'http://[fe80::1]/x': 'fe80::1',
      'http://intranet.example/x': 'intranet.example',
    };
    for (const [url, host] of Object.entries(literal)) expect([url, await refusedHost(url, false)]).toEqual([url, host]);
    for (const url of ['https://8.8.8.8/hook', 'https://mixed.example/hook', 'https://site.example/hook', 'https://not-yet.example/hook'])
      expect([url, await refusedHost(url, false)]).toEqual([url, null]);
    expect(await refusedHost('http://127.0.0.1/x', true)).toBeNull();
  });

  it('a name that resolves to a private address when sent is refused on the resolved address: nothing is connected to', async () => {
    let got = 0;
    const receiver = await serve((_req, res) => {
      got++;
      res.end('ok');
    });
    try {
      // saved while the name pointed outside; at send time it points at this machine (DNS rebinding)
      const calls = resolves({ 'rebind.example': ['127.0.0.1'] });
      const attempt = await postOnce(`http://rebind.example:${receiver.port}/hook`, { ...ping, allowPrivate: false });
      expect(attempt).toEqual({ status: null, reason: 'blocked:127.0.0.1', bytesRead: 0 });
      expect(calls).toEqual(['rebind.example']);
      for (const host of ['127.1', '0x7f000001', '2130706433', '[::ffff:127.0.0.1]']) {
        const literal = await postOnce(`http://${host}:${receiver.port}/hook`, { ...ping, allowPrivate: false });
        expect(literal.reason).toMatch(/^blocked:/);
      }
      expect(got).toBe(0);
      // allowed (WEBHOOK_ALLOW_PRIVATE=1): the same name reaches the receiver
      expect(await postOnce(`http://rebind.example:${receiver.port}/hook`, { ...ping, allowPrivate: true })).toEqual({
        status: 200,
        reason: '',
        bytesRead: 2,
      });
      expect(got).toBe(1);
    } finally {
      await receiver.stop();
    }
  });

  it('reads at most 64 KB of a huge answer, then closes the connection', async () => {
    let written = 0;
    let closedNow: (v: { finished: boolean }) => void = () => {};
    const closed = new Promise<{ finished: boolean }>((resolve) => {
      closedNow = resolve;
    });
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const total = 100 * 1024 * 1024;
    const receiver = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(total) });
      const pump = () => {
        while (written < total && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (written >= total) res.end();
      };
      res.on('close', () => closedNow({ finished: res.writableFinished }));
      pump();
    });
    try {
      const attempt = await postOnce(`http://127.0.0.1:${receiver.port}/hook`, { ...ping, allowPrivate: true });
      expect(attempt.status).toBe(200);
      // what was read is 64 KB and at most the one network read that crossed it
      expect(attempt.bytesRead).toBeGreaterThanOrEqual(MAX_ANSWER_BYTES);
      expect(attempt.bytesRead).toBeLessThanOrEqual(2 * MAX_ANSWER_BYTES);
      // the sender hung up long before the 100 MB were written: only what the sockets' buffers held got out
      expect(await closed).toEqual({ finished: false });
      expect(written).toBeLessThan(total / 4);
    } finally {
      await receiver.stop();
    }
  });

  it('a short reason when there is no answer: refused connection, unknown name', async () => {
    const receiver = await serve((_req, res) => res.end());
    const port = receiver.port;
    await receiver.stop();
    expect(await postOnce(`http://127.0.0.1:${port}/hook`, { ...ping, allowPrivate: true })).toEqual({
      status: null,
      reason: 'refused',
      bytesRead: 0,
    });
    resolves({});
    expect((await postOnce('http://nowhere.example/hook', { ...ping, allowPrivate: false })).reason).toBe('dns');
  });
});
