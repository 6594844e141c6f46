// npm run bench: builds, generates its own data, starts the product as users start it, loads it with
// autocannon beside a bare floor server, measures the web bundle and page loads, stops what it started,
// and writes bench/results/latest.json and the Performance table of the README.
//   npm run bench -- --news 100000 --duration 10 --connections 10 --warmup 2
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generate } from './generate.mjs';
import { ADMIN_PASSWORD, arg, ROOT, sampleRss, serveArgs, startNode, waitFor } from './lib.mjs';
import { measureWeb } from './web.mjs';

const NEWS = Number(arg('news', '100000'));
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '10'));
const DATA = path.join(ROOT, 'bench/results/tmp/data');
const PORT = 18_480;
const FLOOR_PORT = 18_481;

const WARMUP = Number(arg('warmup', '2'));

/** One autocannon run; WARMUP seconds of the same load first (not counted: JIT, caches, the OS page cache). */
async function load(url, requests, label) {
  if (WARMUP > 0)
    await new Promise((resolve, reject) =>
      autocannon({ url, connections: CONNECTIONS, duration: WARMUP, requests }, (e) => (e ? reject(e) : resolve())),
    );
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests }, (err, r) => {
      if (err) return reject(err);
      const out = {
        label,
        reqPerSec: Math.round(r.requests.average),
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      };
      console.log(
        `  ${label.padEnd(34)} ${String(out.reqPerSec).padStart(6)} req/s  p50 ${out.p50Ms} ms  p99 ${out.p99Ms} ms${out.non2xx ? `  non-2xx ${out.non2xx}` : ''}`,
      );
      resolve(out);
    });
  });
}

const json = (body, token) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
  body: JSON.stringify(body),
});

async function main() {
  if (!arg('no-build', null) && !process.argv.includes('--no-build')) {
    console.log('building…');
    execSync('npm run build', { cwd: ROOT, stdio: 'ignore' });
  }
  console.log(`generating ${NEWS} news…`);
  const gen = await generate(DATA, NEWS);
  console.log(`  inserted in ${gen.insertMs} ms, title index in ${gen.indexMs} ms`);
  const type = gen.types[0];
  const word = '物流';

  // the product, started as users start it
  const server = startNode(
    serveArgs(),
    { PORT: String(PORT), DATA_DIR: DATA, ADMIN_PASSWORD, LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    'server',
  );
  const base = `http://127.0.0.1:${PORT}`;
  const results = { product: {}, floor: {} };
  let web = null;
  try {
    await waitFor(`${base}/api/nope`);
    const login = await fetch(`${base}/api/login/doLogin`, json({ username: 'admin', password: ADMIN_PASSWORD })).then((r) => r.json());
    const token = login.data.token;
    const post = (p, body) => fetch(`${base}/api${p}`, json(body, token)).then((r) => r.json());
    // sanity: the figures measure real answers
    const a = await post('/news/getNewsList', { pageNumber: 1, pageSize: 20 });
    const b = await post('/news/getNewsList', { title: word, code: type, pageNumber: 3, pageSize: 20 });
    if (a.total !== NEWS || a.rows.length !== 20 || b.rows.length !== 20)
      throw new Error(`unexpected replies: ${a.total} ${a.rows?.length} ${b.rows?.length}`);
    console.log(`  '${word}' + type ${type}: ${b.total} matches`);

    console.log('product:');
    const stopRss = sampleRss(server.proc.pid);
    const randomId = (req) => ({ ...req, path: `/api/news/getNews?id=${1 + Math.floor(Math.random() * NEWS)}` });
    results.product.list = await load(
      base,
      [{ path: '/api/news/getNewsList', ...json({ pageNumber: 1, pageSize: 20 }, token) }],
      '(a) list page 1 + total',
    );
    results.product.search = await load(
      base,
      [{ path: '/api/news/getNewsList', ...json({ title: word, code: type, pageNumber: 3, pageSize: 20 }, token) }],
      `(b) title '${word}' + type, page 3`,
    );
    results.product.get = await load(base, [{ method: 'POST', headers: { token }, setupRequest: randomId }], '(c) get by random id');
    results.product.login = await load(
      base,
      [{ path: '/api/login/doLogin', ...json({ username: 'admin', password: ADMIN_PASSWORD }) }],
      '(d) login',
    );
    results.product.rssMb = stopRss();
    console.log(`  peak server RSS under load: ${results.product.rssMb} MB`);

    console.log('web:');
    try {
      web = await measureWeb(base, token);
      console.log(
        `  /login: JS ${web.login.jsGzipKb} KB gzip, FCP ${web.login.fcpMs} ms; news list: rows after ${web.newsList.rowsVisibleMs} ms`,
      );
    } catch (e) {
      console.error(`  web measurement failed: ${e.message}`);
    }
  } finally {
    await server.stop();
  }

  // the floor
  const floor = startNode(path.join(ROOT, 'bench/floor.mjs'), { PORT: String(FLOOR_PORT), DATA_DIR: DATA }, 'floor');
  const fbase = `http://127.0.0.1:${FLOOR_PORT}`;
  try {
    await waitFor(`${fbase}/none`);
    console.log('floor (node:http + better-sqlite3, same SQL):');
    const stopRss = sampleRss(floor.proc.pid);
    results.floor.list = await load(fbase, [{ path: '/a', ...json({ pageNumber: 1, pageSize: 20 }) }], '(a) list page 1 + total');
    results.floor.search = await load(
      fbase,
      [{ path: '/b', ...json({ title: word, code: type, pageNumber: 3, pageSize: 20 }) }],
      '(b) title + type, page 3',
    );
    results.floor.get = await load(
      fbase,
      [{ method: 'POST', setupRequest: (req) => ({ ...req, path: `/c?id=${1 + Math.floor(Math.random() * NEWS)}` }) }],
      '(c) get by random id',
    );
    results.floor.rssMb = stopRss();
  } finally {
    await floor.stop();
  }

  const ratio = (k) => Math.round((results.product[k].reqPerSec / results.floor[k].reqPerSec) * 100) / 100;
  const out = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()}`,
    news: NEWS,
    duration: DURATION,
    connections: CONNECTIONS,
    generate: gen,
    ...results,
    ratios: { list: ratio('list'), search: ratio('search'), get: ratio('get') },
    web,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(out, null, 2)}\n`);
  writeReadme(out);
  fs.rmSync(path.join(ROOT, 'bench/results/tmp'), { recursive: true, force: true });
  console.log('wrote bench/results/latest.json and the README Performance table');
}

function writeReadme(r) {
  const p = r.product;
  const f = r.floor;
  const row = (name, k, target) =>
    `| ${name} | ${p[k].reqPerSec} | ${p[k].p50Ms} | ${p[k].p99Ms} | ${f[k].reqPerSec} | ${r.ratios[k]}× | ${target} |`;
  const lines = [
    `Measured ${r.date.slice(0, 10)} on ${r.machine}; ${r.news.toLocaleString('en')} news, ${r.connections} connections × ${r.duration} s (\`npm run bench\`).`,
    '',
    '| figure | req/s | p50 ms | p99 ms | floor req/s | ratio | target |',
    '|---|---|---|---|---|---|---|',
    row('(a) news list page 1 + total', 'list', '≥ 0.8× floor'),
    row("(b) title '物流' + type, page 3 + total", 'search', '≥ 1 000 req/s, p99 < 50 ms'),
    row('(c) get by random id', 'get', '≥ 0.7× floor'),
    `| (d) login (Argon2id) | ${p.login.reqPerSec} | ${p.login.p50Ms} | ${p.login.p99Ms} | — | — | — |`,
    `| server RSS under load | ${p.rssMb} MB | | | ${f.rssMb} MB | | < 150 MB |`,
  ];
  if (r.web) {
    lines.push(
      '',
      '| page | JS raw / gzip KB | CSS raw / gzip KB | first contentful paint | load event | rows visible |',
      '|---|---|---|---|---|---|',
      `| /login (cold) | ${r.web.login.jsKb} / ${r.web.login.jsGzipKb} | ${r.web.login.cssKb} / ${r.web.login.cssGzipKb} | ${r.web.login.fcpMs} ms | ${r.web.login.loadMs} ms | — |`,
      `| /news/news-list (cold, logged in) | ${r.web.newsList.jsKb} / ${r.web.newsList.jsGzipKb} | ${r.web.newsList.cssKb} / ${r.web.newsList.cssGzipKb} | ${r.web.newsList.fcpMs} ms | ${r.web.newsList.loadMs} ms | ${r.web.newsList.rowsVisibleMs} ms |`,
    );
  }
  const readme = path.join(ROOT, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const block = `<!-- bench:start -->\n${lines.join('\n')}\n<!-- bench:end -->`;
  const next = text.includes('<!-- bench:start -->')
    ? text.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, block)
    : `${text.trimEnd()}\n\n## Performance\n\n${block}\n`;
  fs.writeFileSync(readme, next);
}

await main();
