// Checks that bench/generate.mjs writes content_slug exactly as the product's start-up slug backfill would:
// generates N news (default 2000), then on one copy of the database deletes the slugs and lets backfillSlugs make
// them, and on another lets backfillSlugs run over the generated ones. The first must make as many as the generator
// wrote and the same rows (create_time apart: a clock); the second must make none. Exits non-zero otherwise.
//   node --import tsx bench/slugs-check.ts --news 2000 --port 18880 [--no-search-terms]
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { configFromEnv } from '../apps/server/src/config.ts';
import { makeCtx } from '../apps/server/src/context.ts';
import { openDb } from '../apps/server/src/db/index.ts';
import { backfillSlugs } from '../apps/server/src/modules/delivery/slug-backfill.ts';
import { generate } from './generate.mjs';
import { arg, ROOT } from './lib.mjs';

const news = Number(arg('news', '2000'));
const port = Number(arg('port', '18880'));
const dir = path.join(ROOT, 'bench/results/tmp/slugs-check');
const gen = await generate(path.join(dir, 'gen'), news, port, { searchTerms: !process.argv.includes('--no-search-terms') });
console.log(`generated ${news} news; ${gen.slugs} slugs in ${gen.slugMs} ms`);

/** backfillSlugs over a copy of the generated database (`prepare` runs on the copy first): slugs made, rows after */
async function backfilled(name: string, prepare?: (db: Database.Database) => void) {
  const copy = path.join(dir, name);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(copy, { recursive: true });
  fs.copyFileSync(path.join(dir, 'gen/app.db'), path.join(copy, 'app.db'));
  if (prepare) {
    const raw = new Database(path.join(copy, 'app.db'));
    prepare(raw);
    raw.close();
  }
  const config = { ...configFromEnv({ DATA_DIR: copy, TZ_NAME: 'Asia/Shanghai' }), slugBackfill: false };
  const { db, dialect, close } = await openDb(config);
  try {
    const t0 = Date.now();
    const made = await backfillSlugs(makeCtx(config, db, dialect));
    const ms = Date.now() - t0;
    const rows = await db
      .selectFrom('content_slug')
      .select(['resource', 'locale', 'slug', 'record_id', 'current', 'create_time'])
      .orderBy('resource')
      .orderBy('locale')
      .orderBy('slug')
      .execute();
    return { made, ms, rows };
  } finally {
    await close();
  }
}

const fromGenerator = await backfilled('over-generated');
const fromBackfill = await backfilled('backfill-only', (raw) => raw.exec('delete from content_slug'));
const strip = (rows: Record<string, unknown>[]) => rows.map(({ create_time, ...r }) => JSON.stringify(r));
const a = strip(fromGenerator.rows);
const b = strip(fromBackfill.rows);
const differ = a.length !== b.length || a.some((r, i) => r !== b[i]);
const suffixes = fromGenerator.rows.map((r) => Number(/-(\d+)$/.exec(String(r.slug))?.[1] ?? 1));
const clashes = suffixes.filter((n) => n > 1).length;
console.log(
  `backfill over the generated slugs made ${fromGenerator.made} in ${fromGenerator.ms} ms; over none it made ${fromBackfill.made} in ${fromBackfill.ms} ms (generator: ${gen.slugs} in ${gen.slugMs} ms); ${a.length} rows, ${clashes} with a -N variant (up to -${suffixes.reduce((m, n) => Math.max(m, n), 1)}); rows ${differ ? 'DIFFER' : 'identical'}`,
);
const first = a.findIndex((r, i) => r !== b[i]);
if (first >= 0) console.log(`  first difference at ${first}: generator ${a[first]}, backfill ${b[first]}`);
if (fromGenerator.made !== 0 || fromBackfill.made !== gen.slugs || differ) process.exit(1);
fs.rmSync(dir, { recursive: true, force: true });
console.log('ok');
