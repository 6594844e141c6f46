import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { ownFields } from '../../test/records.js';

describe.each(DIALECTS)('banners on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);

  beforeAll(async () => {
    token = await t.current.login();
    const seed = [
      { title: '首页大图一', name: 'home-1', bannerType: 'index', sortNo: 2 },
      { title: '首页大图二', name: 'home-2', bannerType: 'index', sortNo: 1 },
      { title: '行业动态横幅', name: 'news-1', bannerType: 'news001', sortNo: 1 },
      { title: '通知公告横幅', name: 'news-2', bannerType: 'news002' },
      { title: '政策法规横幅', name: 'news-3', bannerType: 'news003', sortNo: 3 },
    ];
    for (const b of seed) expect((await post('/banner/save', b)).body.code).toBe(200);
  });

  it('creates a banner: enabled by default, bannerTypeName from the banner page, client extras ignored', async () => {
    const r = await post('/banner/save', {
      title: '跨境物流专题',
      name: 'cross-border',
      bannerType: 'news001',
      bannerTypeName: '伪造的页面',
      summary: '专题简介',
      imgUrl: '/img/9f86d081.jpg',
      url: '/news/news-list?type=hy',
      sortNo: '0.5',
    });
    expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
    expect(ownFields(r.body.data)).toEqual({
      id: expect.any(Number),
      title: '跨境物流专题',
      name: 'cross-border',
      bannerType: 'news001',
      bannerTypeName: '新闻中心-行业动态',
      summary: '专题简介',
      imgUrl: '/img/9f86d081.jpg',
      url: '/news/news-list?type=hy',
      sortNo: 0.5,
      enableFlag: 1,
      publishTime: null,
      offlineTime: null,
    });
    const row = await db().selectFrom('banner').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    expect(row.banner_type).toBe('news001');
    expect(Number(row.enable_flag)).toBe(1);
    const ext = await post('/banner/save', { bannerType: 'index', url: 'https://www.example.com/promo', enableFlag: 0, title: '外链' });
    expect(ext.body.data).toMatchObject({ url: 'https://www.example.com/promo', enableFlag: 0, bannerTypeName: '首页', sortNo: null });
    await post('/banner/del', [r.body.data.id, ext.body.data.id]);
  });

  it('validates with the SPEC messages in zh, en and es, and changes nothing', async () => {
    const bad = async (body: unknown, msg: string, lang?: string) =>
      expect((await post('/banner/save', body, lang)).body).toEqual({ code: 400, msg });
    await bad({ title: '没有页面' }, '轮播图页面不得为空');
    await bad({ title: '空页面', bannerType: '' }, '轮播图页面不得为空');
    await bad({ title: '错页面', bannerType: 'news999' }, '轮播图页面不正确');
    await bad({ bannerType: 'index', sortNo: '1.1234567' }, '只能输入数字');
    await bad({ bannerType: 'index', sortNo: '01' }, '只能输入数字');
    await bad({ bannerType: 'index', sortNo: '-2' }, '只能输入数字');
    await bad({ bannerType: 'index', enableFlag: 2 }, '只能是 0 或 1');
    const badUrl = '跳转地址格式不正确（http://、https:// 或以 / 开头的站内地址）';
    await bad({ bannerType: 'index', url: 'javascript:alert(1)' }, badUrl);
    await bad({ bannerType: 'index', url: '//evil.example.com' }, badUrl);
    await bad({ bannerType: 'index', url: 'www.example.com' }, badUrl);
    await bad({ title: 'x' }, 'Banner page name must not be empty', 'en');
    await bad({ bannerType: 'index', sortNo: '01' }, 'Only numbers allowed', 'en');
    await bad({ title: 'x' }, 'El nombre de la página del banner no puede estar vacío', 'es');
    expect((await post('/banner/getPage', {})).body.total).toBe(5);
  });

  it('lists by sort number (none last), filters by title, banner page and name; getBannerPage answers the same', async () => {
    const all = await post('/banner/getPage', { pageNumber: 1, pageSize: 20 });
    expect(all.body).toMatchObject({ code: 200, total: 5 });
    const titles = all.body.rows.map((r: { title: string }) => r.title);
    // sortNo asc, rows without one last, then newest first
    expect(titles).toEqual(['行业动态横幅', '首页大图二', '首页大图一', '政策法规横幅', '通知公告横幅']);
    const home = await post('/banner/getPage', { bannerType: 'index' });
    expect(home.body.rows.map((r: { title: string }) => r.title)).toEqual(['首页大图二', '首页大图一']);
    expect(home.body.rows.every((r: { bannerTypeName: string }) => r.bannerTypeName === '首页')).toBe(true);
    expect((await post('/banner/getPage', { title: '横幅' })).body.total).toBe(3);
    expect((await post('/banner/getPage', { name: 'NEWS-' })).body.total).toBe(3);
    expect((await post('/banner/getPage', { title: '横幅', bannerType: 'news002' })).body.rows[0]).toMatchObject({
      title: '通知公告横幅',
      bannerTypeName: '新闻中心-通知公告',
    });
    expect((await post('/banner/getPage', { bannerType: '' })).body.total).toBe(5);
    const alias = await post('/banner/getBannerPage', { title: '横幅' });
    expect(alias.body).toEqual(await post('/banner/getPage', { title: '横幅' }).then((r) => r.body));
    // the label is not a sortable column: the default order stays
    expect(
      (await post('/banner/getPage', { sortField: 'bannerTypeName', sortOrder: 'desc' })).body.rows.map((r: { title: string }) => r.title),
    ).toEqual(titles);
    const byType = await post('/banner/getPage', { sortField: 'bannerType', sortOrder: 'asc' });
    expect(byType.body.rows.map((r: { bannerType: string }) => r.bannerType)).toEqual(['index', 'index', 'news001', 'news002', 'news003']);
  });

  it('pages from 1', async () => {
    const p1 = await post('/banner/getBannerPage', { pageNumber: 1, pageSize: 2 });
    const p3 = await post('/banner/getBannerPage', { pageNumber: 3, pageSize: 2 });
    expect(p1.body.total).toBe(5);
    expect(p1.body.rows).toHaveLength(2);
    expect(p3.body.rows).toHaveLength(1);
    expect(p3.body.rows[0].title).toBe('通知公告横幅');
  });

  it('reads one by id, updates only what is sent, 404s unknown ids', async () => {
    const id = (await post('/banner/getPage', { title: '政策法规' })).body.rows[0].id;
    const got = await post(`/banner/getBanner?id=${id}`);
    expect(got.body.data).toMatchObject({
      id,
      title: '政策法规横幅',
      bannerType: 'news003',
      bannerTypeName: '新闻中心-政策法规',
      enableFlag: 1,
    });
    const upd = await post('/banner/save', { id, bannerType: 'index', enableFlag: 0 });
    expect(upd.body.data).toMatchObject({
      id,
      title: '政策法规横幅',
      bannerType: 'index',
      bannerTypeName: '首页',
      enableFlag: 0,
      sortNo: 3,
    });
    expect((await post('/banner/save', { id, bannerType: 'nope' })).body.msg).toBe('轮播图页面不正确');
    expect((await post(`/banner/getBanner?id=${id}`)).body.data.bannerType).toBe('index');
    await post('/banner/save', { id, bannerType: 'news003', enableFlag: 1 });
  });

  it('deletes a batch of ids; an empty or partly unknown selection deletes nothing', async () => {
    const a = (await post('/banner/save', { bannerType: 'index', title: '待删甲' })).body.data.id;
    const b = (await post('/banner/save', { bannerType: 'index', title: '待删乙' })).body.data.id;
    expect((await post('/banner/getPage', { title: '待删' })).body.total).toBe(2);
    expect((await post('/banner/del', [a, b])).body).toEqual({ code: 200, msg: '删除成功' });
    expect((await post('/banner/getPage', { title: '待删' })).body.total).toBe(0);
  });
});
