import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, makeTestApp, useTestApp } from '../../test/harness.js';

describe.each(DIALECTS)('company profile on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown, lang?: string) => t.current.post(path, body, { token, headers: lang ? { lang } : {} });
  const db = () => looseDb(t.current.ctx.db);
  const rowCount = async () => Number((await db().selectFrom('company').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const profile = {
    name: '深圳港口物流有限公司',
    shortName: '港口物流',
    summary: '提供报关、仓储、国际快递一站式服务',
    logo: '/img/c0ffee.png',
    address: '深圳市南山区蛇口港湾大道1号',
    phone: '0755-26888888',
    email: 'service@port-logistics.cn',
    website: 'https://www.port-logistics.cn',
    recordNumber: '粤ICP备12345678号-1',
  };

  beforeAll(async () => {
    token = await t.current.login();
  });

  // every test starts before the first save: no profile row, whatever ran before it
  beforeEach(async () => {
    await db().deleteFrom('company').execute();
  });

  it('answers an empty profile with id null before the first save', async () => {
    const r = await post('/company/getCompany');
    expect(r.body).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        id: null,
        name: '',
        shortName: '',
        summary: '',
        logo: '',
        address: '',
        phone: '',
        email: '',
        website: '',
        recordNumber: '',
      },
    });
  });

  it('validates with the messages in zh, en and es, and writes nothing', async () => {
    const bad = async (body: unknown, msg: string, lang?: string) =>
      expect((await post('/company/saveCompany', body, lang)).body).toEqual({ code: 400, msg });
    await bad({ ...profile, name: '' }, '公司名称不得为空');
    await bad({ ...profile, name: undefined }, '公司名称不得为空');
    await bad({ ...profile, name: ' 前导空格' }, '必填');
    await bad({ ...profile, phone: '1'.repeat(31) }, '电话不得超过30位');
    await bad({ ...profile, email: 'service@' }, '请输入正确的邮箱地址');
    await bad({ ...profile, website: 'javascript:alert(1)' }, '公司网址格式不正确（需以 http:// 或 https:// 开头）');
    await bad({ ...profile, website: 'www.port-logistics.cn' }, '公司网址格式不正确（需以 http:// 或 https:// 开头）');
    await bad({ ...profile, logo: 'javascript:alert(1)' }, '图片地址无效');
    await bad({ ...profile, name: '' }, 'Company name must not be empty', 'en');
    await bad({ ...profile, phone: '1'.repeat(31) }, 'Phone must not exceed 30 characters', 'en');
    await bad({ ...profile, email: 'x' }, 'Please enter a valid email address', 'en');
    await bad({ ...profile, name: '' }, 'El nombre de la empresa no puede estar vacío', 'es');
    expect(await rowCount()).toBe(0);
  });

  it('creates the profile on the first save and updates that same row afterwards', async () => {
    const first = await post('/company/saveCompany', profile);
    expect(first.body).toMatchObject({ code: 200, msg: '保存成功' });
    // the profile is translatable: its SEO fields (a slug made from the name), translations and their statuses
    const locales = {
      slug: 'shen-zhen-gang-kou-wu-liu-you-xian-gong-si',
      metaTitle: '',
      metaDescription: '',
      keywords: '',
      ogImage: '',
      canonicalUrl: '',
      noindex: 0,
      translations: {},
      translationStatus: { en: 'missing' },
    };
    expect(first.body.data).toEqual({ id: expect.any(Number), ...profile, ...locales });
    const id = first.body.data.id;
    expect((await post('/company/getCompany')).body.data).toEqual(first.body.data);
    // whatever id the client sends (none, another, unknown), the one profile is updated
    const noId = await post('/company/saveCompany', { name: '深圳港口物流集团有限公司' });
    expect(noId.body.data).toEqual({ ...profile, ...locales, id, name: '深圳港口物流集团有限公司' });
    const otherId = await post('/company/saveCompany', { id: 999999, name: '深圳港口物流集团有限公司', phone: '1'.repeat(30) });
    expect(otherId.body.data).toMatchObject({ id, phone: '1'.repeat(30), email: profile.email });
    // optional fields may be emptied
    const cleared = await post('/company/saveCompany', { name: '深圳港口物流集团有限公司', email: '', website: null });
    expect(cleared.body.data).toMatchObject({ id, email: '', website: '' });
    expect(await rowCount()).toBe(1);
    // a failed save leaves the profile as it was
    await post('/company/saveCompany', { name: '', summary: '不应保存' });
    expect((await post('/company/getCompany')).body.data).toMatchObject({ id, name: '深圳港口物流集团有限公司', summary: profile.summary });
  });

  it('stays one row when first saves race (the losers update the winner)', async () => {
    const fresh = await makeTestApp(dialect);
    try {
      const tk = await fresh.login();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => `公司${i}`).map((name) => fresh.post('/company/saveCompany', { name }, { token: tk })),
      );
      expect(results.every((r) => r.body.code === 200)).toBe(true);
      const rows = await looseDb(fresh.ctx.db).selectFrom('company').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(new Set(results.map((r) => r.body.data.id))).toEqual(new Set([Number(rows[0].id)]));
    } finally {
      await fresh.app.close();
    }
  });

  it('belongs to the contact menu: its permissions are in the contact module', async () => {
    const perms = await db()
      .selectFrom('sys_permission')
      .select(['key', 'module', 'kind'])
      .where('key', 'like', '/company/%')
      .orderBy('key')
      .execute();
    expect(perms).toEqual([
      { key: '/company/getCompany', module: 'contact', kind: 'read' },
      { key: '/company/saveCompany', module: 'contact', kind: 'write' },
    ]);
  });
});
