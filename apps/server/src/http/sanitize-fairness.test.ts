import { describe, expect, it } from 'vitest';
import { looseDb } from '../db/index.js';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { insertUser } from '../test/users.js';
import { INLINE_MAX_CHARS, sanitizeRichText, sanitizerLoad } from './sanitize.js';

const TOO_COMPLEX = '正文过于复杂，无法在限定时间内处理，请简化格式后再保存';

/** `count` blocks nested 99 deep, 1 090 characters each: the costliest shape to sanitize */
const nested = (k: number, count: number) => `${'<div>'.repeat(99)}${k}${'</div>'.repeat(99)}`.repeat(count);
/** within the field's million characters, most of a second to sanitize */
const costly = (k: number) => nested(k, 917);
/** an ordinary article, a little past what is cleaned on the event loop */
const ordinary = '<p>港口物流新闻正文，包含<strong>加粗</strong>的要点和<em>说明</em>。</p>'.repeat(500);

describe('the sanitizer budget', () => {
  it('counts the work on a thread, not the wait for one', { timeout: 60_000 }, async () => {
    expect(ordinary.length).toBeGreaterThan(INLINE_MAX_CHARS);
    // two other accounts hold both threads with costly bodies (three million characters: seconds each, never cut short)
    const others = ['user:a', 'user:b'].map((owner, k) => sanitizeRichText(nested(k, 3 * 917), { owner, timeLimitMs: 300_000 }));
    expect(sanitizerLoad()).toEqual({ running: 2, waiting: 0 });
    // a budget shorter than that wait, far longer than the body's own work (milliseconds)
    const mine = sanitizeRichText(ordinary, { owner: 'user:c', timeLimitMs: 1000 });
    expect(sanitizerLoad()).toEqual({ running: 2, waiting: 1 });
    await expect(mine).resolves.toBe(ordinary);
    for (const html of await Promise.all(others)) expect(html).toContain('<div><div>');
  });
});

describe.each(DIALECTS)('the sanitizer threads shared between accounts, on %s', (dialect) => {
  // a budget well above an ordinary body's work, well below the wait behind the attackers' bodies
  const t = useTestApp(dialect, { sanitizeTimeLimitMs: 2000 });
  const db = () => looseDb(t.current.db.db);

  it("two accounts posting costly bodies at once: a third account's ordinary saves, small and larger, succeed", {
    timeout: 60_000,
  }, async () => {
    const tokens: Record<string, string> = {};
    const ids: Record<string, number> = {};
    for (const name of ['attacker1', 'attacker2', 'writer']) {
      ids[name] = await insertUser(t.current.ctx, `${name}-${dialect}`, 'Passw0rd_1', ['editor']);
      tokens[name] = await t.current.login(`${name}-${dialect}`, 'Passw0rd_1');
    }
    // each attacker already has a body on a thread (eight million characters, never cut short: seconds each, about
    // ten times what bringing the sixteen saves below to the queue takes), so both threads are busy throughout
    const held = ['attacker1', 'attacker2'].map((a, k) =>
      sanitizeRichText(nested(k, 8 * 917), { owner: `user:${ids[a]}`, timeLimitMs: 300_000 }),
    );
    expect(sanitizerLoad()).toEqual({ running: 2, waiting: 0 });
    const attacks = ['attacker1', 'attacker2'].flatMap((a) =>
      [1, 2, 3, 4, 5, 6, 7, 8].map((k) =>
        t.current.post('/policy/savePolicy', { title: `${a}-${k}`, content: costly(k) }, { token: tokens[a] }),
      ),
    );
    let heldDone = false;
    void Promise.all(held).then(() => {
      heldDone = true;
    });
    // all sixteen of the attackers' saves waiting behind their held bodies: a first-come queue would put the writer
    // behind them all
    while (!heldDone && sanitizerLoad().waiting < 16) {
      expect(sanitizerLoad().running).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(sanitizerLoad()).toEqual({ running: 2, waiting: 16 });

    const small = await t.current.post(
      '/policy/savePolicy',
      { title: `small-${dialect}`, content: '<p>港口通知：<strong>明日</strong>照常作业。</p>' },
      { token: tokens.writer },
    );
    const larger = ordinary;
    const large = await t.current.post('/policy/savePolicy', { title: `larger-${dialect}`, content: larger }, { token: tokens.writer });
    expect(small.body).toMatchObject({ code: 200 });
    expect(large.body).toMatchObject({ code: 200 });
    expect(large.body.msg).not.toBe(TOO_COMPLEX);
    const rows = await db()
      .selectFrom('policy')
      .select(['title', 'content'])
      .where('title', 'in', [`small-${dialect}`, `larger-${dialect}`])
      .execute();
    expect(rows.map((r) => r.title).sort()).toEqual([`larger-${dialect}`, `small-${dialect}`]);
    expect(rows.find((r) => r.title === `larger-${dialect}`)?.content).toBe(larger);

    for (const html of await Promise.all(held)) expect(html).toContain('<div><div>');
    // the attackers get their own answers: saved, or refused as too costly; never an error
    for (const r of await Promise.all(attacks)) {
      expect([200, 400]).toContain(r.body.code);
      if (r.body.code === 400) expect(r.body.msg).toBe(TOO_COMPLEX);
    }
  });
});
