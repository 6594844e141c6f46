import { testConfig } from './config.js';
import { prepareApp } from './prepare.js';
import { directReads, looseDb } from './db/index.js';
import { backfillSearch } from './modules/delivery/search-index.js';
import { sql } from 'kysely';

const N = Number(process.env.N ?? 20000);
const pg = process.env.PG;
const cfg = testConfig(pg ? { databaseUrl: pg, databaseSchema: 'plan_tmp' } : { sqliteFile: '/tmp/plan.db' });
const built = await prepareApp(cfg);
const { ctx } = built;
const db = looseDb(ctx.db);
const have = Number((await db.selectFrom('news').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
if (have < N) {
  await db.insertInto('news_type').values([{ code: 'hydt', name: 'a', sort_no: 1 }, { code: 'gsxw', name: 'b', sort_no: 2 }]).onConflict((oc) => oc.doNothing()).execute().catch(() => {});
  const words = ['物流', '港口', '冷链', '跨境电商', '海关', '中欧班列', '仓储', 'customs', 'shipping'];
  for (let i = have; i < N; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(N, i + 500); j++) {
      const d = new Date(Date.UTC(2023, 0, 1) + j * 3600_000);
      const t = d.toISOString().slice(0, 19).replace('T', ' ');
      rows.push({ title: `${words[j % 9]}新闻${j}`, type: ['hydt','gsxw'][j % 2], summary: words[(j * 7) % 9], summary_img: '', count: j % 100, is_top: j % 200 === 0 ? 1 : 0, is_hot: j % 20 === 0 ? 1 : 0, content: `<p>${words[(j * 3) % 9]} ${words[(j * 5) % 9]} 正文内容</p>`, create_time: t, publish_time: process.env.NULLPUB ? null : j % 3 ? t : null });
    }
    await db.insertInto('news').values(rows).execute();
  }
  if (pg) await sql`analyze`.execute(ctx.db); else await sql`analyze`.execute(ctx.db);
  await db.deleteFrom('search_state').execute();
}
let t0 = Date.now();
console.log('backfill', await backfillSearch(ctx), Date.now() - t0, 'ms');
const texts: string[] = [];
if (!pg) {
  const orig = directReads.get(ctx.db)!;
  directReads.set(ctx.db, (text, params) => { texts.push(text); return orig(text, params); });
} else {
  const orig = ctx.db.executeQuery.bind(ctx.db);
  (ctx.db as any).executeQuery = (q: any) => { texts.push(q.sql); return orig(q); };
}
import Database from 'better-sqlite3';
const lite = pg ? null : new Database('/tmp/plan.db', { readonly: true });
for (const url of ['/public/v1/news?type=hydt&sort=-publishTime&fields=id,title,publishTime&page=1&pageSize=20', '/public/v1/news?type=hydt&isHot=0&sort=-publishTime&fields=id,title,publishTime&page=2&pageSize=20', '/public/v1/news?q=冷链&sort=-publishTime&pageSize=20', '/public/v1/news?q=冷链 customs&pageSize=20', '/public/v1/news?page=1&pageSize=20', '/public/v1/news?q=新闻1234', '/public/v1/news?sort=-publishTime&pageSize=20', '/public/v1/news?isHot=1&sort=-publishTime&pageSize=20']) {
  texts.length = 0;
  const r = await built.app.inject({ method: 'GET', url });
  const seen = [...new Set(texts)];
  t0 = performance.now();
  for (let i = 0; i < 20; i++) await built.app.inject({ method: 'GET', url });
  console.log(url, r.statusCode, r.json().total, ((performance.now() - t0) / 20).toFixed(2), 'ms');
  for (const text of seen.filter((x) => /news/.test(x) && !/row_count/.test(x) && !/status" = 'draft'/.test(x))) {
    console.log('  SQL', text.slice(text.indexOf(' from '), text.indexOf(' from ') + 900));
    const plan = pg
      ? (await sql.raw(`explain ${text.replace(/\$\d+/g, "'1'")}`).execute(ctx.db).catch((e) => ({ rows: [{ e: String(e) }] }))).rows
      : lite!.prepare(`explain query plan ${text}`).all(...text.split('?').slice(1).map(() => '1'));
    for (const p of plan as any[]) console.log('   ', p.detail ?? p['QUERY PLAN'] ?? JSON.stringify(p));
  }
}
await built.app.close();
