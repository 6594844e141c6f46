// The floor: the same SQL as the product's news list, title search and get, and as the delivery API's public
// news list (with its strong ETag and 304 answer), through a bare node:http + better-sqlite3 server with no
// framework, no auth, no validation. The product's figures are reported as ratios to this one.
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';

const dataDir = process.env.DATA_DIR;
const port = Number(process.env.PORT || 18080);
const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
db.pragma('journal_mode = WAL');

const fields = `t.id as id, t.title as title, t.type as type, j.name as typeName, t.summary as summary,
  t.summary_img as summaryImg, t.count as count, t.is_top as isTop, t.is_hot as isHot, t.create_time as createTime`;
// the product reads an unfiltered total from the trigger-kept row count (migration 014), and so does the floor
const listCount = db.prepare("select n from row_count where tbl = 'news'");
const listRows = db.prepare(
  `select ${fields} from news as t left join news_type as j on j.code = t.type
   order by t.is_top desc, t.create_time desc, t.id desc limit ? offset ?`,
);
const searchCount = db.prepare('select count(*) as n from news_title_gram as g where g.gram = ? and g.type = ?');
const searchRows = db.prepare(
  `select ${fields} from news_title_gram as g inner join news as t on t.id = g.row_id left join news_type as j on j.code = t.type
   where g.gram = ? and g.type = ? order by g.is_top desc, g.create_time desc, g.row_id desc limit ? offset ?`,
);
const getOne = db.prepare(
  `select ${fields}, t.content as content from news as t left join news_type as j on j.code = t.type where t.id = ?`,
);

// the delivery API's public news list (apps/server/src/modules/delivery): published and inside its time window
// at this moment (now in the server's time zone, TZ_NAME), public fields only, the same order as the back-office
const live = `t.status = 'published' and (t.publish_time is null or t.publish_time <= ?) and (t.offline_time is null or t.offline_time > ?)`;
const publicCount = db.prepare(`select count(*) as n from news as t left join news_type as j on j.code = t.type where (${live})`);
const publicRows = db.prepare(
  `select t.id as id, t.title as title, t.type as type, j.name as typeName, t.summary as summary,
   t.summary_img as summaryImg, t.count as count, t.is_top as isTop, t.is_hot as isHot, t.create_time as createTime,
   t.status as status, t.publish_time as publishTime, t.offline_time as offlineTime
   from news as t left join news_type as j on j.code = t.type where (${live})
   order by t.is_top desc, t.create_time desc, t.id desc limit ? offset ?`,
);
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
/** the same strong ETag as the delivery API: a SHA-256 of the body */
const etagOf = (body) => `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

function publicList(req, res, url) {
  const size = Number(url.searchParams.get('pageSize') || 10);
  const offset = (Number(url.searchParams.get('page') || 1) - 1) * size;
  const now = nowText();
  const total = publicCount.get(now, now).n;
  const rows = total
    ? publicRows.all(now, now, size, offset).map((r) => ({
        id: r.id,
        title: r.title,
        type: r.type,
        typeName: r.typeName,
        summary: r.summary,
        summaryImg: r.summaryImg,
        count: r.count,
        isTop: r.isTop,
        isHot: r.isHot,
        publishTime: r.publishTime ?? r.createTime,
      }))
    : [];
  const json = JSON.stringify({ code: 200, msg: '操作成功', rows, total });
  const etag = etagOf(json);
  const headers = { etag, 'cache-control': 'public, max-age=60, stale-while-revalidate=600' };
  if (req.headers['if-none-match'] === etag) return res.writeHead(304, headers).end();
  res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const send = (res, body) => {
  const json = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
};

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname === '/e') return publicList(req, res, url);
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      const size = Number(body.pageSize || 20);
      const offset = (Number(body.pageNumber || 1) - 1) * size;
      if (url.pathname === '/a') {
        const total = listCount.get().n;
        return send(res, { code: 200, msg: 'ok', rows: listRows.all(size, offset), total });
      }
      if (url.pathname === '/b') {
        const total = searchCount.get(body.title, body.code).n;
        return send(res, { code: 200, msg: 'ok', rows: searchRows.all(body.title, body.code, size, offset), total });
      }
      if (url.pathname === '/c') return send(res, { code: 200, msg: 'ok', data: getOne.get(Number(url.searchParams.get('id'))) });
      res.writeHead(404).end();
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`floor on ${port}`));
