// The cost of a scoped staff list (数据权限, issue 25) at scale, in process (`inject`, no HTTP): N news, one in four
// the Shenzhen branch's (half of those one editor's), one in four the Shanghai branch's, the rest without an owner
// row (the head office's). Measures the news list of a Shenzhen 本部门 editor, the head office's 本部门 (owner-less
// records included), a 仅本人 editor and 全部 (admin), with and without a title filter, pages 1 and 50.
//   node --import tsx bench/scope.mjs --db sqlite --news 100000 [--fresh]
//   node --import tsx bench/scope.mjs --db postgres --news 1000000   (BENCH_PG_URL, default …/test)
import fs from 'node:fs';
import path from 'node:path';
import { ROLES } from '@gk/contracts';
import Database from 'better-sqlite3';
import { arg, ROOT } from './lib.mjs';

// --src: another copy of the server's sources (a before/after comparison)
const SRC = path.resolve(arg('src', path.join(ROOT, 'apps/server/src')));
const { configFromEnv } = await import(path.join(SRC, 'config.ts'));
const { gramsOf } = await import(path.join(SRC, 'db/text-index.ts'));
const { prepareApp } = await import(path.join(SRC, 'prepare.ts'));
const { insertUser } = await import(path.join(SRC, 'test/users.ts'));

const DB = arg('db', 'sqlite');
const NEWS = Number(arg('news', '100000'));
const CALLS = Number(arg('calls', '60'));
const PG_URL = process.env.BENCH_SCOPE_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DIR = path.join(ROOT, `bench/results/tmp/scope-${NEWS}`);
const SCHEMA = `scope_bench_${NEWS}`;
const PASSWORD = 'Passw0rd_1';

const config = {
  ...configFromEnv({}),
  dataDir: path.join(DIR, DB),
  sqliteFile: path.join(DIR, DB, 'app.db'),
  webDir: null,
  adminPassword: 'Admin_123456',
  seedDemo: false,
  logLevel: false,
  slugBackfill: false,
  ...(DB === 'postgres' ? { databaseUrl: PG_URL, databaseSchema: SCHEMA } : {}),
};

let seed = 7;
const rnd = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed >>> 16) % n;
};
const PLACES = ['上海', '深圳', '广州', '宁波', '天津', '青岛', '厦门', '郑州', '重庆', '成都', '西安', '武汉'];
const TOPICS = ['跨境电商', '通关便利化', '智慧物流', '冷链运输', '国际快递', '海铁联运', '中欧班列', '仓储配送'];
const VERBS = ['推进', '发布', '启动', '完成', '优化', '深化'];
const TYPES = ['hydt', 'gsxw', 'tgzx', 'zcfg'];
const pick = (xs) => xs[rnd(xs.length)];
const pad = (n) => String(n).padStart(2, '0');
function news(i) {
  const title = `${pick(PLACES)}海关${pick(VERBS)}${pick(TOPICS)}工作`;
  const d = new Date(Date.UTC(2023, 0, 1) + Math.floor((i / NEWS) * 3 * 365 * 86400_000));
  const time = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
  return { title, type: pick(TYPES), time };
}
/** the owner of news i: Shenzhen (half of it the 仅本人 editor's), Shanghai, or none */
const ownerOf = (i, ids) => (i % 4 === 0 ? [ids.sz, i % 8 === 0 ? ids.self : ids.szUser] : i % 4 === 1 ? [ids.sh, ids.shUser] : null);

async function setup() {
  const built = await prepareApp(config);
  const { ctx } = built;
  const db = ctx.db;
  const root = Number((await db.selectFrom('sys_dept').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow()).id);
  const dept = async (name) =>
    Number(
      (
        await db
          .insertInto('sys_dept')
          .values({ parent_id: root, ancestors: `${root}`, name, create_time: ctx.nowText() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const ids = { root, sz: await dept('深圳分公司'), sh: await dept('上海分公司') };
  const editor = await db.selectFrom('sys_role').select('id').where('code', '=', ROLES.EDITOR).executeTakeFirstOrThrow();
  const grants = await db.selectFrom('sys_role_permission').select('permission_key').where('role_id', '=', editor.id).execute();
  for (const [code, scope] of [
    ['b_dept', 'dept'],
    ['b_self', 'self'],
  ]) {
    const r = await db.insertInto('sys_role').values({ code, name: code, data_scope: scope }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('sys_role_permission')
      .values(grants.map((g) => ({ role_id: r.id, permission_key: g.permission_key })))
      .execute();
  }
  for (const [who, d, role] of [
    ['szUser', 'sz', 'b_dept'],
    ['shUser', 'sh', 'b_dept'],
    ['hqUser', 'root', 'b_dept'],
    ['self', 'sz', 'b_self'],
  ]) {
    ids[who] = await insertUser(ctx, `bench_${who}`, PASSWORD, [role]);
    await db.updateTable('sys_user').set({ dept_id: ids[d] }).where('id', '=', ids[who]).execute();
  }
  await built.app.close();
  return ids;
}

async function fillSqlite(ids) {
  const s = new Database(config.sqliteFile);
  s.pragma('journal_mode = WAL');
  s.pragma('synchronous = OFF');
  const lookup = s
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name in ('news_title_gram', 'record_owner') and sql is not null",
    )
    .all();
  for (const ix of lookup) s.exec(`drop index "${ix.name}"`);
  s.transaction(() => {
    const insNews = s.prepare(
      "insert into news (id, title, type, summary, summary_img, count, is_top, is_hot, content, create_time) values (?, ?, ?, '', '', 0, 0, 0, '', ?)",
    );
    const insGram = s.prepare('insert into news_title_gram (gram, row_id, type, is_top, create_time) values (?, ?, ?, 0, ?)');
    const insOwner = s.prepare("insert into record_owner (resource, record_id, dept_id, user_id) values ('news', ?, ?, ?)");
    for (let i = 1; i <= NEWS; i++) {
      const n = news(i);
      insNews.run(i, n.title, n.type, n.time);
      for (const g of gramsOf(n.title)) insGram.run(g, i, n.type, n.time);
      const o = ownerOf(i, ids);
      if (o) insOwner.run(i, ...o);
    }
  })();
  for (const ix of lookup) s.exec(ix.sql);
  s.exec('analyze');
  s.close();
}

async function fillPostgres(ids) {
  const { default: pg } = await import('pg');
  const { from: copyFrom } = await import('pg-copy-streams');
  const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  const copy = async (table, cols, rows) => {
    const stream = client.query(copyFrom(`copy ${table} (${cols}) from stdin`));
    const done = new Promise((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    let chunk = '';
    for (const r of rows()) {
      chunk += `${r.join('\t')}\n`;
      if (chunk.length > 1 << 20) {
        if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
        chunk = '';
      }
    }
    stream.end(chunk);
    await done;
  };
  const indexes = (
    await client.query(
      `select indexname, indexdef from pg_indexes where schemaname = $1 and tablename in ('news', 'news_title_gram', 'record_owner') and indexname not like '%pkey' and indexname not like '%_pk'`,
      [SCHEMA],
    )
  ).rows;
  for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
  seed = 7;
  await copy('news', 'id, title, type, summary, summary_img, count, is_top, is_hot, content, create_time', function* () {
    for (let i = 1; i <= NEWS; i++) {
      const n = news(i);
      yield [i, n.title, n.type, '', '', 0, 0, 0, '', n.time];
    }
  });
  seed = 7;
  await copy('news_title_gram', 'gram, row_id, type, is_top, create_time', function* () {
    for (let i = 1; i <= NEWS; i++) {
      const n = news(i);
      for (const g of gramsOf(n.title)) yield [g, i, n.type, 0, n.time];
    }
  });
  await copy('record_owner', 'resource, record_id, dept_id, user_id', function* () {
    for (let i = 1; i <= NEWS; i++) {
      const o = ownerOf(i, ids);
      if (o) yield ['news', i, ...o];
    }
  });
  await client.query(`select setval(pg_get_serial_sequence('news', 'id'), ${NEWS + 1}, false)`);
  for (const ix of indexes) await client.query(ix.indexdef);
  await client.query('vacuum analyze');
  await client.end();
}

const marker = path.join(DIR, DB, 'ids.json');
if (process.argv.includes('--fresh') || !fs.existsSync(marker)) {
  fs.rmSync(path.join(DIR, DB), { recursive: true, force: true });
  fs.mkdirSync(path.join(DIR, DB), { recursive: true });
  if (DB === 'postgres') {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop schema if exists ${SCHEMA} cascade`);
    await c.query(`create schema ${SCHEMA}`);
    await c.end();
  }
  const t0 = Date.now();
  const ids = await setup();
  await (DB === 'postgres' ? fillPostgres(ids) : fillSqlite(ids));
  fs.writeFileSync(marker, JSON.stringify(ids));
  console.log(`generated ${NEWS} news on ${DB} in ${Date.now() - t0} ms`);
}

const built = await prepareApp(config);
const post = async (url, body, token) => {
  const res = await built.app.inject({ method: 'POST', url: `${config.apiPrefix}${url}`, headers: token ? { token } : {}, payload: body });
  return res.json();
};
const login = async (username, password = PASSWORD) => (await post('/login/doLogin', { username, password })).data.token;
const tokens = {
  全部: await login('admin', 'Admin_123456'),
  分公司本部门: await login('bench_szUser'),
  总公司本部门: await login('bench_hqUser'),
  仅本人: await login('bench_self'),
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const results = [];
for (const [who, token] of Object.entries(tokens))
  for (const title of [null, '深圳'])
    for (const page of [1, 50]) {
      const body = { pageNumber: page, pageSize: 20, ...(title ? { title } : {}) };
      const first = await post('/news/getNewsList', body, token);
      if (first.code !== 200) throw new Error(JSON.stringify(first));
      for (let i = 0; i < 3; i++) await post('/news/getNewsList', body, token);
      const ms = [];
      const until = Date.now() + 8000;
      for (let i = 0; i < CALLS && Date.now() < until; i++) {
        const t = process.hrtime.bigint();
        await post('/news/getNewsList', body, token);
        ms.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      const r = {
        who,
        title: title ?? '',
        page,
        total: first.total,
        p50: +pct(ms, 0.5).toFixed(1),
        p99: +pct(ms, 0.99).toFixed(1),
        n: ms.length,
      };
      results.push(r);
      console.log(
        `${DB} ${NEWS} ${who.padEnd(6)} ${(title ?? '—').padEnd(3)} p${String(page).padEnd(3)} total ${String(r.total).padStart(7)}  p50 ${r.p50} ms  p99 ${r.p99} ms (${r.n})`,
      );
    }
fs.writeFileSync(path.join(DIR, DB, `results-${arg('label', 'now')}.json`), JSON.stringify(results, null, 1));
await built.app.close();
