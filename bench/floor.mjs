// The floor: the same SQL as the product's news list, title search and get, through a bare node:http +
// better-sqlite3 server with no framework, no auth, no validation. The product's figures are reported as
// ratios to this one.
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

const send = (res, body) => {
  const json = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
};

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
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
