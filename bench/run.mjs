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
import { ADMIN_PASSWORD, arg, ROOT, sampleRss, serveCommand, startNode, waitFor } from './lib.mjs';
import { measureWeb } from './web.mjs';

const NEWS = Number(arg('news', '100000'));
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '10'));
const DATA = path.join(ROOT, 'bench/results/tmp/data');
const PORT = 18_480;
const FLOOR_PORT = 18_481;

const WARMUP = Number(arg('warmup', '2'));
const ROUNDS = Number(arg('rounds', '3'));

function run(url, requests, duration) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration, requests }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** One measured autocannon run, after WARMUP seconds of the same load the first time (JIT, caches, the OS page cache). */
async function load(url, requests, label, { warm = true, quiet = false } = {}) {
  if (warm && WARMUP > 0) await run(url, requests, WARMUP);
  const r = await run(url, requests, DURATION);
  const out = {
    label,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  if (!quiet)
    console.log(
      `  ${label.padEnd(40)} ${String(out.reqPerSec).padStart(6)} req/s  p50 ${out.p50Ms} ms  p99 ${out.p99Ms} ms${out.non2xx ? `  non-2xx ${out.non2xx}` : ''}`,
    );
  return out;
}

/** the median of several rounds: req/s, p50 and p99 each the median of theirs; errors and non-2xx summed */
function combine(label, runs) {
  return {
    label,
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    rounds: runs.map((r) => r.reqPerSec),
  };
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

  // the product, started as users start it (`npm run serve`), and the floor beside it; only one is loaded at a time
  const serve = serveCommand();
  const server = startNode(
    serve.args,
    { ...serve.env, PORT: String(PORT), DATA_DIR: DATA, ADMIN_PASSWORD, LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    'server',
  );
  const floor = startNode(path.join(ROOT, 'bench/floor.mjs'), { PORT: String(FLOOR_PORT), DATA_DIR: DATA }, 'floor');
  const base = `http://127.0.0.1:${PORT}`;
  const fbase = `http://127.0.0.1:${FLOOR_PORT}`;
  const results = { product: {}, floor: {} };
  let web = null;
  try {
    await waitFor(`${base}/api/nope`);
    await waitFor(`${fbase}/none`);
    const login = await fetch(`${base}/api/login/doLogin`, json({ username: 'admin', password: ADMIN_PASSWORD })).then((r) => r.json());
    const token = login.data.token;
    const post = (p, body) => fetch(`${base}/api${p}`, json(body, token)).then((r) => r.json());
    // sanity: the figures measure real answers
    const a = await post('/news/getNewsList', { pageNumber: 1, pageSize: 20 });
    const b = await post('/news/getNewsList', { title: word, code: type, pageNumber: 3, pageSize: 20 });
    if (a.total !== NEWS || a.rows.length !== 20 || b.rows.length !== 20)
      throw new Error(`unexpected replies: ${a.total} ${a.rows?.length} ${b.rows?.length}`);
    console.log(`  '${word}' + type ${type}: ${b.total} matches`);

    const randomId = (prefix) => (req) => ({ ...req, path: `${prefix}?id=${1 + Math.floor(Math.random() * NEWS)}` });
    const scenarios = [
      {
        key: 'list',
        label: '(a) list page 1 + total',
        product: [{ path: '/api/news/getNewsList', ...json({ pageNumber: 1, pageSize: 20 }, token) }],
        floor: [{ path: '/a', ...json({ pageNumber: 1, pageSize: 20 }) }],
      },
      {
        key: 'search',
        label: `(b) title '${word}' + type, page 3`,
        product: [{ path: '/api/news/getNewsList', ...json({ title: word, code: type, pageNumber: 3, pageSize: 20 }, token) }],
        floor: [{ path: '/b', ...json({ title: word, code: type, pageNumber: 3, pageSize: 20 }) }],
      },
      {
        key: 'get',
        label: '(c) get by random id',
        product: [{ method: 'POST', headers: { token }, setupRequest: randomId('/api/news/getNews') }],
        floor: [{ method: 'POST', setupRequest: randomId('/c') }],
      },
    ];

    console.log(`product beside the floor (node:http + better-sqlite3, same SQL), ${ROUNDS} alternating rounds, medians:`);
    const productRss = sampleRss(server.proc.pid);
    const floorRss = sampleRss(floor.proc.pid);
    for (const sc of scenarios) {
      const mine = [];
      const theirs = [];
      for (let i = 0; i < ROUNDS; i++) {
        mine.push(await load(base, sc.product, sc.label, { warm: i === 0, quiet: true }));
        theirs.push(await load(fbase, sc.floor, sc.label, { warm: i === 0, quiet: true }));
      }
      results.product[sc.key] = combine(sc.label, mine);
      results.floor[sc.key] = combine(sc.label, theirs);
      const p = results.product[sc.key];
      const f = results.floor[sc.key];
      console.log(
        `  ${sc.label.padEnd(34)} product ${String(p.reqPerSec).padStart(6)} req/s (p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms)  floor ${String(f.reqPerSec).padStart(6)} req/s  ratio ${(p.reqPerSec / f.reqPerSec).toFixed(2)}  [${p.rounds.join(' ')} | ${f.rounds.join(' ')}]`,
      );
    }
    results.product.rssApiMb = productRss();
    results.floor.rssMb = floorRss();
    const loginRss = sampleRss(server.proc.pid);
    results.product.login = await load(
      base,
      [{ path: '/api/login/doLogin', ...json({ username: 'admin', password: ADMIN_PASSWORD }) }],
      '(d) login',
    );
    results.product.rssLoginMb = loginRss();
    results.product.rssMb = Math.max(results.product.rssApiMb, results.product.rssLoginMb);
    console.log(
      `  peak server RSS: ${results.product.rssApiMb} MB under the API load, ${results.product.rssLoginMb} MB under logins (floor ${results.floor.rssMb} MB)`,
    );

    console.log('web:');
    try {
      web = await measureWeb(base, token);
      console.log(
        `  /login: JS ${web.login.jsGzipKb} KB gzip, FCP ${web.login.fcpMs} ms, form after ${web.login.formVisibleMs} ms; news list: rows after ${web.newsList.rowsVisibleMs} ms`,
      );
    } catch (e) {
      console.error(`  web measurement failed: ${e.message}`);
    }
  } finally {
    await server.stop();
    await floor.stop();
  }

  const ratio = (k) => Math.round((results.product[k].reqPerSec / results.floor[k].reqPerSec) * 100) / 100;
  const out = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()}`,
    news: NEWS,
    duration: DURATION,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    generate: gen,
    ...results,
    ratios: { list: ratio('list'), search: ratio('search'), get: ratio('get') },
    web,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = NEWS === 100_000 ? 'latest.json' : `latest-${NEWS}.json`;
  fs.writeFileSync(path.join(ROOT, 'bench/results', file), `${JSON.stringify(out, null, 2)}\n`);
  writeReadme(out);
  fs.rmSync(path.join(ROOT, 'bench/results/tmp'), { recursive: true, force: true });
  console.log(`wrote bench/results/${file} and the README Performance table`);
}

function writeReadme(r) {
  const p = r.product;
  const f = r.floor;
  const big = r.news !== 100_000;
  // the issue's targets are set at 100 000 news and, for (a) and (b), at a million
  const t = (at100k, atMillion) => (!big ? at100k : r.news === 1_000_000 ? atMillion : '—');
  const row = (name, k, target) =>
    `| ${name} | ${p[k].reqPerSec} | ${p[k].p50Ms} | ${p[k].p99Ms} | ${f[k].reqPerSec} | ${r.ratios[k]}× | ${target} |`;
  const lines = [
    `Measured ${r.date.slice(0, 10)} on ${r.machine}; ${r.news.toLocaleString('en')} news, ${r.connections} connections, ${r.rounds} rounds of ${r.duration} s alternating with the floor, medians (\`npm run bench${big ? ` -- --news ${r.news}` : ''}\`).`,
    '',
    '| figure | req/s | p50 ms | p99 ms | floor req/s | ratio | target |',
    '|---|---|---|---|---|---|---|',
    row('(a) news list page 1 + total', 'list', t('≥ 0.8× floor', 'p99 < 100 ms')),
    row("(b) title '物流' + type, page 3 + total", 'search', t('≥ 1 000 req/s, p99 < 50 ms', 'p99 < 100 ms')),
    row('(c) get by random id', 'get', t('≥ 0.7× floor', '—')),
    `| (d) login (Argon2id) | ${p.login.reqPerSec} | ${p.login.p50Ms} | ${p.login.p99Ms} | — | — | — |`,
    `| server RSS, peak | ${p.rssApiMb} MB under (a)–(c), ${p.rssLoginMb} MB under (d) | | | ${f.rssMb} MB | | < 150 MB |`,
  ];
  if (r.web) {
    lines.push(
      '',
      '| page | JS raw / gzip KB | CSS raw / gzip KB | first contentful paint | load event | form / rows visible |',
      '|---|---|---|---|---|---|',
      `| /login (cold) | ${r.web.login.jsKb} / ${r.web.login.jsGzipKb} | ${r.web.login.cssKb} / ${r.web.login.cssGzipKb} | ${r.web.login.fcpMs} ms | ${r.web.login.loadMs} ms | form ${r.web.login.formVisibleMs} ms |`,
      `| /news/news-list (cold, logged in) | ${r.web.newsList.jsKb} / ${r.web.newsList.jsGzipKb} | ${r.web.newsList.cssKb} / ${r.web.newsList.cssGzipKb} | ${r.web.newsList.fcpMs} ms | ${r.web.newsList.loadMs} ms | rows ${r.web.newsList.rowsVisibleMs} ms |`,
    );
  }
  const readme = path.join(ROOT, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const mark = big ? `bench-${r.news}` : 'bench';
  const block = `<!-- ${mark}:start -->\n${lines.join('\n')}\n<!-- ${mark}:end -->`;
  const next = text.includes(`<!-- ${mark}:start -->`)
    ? text.replace(new RegExp(`<!-- ${mark}:start -->[\\s\\S]*<!-- ${mark}:end -->`), block)
    : `${text.trimEnd()}\n\n${big ? `At ${r.news.toLocaleString('en')} news:\n\n` : '## Performance\n\n'}${block}\n`;
  fs.writeFileSync(readme, next);
}

await main();
