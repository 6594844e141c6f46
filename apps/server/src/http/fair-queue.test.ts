import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

/** a job the test finishes by hand, recording when it started */
function harness(queue: FairQueue) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const outcomes = new Map<string, string>();
  const submit = (owner: string, name: string) => {
    const p = queue.run(owner, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
    p.then(
      () => outcomes.set(name, 'done'),
      (e: Error) => outcomes.set(name, e.message),
    );
    return p.catch(() => undefined);
  };
  const finish = async (name: string) => {
    finishers.get(name)!();
    // let the queue hear the end and start the next
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, outcomes, submit, finish };
}

describe('FairQueue', () => {
  it('runs at most one job of an owner at a time; another owner takes the free slot at once', async () => {
    const q = new FairQueue({ slots: 2, perOwner: 1 });
    const h = harness(q);
    h.submit('a', 'a1');
    h.submit('a', 'a2');
    h.submit('a', 'a3');
    expect(h.started).toEqual(['a1']);
    h.submit('b', 'b1');
    expect(h.started).toEqual(['a1', 'b1']);
    expect(q.load).toEqual({ running: 2, waiting: 2 });
    await h.finish('a1');
    expect(h.started).toEqual(['a1', 'b1', 'a2']);
  });

  it('serves waiting owners in turn: the slot goes to the owner whose last job started longest ago', async () => {
    const q = new FairQueue({ slots: 1 });
    const h = harness(q);
    for (const name of ['a1', 'a2', 'a3', 'a4']) h.submit('a', name);
    h.submit('b', 'b1');
    h.submit('c', 'c1');
    h.submit('b', 'b2');
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']) await h.finish(name);
    expect(h.started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a full waiting room: another owner displaces the newest job of the owner holding the most; the same owner is refused', async () => {
    const q = new FairQueue({ slots: 1, maxWaiting: 3, full: () => new Error('busy') });
    const h = harness(q);
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) h.submit('a', name);
    await Promise.resolve();
    // a1 runs, a2..a4 wait, a5 finds no room and no one holding more than a
    expect(h.outcomes.get('a5')).toBe('busy');
    h.submit('b', 'b1');
    await Promise.resolve();
    // b takes a4's place (a held 4, b would hold 1)
    expect(h.outcomes.get('a4')).toBe('busy');
    h.submit('b', 'b2');
    await Promise.resolve();
    // a holds 3, b would hold 2: b2 takes a3's place
    expect(h.outcomes.get('a3')).toBe('busy');
    h.submit('b', 'b3');
    await Promise.resolve();
    // a holds 2, b would hold 3: no more room for b
    expect(h.outcomes.get('b3')).toBe('busy');
    await h.finish('a1');
    await h.finish('b1');
    await h.finish('a2');
    await h.finish('b2');
    expect(h.started).toEqual(['a1', 'b1', 'a2', 'b2']);
    expect(Object.fromEntries(h.outcomes)).toEqual({
      a1: 'done',
      a2: 'done',
      a3: 'busy',
      a4: 'busy',
      a5: 'busy',
      b1: 'done',
      b2: 'done',
      b3: 'busy',
    });
  });

  it('a job that fails, even synchronously, frees its slot', async () => {
    const q = new FairQueue({ slots: 1 });
    const failed = q.run('a', () => {
      throw new Error('boom');
    });
    await expect(failed).rejects.toThrow('boom');
    await expect(q.run('a', async () => 'next')).resolves.toBe('next');
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });
});
