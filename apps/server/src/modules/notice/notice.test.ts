import type { AddressInfo } from 'node:net';
import { NOTICE_STREAMS_PER_USER, newsResource } from '@gk/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.js';
import { DRAIN_EVENT } from '../../ops/shutdown.js';
import { prepareApp } from '../../prepare.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser } from '../../test/users.js';
import { emitReview, type ReviewEvent, setReviewQueries } from '../review/events.js';
import { signBody, webhookTick } from '../webhook/index.js';
import { receiver } from '../webhook/test-receiver.js';
import { openStream } from './test-stream.js';

type Fake = Omit<ReviewEvent, 'trx' | 'resource'>;

/** the review module's step as it will call it: the event emitted inside the transaction that records it */
const emit = (ctx: Ctx, e: Fake) => ctx.db.transaction().execute((trx) => emitReview(ctx, { ...e, resource: newsResource, trx }));

describe.each(DIALECTS)('消息中心 on %s', (dialect) => {
  const t = useTestApp(dialect, { webhookTickMs: 0, webhookAllowPrivate: true });
  const users = { editor: 0, r1: 0, r2: 0, other: 0 };
  const tokens = { editor: '', r1: '', r2: '', other: '', admin: '' };
  /** who the fake review module says may review, and what waits for each */
  let reviewers: number[] = [];
  const todo = new Map<number, number>();
  let base = '';
  const as = (who: keyof typeof tokens, path: string, body?: unknown, lang?: string) =>
    t.current.post(path, body, { token: tokens[who], headers: lang ? { lang } : {} });
  const editorActor = () => ({ id: users.editor, userName: 'n_editor', nickName: '张三' });
  const submitted = (title: string, level = 1): Fake => ({
    kind: 'requested',
    id: 7,
    title,
    level,
    comment: null,
    actor: editorActor(),
    submitter: { id: users.editor, userName: 'n_editor' },
  });
  const decided = (title: string, decision: 'approved' | 'rejected', comment: string | null, final = true): Fake => ({
    kind: 'decided',
    id: 7,
    title,
    level: 1,
    decision,
    final,
    comment,
    actor: { id: users.r1, userName: 'n_r1', nickName: '李四' },
    submitter: { id: users.editor, userName: 'n_editor' },
  });

  beforeAll(async () => {
    const { ctx } = t.current;
    for (const name of Object.keys(users) as (keyof typeof users)[]) {
      users[name] = await insertUser(ctx, `n_${name}`, 'Notice_12345', ['editor']);
      tokens[name] = await t.current.login(`n_${name}`, 'Notice_12345');
    }
    tokens.admin = await t.current.login();
    setReviewQueries(ctx, {
      reviewersOf: async () => reviewers,
      todoCount: async (userId) => todo.get(userId) ?? 0,
    });
    await t.current.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.current.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    await t.current.ctx.db.deleteFrom('notice').execute();
    reviewers = [users.r1, users.r2];
    todo.clear();
  });

  it('a submission notifies every reviewer of its level, a decision the submitter (a rejection with its comment)', async () => {
    await emit(t.current.ctx, submitted('港口新闻'));
    const r1 = (await as('r1', '/notice/getNoticePage', {})).body;
    expect(r1.total).toBe(1);
    expect(r1.rows[0]).toMatchObject({
      kind: 'review.requested',
      text: '张三 提交了新闻“港口新闻”，等待您一审',
      resource: 'news',
      recordId: 7,
      fromUser: '张三',
      read: false,
      url: '/news/news-details?id=7',
    });
    expect((await as('r2', '/notice/getNoticePage', {}, 'en')).body.rows[0].text).toBe(
      '张三 submitted the News “港口新闻”: it waits for your first review',
    );
    // neither the submitter nor anyone else heard of it
    expect((await as('editor', '/notice/getNoticePage', {})).body.total).toBe(0);
    expect((await as('other', '/notice/getNoticePage', {})).body.total).toBe(0);

    await emit(t.current.ctx, decided('港口新闻', 'rejected', '标题含有“最”字'));
    await emit(t.current.ctx, decided('港口新闻', 'approved', null, false));
    await emit(t.current.ctx, decided('港口新闻', 'approved', null));
    const mine = (await as('editor', '/notice/getNoticePage', {})).body;
    expect(mine.rows.map((r: { text: string }) => r.text)).toEqual([
      '李四 审核通过了您提交的新闻“港口新闻”，可以发布了',
      '李四 通过了您提交的新闻“港口新闻”的一审，等待二审',
      '李四 驳回了您提交的新闻“港口新闻”：标题含有“最”字',
    ]);
    expect(mine.rows[2]).toMatchObject({ kind: 'review.rejected', comment: '标题含有“最”字' });
    expect((await as('editor', '/notice/getNoticePage', {}, 'es')).body.rows[2].text).toBe(
      '李四 rechazó su Noticia «港口新闻»: 标题含有“最”字',
    );
    // the reviewers got nothing more
    expect((await as('r1', '/notice/getNoticePage', {})).body.total).toBe(1);
  });

  it('a decision on one’s own submission (self-approval allowed) notifies nobody', async () => {
    await emit(t.current.ctx, { ...decided('自审', 'approved', null), actor: editorActor() });
    const n = await t.current.ctx.db.selectFrom('notice').select('id').execute();
    expect(n).toEqual([]);
  });

  it('counts: unread notices and what waits for review; the unread filter; newest first', async () => {
    todo.set(users.r1, 3);
    await emit(t.current.ctx, submitted('一'));
    await emit(t.current.ctx, submitted('二', 2));
    expect((await as('r1', '/notice/getCounts')).body.data).toEqual({ unread: 2, todo: 3 });
    expect((await as('r2', '/notice/getCounts')).body.data).toEqual({ unread: 2, todo: 0 });
    const page = (await as('r1', '/notice/getNoticePage', { pageNumber: 1, pageSize: 1 })).body;
    expect(page).toMatchObject({ code: 200, total: 2 });
    expect(page.rows.map((r: { text: string }) => r.text)).toEqual(['新闻“二”已通过一审，等待您二审']);
    await as('r1', '/notice/markRead', { ids: [page.rows[0].id] });
    expect((await as('r1', '/notice/getNoticePage', { unread: true })).body.rows.map((r: { title: string }) => r.title)).toEqual(['一']);
    expect((await as('r1', '/notice/getNoticePage', { unread: false })).body.total).toBe(2);
    expect((await as('r1', '/notice/getCounts')).body.data).toEqual({ unread: 1, todo: 3 });
  });

  it("a user can neither read nor mark another's notices; bad input changes nothing", async () => {
    await emit(t.current.ctx, submitted('别人的'));
    const theirs = (await as('r2', '/notice/getNoticePage', {})).body.rows[0].id as number;
    // r1 marks r2's notice (and all of r1's own, none): r2's stays unread
    expect((await as('r1', '/notice/markRead', { ids: [theirs] })).body).toMatchObject({ code: 200, data: { updated: 0 } });
    reviewers = [users.r1];
    await emit(t.current.ctx, submitted('自己的'));
    expect((await as('r1', '/notice/markRead', { all: true })).body.data).toEqual({ updated: 2 });
    expect((await as('r2', '/notice/getNoticePage', { unread: true })).body.rows.map((r: { id: number }) => r.id)).toEqual([theirs]);
    // the other user's list holds only their own
    const r1Rows = (await as('r1', '/notice/getNoticePage', {})).body.rows as { id: number }[];
    expect(r1Rows.map((r) => r.id)).not.toContain(theirs);
    expect((await as('r2', '/notice/markRead', { ids: 'x' })).body).toEqual({ code: 400, msg: '请选择要标为已读的消息' });
    expect((await as('r2', '/notice/markRead', { ids: [] }, 'es')).body).toEqual({
      code: 400,
      msg: 'Elija los avisos que marcar como leídos',
    });
    expect((await as('r2', '/notice/markRead', {}, 'en')).body).toEqual({ code: 400, msg: 'Choose the notifications to mark as read' });
    expect((await as('r2', '/notice/getCounts')).body.data.unread).toBe(1);
    // without a session, nothing
    expect((await t.current.post('/notice/getNoticePage', {})).body.code).toBe(50008);
    expect((await t.current.post('/notice/markRead', { all: true })).body.code).toBe(50008);
  });

  it('the stream sends the counts on connect and again when a notice arrives; it ends with the session', async () => {
    const { ctx } = t.current;
    const token = await t.current.login('n_r2', 'Notice_12345');
    const s = await openStream(base, token);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('content-encoding')).toBeNull();
    expect(await s.next()).toEqual({ unread: 0, todo: 0 });
    reviewers = [users.r2];
    todo.set(users.r2, 1);
    await emit(ctx, submitted('推送'));
    // (on PostgreSQL a round may run before the commit and send the todo alone first)
    expect(await s.next((c) => c.unread === 1)).toEqual({ unread: 1, todo: 1 });
    // a notice for someone else: r2's counts unchanged, nothing sent to r2; the next one for r2 is
    reviewers = [users.r1];
    await emit(ctx, submitted('别人'));
    reviewers = [users.r2];
    await emit(ctx, submitted('推送二'));
    expect(await s.next((c) => c.unread !== 1)).toEqual({ unread: 2, todo: 1 });
    // marked read elsewhere (another tab): the bell follows
    await t.current.post('/notice/markRead', { all: true }, { token });
    expect(await s.next((c) => c.unread !== 2)).toEqual({ unread: 0, todo: 1 });
    // logout: the stream is closed
    expect((await t.current.post('/user/logout', {}, { token })).body.code).toBe(200);
    await s.ended;
    expect(s.events.at(-1)).toEqual({ unread: 0, todo: 1 });
  });

  it(`one user holds at most ${NOTICE_STREAMS_PER_USER} streams; the next is refused with a message`, async () => {
    const open = [];
    for (let i = 0; i < NOTICE_STREAMS_PER_USER; i++) {
      const s = await openStream(base, tokens.other);
      await s.next();
      open.push(s);
    }
    const refused = await fetch(`${base}/api/notice/stream`, { headers: { token: tokens.other, lang: 'en' } });
    expect(refused.status).toBe(429);
    expect((await refused.json()) as unknown).toEqual({
      code: 429,
      msg: 'Too many notification connections (at most 5 per account); refreshing every 30 seconds',
    });
    // another user is not held back, and a closed stream frees its place
    const editor = await openStream(base, tokens.editor);
    expect(await editor.next()).toEqual({ unread: 0, todo: 0 });
    editor.close();
    open[0].close();
    await open[0].ended;
    let again = await openStream(base, tokens.other);
    // the server sees the close a moment after the client: try until the place is free (bounded)
    for (let i = 0; again.res.status === 429 && i < 200; i++) {
      await new Promise((r) => setImmediate(r));
      again = await openStream(base, tokens.other);
    }
    expect(await again.next()).toEqual({ unread: 0, todo: 0 });
    for (const s of [...open.slice(1), again]) s.close();
    // without a token: the envelope's 50008, no stream
    const none = await fetch(`${base}/api/notice/stream`);
    expect(((await none.json()) as { code: number }).code).toBe(50008);
  });

  it('a server that begins to drain (SIGTERM) ends the open streams, which would never finish by themselves', async () => {
    const s = await openStream(base, tokens.r1);
    await s.next();
    t.current.app.server.emit(DRAIN_EVENT);
    await s.ended;
    expect(s.events).toHaveLength(1);
  });

  it('a webhook that chose review.requested gets it signed, with the record and its admin url; others do not', async () => {
    const r = receiver();
    const url = await r.start();
    try {
      const save = (name: string, events: string) =>
        as('admin', '/webhook/saveWebhook', { name, url, events, secret: 'chat-secret' }).then((x) => x.body);
      const requested = await save('群聊', 'review.requested');
      expect(requested).toMatchObject({ code: 200, data: { events: 'review.requested' } });
      await save('官网', 'site.changed');
      await save('结果', 'review.decided');
      await emit(t.current.ctx, submitted('待审新闻', 2));
      await webhookTick(t.current.ctx);
      await r.arrived(1);
      expect(r.got).toHaveLength(1);
      const got = r.got[0];
      expect(got.headers['x-webhook-event']).toBe('review.requested');
      expect(got.headers['x-signature']).toBe(signBody('chat-secret', String(got.headers['x-webhook-timestamp']), got.body));
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({
        event: 'review.requested',
        resource: 'news',
        id: 7,
        title: '待审新闻',
        level: 2,
        decision: null,
        comment: null,
        actor: { id: users.editor, userName: 'n_editor', nickName: '张三' },
        submitter: { id: users.editor, userName: 'n_editor' },
      });
      expect(body.url).toMatch(/\/news\/news-details\?id=7$/);
      expect(body.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      await emit(t.current.ctx, decided('待审新闻', 'rejected', '请补充来源'));
      await webhookTick(t.current.ctx);
      await r.arrived(2);
      expect(JSON.parse(r.got[1].body)).toMatchObject({ event: 'review.decided', decision: 'rejected', comment: '请补充来源', level: 1 });
      expect(r.got.map((g) => g.headers['x-webhook-event'])).toEqual(['review.requested', 'review.decided']);
      // an unknown event is still refused
      expect((await save('x', 'review.exploded')).msg).toBe('未知事件：review.exploded');
    } finally {
      await r.stop();
      const ids = (await t.current.ctx.db.selectFrom('webhook').select('id').execute()).map((w) => Number(w.id));
      if (ids.length) await as('admin', '/webhook/delWebhook', ids);
    }
  });
});

describe.runIf(DIALECTS.includes('postgres'))('消息中心 across two server processes (PostgreSQL)', () => {
  const t = useTestApp('postgres');
  it('a notice written through process 1 reaches a stream open on process 2', async () => {
    const { ctx } = t.current;
    const userId = await insertUser(ctx, 'n_far', 'Notice_12345', ['editor']);
    const token = await t.current.login('n_far', 'Notice_12345');
    setReviewQueries(ctx, { reviewersOf: async () => [userId], todoCount: async () => 0 });
    const second = await prepareApp(ctx.config, { clock: () => ctx.now() });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const s = await openStream(`http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`, token);
      expect(await s.next()).toEqual({ unread: 0, todo: 0 });
      await emit(ctx, {
        kind: 'requested',
        id: 9,
        title: '远方',
        level: 1,
        comment: null,
        actor: { id: 1, userName: 'admin', nickName: null },
        submitter: { id: 1, userName: 'admin' },
      });
      expect(await s.next((c) => c.unread > 0)).toEqual({ unread: 1, todo: 0 });
      s.close();
    } finally {
      await second.app.close();
    }
  });
});

describe.each(DIALECTS)('消息中心 through the review calls on %s', (dialect) => {
  const t = useTestApp(dialect);
  it('提交审核 reaches a reviewer’s bell and list without a reload; 驳回 tells the editor with the comment', async () => {
    const { ctx } = t.current;
    const admin = await t.current.login();
    const post = (path: string, body: unknown, token: string) => t.current.post(path, body, { token }).then((r) => r.body);
    expect((await post('/review/saveSettings', { resource: 'news', levels: 1 }, admin)).code).toBe(200);
    expect((await post('/news/saveNewsType', { code: 'nt', name: '消息测试' }, admin)).code).toBe(200);
    const editorId = await insertUser(ctx, 'e_writer', 'Notice_12345', ['editor']);
    await insertUser(ctx, 'e_reviewer', 'Notice_12345', ['editor']);
    const editor = await t.current.login('e_writer', 'Notice_12345');
    const reviewer = await t.current.login('e_reviewer', 'Notice_12345');
    const saved = await post('/news/saveNews', { title: '港区通告', type: 'nt', content: '<p>正文</p>', status: 'draft' }, editor);
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    await t.current.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openStream(`http://127.0.0.1:${(t.current.app.server.address() as AddressInfo).port}`, reviewer);
    expect(await s.next()).toEqual({ unread: 0, todo: 0 });

    expect((await post('/review/submit', { resource: 'news', id: saved.data.id }, editor)).code).toBe(200);
    expect(await s.next((c) => c.unread === 1 && c.todo === 1)).toEqual({ unread: 1, todo: 1 });
    const list = await post('/notice/getNoticePage', {}, reviewer);
    expect(list.rows[0]).toMatchObject({
      text: 'e_writer 提交了新闻“港区通告”，等待您一审',
      url: `/news/news-details?id=${saved.data.id}`,
    });
    // the submitter is not told of their own submission
    expect((await post('/notice/getCounts', {}, editor)).data.unread).toBe(0);

    expect((await post('/review/reject', { resource: 'news', id: saved.data.id, comment: '请注明发布单位' }, reviewer)).code).toBe(200);
    // nothing waits for the reviewer any more
    expect(await s.next((c) => c.todo === 0)).toEqual({ unread: 1, todo: 0 });
    const mine = await post('/notice/getNoticePage', {}, editor);
    expect(mine.rows.map((r: { text: string }) => r.text)).toEqual(['e_reviewer 驳回了您提交的新闻“港区通告”：请注明发布单位']);
    expect(await ctx.db.selectFrom('notice').select('user_id').where('kind', '=', 'review.rejected').execute()).toEqual([
      { user_id: editorId },
    ]);
    s.close();
  });
});
