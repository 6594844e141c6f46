import { contentCheckEndpoints, newsEndpoints, sensitiveWordEndpoints } from '@gk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareApp } from '../../prepare.js';
import { DIALECTS, useTestApp } from '../../test/harness.js';
import { insertUser, insertUserHoldingAllBut } from '../../test/users.js';
import { fold, readable, type WordEntry, WordMatcher } from './index.js';

describe('the matcher', () => {
  it('folds case and full-width forms and maps hits back to the source, in HTML too', () => {
    const m = new WordMatcher([
      { word: 'NO.1', category: 'ad', level: 'block', whitelist: false },
      { word: '国家级', category: 'ad', level: 'block', whitelist: false },
      { word: '最新', category: 'ad', level: 'warn', whitelist: true },
      { word: '最', category: 'custom', level: 'warn', whitelist: false },
    ]);
    const text = '我们是ｎｏ．１，国家级，最新';
    const hits = m.find(fold(text));
    expect(hits.map((h) => [text.slice(h.start, h.end), h.entry.word])).toEqual([
      ['ｎｏ．１', 'NO.1'],
      ['国家级', '国家级'],
    ]);
    const html = '<p>甲&amp;乙 <b>国家</b>级 &lt;最新&gt;</p><p>最</p>';
    const inHtml = m.find(readable(html, true));
    expect(inHtml.map((h) => html.slice(h.start, h.end))).toEqual(['国家</b>级', '最']);
  });

  it('finds exactly the hits a plain search finds, overlapping and nested words included', () => {
    let seed = 11;
    const rnd = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    // a small alphabet, so words overlap, nest and share prefixes and suffixes often
    const alphabet = [...'港口物流海关运输仓储国际快递报关'];
    const pick = () => alphabet[Math.floor(rnd() * alphabet.length)];
    const words = new Set<string>();
    while (words.size < 300) words.add(Array.from({ length: 1 + Math.floor(rnd() * 4) }, pick).join(''));
    const m = new WordMatcher([...words].map((word) => ({ word, category: 'custom', level: 'warn', whitelist: false })));
    const text = Array.from({ length: 5000 }, pick).join('');
    const expected: string[] = [];
    for (let end = 1; end <= text.length; end++)
      for (const w of words) if (end >= w.length && text.startsWith(w, end - w.length)) expected.push(`${end - w.length}:${w}`);
    const found = m.find(fold(text), 1_000_000).map((h) => `${h.start}:${h.entry.word}`);
    expect(found.sort()).toEqual(expected.sort());
    // a tenth of the words whitelisted: a hit inside any occurrence of one of them is dropped, the phrases never hit
    const white = [...words].filter((_, i) => i % 10 === 0 && _.length >= 2);
    const w = new WordMatcher([...words].map((word) => ({ word, category: 'custom', level: 'warn', whitelist: white.includes(word) })));
    const spans: [number, number][] = [];
    for (const p of white) for (let at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + 1)) spans.push([at, at + p.length]);
    const kept = expected.filter((e) => {
      const [start, word] = e.split(':');
      const b = Number(start);
      return !white.includes(word) && !spans.some(([s0, e0]) => s0 <= b && e0 >= b + word.length);
    });
    expect(
      w
        .find(fold(text), 1_000_000)
        .map((h) => `${h.start}:${h.entry.word}`)
        .sort(),
    ).toEqual(kept.sort());
  });

  it('finds every hit of a 1 MB body against 10,000 words', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const cjk = () => String.fromCharCode(0x4e00 + Math.floor(rnd() * 0x5000));
    const words = new Set<string>();
    while (words.size < 10_000) words.add(cjk() + cjk() + cjk());
    words.delete('国家级');
    const list: WordEntry[] = [...words].map((word) => ({ word, category: 'custom', level: 'warn', whitelist: false }));
    list.push({ word: '国家级', category: 'ad', level: 'block', whitelist: false });
    const m = new WordMatcher(list);
    const para = '<p>我们专注于物流与供应链服务，提供海运、空运及仓储一体化方案。</p>';
    const parts: string[] = [];
    let size = 0;
    let n = 0;
    while (size < 1_000_000) {
      const p = n % 100 === 0 ? para.replace('物流', '国家级') : para;
      parts.push(p);
      size += p.length;
      n++;
    }
    const body = parts.join('');
    const hits = m.find(readable(body, true), 100_000);
    const expected = parts.filter((p) => p.includes('国家级')).length;
    expect(hits.filter((h) => h.entry.word === '国家级').length).toBe(expected);
    for (const h of hits) expect(body.slice(h.start, h.end)).toBe(h.entry.word);
  });
});

describe.each(DIALECTS)('content checks on %s', (dialect) => {
  const t = useTestApp(dialect, { allowedLinkDomains: ['www.example.com', '*.cdn.example.com'] });
  let token = '';
  const post = (path: string, body?: unknown, as = token, lang?: string) =>
    t.current.post(path, body, { token: as, headers: lang ? { lang } : {} });

  beforeAll(async () => {
    token = await t.current.login();
    expect((await post('/news/saveNewsType', { code: 'chk', name: '检查' })).body.code).toBe(200);
  });

  it('refuses publishing a body with 国家级, naming the word and its place; 最新 (whitelisted) passes', async () => {
    const draft = await post(newsEndpoints.save.path, {
      title: '新闻一',
      type: 'chk',
      status: 'draft',
      content: '<p>我们是国家级物流企业</p>',
    });
    // a draft is not going live: saved, answered with its hits
    expect(draft.body.code).toBe(200);
    expect(draft.body.data.contentHits).toEqual([
      {
        field: 'content',
        fieldLabel: '正文',
        locale: null,
        kind: 'word',
        text: '国家级',
        offset: 6,
        length: 3,
        level: 'block',
        category: 'ad',
        msg: '正文第 4 个字处：“国家级”（广告法极限词，禁止）',
      },
    ]);
    const id = draft.body.data.id;
    const pub = await post(`${newsEndpoints.publish.path}?id=${id}`);
    expect(pub.body).toEqual({ code: 400, msg: '内容含有禁止发布的词，不能发布：正文第 4 个字处：“国家级”（广告法极限词，禁止）' });
    const row = await t.current.ctx.db.selectFrom('news').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
    // in the request's language
    const en = await post(`${newsEndpoints.publish.path}?id=${id}`, undefined, token, 'en');
    expect(en.body.msg).toBe(
      'The content contains words that must not be published: Content, character 4: "国家级" (Advertising-law superlative, Blocked)',
    );
    // a save that goes live is refused too, and changes nothing
    const live = await post(newsEndpoints.save.path, { title: '国家级新闻', type: 'chk', status: 'published', content: '<p>好</p>' });
    expect(live.body).toEqual({ code: 400, msg: '内容含有禁止发布的词，不能发布：标题第 1 个字处：“国家级”（广告法极限词，禁止）' });
    expect((await post(newsEndpoints.list.path, { title: '国家级新闻' })).body.total).toBe(0);

    expect(
      (await post(newsEndpoints.save.path, { id, title: '新闻一', type: 'chk', status: 'draft', content: '<p>我们的最新物流服务</p>' }))
        .body.code,
    ).toBe(200);
    const ok = await post(`${newsEndpoints.publish.path}?id=${id}`);
    expect(ok.body.code).toBe(200);
  });

  it('lets a 提示 word through with contentHits, and checks SEO fields and translations', async () => {
    const saved = await post(newsEndpoints.save.path, {
      title: '最快的航线',
      type: 'chk',
      status: 'published',
      content: '<p>正文</p>',
      metaDescription: '顶级服务',
    });
    expect(saved.body.code).toBe(400);
    expect(saved.body.msg).toBe('内容含有禁止发布的词，不能发布：SEO 描述第 1 个字处：“顶级”（广告法极限词，禁止）');
    const warned = await post(newsEndpoints.save.path, { title: '最快的航线', type: 'chk', status: 'published', content: '<p>正文</p>' });
    expect(warned.body.code).toBe(200);
    expect(warned.body.data.contentHits.map((h: { msg: string }) => h.msg)).toEqual(['标题第 1 个字处：“最快”（广告法极限词，提示）']);
    const translated = await post(newsEndpoints.save.path, {
      id: warned.body.data.id,
      title: '最快的航线',
      type: 'chk',
      translations: { en: { title: 'Shipping', content: '<p>独家 offer</p>' } },
    });
    expect(translated.body).toEqual({
      code: 400,
      msg: '内容含有禁止发布的词，不能发布：正文（English）第 1 个字处：“独家”（广告法极限词，禁止）',
    });
  });

  it('flags links to unpublished, deleted and outside records (warnings only)', async () => {
    const draft = (await post(newsEndpoints.save.path, { title: '草稿', type: 'chk', status: 'draft' })).body.data.id;
    const gone = (await post(newsEndpoints.save.path, { title: '将删除', type: 'chk' })).body.data.id;
    expect((await post(newsEndpoints.del.path, { ids: [gone] })).body.code).toBe(200);
    const live = (await post(newsEndpoints.save.path, { title: '在线', type: 'chk' })).body.data.id;
    const content = [
      `<p><a href="/public/v1/news/${draft}">a</a>`,
      `<a href="https://www.example.com/public/v1/news/${gone}">b</a>`,
      `<a href="/public/v1/news/${live}">c</a>`,
      '<a href="https://img.cdn.example.com/x">d</a>',
      '<a href="https://evil.test/x">e</a></p>',
    ].join('');
    const r = await post(contentCheckEndpoints.check.path, { resource: 'news', record: { title: '链接', content } });
    expect(r.body.code).toBe(200);
    expect(r.body.data.blocked).toBe(false);
    expect(
      r.body.data.hits.map((h: { kind: string; category: string; text: string; level: string }) => [h.kind, h.category, h.text, h.level]),
    ).toEqual([
      ['link', 'unpublished', `/public/v1/news/${draft}`, 'warn'],
      ['link', 'deleted', `https://www.example.com/public/v1/news/${gone}`, 'warn'],
      ['link', 'outside', 'https://evil.test/x', 'warn'],
    ]);
    const first = r.body.data.hits[0];
    expect(content.slice(first.offset, first.offset + first.length)).toBe(first.text);
    // a save with them goes through, warned
    const saved = await post(newsEndpoints.save.path, { title: '链接', type: 'chk', content });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.contentHits).toHaveLength(3);
  });

  it('/content/check: bad input is refused with a clear message; a caller without the resource gets 403', async () => {
    expect((await post(contentCheckEndpoints.check.path, { resource: 'nope', record: {} })).body).toEqual({
      code: 400,
      msg: '没有名为“nope”的内容类型，或它的内容不做检查',
    });
    expect((await post(contentCheckEndpoints.check.path, { resource: 'news' })).body).toEqual({
      code: 400,
      msg: '请提供要检查的内容（表单中的记录）',
    });
    // every grant but saving news
    await insertUserHoldingAllBut(t.current.ctx, 'nosave', 'Nosave_12345', newsEndpoints.save.path);
    const nobody = await t.current.login('nosave', 'Nosave_12345');
    expect((await post(contentCheckEndpoints.check.path, { resource: 'news', record: { title: '国家级' } }, nobody)).body.code).toBe(403);
  });

  it('a new word takes effect at once (the matcher is rebuilt), also in a second app on PostgreSQL; an editor cannot save words', async () => {
    const { ctx } = t.current;
    const second = dialect === 'postgres' ? await prepareApp(ctx.config, { clock: () => ctx.now() }) : null;
    try {
      const check = async (app = t.current.app) => {
        const res = await app.inject({
          method: 'POST',
          url: `${ctx.config.apiPrefix}${contentCheckEndpoints.check.path}`,
          headers: { token },
          payload: { resource: 'news', record: { title: '我们的金牌服务' } },
        });
        return res.json().data.hits.map((h: { text: string }) => h.text);
      };
      expect(await check()).toEqual([]);
      if (second) expect(await check(second.app)).toEqual([]);
      const saved = await post(sensitiveWordEndpoints.save.path, { word: '金牌', category: '自定义', level: '禁止' });
      expect(saved.body).toMatchObject({ code: 200, data: { word: '金牌', category: 'custom', level: 'block', enableFlag: 1 } });
      expect(await check()).toEqual(['金牌']);
      if (second) expect(await check(second.app)).toEqual(['金牌']);
      expect((await post(sensitiveWordEndpoints.flag.path, { id: saved.body.data.id, enableFlag: 0 })).body.code).toBe(200);
      expect(await check()).toEqual([]);
      if (second) expect(await check(second.app)).toEqual([]);

      expect((await post(sensitiveWordEndpoints.save.path, { word: '金牌', category: 'custom' })).body).toEqual({
        code: 409,
        msg: '该词语已在词库中',
      });
      expect((await post(sensitiveWordEndpoints.save.path, { word: '银牌', category: 'other' })).body).toEqual({
        code: 400,
        msg: '分类须为“广告法极限词”“敏感词”或“自定义”',
      });
      await insertUser(ctx, 'wordeditor', 'Editor_12345', ['editor']);
      const editor = await t.current.login('wordeditor', 'Editor_12345');
      expect((await post(sensitiveWordEndpoints.save.path, { word: '铜牌', category: 'custom' }, editor)).body.code).toBe(403);
      expect(await ctx.db.selectFrom('sensitive_word').select('id').where('word', '=', '铜牌').executeTakeFirst()).toBeUndefined();
    } finally {
      if (second) await second.app.close();
    }
  });

  it('seeds the 广告法 words and whitelist, and exports / imports words', async () => {
    const listed = await post(sensitiveWordEndpoints.list.path, { word: '国家级' });
    expect(listed.body.rows[0]).toMatchObject({ word: '国家级', categoryName: '广告法极限词', levelName: '禁止', whitelist: 0 });
    const white = await post(sensitiveWordEndpoints.list.path, { whitelist: 1, pageSize: 100 });
    expect(white.body.rows.map((r: { word: string }) => r.word)).toEqual(expect.arrayContaining(['最新', '第一时间', '最后', '最近']));
    const template = await t.current.app.inject({
      method: 'GET',
      url: `${t.current.ctx.config.apiPrefix}/import/getTemplate?resource=sensitiveWord`,
      headers: { token },
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });
});
