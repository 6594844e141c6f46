import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { looseDb } from './index.js';
import { gramsOf, queryGram } from './text-index.js';

describe('grams', () => {
  it('cuts a title into single characters and neighbouring pairs, lower-cased, without white space', () => {
    expect(gramsOf('海关 物流AB').sort()).toEqual(['海', '关', '海关', '物', '物流', '流', '流a', 'a', 'ab', 'b'].sort());
    expect(gramsOf('物流物流').sort()).toEqual(['物', '物流', '流', '流物'].sort());
  });
  it('looks up the first pair of a query; exact for one or two characters', () => {
    expect(queryGram('物')).toEqual({ gram: '物', exact: true });
    expect(queryGram('物流')).toEqual({ gram: '物流', exact: true });
    expect(queryGram('物流园')).toEqual({ gram: '物流', exact: false });
    expect(queryGram(' a b')).toEqual({ gram: 'a', exact: false });
    expect(queryGram('   ')).toBeNull();
  });
});

const WORDS = ['发展', '物流', '海关', '跨境', '电商', '通关', '仓储', '快递', '港口', '口岸', 'AI', '新规', '服务', '升级', '物', '流'];

describe.each(DIALECTS)('title search index on %s', (dialect) => {
  const t = useTestApp(dialect);
  let token = '';
  const post = (path: string, body?: unknown) => t.current.post(path, body, { token });
  const db = () => looseDb(t.current.ctx.db);

  /** what a plain LIKE scan would answer, the reference the index must equal */
  async function naive(title: string, type?: string): Promise<number[]> {
    let q = db()
      .selectFrom('news')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['title']), 'like', `%${title.toLowerCase()}%`));
    if (type) q = q.where('type', '=', type);
    return (await q.execute()).map((r) => Number(r.id)).sort((a, b) => a - b);
  }
  async function viaApi(title: string, type?: string): Promise<number[]> {
    const ids: number[] = [];
    for (let p = 1; ; p++) {
      const r = await post('/news/getNewsList', { title, code: type, pageNumber: p, pageSize: 100 });
      expect(r.body.code).toBe(200);
      ids.push(...r.body.rows.map((x: { id: number }) => x.id));
      if (ids.length >= r.body.total) {
        expect(ids.length).toBe(r.body.total);
        break;
      }
    }
    return ids.sort((a, b) => a - b);
  }

  beforeAll(async () => {
    token = await t.current.login();
    for (const code of ['a', 'b']) await post('/news/saveNewsType', { code, name: `类型${code}` });
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 60; i++) {
      const title = Array.from({ length: 2 + rnd(4) }, () => WORDS[rnd(WORDS.length)]).join(rnd(3) === 0 ? ' ' : '');
      const r = await post('/news/saveNews', { title, type: rnd(2) ? 'a' : 'b', isTop: rnd(5) === 0 ? 1 : 0 });
      expect(r.body.code).toBe(200);
    }
  });

  it('answers 1-, 2- and longer substrings exactly like a LIKE scan, with and without a type', async () => {
    for (const q of ['物', '流', '物流', '海关', 'ai', 'AI', '物流海', '发展物流', '关 通', '港', '不存在']) {
      expect(await viaApi(q)).toEqual(await naive(q));
      expect(await viaApi(q, 'a')).toEqual(await naive(q, 'a'));
    }
  });

  it('pages a search in the list order: top news first, newest first', async () => {
    const r = await post('/news/getNewsList', { title: '物流', pageNumber: 1, pageSize: 100 });
    const rows = r.body.rows as { isTop: number; createTime: string; id: number }[];
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1];
      const b = rows[i];
      const ordered =
        a.isTop > b.isTop || (a.isTop === b.isTop && (a.createTime > b.createTime || (a.createTime === b.createTime && a.id > b.id)));
      expect(ordered).toBe(true);
    }
  });

  it('stays correct across update, toggle, type rename and delete', async () => {
    const created = (await post('/news/saveNews', { title: '别具一格的标题', type: 'a' })).body.data;
    expect(await viaApi('别具')).toEqual([created.id]);
    await post('/news/saveNews', { id: created.id, title: '改过的名字', type: 'a' });
    expect(await viaApi('别具')).toEqual([]);
    expect(await viaApi('改过', 'a')).toEqual([created.id]);
    // moving it to another type moves its index copies
    await post('/news/saveNews', { id: created.id, title: '改过的名字', type: 'b' });
    expect(await viaApi('改过', 'a')).toEqual([]);
    expect(await viaApi('改过', 'b')).toEqual([created.id]);
    // toggling top reorders the search
    await t.current.app.inject({ method: 'POST', url: `/api/news/upisTop?id=${created.id}&flag=1`, headers: { token } });
    const top = await post('/news/getNewsList', { title: '改', pageSize: 100 });
    expect(top.body.rows[0]).toMatchObject({ id: created.id, isTop: 1 });
    // renaming the type code follows into the news and their index copies
    const types = (await post('/news/getTypeList', {})).body.rows as { id: number; code: string }[];
    const b = types.find((x) => x.code === 'b')!;
    expect((await post('/news/saveNewsType', { id: b.id, code: 'bb', name: '类型b' })).body.code).toBe(200);
    expect(await viaApi('改过', 'bb')).toEqual([created.id]);
    expect(await viaApi('物流', 'bb')).toEqual(await naive('物流', 'bb'));
    await post('/news/delNews', [created.id]);
    expect(await viaApi('改过')).toEqual([]);
    const left = await db().selectFrom('news_title_gram').select('row_id').where('row_id', '=', created.id).execute();
    expect(left).toEqual([]);
  });

  it('indexes policies the same way', async () => {
    const p = (await post('/policy/savePolicy', { title: '关于跨境电商零售进口的公告' })).body.data;
    const r = await post('/policy/getPolicyPage', { title: '电商' });
    expect(r.body.rows.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await post('/policy/getPolicyPage', { title: '零售进口' })).body.total).toBe(1);
  });
});
