import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/** Test helper: the real server in a process of its own. */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** Starts the real server (src/main.ts) in its own process; resolves once it listens. Log lines are JSON. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { test: (l: string) => boolean; resolve: () => void }[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (l) => {
    lines.push(l);
    for (const w of [...waiters]) {
      if (!w.test(l)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  child.stderr!.on('data', (d) => lines.push(String(d)));
  const waitFor = (test: (l: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (lines.some(test)) return resolve();
      waiters.push({ test, resolve });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before the line came:\n${lines.join('\n')}`)));
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, waitFor, exited, lines };
}
