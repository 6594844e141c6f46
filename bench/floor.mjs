// The floor: the same SQL as the product's news list, title search and get, and as the delivery API's public
// news lists, plain and filtered + sorted, and its news detail (each with its ETag, and a 304 answer when
// If-None-Match names it: after the query, as a server without content versions must), through a bare node:http
// server with no framework, no auth, no validation, and (k) a stored image rendition served as a file. The
// product's figures are reported as ratios to this one.
// On SQLite (DATA_DIR) it reads through better-sqlite3 with prepared statements; with DATABASE_URL it reads
// PostgreSQL through a `pg` pool of the product's size (10), sending the same SQL text with $n parameters as
// unnamed statements, as the product's Kysely + pg does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const port = Number(process.env.PORT || 18080);

const fields = `t.id as id, t.title as title, t.type as type, j.name as typeName, t.summary as summary,
  t.summary_img as summaryImg, t.count as count, t.is_top as isTop, t.is_hot as isHot, t.create_time as createTime,
  t.status as status, t.publish_time as publishTime, t.offline_time as offlineTime`;
// the product reads an unfiltered total from the trigger-kept row count (migration 014), and so does the floor
const SQL = {
  listCount: "select n from row_count where tbl = 'news'",
  listRows: `select ${fields} from news as t left join news_type as j on j.code = t.type
   order by t.is_top desc, t.create_time desc, t.id desc limit ? offset ?`,
  searchCount: 'select count(*) as n from news_title_gram as g where g.gram = ? and g.type = ?',
  searchRows: `select ${fields} from news_title_gram as g inner join news as t on t.id = g.row_id left join news_type as j on j.code = t.type
   where g.gram = ? and g.type = ? order by g.is_top desc, g.create_time desc, g.row_id desc limit ? offset ?`,
  getOne: `select ${fields}, t.content as content from news as t left join news_type as j on j.code = t.type where t.id = ?`,
};
// the delivery API's public news list (apps/server/src/modules/delivery): published and inside its time window
// at this moment (now in the server's time zone, TZ_NAME), public fields only, the same order as the back-office
const live = `t.status <> 'draft' and (t.publish_time is null or t.publish_time <= ?) and (t.offline_time is null or t.offline_time > ?)`;
// its total: the row count less the rows not on the site now — drafts, scheduled later, gone offline
SQL.publicHidden = `select (select count(*) from news as t where t.status = 'draft')
  + (select count(*) from news as t where (t.status = 'published' and t.publish_time > ? and (t.offline_time is null or t.offline_time > ?)))
  + (select count(*) from news as t where (t.status = 'published' and t.offline_time <= ?)) as n`;
SQL.publicRows = `select ${fields}
   from news as t left join news_type as j on j.code = t.type where (${live})
   order by t.is_top desc, t.create_time desc, t.id desc limit ? offset ?`;
// (i) the delivery API's query language: news of one type, not hot, newest first by the date a site shows
// (`?type=&isHot=0&sort=-publishTime&fields=id,title,typeName,publishTime`): a count and a page, in the order of
// migration 036's index
SQL.filteredCount = `select count(*) as n from news as t where t.type = ? and (${live}) and t.is_hot = ?`;
SQL.filteredRows = `select ${fields}
   from news as t left join news_type as j on j.code = t.type where t.type = ? and (${live}) and t.is_hot = ?
   order by coalesce(t.publish_time, t.create_time) desc, t.id desc limit ? offset ?`;

// (h) the delivery API's news detail: the record, then whether it is on the site now (decided in code, as the product's)
SQL.publicOne = `select ${fields}, t.content as content from news as t left join news_type as j on j.code = t.type where t.id = ?`;
/**
 * the rows of the records' locales and their current slugs, in one query, as the product reads them for the rows of
 * a reply (modules/delivery/localized.ts): its SQL text for this many ids
 */
const localesSql = (n) => {
  const ids = Array.from({ length: n }, () => '?').join(', ');
  return `select record_id, locale, data, has_text, update_time, cast(null as varchar(120)) as slug, 0 as kind from content_translation
   where resource = ? and record_id in (${ids})
   union all select record_id, locale, cast(null as text) as data, 0 as has_text, create_time as update_time, slug, 1 as kind
   from content_slug where resource = ? and current = ? and record_id in (${ids})`;
};
SQL.locales1 = localesSql(1);
SQL.locales20 = localesSql(20);

// the back-office's rows carry their publish state (decided against now) and their pending draft, if any (issue 23)
SQL.drafts = `select record_id as recordId, save_time as saveTime, user_name as userName from pending_draft
   where resource = 'news' and record_id >= ? and record_id <= ?`;

/** name → (params) → rows (an array on SQLite, a promise of one on PostgreSQL) */
async function openQueries() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    const out = {};
    for (const [name, text] of Object.entries(SQL)) {
      let n = 0;
      // PostgreSQL folds unquoted aliases to lower case; the product's Kysely quotes them
      const pgText = text.replace(/\?/g, () => `$${++n}`).replace(/ as (\w+)/g, (m, a) => (/[A-Z]/.test(a) ? ` as "${a}"` : m));
      out[name] = (params) => pool.query(pgText, params).then((r) => r.rows);
    }
    out.run = (text, params) =>
      pool
        .query(
          text.replace(
            /\?/g,
            (
              (n) => () =>
                `$${++n}`
            )(0),
          ),
          params,
        )
        .then((r) => r.rows);
    return out;
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(process.env.DATA_DIR, 'app.db'), { readonly: true });
  db.pragma('journal_mode = WAL');
  const out = {};
  for (const [name, text] of Object.entries(SQL)) {
    const stmt = db.prepare(text);
    out[name] = (params) => stmt.all(params);
  }
  const kept = new Map();
  out.run = (text, params) => {
    let stmt = kept.get(text);
    if (!stmt) {
      stmt = db.prepare(text);
      kept.set(text, stmt);
    }
    return stmt.all(params);
  };
  return out;
}
const q = await openQueries();

const nowFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: process.env.TZ_NAME || 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const nowText = () => nowFormat.format(new Date());
/** a weak ETag of a body, as the delivery API's are weak */
const etagOf = (body) => `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
const PUBLIC_CACHE = 'public, max-age=0, must-revalidate, s-maxage=60';
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: process.env.TZ_NAME || 'Asia/Shanghai', timeZoneName: 'longOffset' });
const offsets = new Map();
/** the delivery API's dates: local `YYYY-MM-DD HH:mm:ss` → ISO 8601 with the zone's offset (as its iso-time.ts) */
function isoOf(local) {
  if (typeof local !== 'string' || local.length !== 19) return local;
  const hour = local.slice(0, 13);
  let off = offsets.get(hour);
  if (off === undefined) {
    const utc = Date.parse(`${local.replace(' ', 'T')}Z`);
    const minutes = (ms) => {
      const name = offsetFormat.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName').value;
      return name.length < 9 ? 0 : (name[3] === '-' ? -1 : 1) * (Number(name.slice(4, 6)) * 60 + Number(name.slice(7, 9)));
    };
    const m = minutes(utc - minutes(utc) * 60_000);
    const two = (n) => String(n).padStart(2, '0');
    off = `${m < 0 ? '-' : '+'}${two(Math.floor(Math.abs(m) / 60))}:${two(Math.abs(m) % 60)}`;
    offsets.set(hour, off);
  }
  return `${local.slice(0, 10)}T${local.slice(11)}${off}`;
}
const meta = (page, pageSize, total) => ({ page, pageSize, total, pageCount: Math.ceil(total / pageSize) });
/**
 * a reply with the ETag of its body; 304 when If-None-Match names it. A server without content versions learns
 * that nothing changed only this way: by running the reply's SQL and building its body.
 */
function sendPublic(req, res, body) {
  const json = JSON.stringify(body);
  const etag = etagOf(json);
  const headers = { etag, 'cache-control': PUBLIC_CACHE };
  if (req.headers['if-none-match'] === etag) return res.writeHead(304, headers).end();
  res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/** the product's CONTENT_LOCALES default (the bench sets none): a request without ?locale= is served the first */
const DEFAULT_LOCALE = 'zh-CN';
const CONTENT_LOCALES = ['zh-CN', 'en'];
const parsed = (data) => (typeof data === 'string' ? JSON.parse(data) : (data ?? {}));
/** the locale rows and slugs of these news (one query), by id */
async function localesOf(ids) {
  const rows = ids.length === 20 ? await q.locales20(['news', ...ids, 'news', 1, ...ids]) : [];
  if (ids.length === 1) rows.push(...(await q.locales1(['news', ids[0], 'news', 1, ids[0]])));
  else if (ids.length !== 20) throw new Error(`the floor reads the locales of 1 or 20 news, not ${ids.length}`);
  const out = new Map();
  for (const r of rows) {
    const id = Number(r.record_id);
    if (!out.has(id)) out.set(id, { rows: new Map(), slugs: new Map() });
    if (Number(r.kind) === 1) out.get(id).slugs.set(r.locale, r.slug);
    else out.get(id).rows.set(r.locale, { data: parsed(r.data), hasText: Number(r.has_text) === 1 });
  }
  return out;
}
const text = (v) => (v == null ? '' : String(v));
const filled = (v) => (typeof v === 'string' ? v.trim() !== '' : v != null);
/** a news as the delivery API answers it in the default locale: its SEO fields and what it says of its locales */
function withLocale(row, r, rec) {
  const own = rec?.rows.get(DEFAULT_LOCALE)?.data ?? {};
  return {
    ...row,
    slug: rec?.slugs.get(DEFAULT_LOCALE) ?? '',
    metaTitle: filled(own.metaTitle) ? text(own.metaTitle) : text(r.title),
    metaDescription: filled(own.metaDescription) ? text(own.metaDescription) : text(r.summary),
    keywords: text(own.keywords),
    ogImage: '',
    ogImageMeta: null,
    canonicalUrl: text(own.canonicalUrl),
    noindex: Number(own.noindex ?? 0) === 1 ? 1 : 0,
    locale: DEFAULT_LOCALE,
    locales: CONTENT_LOCALES.filter((l) => l === DEFAULT_LOCALE || rec?.rows.get(l)?.hasText),
    fallbackFields: [],
  };
}

// the generated news have no summary image: `summaryImg` is '' and its meta null, as the delivery API answers them
async function publicList(req, res, url) {
  const size = Number(url.searchParams.get('pageSize') || 10);
  const page = Number(url.searchParams.get('page') || 1);
  const offset = (page - 1) * size;
  const now = nowText();
  const total = Number((await q.listCount([]))[0].n) - Number((await q.publicHidden([now, now, now]))[0].n);
  const found = total ? await q.publicRows([now, now, size, offset]) : [];
  const locales = await localesOf(found.map((r) => r.id));
  const rows = found.map((r) => withLocale(publicFields(r), r, locales.get(r.id)));
  sendPublic(req, res, { code: 200, msg: '操作成功', rows, total, meta: meta(page, size, total) });
}

/** a public news's fields in the delivery API's order: `content` (a detail's) sits before publishTime */
function publicFields(r, content) {
  const out = {
    id: r.id,
    title: r.title,
    type: r.type,
    typeName: r.typeName,
    summary: r.summary,
    summaryImg: r.summaryImg,
    summaryImgMeta: null,
    count: r.count,
    isTop: r.isTop,
    isHot: r.isHot,
  };
  if (content !== undefined) out.content = content;
  out.publishTime = isoOf(r.publishTime ?? r.createTime);
  return out;
}

/** (h) one news, on the site now, with its body (the generated bodies hold no images) */
async function publicOne(req, res, url) {
  const id = Number(url.searchParams.get('id'));
  const [r] = await q.publicOne([id]);
  const now = nowText();
  if (!r || stateOf(r, now) !== 'published') return res.writeHead(404).end();
  const locales = await localesOf([id]);
  const data = withLocale(publicFields(r, r.content ?? ''), r, locales.get(id));
  sendPublic(req, res, { code: 200, msg: '操作成功', data });
}

async function filteredList(req, res, url) {
  const size = Number(url.searchParams.get('pageSize') || 10);
  const page = Number(url.searchParams.get('page') || 1);
  const type = url.searchParams.get('type');
  const hot = Number(url.searchParams.get('isHot'));
  const now = nowText();
  const total = Number((await q.filteredCount([type, now, now, hot]))[0].n);
  const rows = total
    ? (await q.filteredRows([type, now, now, hot, size, (page - 1) * size])).map((r) => ({
        id: r.id,
        title: r.title,
        typeName: r.typeName,
        publishTime: isoOf(r.publishTime ?? r.createTime),
      }))
    : [];
  sendPublic(req, res, { code: 200, msg: '操作成功', rows, total, meta: meta(page, size, total) });
}

/** (k): a stored file of IMAGE_DIR (`?f=renditions/<name>/<variant>`) as the product serves a rendition: open, stat, stream */
const IMAGE_DIR = process.env.IMAGE_DIR ? path.resolve(process.env.IMAGE_DIR) : null;
function storedImage(res, url) {
  const file = IMAGE_DIR && path.resolve(IMAGE_DIR, url.searchParams.get('f') ?? '');
  if (!file?.startsWith(`${IMAGE_DIR}${path.sep}`)) return res.writeHead(404).end();
  fs.open(file, 'r', (err, fd) => {
    if (err) return res.writeHead(404).end();
    fs.fstat(fd, (e, st) => {
      if (e) return fs.close(fd, () => res.writeHead(500).end());
      res.writeHead(200, {
        'content-type': 'image/webp',
        'content-length': st.size,
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${path.basename(file)}"`,
      });
      fs.createReadStream('', { fd }).pipe(res);
    });
  });
}

const send = (res, body) => {
  const json = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
};

/** as the product's publishState (packages/contracts resources/publish.ts) */
const stateOf = (r, now) =>
  r.status === 'draft'
    ? 'draft'
    : r.offlineTime && r.offlineTime <= now
      ? 'offline'
      : r.publishTime && r.publishTime > now
        ? 'scheduled'
        : 'published';
// the translations of the back-office's records (issue 24, apps/server/src/crud/translations.ts), in the product's
// default content locales (zh-CN, en): a list's rows carry their status in each other locale (one query for the
// page); a record read for its form carries its locales' texts, SEO fields and slugs (two queries)
const MAIN_LOCALE = 'zh-CN';
const OTHER_LOCALES = ['en'];
const SEO = ['slug', 'metaTitle', 'metaDescription', 'keywords', 'ogImage', 'canonicalUrl', 'noindex'];
const marks = (n) => Array.from({ length: n }, () => '?').join(', ');
const statusOf = (row, version) =>
  Number(row?.has_text) !== 1 ? 'missing' : Number(row.source_version) < version ? 'outdated' : 'translated';
async function withStatuses(rows) {
  if (!rows.length) return rows;
  const ids = rows.map((r) => r.id);
  const found = await q.run(
    `select "record_id", "locale", "has_text", "source_version" from "content_translation" where "resource" = ? and "record_id" in (${marks(ids.length)})`,
    ['news', ...ids],
  );
  const by = new Map(found.map((r) => [`${Number(r.record_id)}\u0000${r.locale}`, r]));
  return rows.map((r) => {
    const version = Number(by.get(`${r.id}\u0000${MAIN_LOCALE}`)?.source_version ?? 0);
    return { ...r, translationStatus: Object.fromEntries(OTHER_LOCALES.map((l) => [l, statusOf(by.get(`${r.id}\u0000${l}`), version)])) };
  });
}
async function withLocales(row) {
  if (!row) return row;
  const found = await q.run(
    `select "record_id", "locale", "data", "has_text", "source_version", "user_name", "update_time" from "content_translation" where "resource" = ? and "record_id" in (?)`,
    ['news', row.id],
  );
  const slugs = await q.run(
    `select "record_id", "locale", "slug" from "content_slug" where "resource" = ? and "record_id" in (?) and "current" = ?`,
    ['news', row.id, 1],
  );
  const by = new Map(found.map((r) => [r.locale, r]));
  const slugOf = new Map(slugs.map((r) => [r.locale, r.slug]));
  const seoOf = (data, locale) => {
    const o = Object.fromEntries(SEO.map((f) => [f, f === 'noindex' ? 0 : '']));
    for (const k of SEO) if (k !== 'slug' && data[k] != null) o[k] = k === 'noindex' ? Number(data[k]) : String(data[k]);
    o.slug = slugOf.get(locale) ?? '';
    return o;
  };
  const version = Number(by.get(MAIN_LOCALE)?.source_version ?? 0);
  const translations = {};
  const translationStatus = {};
  for (const l of OTHER_LOCALES) {
    const r = by.get(l);
    translationStatus[l] = statusOf(r, version);
    if (r) translations[l] = { title: '', summary: '', content: '', ...JSON.parse(r.data), ...seoOf(JSON.parse(r.data), l) };
  }
  return { ...row, ...seoOf(JSON.parse(by.get(MAIN_LOCALE)?.data ?? '{}'), MAIN_LOCALE), translations, translationStatus };
}

/** the rows with their publish state and pending draft, as the back-office answers them */
async function withDrafts(rows) {
  if (!rows.length) return rows;
  const ids = rows.map((r) => r.id);
  const drafts = new Map((await q.drafts([Math.min(...ids), Math.max(...ids)])).map((d) => [d.recordId, d]));
  const now = nowText();
  return rows.map((r) => {
    const d = drafts.get(r.id);
    return { ...r, publishState: stateOf(r, now), hasDraft: !!d, draftTime: d?.saveTime ?? null, draftUser: d?.userName ?? null };
  });
}

async function answer(res, url, body) {
  const size = Number(body.pageSize || 20);
  const offset = (Number(body.pageNumber || 1) - 1) * size;
  if (url.pathname === '/a') {
    const total = Number((await q.listCount([]))[0].n);
    return send(res, { code: 200, msg: 'ok', rows: await withDrafts(await withStatuses(await q.listRows([size, offset]))), total });
  }
  if (url.pathname === '/b') {
    const total = Number((await q.searchCount([body.title, body.code]))[0].n);
    return send(res, {
      code: 200,
      msg: 'ok',
      rows: await withDrafts(await withStatuses(await q.searchRows([body.title, body.code, size, offset]))),
      total,
    });
  }
  if (url.pathname === '/c')
    return send(res, {
      code: 200,
      msg: 'ok',
      data: (await withDrafts([await withLocales((await q.getOne([Number(url.searchParams.get('id'))]))[0])].filter(Boolean)))[0],
    });
  res.writeHead(404).end();
}

const fail = (res) => (e) => {
  console.error(e);
  res.writeHead(500).end();
};

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname === '/e') return publicList(req, res, url).catch(fail(res));
    if (req.method === 'GET' && url.pathname === '/h') return publicOne(req, res, url).catch(fail(res));
    if (req.method === 'GET' && url.pathname === '/k') return storedImage(res, url);
    if (req.method === 'GET' && url.pathname === '/i') return filteredList(req, res, url).catch(fail(res));
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      answer(res, url, body).catch(fail(res));
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`floor on ${port}`));
