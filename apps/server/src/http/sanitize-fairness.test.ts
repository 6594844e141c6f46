import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { insertUser } from '../test/users.js';
import { INLINE_MAX_CHARS, sanitizerLoad } from './sanitize.js';

const TOO_COMPLEX = '正文过于复杂，无法在限定时间内处理，请简化格式后再保存';

describe.each(DIALECTS)('the sanitizer threads shared between accounts, on %s', (dialect) => {
  // a short budget: a body that had to count its wait for a thread would run out of it
  const t = useTestApp(dialect, { sanitizeTimeLimitMs: 500 });
  const db = () => t.current.db.db as unknown as Kysely<any>;

  it("two accounts posting costly bodies at once: a third account's ordinary saves, small and larger, succeed", {
    timeout: 60_000,
  }, async () => {
    const tokens: Record<string, string> = {};
    for (const name of ['attacker1', 'attacker2', 'writer']) {
      await insertUser(t.current.ctx, `${name}-${dialect}`, 'Passw0rd_1', ['editor']);
      tokens[name] = await t.current.login(`${name}-${dialect}`, 'Passw0rd_1');
    }
    // 800 KB each, a few hundred ms of sanitizing: within the limits, but costly
    const costly = (k: number) => `<div>${`<span style="color:red" onclick="x()">${k}</span><script>bad()</script>`.repeat(12_000)}</div>`;
    const attacks = ['attacker1', 'attacker2'].flatMap((a) =>
      [1, 2, 3, 4, 5, 6].map((k) => t.current.post('/policy/savePolicy', { title: `${a}-${k}`, content: costly(k) }, { token: tokens[a] })),
    );
    let settled = false;
    void Promise.all(attacks).then(() => {
      settled = true;
    });
    // both threads busy and more of the attackers' bodies waiting: a first-come queue would put the writer behind them all
    let sawQueue = false;
    while (!settled && !sawQueue) {
      const { running, waiting } = sanitizerLoad();
      expect(running).toBeLessThanOrEqual(2);
      sawQueue = running === 2 && waiting >= 6;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(sawQueue).toBe(true);

    const small = await t.current.post(
      '/policy/savePolicy',
      { title: `small-${dialect}`, content: '<p>港口通知：<strong>明日</strong>照常作业。</p>' },
      { token: tokens.writer },
    );
    const larger = '<p>港口物流新闻正文，包含<strong>加粗</strong>和<a href="https://example.com/a">链接</a>。</p>'.repeat(500);
    expect(larger.length).toBeGreaterThan(INLINE_MAX_CHARS);
    const large = await t.current.post('/policy/savePolicy', { title: `larger-${dialect}`, content: larger }, { token: tokens.writer });
    expect(small.body).toMatchObject({ code: 200 });
    expect(large.body).toMatchObject({ code: 200 });
    expect(large.body.msg).not.toBe(TOO_COMPLEX);
    const rows = await db()
      .selectFrom('policy')
      .select(['title', 'content'])
      .where('title', 'in', [`small-${dialect}`, `larger-${dialect}`])
      .execute();
    expect(rows.map((r: { title: string }) => r.title).sort()).toEqual([`larger-${dialect}`, `small-${dialect}`]);
    expect(rows.find((r: { title: string }) => r.title === `larger-${dialect}`)?.content).toBe(larger);

    // the attackers get their own answers: saved, or refused as too costly; never an error
    for (const r of await Promise.all(attacks)) {
      expect([200, 400]).toContain(r.body.code);
      if (r.body.code === 400) expect(r.body.msg).toBe(TOO_COMPLEX);
    }
  });
});
