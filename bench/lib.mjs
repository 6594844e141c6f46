// Shared helpers of the benchmark scripts: start / stop a server process, wait for it, sample its memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_PASSWORD = 'Bench_admin_2026';

export function arg(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : dflt;
}

export async function waitFor(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * How `npm run serve` starts the server — its environment assignments and node arguments — so the bench starts
 * the product exactly as users do: `{ env, args }`.
 */
export function serveCommand() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const words = pkg.scripts.serve.trim().split(/\s+/);
  const env = {};
  while (/^[A-Z_]+=/.test(words[0])) {
    const [k, ...v] = words.shift().split('=');
    env[k] = v.join('=');
  }
  if (words[0] !== 'node') throw new Error(`the serve script does not start node: ${pkg.scripts.serve}`);
  return { env, args: words.slice(1) };
}

/** Starts a node script (or node arguments) as a child process with the given environment; returns { proc, stop }. */
export function startNode(script, env, label) {
  const proc = spawn(process.execPath, Array.isArray(script) ? script : [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  proc.stdout.on('data', (d) => log.push(String(d)));
  proc.stderr.on('data', (d) => log.push(String(d)));
  proc.on('exit', (code) => {
    if (code && code !== 0 && !proc.stopping) console.error(`${label} exited with ${code}:\n${log.join('')}`);
  });
  return {
    proc,
    log,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.stopping = true;
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 100 ms until stopped; returns the peak in MB. */
export function sampleRss(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.round(peak);
  };
}

/** where the bench finds PostgreSQL (BENCH_PG_URL; the server's own database is never touched) */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the PostgreSQL at `url`; null when none answers. */
async function pgAdmin(url, text) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function postgresAnswers(url = PG_ADMIN_URL) {
  try {
    await pgAdmin(url, 'select 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates a database of its own for this run (`bench_<pid>`); returns its URL and a drop(). `kept`: a database
 * kept between runs under that name, used as it is when it exists (`existed`).
 */
export async function createPgDatabase(url = PG_ADMIN_URL, kept = null) {
  const name = kept ?? `bench_${process.pid}`;
  const existed = kept !== null && (await pgAdmin(url, `select 1 from pg_database where datname = '${name}'`)).rowCount > 0;
  if (!existed) {
    await pgAdmin(url, `drop database if exists ${name}`);
    await pgAdmin(url, `create database ${name}`);
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { name, existed, url: dbUrl.toString(), drop: () => pgAdmin(url, `drop database if exists ${name} with (force)`) };
}
