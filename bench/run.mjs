// npm run bench: builds, generates its own data, starts the product as users start it, loads it with
// autocannon beside a bare floor server — the back-office news list, search and get, the delivery API's public
// news list and its 304 revalidation, an image rendition from its store, a filtered and sorted public list, the sitemap of every news — then saves per second with the operation log and revisions, a 10,000-row Excel import (check and import seconds), the content check
// of a 1 MB body against 10,000 words (`check.oneMbTenThousandWordsMs`), measures the
// web bundle and page loads, stops what it started, and writes bench/results/latest.json and the Performance
// table of the README.
//   npm run bench -- --news 100000 --duration 10 --connections 10 --warmup 2 --rounds 3 --port 18480
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allResources, hasSeo, UPLOAD_FIELD } from '@gk/contracts';
import autocannon from 'autocannon';
import { generate, generatePostgres } from './generate.mjs';
import { measureImport } from './import.mjs';
import {
  ADMIN_PASSWORD,
  arg,
  createPgDatabase,
  PG_ADMIN_URL,
  postgresAnswers,
  ROOT,
  sampleRss,
  serveCommand,
  startNode,
  waitFor,
} from './lib.mjs';
import { probeMachine } from './machine.mjs';
import { measureBadgeLatency } from './notice.ts';
import { measureWeb } from './web.mjs';

const NEWS = Number(arg('news', '100000'));
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '10'));
/**
 * --data DIR: keep the generated data (SQLite files in DIR, a PostgreSQL database `bench_keep_<news>`) after the
 * run and reuse them in the next run with the same --news, instead of generating again (minutes at 1,000,000
 * news). Meant for --only rows that write nothing: the rows (g) and the import add news.
 */
const KEEP = arg('data', null);
const DATA = KEEP ? path.resolve(KEEP) : path.join(ROOT, 'bench/results/tmp/data');
/**
 * --only a,b,e,i: only these rows of the table (the letters of its figures), nothing after them (logins and memory
 * with d, the saves with g; no import, content check, badge or web), and no README table or results file: the
 * figures are printed.
 */
const ONLY =
  arg('only', null)
    ?.split(',')
    .map((s) => s.trim()) ?? null;
const wanted = (letter) => !ONLY || ONLY.includes(letter);
// the product, the floor beside it and the server that creates the schema listen on --port, +1 and +2
const PORT = Number(arg('port', '18480'));
const FLOOR_PORT = PORT + 1;

const WARMUP = Number(arg('warmup', '2'));
const TZ = 'Asia/Shanghai';
const PUBLIC_LIST = '/public/v1/news?page=1&pageSize=20';
/** (h) one news as a website's article page reads it */
const PUBLIC_DETAIL = '/public/v1/news';
/** (i) the delivery API's query language: one type, not hot, newest first by the date a site shows, four fields, page 2 */
const filteredList = (type) =>
  `/public/v1/news?type=${type}&isHot=0&sort=-publishTime&fields=id,title,typeName,publishTime&page=2&pageSize=20`;
const filteredFloor = (type) => `/i?type=${type}&isHot=0&page=2&pageSize=20`;
const ROUNDS = Number(arg('rounds', '3'));
// the memory figures: the list under --mem-connections for --mem-duration s, and a login burst as wide
const MEM_CONNECTIONS = Number(arg('mem-connections', '50'));
const MEM_DURATION = Number(arg('mem-duration', '30'));

function run(url, requests, duration, connections = CONNECTIONS) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration, requests }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

/** CPU ms a process used so far (user + system, /proc; 0 where there is none) */
function cpuMs(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/**
 * One measured autocannon run, after WARMUP seconds of the same load the first time (JIT, caches, the OS page
 * cache). `expect`: the HTTP status every answer should have (304 for a revalidation); `non2xx` then counts the
 * answers with any other status.
 */
async function load(url, requests, label, { warm = true, quiet = false, expect = 200, connections, duration = DURATION } = {}) {
  if (warm && WARMUP > 0) await run(url, requests, WARMUP, connections);
  const r = await run(url, requests, duration, connections);
  const answered = Object.values(r.statusCodeStats ?? {}).reduce((n, s) => n + s.count, 0);
  const out = {
    label,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: expect === 200 ? r.non2xx : answered - (r.statusCodeStats?.[expect]?.count ?? 0),
    errors: r.errors + r.timeouts,
    answered,
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

/** --db sqlite | postgres | both (default: both when PostgreSQL answers at BENCH_PG_URL, else SQLite alone) */
async function databases() {
  const want = arg('db', 'both');
  if (!['sqlite', 'postgres', 'both'].includes(want)) throw new Error(`--db ${want}: sqlite, postgres or both`);
  if (want === 'sqlite') return ['sqlite'];
  if (await postgresAnswers()) return want === 'postgres' ? ['postgres'] : ['sqlite', 'postgres'];
  if (want === 'postgres') throw new Error(`--db postgres: no PostgreSQL answers at ${PG_ADMIN_URL}`);
  console.log(`PostgreSQL does not answer at ${PG_ADMIN_URL}: SQLite only`);
  return ['sqlite'];
}

async function main() {
  // the product ships on the Node of package.json's `engines` (the Dockerfile's, CI's `.ci/node22.sh`): a run on an
  // older node measures another runtime (Node 20 spread a record into a copy ~40× slower than 22), so it says so
  const shipped = Number(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node.replace(/\D+/, ''));
  if (Number(process.versions.node.split('.')[0]) < shipped)
    console.log(
      `Node ${process.version} is older than the ${shipped} the product ships on: \`. .ci/node22.sh && npm ci\` first measures the shipped runtime`,
    );
  if (!arg('no-build', null) && !process.argv.includes('--no-build')) {
    console.log('building…');
    execSync('npm run build', { cwd: ROOT, stdio: 'ignore' });
  }
  const dbs = await databases();
  const keptFile = path.join(DATA, 'generated.json');
  const kept = KEEP && fs.existsSync(keptFile) ? JSON.parse(fs.readFileSync(keptFile, 'utf8')) : null;
  let gen;
  if (kept?.news === NEWS) {
    gen = kept;
    console.log(`reusing the ${NEWS} news generated in ${DATA}`);
  } else {
    console.log(`generating ${NEWS} news…`);
    // --no-search-terms: the delivery API's term index (`q`) left empty, marked complete (bench/generate.mjs)
    gen = await generate(DATA, NEWS, PORT + 2, { searchTerms: !process.argv.includes('--no-search-terms') });
    console.log(
      `  inserted in ${gen.insertMs} ms, title index in ${gen.indexMs} ms, ${gen.searchTerms} search terms in ${gen.searchMs} ms, ${gen.slugs} slugs in ${gen.slugMs} ms`,
    );
    if (KEEP) fs.writeFileSync(keptFile, JSON.stringify(gen));
  }
  let pgDb = null;
  const results = {};
  let web = null;
  try {
    if (dbs.includes('postgres')) {
      pgDb = await createPgDatabase(undefined, KEEP ? `bench_keep_${NEWS}` : undefined);
      if (!pgDb.existed) {
        gen.postgresCopyMs = await generatePostgres(DATA, pgDb.url, PORT + 2);
        console.log(`  copied to PostgreSQL in ${gen.postgresCopyMs} ms`);
        if (KEEP) fs.writeFileSync(keptFile, JSON.stringify(gen));
      } else console.log(`  reusing PostgreSQL's ${pgDb.name}`);
    }
    // what the generators wrote goes to disk before any row is measured (the kernel's writeback of gigabytes
    // otherwise stalls the first rows' reads)
    execSync('sync');
    for (const db of dbs) {
      const r = await benchOne(db, gen, pgDb?.url, db === dbs[0]);
      results[db] = r.result;
      web ??= r.web;
    }
  } finally {
    if (!KEEP) await pgDb?.drop();
  }
  if (ONLY) {
    for (const db of dbs) console.log(JSON.stringify({ db, product: results[db].product, floor: results[db].floor }));
    return;
  }

  const out = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()}`,
    load: os.loadavg().map((l) => Math.round(l * 100) / 100),
    // the machine's own speed at the end (bench/machine.mjs): how far apart two days' tables are
    speed: probeMachine(),
    news: NEWS,
    duration: DURATION,
    connections: CONNECTIONS,
    memory: { connections: MEM_CONNECTIONS, duration: MEM_DURATION },
    rounds: ROUNDS,
    generate: gen,
    ...results,
    web,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = NEWS === 100_000 ? 'latest.json' : `latest-${NEWS}.json`;
  fs.writeFileSync(path.join(ROOT, 'bench/results', file), `${JSON.stringify(out, null, 2)}\n`);
  writeReadme(out);
  fs.rmSync(path.join(ROOT, 'bench/results/tmp'), { recursive: true, force: true });
  console.log(`wrote bench/results/${file} and the README Performance table`);
}

const LABEL = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The product and its floor on one database: the scenarios in alternating rounds, memory, logins, saves. */
async function benchOne(dbName, gen, pgUrl, withWeb) {
  const type = gen.types[0];
  const word = '物流';
  const pgEnv = dbName === 'postgres' ? { DATABASE_URL: pgUrl } : {};
  const dataDir = dbName === 'postgres' ? path.join(DATA, 'pg') : DATA;
  // the product, started as users start it (`npm run serve`), and the floor beside it; only one is loaded at a time
  const serve = serveCommand();
  const server = startNode(
    serve.args,
    // the delivery API's per-address limit (PUBLIC_RATE_LIMIT, default 600 a minute) would answer the load
    // generator's one address with 429s: it stays on, with a ceiling the load never reaches
    {
      ...serve.env,
      ...pgEnv,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      PUBLIC_RATE_LIMIT: String(1e9),
      // the login throttle counts the attempts still being checked: (d)'s one address logging into one account at
      // 10 and 50 connections would be refused past 5 in flight (429), so its limits too get a ceiling out of reach
      LOGIN_MAX_FAILURES: String(1e9),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(1e9),
      TZ_NAME: TZ,
      // (j) the sitemap of every news
      PUBLIC_SITE_URL: 'https://www.example.com',
      SITE_URL_NEWS: '/news/{id}',
    },
    'server',
  );
  const floor = startNode(
    path.join(ROOT, 'bench/floor.mjs'),
    // (k): the floor serves the rendition's file straight from the product's image folder
    { PORT: String(FLOOR_PORT), DATA_DIR: DATA, TZ_NAME: TZ, IMAGE_DIR: path.join(dataDir, 'uploads'), ...pgEnv },
    'floor',
  );
  const base = `http://127.0.0.1:${PORT}`;
  const fbase = `http://127.0.0.1:${FLOOR_PORT}`;
  const results = { product: {}, floor: {} };
  let web = null;
  console.log(`${LABEL[dbName]}:`);
  try {
    await waitFor(`${base}/api/nope`);
    await waitFor(`${fbase}/none`);
    await slugsGiven(dbName === 'postgres' ? pgUrl : path.join(dataDir, 'app.db'));
    const login = await fetch(`${base}/api/login/doLogin`, json({ username: 'admin', password: ADMIN_PASSWORD })).then((r) => r.json());
    const token = login.data.token;
    const post = (p, body) => fetch(`${base}/api${p}`, json(body, token)).then((r) => r.json());
    // sanity: the figures measure real answers
    if (wanted('a') || wanted('b') || wanted('c')) {
      const a = await post('/news/getNewsList', { pageNumber: 1, pageSize: 20 });
      const b = await post('/news/getNewsList', { title: word, code: type, pageNumber: 3, pageSize: 20 });
      if (a.total !== NEWS || a.rows.length !== 20 || b.rows.length !== 20)
        throw new Error(`unexpected replies: ${a.total} ${a.rows?.length} ${b.rows?.length}`);
      const fa = await fetch(`${fbase}/a`, json({ pageNumber: 1, pageSize: 20 })).then((r) => r.json());
      if (JSON.stringify(fa.rows) !== JSON.stringify(a.rows) || fa.total !== a.total)
        throw new Error(`the floor's list differs from the product's: ${JSON.stringify(fa.rows[0])} ${JSON.stringify(a.rows[0])}`);
      console.log(`  '${word}' + type ${type}: ${b.total} matches`);
    }
    // the delivery API's list and the floor's: the same rows, the same body (each side's own ETag: the product's
    // comes from its content version, the floor's from the body it keeps)
    const pub = await fetch(`${base}${PUBLIC_LIST}`);
    const fpub = await fetch(`${fbase}/e?page=1&pageSize=20`);
    const etag = pub.headers.get('etag');
    const pubBody = await pub.json();
    const fpubBody = await fpub.json();
    if (pub.status !== 200 || pubBody.total !== NEWS || pubBody.rows?.length !== 20 || !etag)
      throw new Error(`unexpected public list: ${pub.status} ${pubBody.total} ${pubBody.rows?.length} ${etag}`);
    const fetag = fpub.headers.get('etag');
    if (JSON.stringify(pubBody) !== JSON.stringify(fpubBody) || !fetag)
      throw new Error(
        `the floor's public list differs from the product's: ${JSON.stringify(pubBody.rows[0])} ${JSON.stringify(fpubBody.rows[0])}`,
      );
    const revalidated = await fetch(`${base}${PUBLIC_LIST}`, { headers: { 'if-none-match': etag } });
    const frevalidated = await fetch(`${fbase}/e?page=1&pageSize=20`, { headers: { 'if-none-match': fetag } });
    if (revalidated.status !== 304 || frevalidated.status !== 304)
      throw new Error(`If-None-Match: product ${revalidated.status}, floor ${frevalidated.status}, not 304`);
    // the filtered, sorted list: the same rows and body as the floor's
    const filtered = await fetch(`${base}${filteredList(type)}`);
    const ffiltered = await fetch(`${fbase}${filteredFloor(type)}`);
    const filteredBody = await filtered.text();
    if (filtered.status !== 200 || JSON.parse(filteredBody).rows?.length !== 20 || filteredBody !== (await ffiltered.text()))
      throw new Error(`the floor's filtered list differs from the product's: ${filtered.status} ${filteredBody.slice(0, 300)}`);
    console.log(`  type ${type}, not hot: ${JSON.parse(filteredBody).total} live news`);
    // (h) a public news detail (the list's first) and the floor's: the same body
    const detailId = pubBody.rows[0].id;
    const detailPath = (id) => `${PUBLIC_DETAIL}/${id}`;
    const detail = await fetch(`${base}${detailPath(detailId)}`);
    const detailBody = await detail.text();
    const fdetailBody = await fetch(`${fbase}/h?id=${detailId}`).then((r) => r.text());
    if (detail.status !== 200 || !JSON.parse(detailBody).data?.content || detailBody !== fdetailBody)
      throw new Error(
        `the floor's public detail differs from the product's: ${detail.status} ${detailBody.slice(0, 300)} | ${fdetailBody.slice(0, 300)}`,
      );

    const rendition = wanted('k') ? await prepareRendition(base, fbase, token) : null;
    if (wanted('j')) results.product.sitemap = await sitemapOnce(base);

    const randomId = (prefix) => (req) => ({ ...req, path: `${prefix}?id=${1 + Math.floor(Math.random() * NEWS)}` });
    const listRequest = [{ path: '/api/news/getNewsList', ...json({ pageNumber: 1, pageSize: 20 }, token) }];
    const scenarios = [
      {
        key: 'list',
        letter: 'a',
        label: '(a) list page 1 + total',
        product: listRequest,
        floor: [{ path: '/a', ...json({ pageNumber: 1, pageSize: 20 }) }],
      },
      {
        key: 'search',
        letter: 'b',
        label: `(b) title '${word}' + type, page 3`,
        product: [{ path: '/api/news/getNewsList', ...json({ title: word, code: type, pageNumber: 3, pageSize: 20 }, token) }],
        floor: [{ path: '/b', ...json({ title: word, code: type, pageNumber: 3, pageSize: 20 }) }],
      },
      {
        key: 'get',
        letter: 'c',
        label: '(c) get by random id',
        product: [{ method: 'POST', headers: { token }, setupRequest: randomId('/api/news/getNews') }],
        floor: [{ method: 'POST', setupRequest: randomId('/c') }],
      },
      {
        key: 'publicList',
        letter: 'e',
        label: '(e) public news list, page 1',
        product: [{ method: 'GET', path: PUBLIC_LIST }],
        floor: [{ method: 'GET', path: '/e?page=1&pageSize=20' }],
      },
      {
        key: 'publicRevalidate',
        letter: 'f',
        label: '(f) public news list, 304',
        expect: 304,
        product: [{ method: 'GET', path: PUBLIC_LIST, headers: { 'if-none-match': etag } }],
        floor: [{ method: 'GET', path: '/e?page=1&pageSize=20', headers: { 'if-none-match': fetag } }],
      },
      {
        key: 'publicDetail',
        letter: 'h',
        label: '(h) public news detail',
        product: [{ method: 'GET', path: detailPath(detailId) }],
        floor: [{ method: 'GET', path: `/h?id=${detailId}` }],
      },
      {
        key: 'rendition',
        letter: 'k',
        label: '(k) a rendition from its store',
        product: [{ method: 'GET', path: rendition?.product }],
        floor: [{ method: 'GET', path: rendition?.floor }],
      },
      {
        key: 'publicFiltered',
        letter: 'i',
        label: '(i) public list: type + isHot, -publishTime',
        product: [{ method: 'GET', path: filteredList(type) }],
        floor: [{ method: 'GET', path: filteredFloor(type) }],
      },
    ];

    console.log(`  product beside the floor (node:http, same SQL), ${ROUNDS} alternating rounds, medians:`);
    const productRss = sampleRss(server.proc.pid);
    const floorRss = sampleRss(floor.proc.pid);
    for (const sc of scenarios.filter((x) => wanted(x.letter))) {
      const mine = [];
      const theirs = [];
      // the CPU each process spent per answer (its own only: the floor's PostgreSQL work is in the database's)
      const cpu = { product: 0, floor: 0 };
      const timed = async (side, pid, url, requests, i) => {
        const before = cpuMs(pid);
        const r = await load(url, requests, sc.label, { warm: i === 0, quiet: true, expect: sc.expect });
        // the first round's CPU holds its warm-up's: with a warm-up, that round is left out of this figure
        cpu[side] += i === 0 && WARMUP > 0 ? 0 : cpuMs(pid) - before;
        return r;
      };
      for (let i = 0; i < ROUNDS; i++) {
        mine.push(await timed('product', server.proc.pid, base, sc.product, i));
        theirs.push(await timed('floor', floor.proc.pid, fbase, sc.floor, i));
      }
      results.product[sc.key] = combine(sc.label, mine);
      results.floor[sc.key] = combine(sc.label, theirs);
      const perAnswer = (side, runs) => {
        const measured = runs.slice(WARMUP > 0 ? 1 : 0).reduce((n, r) => n + r.answered, 0);
        return measured ? Math.round((cpu[side] * 1000) / measured) : null;
      };
      results.product[sc.key].cpuUsPerAnswer = perAnswer('product', mine);
      results.floor[sc.key].cpuUsPerAnswer = perAnswer('floor', theirs);
      const p = results.product[sc.key];
      const f = results.floor[sc.key];
      console.log(
        `  ${sc.label.padEnd(34)} product ${String(p.reqPerSec).padStart(6)} req/s (p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms)  floor ${String(f.reqPerSec).padStart(6)} req/s  ratio ${(p.reqPerSec / f.reqPerSec).toFixed(2)}  [${p.rounds.join(' ')} | ${f.rounds.join(' ')}]  CPU µs/answer ${p.cpuUsPerAnswer} | ${f.cpuUsPerAnswer}${p.non2xx + p.errors ? `  product: ${p.non2xx} unexpected, ${p.errors} errors` : ''}${f.non2xx + f.errors ? `  floor: ${f.non2xx} unexpected, ${f.errors} errors` : ''}`,
      );
    }
    results.product.rssApiMb = productRss();
    results.floor.rssMb = floorRss();
    results.product.deliveryCache = await deliveryCacheOf(base);
    const dc = results.product.deliveryCache;
    if (dc)
      console.log(
        `  delivery reply cache: ${dc.entries} entries, ${dc.bytes} B of ${dc.maxMb} MB, hit ratio ${dc.hitRatio} (${dc.hits} hits, ${dc.misses} misses)`,
      );
    // --only …,g: the saves (g) too, straight after the rows asked for
    if (ONLY && wanted('g')) results.product.save = await saves(base, token);
    // --only …,d: the logins and the memory rows after them too
    if (ONLY && !wanted('d')) return { result: results, web };
    const loginRss = sampleRss(server.proc.pid);
    const loginRequest = [{ path: '/api/login/doLogin', ...json({ username: 'admin', password: ADMIN_PASSWORD }) }];
    results.product.login = await load(base, loginRequest, '(d) login');
    results.product.rssLoginMb = loginRss();

    // memory under MEM_CONNECTIONS: the list for MEM_DURATION s, then a login burst of as many connections
    const memListRss = sampleRss(server.proc.pid);
    results.product.memList = await load(base, listRequest, `(a) list, ${MEM_CONNECTIONS} connections, ${MEM_DURATION} s`, {
      warm: false,
      connections: MEM_CONNECTIONS,
      duration: MEM_DURATION,
    });
    results.product.memList.rssMb = memListRss();
    const memLoginRss = sampleRss(server.proc.pid);
    results.product.memLogin = await load(base, loginRequest, `(d) login burst, ${MEM_CONNECTIONS} connections`, {
      warm: false,
      connections: MEM_CONNECTIONS,
    });
    results.product.memLogin.rssMb = memLoginRss();
    console.log(
      `  peak server RSS: ${results.product.rssApiMb} MB under the API load, ${results.product.rssLoginMb} MB under logins (floor ${results.floor.rssMb} MB); at ${MEM_CONNECTIONS} connections ${results.product.memList.rssMb} MB on the list, ${results.product.memLogin.rssMb} MB under a login burst`,
    );
    if (ONLY) return { result: results, web };
    results.product.save = await saves(base, token);
    results.product.import = await measureImport(base, token);
    console.log(
      `  Excel import of ${results.product.import.rows} links (${results.product.import.fileKb} KB): checked in ${results.product.import.checkSeconds} s, imported in ${results.product.import.importSeconds} s`,
    );
    // the content check (issue 27): in this process, the product's own matcher (bench/check.ts)
    const { measureCheck } = await import('./check.ts');
    results.product.check = measureCheck();
    console.log(
      `  content check of a ${results.product.check.bodyKb} KB body against ${results.product.check.words} words: ${results.product.check.oneMbTenThousandWordsMs} ms (median; ${results.product.check.cpuMs} ms of CPU; matcher built in ${results.product.check.buildMs} ms)`,
    );
    // the navbar badge (issue 27): 提交审核 → the reviewer's open stream, in an app of this process on the same kind of database
    results.product.notice = await measureBadgeLatency({ pgUrl: dbName === 'postgres' ? pgUrl : null });
    console.log(
      `  notice badge: ${results.product.notice.badgeLatencyMs} ms median from 提交审核 to the reviewer's stream (p95 ${results.product.notice.p95Ms} ms; the submit's reply ${results.product.notice.submitReplyMs} ms)`,
    );

    if (withWeb) {
      console.log('web:');
      try {
        web = await measureWeb(base, token, { rounds: ROUNDS });
        for (const [name, p, ready] of webPages(web))
          console.log(
            `  ${name.padEnd(44)} JS ${String(p.jsGzipKb).padStart(6)} KB gzip in ${String(p.jsFiles).padStart(2)} files  ${ready} ms [${p.rounds.join(' ')}]`,
          );
      } catch (e) {
        console.error(`  web measurement failed: ${e.message}`);
      }
    }
  } finally {
    await server.stop();
    await floor.stop();
  }
  const ratio = (k) => Math.round((results.product[k].reqPerSec / results.floor[k].reqPerSec) * 100) / 100;
  results.ratios = Object.fromEntries(
    ['list', 'search', 'get', 'publicList', 'publicRevalidate', 'publicDetail', 'rendition', 'publicFiltered']
      .filter((k) => results.product[k] && results.floor[k])
      .map((k) => [k, ratio(k)]),
  );
  return { result: results, web };
}

/**
 * Waits until every generated record has its slug. bench/generate.mjs writes them as the product's start-up slug
 * backfill (modules/delivery/slug-backfill.ts) would, so the backfill finds none to make and this returns at once;
 * were any missing, the backfill would write them in the background (and bump the content versions when done),
 * which is no state to measure in. `where`: the SQLite file, or the PostgreSQL URL.
 */
async function slugsGiven(where) {
  const started = Date.now();
  const missing = allResources()
    .filter(hasSeo)
    .map(
      (def) =>
        `(select count(*) from ${def.table} as t where not exists (select 1 from content_slug as s where s.resource = '${def.name}' and s.record_id = t.id and s.current = 1))`,
    )
    .join(' + ');
  const text = `select ${missing} as n`;
  let count;
  let close;
  if (where.startsWith('postgres')) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    count = async () => Number((await client.query(text)).rows[0].n);
    close = () => client.end();
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(where, { readonly: true });
    const stmt = db.prepare(text);
    count = async () => Number(stmt.get().n);
    close = async () => db.close();
  }
  try {
    for (let n = await count(); n > 0; n = await count()) {
      if (Date.now() - started > 30 * 60_000) throw new Error(`the slug backfill left ${n} records without a slug after 30 minutes`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await close();
  }
  // its last step, the versions' bump, commits right after the last slugs
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`  slug backfill done (waited ${Math.round((Date.now() - started) / 1000)} s)`);
}

/**
 * The delivery API's reply cache as the product's /metrics tells it (`gk_delivery_cache{stat}`; the bench reads from
 * loopback): its bound, what it holds, and the share of the cacheable replies it answered since the start. Null
 * when the metric is absent.
 */
async function deliveryCacheOf(base) {
  const text = await fetch(`${base}/metrics`).then((r) => r.text());
  const stat = (name) => Number(new RegExp(`^gk_delivery_cache\\{stat="${name}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  const [maxBytes, bytes, entries, hits, misses] = ['max_bytes', 'bytes', 'entries', 'hits', 'misses'].map(stat);
  if (Number.isNaN(maxBytes)) return null;
  return {
    maxMb: Math.round((maxBytes / 2 ** 20) * 10) / 10,
    bytes,
    entries,
    hits,
    misses,
    hitRatio: hits + misses ? Math.round((hits / (hits + misses)) * 1000) / 1000 : 0,
  };
}

/**
 * (k) a rendition served from its store: a 1600 × 1200 photo-like JPEG is uploaded, its 640 px WebP is asked for
 * once (made by sharp and stored beside the original), then loaded as a website's visitors load it. The floor
 * serves the same stored file from the same folder through bare node:http (open, stat, stream). Checked: both
 * answer the same bytes, and the rendition is on disk where the store keeps it.
 */
async function prepareRendition(base, fbase, token) {
  const { default: sharp } = await import('sharp');
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0, y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      raw[i++] = (x * 223) / width + ((x * y) % 29);
      raw[i++] = (y * 223) / height + ((x + y) % 31);
      raw[i++] = 110 + 100 * Math.sin(x / 37) * Math.cos(y / 53);
    }
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([jpeg], { type: 'image/jpeg' }), 'bench.jpg');
  const up = await fetch(`${base}/api/upload/upload`, { method: 'POST', headers: { token }, body: form }).then((r) => r.json());
  const name = up.data?.name;
  if (up.code !== 200 || !name) throw new Error(`rendition upload failed: ${JSON.stringify(up)}`);
  const product = `/img/${name}?w=640&fm=webp`;
  const floor = `/k?f=${encodeURIComponent(`renditions/${name}/640w-q75.webp`)}`;
  const made = await fetch(`${base}${product}`);
  const bytes = Buffer.from(await made.arrayBuffer());
  if (made.status !== 200 || made.headers.get('content-type') !== 'image/webp')
    throw new Error(`rendition: ${made.status} ${made.headers.get('content-type')}`);
  const stored = await fetch(`${fbase}${floor}`);
  if (stored.status !== 200 || !Buffer.from(await stored.arrayBuffer()).equals(bytes))
    throw new Error(`the floor's rendition differs from the product's: ${stored.status}`);
  console.log(`  rendition: ${jpeg.length} B JPEG → ${bytes.length} B WebP at 640 px`);
  return { product, floor };
}

/**
 * (j) the sitemap of every news, once, as a crawler reads it: the index (which lays the files out, walking every
 * published news), then each file in turn, streamed. Checked: the files hold every news once.
 */
async function sitemapOnce(base) {
  const started = performance.now();
  const index = await fetch(`${base}/sitemap.xml`).then((r) => r.text());
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  let urls = 0;
  for (const f of files) urls += ((await fetch(`${base}${f}`).then((r) => r.text())).match(/<url>/g) ?? []).length;
  const ms = Math.round(performance.now() - started);
  if (urls !== NEWS) throw new Error(`the sitemap lists ${urls} URLs, not ${NEWS}`);
  console.log(`  sitemap: ${urls} URLs in ${files.length} files, index and files in ${ms} ms`);
  return { urls, files: files.length, ms };
}

/** a valid 1 × 1 PNG: the image the saved news reference */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * (g) saves per second: new news with a 5 KB rich-text body and an image reference (summary image and an
 * embedded <img>), through `/news/saveNews` with a token, the operation log and revisions on (they always
 * are), ROUNDS runs, medians. The image is uploaded once. Checked: one save leaves its log entry and its
 * revision, and every answered save left exactly one new news row.
 */
async function saves(base, token) {
  const api = (p, init) => fetch(`${base}/api${p}`, init).then((r) => r.json());
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([PNG], { type: 'image/png' }), 'bench.png');
  const up = await api('/upload/upload', { method: 'POST', headers: { token }, body: form });
  const img = up.data?.url;
  if (up.code !== 200 || !img) throw new Error(`upload failed: ${JSON.stringify(up)}`);
  let content = '';
  for (let i = 0; content.length < 5 * 1024; i++)
    content += `<h2>第${i + 1}节 通关便利化改革</h2><p>今年以来，各地持续优化营商环境，进出口企业通关时间进一步压缩。物流企业加快数字化转型，智能分拣和无人仓储在多个枢纽投入使用。</p>${i === 0 ? `<p><img src="${img}" alt="示意图"></p>` : ''}`;
  const news = (n) => ({
    title: `口岸通关便利化改革试点第${n}期`,
    type: 'hydt',
    summary: '各地持续优化营商环境，进出口企业通关时间进一步压缩。',
    summaryImg: img,
    content,
    isTop: 0,
    isHot: 0,
  });
  const total = async () => (await api('/news/getNewsList', json({ pageNumber: 1, pageSize: 1 }, token))).total;

  // one save, looked at: saved, logged with its title, with a revision
  const one = await api('/news/saveNews', json(news(0), token));
  if (one.code !== 200) throw new Error(`save failed: ${JSON.stringify(one)}`);
  const [mine] = (await api('/news/getNewsList', json({ title: news(0).title, pageNumber: 1, pageSize: 1 }, token))).rows ?? [];
  const logged = await api('/log/getOperLogPage', json({ module: 'news', pageNumber: 1, pageSize: 20 }, token));
  const revisions = await api('/revision/getRevisionList', json({ resource: 'news', id: mine?.id }, token));
  if (!mine || !logged.rows?.some((e) => String(e.recordId) === String(mine.id)) || !(revisions.data ?? revisions.rows)?.length)
    throw new Error(`a save left no log entry or revision: ${JSON.stringify({ mine, logged: logged.rows?.[0], revisions })}`);

  const request = [{ path: '/api/news/saveNews', ...json(news(1), token) }];
  const runs = [];
  let unsaved = 0;
  if (WARMUP > 0) await run(base, request, WARMUP);
  for (let i = 0; i < ROUNDS; i++) {
    const before = await total();
    const r = await load(base, request, '(g) save', { warm: false, quiet: true });
    // every answered save is one more news (saves still in flight when a run stops may add rows beyond that)
    unsaved += Math.max(0, r.answered - ((await total()) - before));
    runs.push(r);
  }
  const out = { ...combine('(g) save news, 5 KB body + image, log + revision', runs), unsaved };
  console.log(
    `  ${out.label}: ${out.reqPerSec} saves/s (p50 ${out.p50Ms} ms, p99 ${out.p99Ms} ms) [${out.rounds.join(' ')}]${out.non2xx + out.errors + unsaved ? `  ${out.non2xx} non-2xx, ${out.errors} errors, ${unsaved} answers without a row` : ''}`,
  );
  return out;
}

/** the web pages of bench/web.mjs as table rows: [name, figures, form / rows visible ms, the issue's target] */
function webPages(w) {
  return [
    ['/login (cold)', w.login, w.login.formVisibleMs, 'form ≤ 300 ms; JS ≤ 150 KB gzip'],
    ['/news/news-list (cold, logged in)', w.newsList, w.newsList.rowsVisibleMs, 'rows ≤ 700 ms; JS ≤ 300 KB gzip'],
    ['/news/news-list again (second visit: HTTP cache)', w.newsListAgain, w.newsListAgain.rowsVisibleMs, 'rows'],
    ['/news/news-details (cold, rich-text editor)', w.newsDetail, w.newsDetail.formVisibleMs, 'form ≤ 900 ms; JS ≤ 450 KB gzip'],
    [`${w.listToList.from} → ${w.listToList.to} (warm, in the SPA)`, w.listToList, w.listToList.rowsVisibleMs, 'rows ≤ 150 ms'],
  ];
}

function writeReadme(r) {
  const big = r.news !== 100_000;
  const dbs = ['sqlite', 'postgres'].filter((d) => r[d]);
  // the issue's targets are set at 100 000 news and, for the lists and searches, at a million
  const t = (at100k, atMillion) => (!big ? at100k : r.news === 1_000_000 ? atMillion : '—');
  const row = (db, name, k, target) => {
    const p = r[db].product;
    const f = r[db].floor;
    return `| ${LABEL[db]} | ${name} | ${p[k].reqPerSec} | ${p[k].p50Ms} | ${p[k].p99Ms} | ${f[k].reqPerSec} | ${r[db].ratios[k]}× | ${target} |`;
  };
  const each = (fn) => dbs.map(fn);
  const m = r.memory;
  const lines = [
    `Measured ${r.date.slice(0, 10)} on ${r.machine} (load average ${r.load?.join(' ')} at the end${r.speed ? `; a fresh page of memory faulted in ${r.speed.pageFaultUs} µs, 10⁸ loop steps in ${r.speed.loopMs} ms` : ''}); ${r.news.toLocaleString('en')} news, ${r.connections} connections, ${r.rounds} rounds of ${r.duration} s alternating with the floor, medians (\`npm run bench${big ? ` -- --news ${r.news}` : ''}\`).`,
    '',
    '| db | figure | req/s | p50 ms | p99 ms | floor req/s | ratio | target |',
    '|---|---|---|---|---|---|---|---|',
    ...each((d) => row(d, '(a) news list page 1 + total', 'list', t('≥ 0.8× floor', 'p99 < 50 ms'))),
    ...each((d) => row(d, "(b) title '物流' + type, page 3 + total", 'search', t('≥ 1 000 req/s, p99 < 50 ms', 'p99 < 50 ms'))),
    ...each((d) => row(d, '(c) get by random id', 'get', t('≥ 0.8× floor', '—'))),
    ...each((d) => {
      const p = r[d].product;
      return `| ${LABEL[d]} | (d) login (Argon2id) | ${p.login.reqPerSec} | ${p.login.p50Ms} | ${p.login.p99Ms} | — | — | — |`;
    }),
    ...each((d) => row(d, '(e) public news list (delivery API), page 1 + total', 'publicList', t('≥ 2× floor', '≥ 2× floor, p99 < 50 ms'))),
    // the floor runs the list's SQL and builds its body to compare the ETag (no content versions); the product none
    ...each((d) => row(d, '(f) the same, revalidated: If-None-Match → 304', 'publicRevalidate', t('≥ 5× floor', '≥ 5× floor'))),
    ...each((d) => {
      const s = r[d].product.save;
      return `| ${LABEL[d]} | (g) save news: 5 KB body + image, operation log + revision | ${s.reqPerSec} | ${s.p50Ms} | ${s.p99Ms} | — | — | a figure |`;
    }),
    ...each((d) => row(d, '(h) public news detail (delivery API): `/public/v1/news/{id}`', 'publicDetail', t('≥ 2× floor', '≥ 2× floor'))),
    ...each((d) => row(d, '(k) a rendition served from its store: `/img/{name}?w=640&fm=webp`', 'rendition', 'a figure')),
    ...each((d) =>
      row(
        d,
        '(i) public news list filtered and sorted: type + isHot, -publishTime, 4 fields, page 2 + total',
        'publicFiltered',
        t('≥ 0.8× floor', '—'),
      ),
    ),
    ...each((d) => {
      const p = r[d].product;
      return `| ${LABEL[d]} | server RSS, peak, ${r.connections} connections | ${p.rssApiMb} MB under (a)–(c), (e), (f), (h), (i), (k); ${p.rssLoginMb} MB under (d) | | | ${r[d].floor.rssMb} MB | | < 160 MB |`;
    }),
    ...each((d) => {
      const p = r[d].product;
      return `| ${LABEL[d]} | server RSS, peak, ${m.connections} connections | ${p.memList.rssMb} MB under (a) for ${m.duration} s (${p.memList.reqPerSec} req/s, p99 ${p.memList.p99Ms} ms); ${p.memLogin.rssMb} MB under a login burst (${p.memLogin.reqPerSec} logins/s, p99 ${p.memLogin.p99Ms} ms) | | | | | < 160 MB |`;
    }),
  ];
  if (r.web) {
    lines.push(
      '',
      `| page (${r.web.rounds} rounds, medians) | JS files | JS raw / gzip KB | CSS raw / gzip KB | first contentful paint | load event | form / rows visible | target |`,
      '|---|---|---|---|---|---|---|---|',
      ...webPages(r.web).map(
        ([name, p, ready, target]) =>
          `| ${name} | ${p.jsFiles} | ${p.jsKb} / ${p.jsGzipKb} | ${p.cssKb} / ${p.cssGzipKb} | ${p.fcpMs != null ? `${p.fcpMs} ms` : '—'} | ${p.loadMs != null ? `${p.loadMs} ms` : '—'} | ${ready} ms | ${target} |`,
      ),
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
