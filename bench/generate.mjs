// Fills a fresh database with realistic Chinese content: N news (default 100 000), N/10 policies and
// N/10 page items, 8 news types, ~2 KB rich-text bodies, create times spread over three years.
// The schema comes from the server's own migrations; the title index uses the server's own gram cutter, the
// slugs the server's own slugify.
//   node --import tsx bench/generate.mjs --dir bench/results/tmp/data --news 100000
import fs from 'node:fs';
import path from 'node:path';
import { allResources, columnOf, hasSeo, newsResource, policyResource, slugSource } from '@gk/contracts';
import Database from 'better-sqlite3';
import { contentLocalesOf } from '../apps/server/src/config.ts';
import { fallbackSlug, slugify } from '../apps/server/src/crud/slugs.ts';
import { gramsOf, textIndexOf } from '../apps/server/src/db/text-index.ts';
import { formatDateTime } from '../apps/server/src/db/time.ts';
import { localesKey, searchedResources, termsOfRecord } from '../apps/server/src/modules/delivery/search-index.ts';
import { TERMS_VERSION } from '../apps/server/src/modules/delivery/search-terms.ts';
import { USAGE_INDEX_SETTING, usageRules } from '../apps/server/src/modules/media/usage.ts';
import { ADMIN_PASSWORD, arg, ROOT, startNode, waitFor } from './lib.mjs';

const PLACES = [
  '上海',
  '深圳',
  '广州',
  '宁波',
  '天津',
  '青岛',
  '厦门',
  '郑州',
  '重庆',
  '成都',
  '西安',
  '武汉',
  '杭州',
  '南京',
  '大连',
  '昆明',
  '乌鲁木齐',
  '满洲里',
  '二连浩特',
  '霍尔果斯',
];
const ACTORS = [
  '海关',
  '口岸',
  '港口',
  '物流园区',
  '综合保税区',
  '快递企业',
  '货代企业',
  '航空货运站',
  '海关总署',
  '跨境电商平台',
  '物流企业',
  '自贸试验区',
];
const VERBS = ['推进', '发布', '启动', '完成', '优化', '深化', '加快', '助力', '实现', '开展', '落实', '创新'];
const TOPICS = [
  '跨境电商',
  '通关便利化',
  '智慧物流',
  '冷链运输',
  '国际快递',
  '海铁联运',
  '中欧班列',
  '仓储配送',
  '供应链',
  '数字化',
  '绿色物流',
  '进出口贸易',
  '报关报检',
  '航空物流',
  '多式联运',
  '海外仓',
];
const ENDS = [
  '改革',
  '试点',
  '新规',
  '高质量发展',
  '服务升级',
  '建设',
  '工作会议',
  '专项行动',
  '发展报告',
  '合作协议',
  '政策解读',
  '监管模式',
];
const SENTENCES = [
  '今年以来，各地持续优化营商环境，进出口企业通关时间进一步压缩。',
  '物流企业加快数字化转型，智能分拣和无人仓储在多个枢纽投入使用。',
  '海关部门推行“提前申报”“两步申报”等措施，货物平均放行时间明显缩短。',
  '跨境电商零售进口商品清单持续扩容，消费者选择更加丰富。',
  '中欧班列开行数量稳步增长，为沿线国家和地区的贸易往来提供了稳定通道。',
  '冷链物流基础设施加快布局，生鲜农产品损耗率持续下降。',
  '企业可通过“单一窗口”在线办理申报、查询和缴税等业务，实现全程无纸化。',
  '业内人士表示，供应链韧性建设将成为未来几年行业发展的重点方向。',
];

// mulberry32: small, fast and well mixed, so runs are repeatable
const SEED = 20261121;
let seed = SEED;
const rnd = (n) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
};
const pick = (a) => a[rnd(a.length)];
const title = () => `${pick(PLACES)}${pick(ACTORS)}${pick(VERBS)}${pick(TOPICS)}${pick(ENDS)}`;
function body() {
  let html = '';
  while (html.length < 2000) {
    html += `<h2>${pick(TOPICS)}${pick(ENDS)}</h2><p>${Array.from({ length: 4 }, () => pick(SENTENCES)).join('')}</p>`;
    html += `<ul><li>${pick(SENTENCES)}</li><li>${pick(SENTENCES)}</li></ul>`;
  }
  return html;
}
const pad = (n) => String(n).padStart(2, '0');
const START = Date.UTC(2023, 0, 1);
const SPAN = 3 * 365 * 86_400_000;
function timeText(i, n) {
  // spread over three years, oldest first, with a little noise
  const ms = START + Math.floor((i / n) * SPAN) + rnd(3_600_000);
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * Writes `search_term`, `search_doc` and a complete `search_state` for every searched resource: each record's terms
 * (termsOfRecord, the server's own, per content locale), the term rows inserted term by term in key order (a sort, then appends).
 * Answers the number of term rows.
 */
function fillSearchIndex(sqlite, withTerms = true) {
  // a bulk load into a file thrown away after the run: no journal, a large cache
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('cache_size = -262144');
  let count = 0;
  // the server's default content locales (no translations: every term under '*')
  const config = contentLocalesOf({});
  sqlite.transaction(() => {
    const insTerm = sqlite.prepare('insert into search_term (resource, term, locale, record_id) values (?, ?, ?, ?)');
    const insDoc = sqlite.prepare('insert into search_doc (resource, record_id, locale, terms) values (?, ?, ?, ?)');
    const insState = sqlite.prepare(
      'insert or replace into search_state (resource, version, locales, last_id, done) values (?, ?, ?, ?, 1)',
    );
    for (const s of searchedResources()) {
      const { def, fields } = s;
      const cols = ['id', ...new Set(fields.map(columnOf))];
      /** locale + NUL + term → ids, in id order */
      const postings = new Map();
      const batch = sqlite.prepare(`select ${cols.join(', ')} from ${def.table} where id > ? order by id limit 5000`);
      let last = withTerms ? 0 : (sqlite.prepare(`select max(id) as m from ${def.table}`).get().m ?? 0);
      for (let rows = withTerms ? batch.all(0) : []; rows.length; rows = batch.all(last))
        for (const r of rows) {
          for (const [locale, terms] of termsOfRecord(s, config, r)) {
            insDoc.run(def.name, r.id, locale, terms.join(' '));
            for (const t of terms) {
              const key = `${t}\u0000${locale}`;
              const ids = postings.get(key);
              if (ids) ids.push(r.id);
              else postings.set(key, [r.id]);
            }
          }
          last = r.id;
        }
      for (const k of [...postings.keys()].sort(byBytes)) {
        const [t, locale] = k.split('\u0000');
        for (const id of postings.get(k)) insTerm.run(def.name, t, locale, id);
      }
      for (const ids of postings.values()) count += ids.length;
      insState.run(def.name, TERMS_VERSION, localesKey(config), last);
    }
  })();
  sqlite.pragma('journal_mode = WAL');
  return count;
}

/** records the start-up slug backfill gives their slugs per transaction (slug-backfill.ts's BATCH) */
const SLUG_BATCH = 200;
/** variants a batch tries per record before the slow path (slug-backfill.ts's VARIANTS) */
const SLUG_VARIANTS = 6;

/**
 * Writes `content_slug` exactly as the server's start-up slug backfill (modules/delivery/slug-backfill.ts) would on
 * this database, so it finds nothing to do: for every resource with SEO, in every content locale (the default one's
 * slug from the record's own column, each translation holding text its own), the records without a current slug,
 * by id, in the backfill's windows of SLUG_BATCH. Within a window each record takes the first of its base slug's
 * SLUG_VARIANTS variants (`base`, `base-2` …) no record took before; those whose variants are all taken then take,
 * in order, the first free `base-N` (setSlug's way). The base is slugify(text) || fallbackSlug, the server's own.
 * A generated database holds no redirects (`current` = 0), which the backfill's slow path would let a record take
 * back. Rows are inserted in the backfill's order. Answers the number of slugs made.
 */
function fillSlugs(sqlite) {
  sqlite.pragma('journal_mode = OFF');
  const { contentLocales } = contentLocalesOf({});
  // the server's create_time: its clock in the bench's time zone (TZ_NAME in run.mjs, also the server's default)
  const now = formatDateTime(new Date(), 'Asia/Shanghai');
  let count = 0;
  sqlite.transaction(() => {
    const ins = sqlite.prepare(
      'insert into content_slug (resource, locale, slug, record_id, current, create_time) values (?, ?, ?, ?, 1, ?)',
    );
    for (const def of allResources().filter(hasSeo)) {
      const source = def.fields.find((f) => f.name === slugSource(def));
      if (!source) continue;
      const column = columnOf(source);
      for (const [li, locale] of contentLocales.entries()) {
        const taken = new Set(
          sqlite.prepare('select slug from content_slug where resource = ? and locale = ?').pluck().all(def.name, locale),
        );
        const given = new Set(
          sqlite
            .prepare('select record_id from content_slug where resource = ? and locale = ? and current = 1')
            .pluck()
            .all(def.name, locale),
        );
        // pages of 25 windows; each row: [id, text or null when the window counts it but the backfill passes it over]
        const page = li
          ? sqlite
              .prepare(
                `select c.record_id, case when c.has_text = 1 and exists (select 1 from ${def.table} t where t.id = c.record_id) then c.data end
                 from content_translation c where c.resource = ? and c.locale = ? and c.record_id > ? order by c.record_id limit ${SLUG_BATCH * 25}`,
              )
              .raw()
          : sqlite.prepare(`select id, ${column} from ${def.table} where id > ? order by id limit ${SLUG_BATCH * 25}`).raw();
        const read = (after) => (li ? page.all(def.name, locale, after) : page.all(after));
        const textOf = (v) => {
          if (!li) return String(v ?? '');
          try {
            return String(JSON.parse(String(v))[slugSource(def)] ?? '');
          } catch {
            return '';
          }
        };
        for (let rows = read(0); rows.length; rows = read(rows[rows.length - 1][0]))
          for (let w = 0; w < rows.length; w += SLUG_BATCH) {
            const slow = [];
            for (const [id, v] of rows.slice(w, w + SLUG_BATCH)) {
              if ((li && v == null) || given.has(id)) continue;
              const base = slugify(textOf(v), locale) || fallbackSlug(def, id);
              let slug = null;
              for (let n = 1; n <= SLUG_VARIANTS && !slug; n++) {
                const s = n > 1 ? `${base}-${n}` : base;
                if (!taken.has(s)) slug = s;
              }
              if (!slug) {
                slow.push([id, base]);
                continue;
              }
              taken.add(slug);
              ins.run(def.name, locale, slug, id, now);
              count++;
            }
            for (const [id, base] of slow) {
              let slug = base;
              for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
              taken.add(slug);
              ins.run(def.name, locale, slug, id, now);
              count++;
            }
          }
      }
    }
  })();
  sqlite.pragma('journal_mode = WAL');
  return count;
}

/** SQLite's order of text (UTF-8 bytes, i.e. code points) */
const byBytes = (a, b) => {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
};

/**
 * `port`: where the schema-creating server listens for its moment (default: a random one in 18000–18999).
 * `searchTerms: false` leaves the delivery API's term index (`q`) empty but marked complete, so no start-up
 * backfill runs (~400 terms a news: hours and tens of GB at 1,000,000 news); only for rows that do not search with `q`.
 */
export async function generate(dataDir, newsCount, port, { searchTerms = true } = {}) {
  seed = SEED;
  // drawn even when a port is given, so the data are the same either way
  const randomPort = 18_000 + rnd(1000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // the server creates the schema, roles and the admin account, as on a user's first start
  const server = startNode(
    path.join(ROOT, 'apps/server/dist/main.js'),
    { PORT: String(port ?? randomPort), DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    'server',
  );
  await waitFor(`http://127.0.0.1:${port ?? randomPort}/api/nope`);
  await server.stop();

  const sqlite = new Database(path.join(dataDir, 'app.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const t0 = Date.now();
  const types = ['hydt', 'gsxw', 'tgzx', 'zcfg', 'kjds', 'hygj', 'ccwl', 'tzgg'];
  const typeNames = ['行业动态', '公司新闻', '通关资讯', '政策法规', '跨境电商', '海运国际', '仓储物流', '通知公告'];
  sqlite.transaction(() => {
    const insType = sqlite.prepare('insert into news_type (code, name, sort_no) values (?, ?, ?)');
    types.forEach((c, i) => {
      insType.run(c, typeNames[i], i + 1);
    });
    const insNews = sqlite.prepare(
      'insert into news (title, type, summary, summary_img, count, is_top, is_hot, content, create_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < newsCount; i++) {
      const tt = title();
      insNews.run(
        tt,
        pick(types),
        `${tt}。${pick(SENTENCES)}`,
        '',
        rnd(5000),
        rnd(200) === 0 ? 1 : 0,
        rnd(20) === 0 ? 1 : 0,
        body(),
        timeText(i, newsCount),
      );
    }
    const insPolicy = sqlite.prepare(
      'insert into policy (title, summary, summary_img, author, source, count, is_top, is_hot, content, create_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const policies = Math.max(1, Math.floor(newsCount / 10));
    for (let i = 0; i < policies; i++) {
      const tt = `关于${pick(TOPICS)}${pick(ENDS)}的公告`;
      insPolicy.run(
        tt,
        pick(SENTENCES),
        '',
        '政策研究室',
        pick(['海关总署', '商务部', '交通运输部']),
        rnd(3000),
        rnd(100) === 0 ? 1 : 0,
        rnd(10) === 0 ? 1 : 0,
        body(),
        timeText(i, policies),
      );
    }
    const pageId = sqlite.prepare("insert into page_def (name, show_type) values ('关于我们', 'splice')").run().lastInsertRowid;
    const insItem = sqlite.prepare(
      'insert into page_item (title, page_id, tag, summary, summary_img, content, sort_no, create_time, is_hot, is_top) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < policies; i++)
      insItem.run(title(), pageId, pick(TOPICS), pick(SENTENCES), '', body(), i, timeText(i, policies), 0, 0);
  })();
  const inserted = Date.now() - t0;
  // the title index, with the server's own gram cutter, written in bulk
  const t1 = Date.now();
  // lookup indexes are dropped during the bulk load and built once afterwards (a sort, not random inserts)
  const lookupIndexes = sqlite
    .prepare("select sql from sqlite_master where type = 'index' and tbl_name like '%_gram' and sql is not null")
    .all()
    .map((r) => r.sql);
  for (const ddl of lookupIndexes) sqlite.exec(`drop index ${/create index "?(\w+)"?/i.exec(ddl)[1]}`);
  sqlite.transaction(() => {
    for (const def of [newsResource, policyResource]) {
      const ix = textIndexOf(def);
      const cols = ['gram', 'row_id', ...ix.copies.map((c) => c.column)];
      const ins = sqlite.prepare(`insert into ${ix.table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`);
      sqlite.exec(`delete from ${ix.table}`);
      for (const r of sqlite.prepare(`select id, ${ix.column}, ${ix.copies.map((c) => c.column).join(', ')} from ${def.table}`).all()) {
        const copies = ix.copies.map((c) => r[c.column]);
        for (const g of gramsOf(r[ix.column])) ins.run(g, r.id, ...copies);
      }
    }
  })();
  for (const ddl of lookupIndexes) sqlite.exec(ddl);
  const indexed = Date.now() - t1;
  // the delivery API's term index (`q`), with the server's own term cutting, as its start-up backfill would write it
  const t2 = Date.now();
  const terms = fillSearchIndex(sqlite, searchTerms);
  const searchMs = Date.now() - t2;
  // the slugs, with the server's own slugify, as its start-up slug backfill would give them
  const t3 = Date.now();
  const slugs = fillSlugs(sqlite);
  const slugMs = Date.now() - t3;
  // the generated content names no image (no summary image, no <img> in the bodies), so the image usage index
  // (modules/media/usage.ts) is complete while empty: marked so, as a start that rebuilt it would
  sqlite.prepare('insert or replace into sys_setting (key, value) values (?, ?)').run(USAGE_INDEX_SETTING, usageRules());
  sqlite.exec('analyze');
  sqlite.close();
  return { news: newsCount, insertMs: inserted, indexMs: indexed, searchMs, searchTerms: terms, slugMs, slugs, types };
}

/**
 * The PostgreSQL twin of a generated SQLite data directory: the server creates the schema, roles and admin
 * account in `databaseUrl` as on a user's first start, then copyToPostgres() fills it with the same rows.
 */
export async function generatePostgres(dataDir, databaseUrl, port) {
  const server = startNode(
    path.join(ROOT, 'apps/server/dist/main.js'),
    {
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'pg'),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    'server',
  );
  await waitFor(`http://127.0.0.1:${port}/api/nope`);
  await server.stop();
  return copyToPostgres(dataDir, databaseUrl);
}

/** the tables generate() fills, parents first; the gram tables last */
const COPIED = [
  'news_type',
  'news',
  'policy',
  'page_def',
  'page_item',
  'news_title_gram',
  'policy_title_gram',
  'search_term',
  'search_doc',
  'search_state',
  'content_slug',
];

/** a CSV field: NULL unquoted and empty, everything else quoted */
const csv = (v) => (v == null ? '' : typeof v === 'number' ? String(v) : `"${String(v).replace(/"/g, '""')}"`);

/**
 * Copies the generated content of a SQLite data directory into a PostgreSQL database whose schema the server
 * has just created (migrations, roles, the admin account): the same rows, ids included, so both databases answer
 * the same lists with the same bodies. Each table goes in as one `COPY … FROM STDIN` (pg-copy-streams) with the
 * triggers off, the kept row counts set after; their lookup indexes (all but the unique ones) are dropped during the load and built once
 * after it, identity sequences moved past the copied ids, then `vacuum analyze` (statistics, and the visibility
 * map that index-only counts need).
 */
export async function copyToPostgres(dataDir, databaseUrl) {
  const { default: pg } = await import('pg');
  const { from: copyFrom } = await import('pg-copy-streams');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sqlite = new Database(path.join(dataDir, 'app.db'), { readonly: true });
  const t0 = Date.now();
  try {
    const indexes = (
      await client.query(
        `select i.indexname, i.indexdef from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
         where i.schemaname = current_schema() and i.tablename = any($1) and not x.indisunique`,
        [COPIED],
      )
    ).rows;
    for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
    // triggers off while copying: the row counts (counted at each row's commit since migration 058) are set after
    await client.query('set session_replication_role = replica');
    for (const table of COPIED) {
      const pgCols = (
        await client.query(
          'select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = $1',
          [table],
        )
      ).rows.map((c) => c.name);
      const sqliteCols = new Set(sqlite.prepare(`select name from pragma_table_info('${table}')`).pluck().all());
      const list = pgCols
        .filter((c) => sqliteCols.has(c))
        .map((c) => `"${c}"`)
        .join(', ');
      // the schema-creating server's start wrote search_state (an empty index, complete), and its slug backfill any
      // slugs of the rows it made: the copy replaces them
      if (table === 'search_state' || table === 'content_slug') await client.query(`delete from "${table}"`);
      const stream = client.query(copyFrom(`copy "${table}" (${list}) from stdin with (format csv)`));
      const done = new Promise((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
      });
      let chunk = '';
      for (const r of sqlite.prepare(`select ${list} from "${table}"`).raw().iterate()) {
        chunk += `${r.map(csv).join(',')}\n`;
        if (chunk.length > 1 << 20) {
          if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
          chunk = '';
        }
      }
      stream.end(chunk);
      await done;
      if (pgCols.includes('id'))
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
        );
    }
    await client.query('set session_replication_role = origin');
    for (const { tbl } of (await client.query('select tbl from row_count')).rows)
      await client.query(`update row_count set n = (select count(*) from "${tbl}") where tbl = $1`, [tbl]);
    for (const ix of indexes) await client.query(ix.indexdef);
    // as generate() marks it: the copied content names no image
    await client.query('insert into sys_setting (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [
      USAGE_INDEX_SETTING,
      usageRules(),
    ]);
    await client.query('vacuum analyze');
    // the copy's gigabytes written out now, not by the checkpointer during the first measured rows (a run of 29 Nov:
    // SQLite's (c) at 0.23×, its first round and the floor's slowed alike while PostgreSQL wrote them)
    await client.query('checkpoint');
  } finally {
    sqlite.close();
    await client.end();
  }
  return Date.now() - t0;
}

if (process.argv[1]?.endsWith('generate.mjs')) {
  const dir = path.resolve(arg('dir', path.join(ROOT, 'bench/results/tmp/data')));
  const n = Number(arg('news', '100000'));
  const r = await generate(dir, n);
  console.log(
    `generated ${r.news} news in ${r.insertMs} ms, title index in ${r.indexMs} ms, ${r.searchTerms} search terms in ${r.searchMs} ms, ${r.slugs} slugs in ${r.slugMs} ms → ${dir}`,
  );
}
