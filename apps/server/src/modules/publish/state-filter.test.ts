import { newsResource, publishState } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/harness.js';

/** The list filter 草稿 / 已发布 / 定时 / 已下线 (issue 11), decided against the server's now like the tag. */
describe.each(DIALECTS)('lists filtered by publish state on %s', (dialect) => {
  /** a test app with the seven news of every state, saved against its own clock */
  const seeded = () => {
    const t = useTestApp(dialect);
    let token = '';
    const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
    /** the server's time `s` seconds from now, as a publish / offline time */
    const at = (s: number) => {
      const d = new Date(t.current.ctx.now() + s * 1000 + 8 * 3600_000);
      return d.toISOString().slice(0, 19).replace('T', ' ');
    };
    const titles = async (path: string, body: Record<string, unknown>) => {
      const r = await post(path, { pageSize: 100, ...body });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return { total: r.body.total as number, titles: (r.body.rows as { title: string }[]).map((x) => x.title).sort() };
    };
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      token = await t.current.login();
      expect((await post('/news/saveNewsType', { code: 'st', name: '状态测试' })).body.code).toBe(200);
      const save = async (title: string, extra: Record<string, unknown>) => {
        const r = await post('/news/saveNews', { title, type: 'st', ...extra });
        expect(r.body.code, JSON.stringify(r.body)).toBe(200);
        ids[title] = r.body.data.id;
      };
      await save('状态草稿', { status: 'draft' });
      await save('状态定时草稿', { status: 'draft', publishTime: at(3600) });
      await save('状态已发布', {});
      await save('状态发布过', { status: 'published', publishTime: at(-3600) });
      await save('状态定时', { status: 'published', publishTime: at(60) });
      await save('状态将下线', { status: 'published', offlineTime: at(120) });
      await save('状态已下线', { status: 'published', publishTime: at(-7200), offlineTime: at(-60) });
    });
    return { t, post, at, titles, ids };
  };
  const { t, post, at, titles } = seeded();

  it('each state lists exactly the records whose tag shows it, with the total to match', async () => {
    const now = t.current.ctx.nowText();
    const all = (await post('/news/getNewsList', { pageSize: 100 })).body.rows as Record<string, unknown>[];
    for (const state of ['draft', 'published', 'scheduled', 'offline'] as const) {
      const expected = all
        .filter((r) => publishState(r, now) === state)
        .map((r) => String(r.title))
        .sort();
      expect(expected.length, state).toBeGreaterThan(0);
      expect(await titles('/news/getNewsList', { status: state }), state).toEqual({ total: expected.length, titles: expected });
    }
    expect(await titles('/news/getNewsList', { status: 'draft' })).toEqual({ total: 2, titles: ['状态定时草稿', '状态草稿'] });
    expect(await titles('/news/getNewsList', { status: 'scheduled' })).toEqual({ total: 1, titles: ['状态定时'] });
    expect(await titles('/news/getNewsList', { status: 'offline' })).toEqual({ total: 1, titles: ['状态已下线'] });
    expect((await titles('/news/getNewsList', { status: 'published' })).titles).toEqual(['状态发布过', '状态将下线', '状态已发布']);
  });

  // this test moves the clock and deletes a record: it has an app of its own, so the others see the seven as saved
  describe('on a clock of its own', () => {
    const { t, titles, ids, post } = seeded();

    it('combines with the other filters and the title search (gram index), and follows the clock', async () => {
      expect(await titles('/news/getNewsList', { status: 'scheduled', title: '定时' })).toEqual({ total: 1, titles: ['状态定时'] });
      expect(await titles('/news/getNewsList', { status: 'draft', title: '定时' })).toEqual({ total: 1, titles: ['状态定时草稿'] });
      expect(await titles('/news/getNewsList', { status: 'published', type: 'st', title: '下线' })).toEqual({
        total: 1,
        titles: ['状态将下线'],
      });
      // 90 s later: the scheduled record is live, nothing else moved; 3 min later the other one is offline too
      t.current.advance(90_000);
      expect(await titles('/news/getNewsList', { status: 'scheduled' })).toEqual({ total: 0, titles: [] });
      expect((await titles('/news/getNewsList', { status: 'published' })).titles).toContain('状态定时');
      t.current.advance(90_000);
      expect(await titles('/news/getNewsList', { status: 'offline' })).toEqual({ total: 2, titles: ['状态将下线', '状态已下线'] });
      expect((await titles('/news/getNewsList', { status: 'published' })).titles).toEqual(['状态发布过', '状态定时', '状态已发布']);
      // a delete leaves the published total at once (the row counter and the state ranges agree)
      expect((await post('/news/delNews', [ids.状态发布过])).body.code).toBe(200);
      expect(await titles('/news/getNewsList', { status: 'published' })).toEqual({ total: 2, titles: ['状态定时', '状态已发布'] });
    });
  });

  it('policies and page items filter the same way', async () => {
    const p = await post('/policy/savePolicy', { title: '定时政策状态', status: 'published', publishTime: at(600) });
    expect(p.body.code).toBe(200);
    expect(await titles('/policy/getPolicyPage', { status: 'scheduled' })).toEqual({ total: 1, titles: ['定时政策状态'] });
    const page = (await post('/page/save', { name: '状态页', showType: 'splice' })).body.data;
    await post('/page/savePageItems', { title: '状态条目草稿', pageId: page.id, status: 'draft' });
    await post('/page/savePageItems', { title: '状态条目', pageId: page.id });
    expect(await titles('/page/getPageItemList', { pageId: page.id, status: 'draft' })).toEqual({ total: 1, titles: ['状态条目草稿'] });
    expect(await titles('/page/getPageItemList', { status: 'published' })).toEqual({ total: 1, titles: ['状态条目'] });
  });

  it('refuses a state that is not one of the four (or 有草稿), in the request language', async () => {
    const r = await post('/news/getNewsList', { status: 'live' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, msg: '字段 status 的值无效' });
    expect((await post('/news/getNewsList', { status: 'live' }, 'en')).body.msg).toBe('Invalid value for field status');
    const filter = newsResource.filters.find((f) => f.param === 'status');
    expect(filter && 'options' in filter ? (filter.options ?? []).map((o: { value: string }) => o.value) : []).toEqual([
      'draft',
      'published',
      'scheduled',
      'offline',
      'pendingDraft',
    ]);
  });
});
