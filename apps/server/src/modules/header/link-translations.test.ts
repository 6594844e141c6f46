import { beforeAll, describe, expect, it } from 'vitest';
import { looseDb } from '../../db/index.js';
import { DIALECTS, type ReplyBody, useTestApp } from '../../test/harness.js';

/**
 * Issue 24 for a resource edited in a dialog (friendly links: no get call, the dialog edits the list row): the save
 * takes `translations`, the list row carries them back (and the status), and `/public/v1/links?locale=en` serves the
 * English name, the Chinese one where there is none.
 */
describe.each(DIALECTS)('a friendly link translated through its dialog, served at ?locale=en on %s', (dialect) => {
  const t = useTestApp(dialect, { publicRateLimit: 100_000 });
  let token = '';
  const post = async (path: string, body?: unknown) => {
    const r = await t.current.post(path, body, { token });
    expect(r.body.code, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as ReplyBody;
  };
  const links = async (query = '') => {
    const r = await t.current.app.inject({ method: 'GET', url: `/public/v1/links${query}`, headers: { host: 'cms.test' } });
    expect(r.statusCode).toBe(200);
    return r.json().data as Record<string, unknown>[];
  };
  const row = async (id: number) =>
    ((await post('/headerContorller/getLinkPage', { pageNumber: 1, pageSize: 50 })).rows as ReplyBody[]).find((r) => r.id === id)!;

  beforeAll(async () => {
    token = await t.current.login();
    await looseDb(t.current.ctx.db).deleteFrom('friend_link').execute();
  });

  it('a link saved with translations.en.name is served in English; one without falls back to Chinese', async () => {
    // a new link, its English name typed in the dialog before the first save
    const gac = (
      await post('/headerContorller/saveLink', {
        name: '海关总署',
        url: 'http://www.customs.gov.cn',
        sortNo: 1,
        enableFlag: 1,
        translations: { en: { name: 'General Administration of Customs' } },
      })
    ).data;
    const port = (await post('/headerContorller/saveLink', { name: '中国电子口岸', url: 'https://www.chinaport.gov.cn', sortNo: 2 })).data;
    expect(gac.translations).toEqual({ en: { name: 'General Administration of Customs' } });
    expect(gac.translationStatus).toEqual({ en: 'translated' });

    // the list row is what the dialog opens with: it carries the translation and the status
    expect(await row(gac.id)).toMatchObject({
      name: '海关总署',
      translations: { en: { name: 'General Administration of Customs' } },
      translationStatus: { en: 'translated' },
    });
    expect(await row(port.id)).toMatchObject({ name: '中国电子口岸', translationStatus: { en: 'missing' } });

    expect(await links('?locale=en')).toEqual([
      expect.objectContaining({ id: gac.id, name: 'General Administration of Customs', locale: 'en', locales: ['zh-CN', 'en'] }),
      expect.objectContaining({ id: port.id, name: '中国电子口岸', locale: 'zh-CN', locales: ['zh-CN'] }),
    ]);
    expect((await links()).map((l) => l.name)).toEqual(['海关总署', '中国电子口岸']);
    expect((await links('?locale=zh-CN')).map((l) => l.name)).toEqual(['海关总署', '中国电子口岸']);
  });

  it('a dialog save of the Chinese name alone keeps the English one (outdated); a new English name is served', async () => {
    const gac = (await links()).find((l) => l.name === '海关总署')!;
    const before = await row(Number(gac.id));
    // the dialog sends the row's own fields, without `translations` when no translation was edited
    await post('/headerContorller/saveLink', { id: before.id, name: '中华人民共和国海关总署', url: before.url, sortNo: 1, enableFlag: 1 });
    expect(await row(before.id)).toMatchObject({
      name: '中华人民共和国海关总署',
      translations: { en: { name: 'General Administration of Customs' } },
      translationStatus: { en: 'outdated' },
    });
    expect((await links('?locale=en'))[0]).toMatchObject({ name: 'General Administration of Customs', locale: 'en' });

    await post('/headerContorller/saveLink', {
      id: before.id,
      name: '中华人民共和国海关总署',
      url: before.url,
      sortNo: 1,
      enableFlag: 1,
      translations: { en: { name: 'GACC' } },
    });
    expect((await row(before.id)).translationStatus).toEqual({ en: 'translated' });
    expect((await links('?locale=en'))[0]).toMatchObject({ name: 'GACC', locale: 'en' });
    expect((await links())[0]).toMatchObject({ name: '中华人民共和国海关总署', locale: 'zh-CN' });
  });
});
