import { CALENDAR_MAX_ENTRIES, type CalendarEntry } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetSessions } from '../../auth/sessions.js';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser, insertUserHoldingAllBut } from '../../test/users.js';

const PASSWORD = 'Passw0rd_1';
const CAL = '/release/getCalendar';

describe.each(DIALECTS)('发布日历 /release/getCalendar on %s', (dialect) => {
  const t = useTestApp(dialect);
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const as = (who: string) => (path: string, body?: unknown, lang?: string) =>
    t.current.post(path, body, { token: tokens[who], headers: lang ? { lang } : {} });
  /** now in the site's time zone moved by `days` (and set to `hour`:00:00 when given) */
  let base = '';
  const at = (days: number, hour?: number) => {
    const ms = Date.parse(`${base.replace(' ', 'T')}Z`) + days * 86_400_000;
    const text = new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    return hour == null ? text : `${text.slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;
  };
  const day = (days: number) => at(days).slice(0, 10);
  const calendar = async (who: string, start = day(-3), end = day(10)) => {
    const r = await as(who)(CAL, { start, end });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data as CalendarEntry[];
  };
  /** the entries of this test's own records, as `kind resource#id` keys */
  const mine = (entries: CalendarEntry[]) =>
    entries
      .filter((e) => (e.resource ? Object.values(ids).includes(e.id) && e.title.startsWith('日历') : e.title.startsWith('日历')))
      .map((e) => `${e.kind} ${e.resource ?? 'release'}#${e.id}`)
      .sort();
  const find = (entries: CalendarEntry[], kind: string, resource: string | null, id: number) =>
    entries.find((e) => e.kind === kind && e.resource === resource && e.id === id);

  beforeAll(async () => {
    const ctx = t.current.ctx;
    t.current.freeze();
    base = ctx.nowText();
    tokens.admin = await t.current.login();
    const admin = as('admin');
    expect((await admin('/news/saveNewsType', { code: 'cal', name: '日历测试' })).body.code).toBe(200);
    const news = async (title: string, body: Record<string, unknown>, who = 'admin') => {
      const r = await as(who)('/news/saveNews', { title, type: 'cal', ...body });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id as number;
    };
    // scheduled in the range, with an offline time in it too
    ids.scheduled = await news('日历定时新闻', { status: 'published', publishTime: at(2, 10), offlineTime: at(5, 18) });
    // went live two days ago
    ids.past = await news('日历已发布新闻', { status: 'published', publishTime: at(-2, 9) });
    // a draft with a time does not go out: not on the calendar
    ids.draft = await news('日历草稿新闻', { status: 'draft', publishTime: at(3, 9) });
    // outside the range
    ids.later = await news('日历远期新闻', { status: 'published', publishTime: at(20, 9) });
    const banner = await admin('/banner/save', { title: '日历轮播', bannerType: 'index', publishTime: at(4, 8), offlineTime: at(6, 8) });
    expect(banner.body.code, JSON.stringify(banner.body)).toBe(200);
    ids.banner = banner.body.data.id;
    const release = async (name: string, time: string, state: string) =>
      Number(
        (
          await ctx.db
            .insertInto('content_release')
            .values({ name, publish_time: time, offline_time: null, state, create_user: 'admin', create_time: base })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    ids.release = await release('日历节日发布', at(1, 12), 'scheduled');
    ids.releaseDone = await release('日历已完成发布', at(-1, 12), 'done');
    ids.releaseFar = await release('日历远期发布', at(30, 12), 'scheduled');

    // accounts: one lacking the news list, one lacking news 发布, one lacking the release save, one lacking the calendar
    for (const [who, lacking] of [
      ['noNewsList', '/news/getNewsList'],
      ['noPublish', '/news/publishNews'],
      ['noReleaseSave', '/release/saveRelease'],
      ['noCalendar', CAL],
    ] as const) {
      await insertUserHoldingAllBut(ctx, `cal_${who}`, PASSWORD, lacking);
      tokens[who] = await t.current.login(`cal_${who}`, PASSWORD);
    }
    // 仅本人 (self): every grant, its own records only
    const role = await ctx.db
      .insertInto('sys_role')
      .values({ code: 'cal_self', name: 'cal_self', data_scope: 'self' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keys = (await ctx.db.selectFrom('sys_permission').select('key').execute()).map((p) => p.key);
    await ctx.db
      .insertInto('sys_role_permission')
      .values(keys.map((k) => ({ role_id: role.id, permission_key: k })))
      .execute();
    await insertUser(ctx, 'cal_self', PASSWORD, ['cal_self']);
    forgetSessions(ctx);
    tokens.self = await t.current.login('cal_self', PASSWORD);
    ids.own = await news('日历本人新闻', { status: 'published', publishTime: at(3, 15) }, 'self');
  });

  it('answers publish and offline times, banner windows and releases in the range, and nothing outside it', async () => {
    const entries = await calendar('admin');
    expect(mine(entries)).toEqual(
      [
        `offline banner#${ids.banner}`,
        `offline news#${ids.scheduled}`,
        `publish banner#${ids.banner}`,
        `publish news#${ids.own}`,
        `publish news#${ids.past}`,
        `publish news#${ids.scheduled}`,
        `release release#${ids.release}`,
        `release release#${ids.releaseDone}`,
      ].sort(),
    );
    // in time order
    expect(entries.map((e) => e.time)).toEqual([...entries.map((e) => e.time)].sort());
    expect(find(entries, 'publish', 'news', ids.scheduled)).toEqual({
      kind: 'publish',
      time: at(2, 10),
      resource: 'news',
      resourceLabel: '新闻',
      id: ids.scheduled,
      title: '日历定时新闻',
      state: 'scheduled',
      movable: true,
      publishTime: at(2, 10),
      offlineTime: at(5, 18),
    });
    expect(find(entries, 'offline', 'news', ids.scheduled)).toMatchObject({ time: at(5, 18), movable: true });
    expect(find(entries, 'publish', 'news', ids.past)).toMatchObject({ state: 'published', movable: false });
    expect(find(entries, 'publish', 'banner', ids.banner)).toMatchObject({
      title: '日历轮播',
      resourceLabel: '轮播图',
      state: 'scheduled',
      movable: true,
    });
    expect(find(entries, 'offline', 'banner', ids.banner)).toMatchObject({ time: at(6, 8), movable: true });
    expect(find(entries, 'release', null, ids.release)).toMatchObject({
      title: '日历节日发布',
      state: 'scheduled',
      movable: true,
      time: at(1, 12),
    });
    expect(find(entries, 'release', null, ids.releaseDone)).toMatchObject({ state: 'done', movable: false });
    // the later ones in a later range; the range's end is not in it
    const later = await calendar('admin', day(15), day(31));
    expect(mine(later)).toEqual([`publish news#${ids.later}`, `release release#${ids.releaseFar}`].sort());
    expect(mine(await calendar('admin', at(2, 10).slice(0, 10), at(2, 10)))).toEqual([]);
    expect(mine(await calendar('admin', at(2, 10), `${day(2)} 10:00:01`))).toEqual([`publish news#${ids.scheduled}`]);
    // labels in the caller's language
    const en = await as('admin')(CAL, { start: day(-3), end: day(10) }, 'en');
    expect(find(en.body.data, 'publish', 'news', ids.scheduled)?.resourceLabel).toBe('News');
  });

  it('a record with a pending draft says so (a move through 发布 puts the draft live)', async () => {
    expect(find(await calendar('admin'), 'publish', 'news', ids.past)?.pendingDraft).toBeUndefined();
    const saved = await as('admin')('/news/saveNews', { id: ids.past, title: '日历已发布新闻', type: 'cal', summary: '改了', draft: true });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const entries = await calendar('admin');
    expect(find(entries, 'publish', 'news', ids.past)?.pendingDraft).toBe(true);
    expect(find(entries, 'publish', 'news', ids.scheduled)?.pendingDraft).toBeUndefined();
  });

  it('shows no news to a user who may not read the news list; the rest stays', async () => {
    const entries = await calendar('noNewsList');
    expect(entries.some((e) => e.resource === 'news')).toBe(false);
    expect(mine(entries)).toEqual(
      [
        `offline banner#${ids.banner}`,
        `publish banner#${ids.banner}`,
        `release release#${ids.release}`,
        `release release#${ids.releaseDone}`,
      ].sort(),
    );
  });

  it('only the holder of the publish call may move a record, only the holder of the release save a release', async () => {
    const noPublish = await calendar('noPublish');
    expect(find(noPublish, 'publish', 'news', ids.scheduled)).toMatchObject({ movable: false });
    expect(find(noPublish, 'offline', 'news', ids.scheduled)).toMatchObject({ movable: false });
    expect(find(noPublish, 'publish', 'banner', ids.banner)).toMatchObject({ movable: true });
    expect(find(noPublish, 'release', null, ids.release)).toMatchObject({ movable: true });
    const noRelease = await calendar('noReleaseSave');
    expect(find(noRelease, 'release', null, ids.release)).toMatchObject({ movable: false });
    expect(find(noRelease, 'publish', 'news', ids.scheduled)).toMatchObject({ movable: true });
    // and the calendar itself is a permission
    const refused = await as('noCalendar')(CAL, { start: day(0), end: day(7) });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, msg: '没有权限执行此操作' });
  });

  it('a user scoped to their own records (仅本人) sees only theirs', async () => {
    const entries = await calendar('self');
    const news = entries.filter((e) => e.resource === 'news').map((e) => e.id);
    expect(news).toEqual([ids.own]);
    expect(find(entries, 'publish', 'news', ids.own)).toMatchObject({ title: '日历本人新闻', movable: true });
    // the banner was made by admin (head office's scope is not theirs)
    expect(entries.some((e) => e.resource === 'banner' && e.id === ids.banner)).toBe(false);
  });

  it('refuses a range longer than 62 days, an end before the start and a date that does not exist, in the caller’s language', async () => {
    const admin = as('admin');
    expect((await admin(CAL, { start: '2026-01-01', end: '2026-03-05' })).body).toEqual({
      code: 400,
      msg: '日历一次最多查询 62 天，请缩小时间范围',
    });
    expect((await admin(CAL, { start: '2026-01-01', end: '2026-03-05' }, 'en')).body).toEqual({
      code: 400,
      msg: 'The calendar answers at most 62 days at a time; choose a shorter range',
    });
    expect((await admin(CAL, { start: '2026-01-01', end: '2026-03-04' })).body.code).toBe(200);
    expect((await admin(CAL, { start: '2026-02-01', end: '2026-01-01' })).body).toEqual({
      code: 400,
      msg: '日历的结束时间必须晚于开始时间',
    });
    expect((await admin(CAL, { start: '2026-02-01', end: '2026-02-01' })).body).toEqual({
      code: 400,
      msg: '日历的结束时间必须晚于开始时间',
    });
    expect((await admin(CAL, { start: '2026-02-31', end: '2026-03-10' })).body).toEqual({ code: 400, msg: '日期格式应为 YYYY-MM-DD' });
    expect((await admin(CAL, { start: '2026/02/01', end: '2026-03-10' })).body).toEqual({ code: 400, msg: '日期格式应为 YYYY-MM-DD' });
    expect((await admin(CAL, { start: '2026-02-01' })).body.code).toBe(400);
  });

  it('answers at most CALENDAR_MAX_ENTRIES entries, the earliest, and says so', async () => {
    // a far range of its own: more scheduled banners than one reply carries, written straight in
    const db = looseDb(t.current.ctx.db);
    const rows = Array.from({ length: CALENDAR_MAX_ENTRIES + 5 }, (_, i) => ({
      title: `日历批量${i}`,
      banner_type: 'index',
      sort_no: 0,
      enable_flag: 1,
      publish_time: `${day(100)} ${String(Math.floor(i / 3600) % 24).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
      offline_time: null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('banner')
        .values(rows.slice(i, i + 200))
        .execute();
    const r = await as('admin')(CAL, { start: day(100), end: day(101) });
    expect(r.body.msg).toBe(`该时间范围内的条目过多，只显示最早的 ${CALENDAR_MAX_ENTRIES} 条`);
    expect(r.body.data).toHaveLength(CALENDAR_MAX_ENTRIES);
    expect(r.body.data.at(-1).title).toBe(`日历批量${CALENDAR_MAX_ENTRIES - 1}`);
  });
});
