import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { ownFields } from '../../test/records.js';

describe.each(DIALECTS)('friendly links and contacts (headerContorller) on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);

  beforeAll(async () => {
    token = await t.current.login();
  });

  describe('friendly links', () => {
    // every test starts from the same three links, whatever ran before it
    beforeEach(async () => {
      await db().deleteFrom('friend_link').execute();
      const seed = [
        { name: '海关总署', url: 'http://www.customs.gov.cn', sortNo: 1 },
        { name: '中国电子口岸', url: 'https://www.chinaport.gov.cn', sortNo: 2 },
        { name: '国家邮政局', url: 'https://www.spb.gov.cn', sortNo: 3, enableFlag: 0 },
      ];
      for (const l of seed) expect((await post('/headerContorller/saveLink', l)).body.code).toBe(200);
    });

    it('creates a link, enabled unless told otherwise', async () => {
      const r = await post('/headerContorller/saveLink', { name: '商务部', url: 'https://www.mofcom.gov.cn', sortNo: '4' });
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      expect(ownFields(r.body.data)).toEqual({
        id: expect.any(Number),
        name: '商务部',
        url: 'https://www.mofcom.gov.cn',
        sortNo: 4,
        enableFlag: 1,
      });
      const row = await db().selectFrom('friend_link').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
      expect(row.url).toBe('https://www.mofcom.gov.cn');
      await post('/headerContorller/delLink', [r.body.data.id]);
    });

    it('validates with the SPEC messages in zh, en and es, and changes nothing', async () => {
      const bad = async (body: unknown, msg: string, lang?: string) =>
        expect((await post('/headerContorller/saveLink', body, lang)).body).toEqual({ code: 400, msg });
      await bad({ url: 'https://a.cn' }, '名称不得为空');
      await bad({ name: '   ', url: 'https://a.cn' }, '名称不得为空');
      await bad({ name: '无地址' }, '链接地址不得为空');
      await bad({ name: '空白地址', url: '   ' }, '链接地址不得为空');
      await bad({ name: '脚本', url: 'javascript:alert(1)' }, '链接地址格式不正确');
      await bad({ name: '无协议', url: 'www.customs.gov.cn' }, '链接地址格式不正确');
      await bad({ name: '站内', url: '/about' }, '链接地址格式不正确');
      await bad({ name: 'x', url: 'https://a.cn', sortNo: '1.1234567' }, '排序只能输入数字');
      await bad({ name: 'x', url: 'https://a.cn', sortNo: '01' }, '排序只能输入数字');
      await bad({ name: 'x', url: 'https://a.cn', enableFlag: '2' }, '只能是 0 或 1');
      await bad({ url: 'https://a.cn' }, 'Name must not be empty', 'en');
      await bad({ name: 'x' }, 'Url must not be empty', 'en');
      await bad({ name: 'x' }, 'La dirección del enlace no puede estar vacía', 'es');
      expect((await post('/headerContorller/getLinkPage', {})).body.total).toBe(3);
    });

    it('lists by sort number, filters by name and enabled flag, pages from 1', async () => {
      const all = await post('/headerContorller/getLinkPage', { pageNumber: 1, pageSize: 20 });
      expect(all.body.rows.map((r: { name: string }) => r.name)).toEqual(['海关总署', '中国电子口岸', '国家邮政局']);
      expect((await post('/headerContorller/getLinkPage', { name: '口岸' })).body.rows.map((r: { name: string }) => r.name)).toEqual([
        '中国电子口岸',
      ]);
      expect((await post('/headerContorller/getLinkPage', { enableFlag: 0 })).body.rows.map((r: { name: string }) => r.name)).toEqual([
        '国家邮政局',
      ]);
      expect((await post('/headerContorller/getLinkPage', { enableFlag: '1' })).body.total).toBe(2);
      expect((await post('/headerContorller/getLinkPage', { enableFlag: '' })).body.total).toBe(3);
      expect((await post('/headerContorller/getLinkPage', { enableFlag: 3 })).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
      const p2 = await post('/headerContorller/getLinkPage', { pageNumber: 2, pageSize: 2 });
      expect(p2.body).toMatchObject({ total: 3, rows: [{ name: '国家邮政局' }] });
      const byName = await post('/headerContorller/getLinkPage', { sortField: 'enableFlag', sortOrder: 'asc' });
      expect(byName.body.rows[0].name).toBe('国家邮政局');
    });

    it('switches enableFlag with 0/1 only; an unknown id is a 404', async () => {
      const id = (await post('/headerContorller/getLinkPage', { name: '海关总署' })).body.rows[0].id;
      const off = await post(`/headerContorller/upLinkFlag?id=${id}&flag=0`);
      expect(off.body).toEqual({ code: 200, msg: '操作成功' });
      const row = await db().selectFrom('friend_link').select('enable_flag').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(row.enable_flag)).toBe(0);
      expect((await post(`/headerContorller/upLinkFlag?id=${id}&flag=1`)).body.code).toBe(200);
      expect((await post(`/headerContorller/upLinkFlag?id=${id}&flag=2`)).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
      expect((await post(`/headerContorller/upLinkFlag?id=${id}&flag=2`, undefined, 'en')).body.msg).toBe('Must be 0 or 1');
      expect((await post(`/headerContorller/upLinkFlag?id=${id}`)).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
      expect((await post(`/headerContorller/getLinkPage`, { name: '海关总署' })).body.rows[0].enableFlag).toBe(1);
    });

    it('updates only what is sent and 404s an unknown id', async () => {
      const id = (await post('/headerContorller/getLinkPage', { name: '中国电子口岸' })).body.rows[0].id;
      const upd = await post('/headerContorller/saveLink', { id, name: '中国国际贸易单一窗口', url: 'https://www.chinaport.gov.cn' });
      expect(ownFields(upd.body.data)).toEqual({
        id,
        name: '中国国际贸易单一窗口',
        url: 'https://www.chinaport.gov.cn',
        sortNo: 2,
        enableFlag: 1,
      });
      expect((await post('/headerContorller/saveLink', { id: 999999, name: 'x', url: 'https://a.cn' })).body).toEqual({
        code: 404,
        msg: '数据不存在或已被删除',
      });
    });

    it('deletes a batch of ids from the body; an empty or unknown selection deletes nothing', async () => {
      const ids = (await post('/headerContorller/getLinkPage', {})).body.rows.map((r: { id: number }) => r.id);
      expect((await post('/headerContorller/delLink', ids.slice(0, 2))).body).toEqual({ code: 200, msg: '删除成功' });
      expect((await post('/headerContorller/getLinkPage', {})).body.total).toBe(1);
    });
  });

  describe('contacts', () => {
    const contact = (organizers: string, extra: Record<string, unknown> = {}) => ({
      organizers,
      address: '深圳市南山区蛇口港湾大道1号',
      phone: '0755-26888888',
      recordNumber: '粤ICP备12345678号',
      ...extra,
    });
    const liveIds = async () =>
      (await db().selectFrom('contact_head').select('id').where('enable_flag', '=', 1).execute()).map((r) => Number(r.id));
    const saveContact = async (body: Record<string, unknown>) => {
      const r = await post('/headerContorller/saveContact', body);
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id as number;
    };

    // every test starts with no contact, and creates the ones it needs
    beforeEach(async () => {
      await db().deleteFrom('contact_head').execute();
    });

    it('creates a contact head with its four images; a new one is not live unless enabled', async () => {
      const r = await post(
        '/headerContorller/saveContact',
        contact('蛇口集装箱码头有限公司', {
          img: '/img/qr.png',
          pngLogo: '/img/logo.png',
          jpgLogo: '/img/logo.jpg',
          iconImg: '/img/icon.png',
        }),
      );
      expect(r.body).toMatchObject({ code: 200, msg: '保存成功' });
      expect(ownFields(r.body.data)).toEqual({
        id: expect.any(Number),
        organizers: '蛇口集装箱码头有限公司',
        address: '深圳市南山区蛇口港湾大道1号',
        phone: '0755-26888888',
        recordNumber: '粤ICP备12345678号',
        enableFlag: 0,
        img: '/img/qr.png',
        pngLogo: '/img/logo.png',
        jpgLogo: '/img/logo.jpg',
        iconImg: '/img/icon.png',
      });
      const got = await post(`/headerContorller/getContact?id=${r.body.data.id}`);
      expect(got.body).toEqual({ code: 200, msg: '操作成功', data: r.body.data });
    });

    it('validates with the SPEC messages in zh, en and es; a 31-character phone is refused', async () => {
      const before = (await post('/headerContorller/getContactPage', {})).body.total;
      const bad = async (body: unknown, msg: string, lang?: string) =>
        expect((await post('/headerContorller/saveContact', body, lang)).body).toEqual({ code: 400, msg });
      await bad(contact(''), '主办单位不得为空');
      await bad(contact('某单位', { address: '' }), '地址不得为空');
      await bad(contact('某单位', { phone: '' }), '电话不得为空');
      await bad(contact('某单位', { phone: '   ' }), '电话不得为空');
      await bad(contact('某单位', { phone: '1'.repeat(31) }), '电话不得超过30位');
      await bad(contact('某单位', { phone: '0755-26888888 / 400-800-8888 转 1' }), '电话不得超过30位');
      await bad(contact('某单位', { phone: '9'.repeat(300) }), '电话不得超过30位');
      await bad(contact('某单位', { enableFlag: 5 }), '只能是 0 或 1');
      await bad(contact(''), 'Organizer must not be empty', 'en');
      await bad(contact('x', { address: '' }), 'Address must not be empty', 'en');
      await bad(contact('x', { phone: '' }), 'Phone must not be empty', 'en');
      await bad(contact('x', { phone: '1'.repeat(31) }), 'Phone must not exceed 30 characters', 'en');
      await bad(contact('x', { phone: '1'.repeat(31) }), 'El teléfono no puede superar 30 caracteres', 'es');
      await bad(contact(''), 'El organizador no puede estar vacío', 'es');
      expect((await post('/headerContorller/getContactPage', {})).body.total).toBe(before);
      const thirty = await post('/headerContorller/saveContact', contact('三十位电话', { phone: '1'.repeat(30) }));
      expect(thirty.body.data.phone).toHaveLength(30);
      await post('/headerContorller/delContact', [thirty.body.data.id]);
    });

    it('keeps exactly one contact live: enabling one (switch or save) disables the others', async () => {
      const a = (await post('/headerContorller/saveContact', contact('单一启用A', { enableFlag: 1 }))).body.data.id;
      expect(await liveIds()).toEqual([a]);
      const b = (await post('/headerContorller/saveContact', contact('单一启用B', { enableFlag: 1 }))).body.data.id;
      expect(await liveIds()).toEqual([b]);
      expect((await post(`/headerContorller/getContact?id=${a}`)).body.data.enableFlag).toBe(0);
      // the list switch
      expect((await post(`/headerContorller/upContactFlag?id=${a}&flag=1`)).body).toEqual({ code: 200, msg: '操作成功' });
      expect(await liveIds()).toEqual([a]);
      // saving other fields of a disabled contact does not touch the live one
      await post('/headerContorller/saveContact', contact('单一启用B', { id: b, address: '新地址' }));
      expect(await liveIds()).toEqual([a]);
      // the live one comes first in the list
      expect((await post('/headerContorller/getContactPage', {})).body.rows[0]).toMatchObject({ id: a, enableFlag: 1 });
      // switching the live one off leaves none live; switching an already-off one off changes nothing
      expect((await post(`/headerContorller/upContactFlag?id=${a}&flag=0`)).body.code).toBe(200);
      expect(await liveIds()).toEqual([]);
      expect((await post(`/headerContorller/upContactFlag?id=${b}&flag=0`)).body.code).toBe(200);
      expect(await liveIds()).toEqual([]);
      // saving with enableFlag 1 makes it the live one
      await post('/headerContorller/saveContact', contact('单一启用B', { id: b, enableFlag: 1 }));
      expect(await liveIds()).toEqual([b]);
    });

    it('keeps one contact live when several are enabled at the same moment', async () => {
      const b = await saveContact(contact('并发前启用', { enableFlag: 1 }));
      const ids: number[] = [];
      for (let i = 1; i <= 6; i++) ids.push((await post('/headerContorller/saveContact', contact(`并发启用${i}`))).body.data.id);
      const replies = await Promise.all(ids.map((id) => post(`/headerContorller/upContactFlag?id=${id}&flag=1`)));
      expect(replies.every((r) => r.body.code === 200)).toBe(true);
      const live = await liveIds();
      expect(live).toHaveLength(1);
      expect(ids).toContain(live[0]);
      await post('/headerContorller/delContact', ids);
      // switching the previously live contact on again restores it as the live one
      await post(`/headerContorller/upContactFlag?id=${b}&flag=1`);
      expect(await liveIds()).toEqual([b]);
    });

    it('switches enableFlag with 0/1 only; unknown ids are 404 and change nothing', async () => {
      const id = await saveContact(contact('开关校验A'));
      const other = await saveContact(contact('开关校验B', { enableFlag: 1 }));
      const live = await liveIds();
      expect(live).toEqual([other]);
      expect((await post(`/headerContorller/upContactFlag?id=${id}&flag=2`)).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
      expect((await post(`/headerContorller/upContactFlag?id=${id}&flag=abc`)).body).toEqual({ code: 400, msg: '只能是 0 或 1' });
      expect((await post(`/headerContorller/upContactFlag?id=${id}&flag=2`, undefined, 'es')).body.msg).toBe('Debe ser 0 o 1');
      expect(await liveIds()).toEqual(live);
      expect((await post('/headerContorller/saveContact', { ...contact('x'), id: 999999 })).body).toEqual({
        code: 404,
        msg: '数据不存在或已被删除',
      });
    });

    it('filters by organizers and enabled flag; pages 10 per page by default (SPEC point 9)', async () => {
      await saveContact(contact('蛇口集装箱码头有限公司'));
      await saveContact(contact('单一启用A'));
      await saveContact(contact('单一启用B', { enableFlag: 1 }));
      for (let i = 1; i <= 11; i++) await saveContact(contact(`分页联系${String(i).padStart(2, '0')}`));
      const first = await post('/headerContorller/getContactPage', { organizers: '分页联系' });
      expect(first.body.total).toBe(11);
      expect(first.body.rows).toHaveLength(10);
      const second = await post('/headerContorller/getContactPage', { organizers: '分页联系', pageNumber: 2 });
      expect(second.body.rows.map((r: { organizers: string }) => r.organizers)).toEqual(['分页联系01']);
      expect((await post('/headerContorller/getContactPage', { organizers: '分页联系', pageSize: 20 })).body.rows).toHaveLength(11);
      const enabled = await post('/headerContorller/getContactPage', { enableFlag: 1 });
      expect(enabled.body.rows.map((r: { organizers: string }) => r.organizers)).toEqual(['单一启用B']);
      expect((await post('/headerContorller/getContactPage', { enableFlag: 0, organizers: '单一启用' })).body.total).toBe(1);
      const byOrg = await post('/headerContorller/getContactPage', { organizers: '蛇口' });
      expect(byOrg.body.rows.map((r: { organizers: string }) => r.organizers)).toEqual(['蛇口集装箱码头有限公司']);
    });

    it('deletes a batch of ids; an empty or unknown selection deletes nothing', async () => {
      for (let i = 1; i <= 11; i++) await saveContact(contact(`分页联系${String(i).padStart(2, '0')}`));
      const ids = (await post('/headerContorller/getContactPage', { organizers: '分页联系', pageSize: 50 })).body.rows.map(
        (r: { id: number }) => r.id,
      );
      expect((await post('/headerContorller/getContactPage', { organizers: '分页联系' })).body.total).toBe(11);
      expect((await post('/headerContorller/delContact', ids)).body).toEqual({ code: 200, msg: '删除成功' });
      expect((await post('/headerContorller/getContactPage', { organizers: '分页联系' })).body.total).toBe(0);
    });
  });
});
