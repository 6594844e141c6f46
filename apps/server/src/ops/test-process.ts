import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/** Test helper: the real server in a process of its own. */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real server (src/main.ts) in its own process; log lines are JSON. Without a PORT it listens on
 * a free port the system picks (PORT=0); `ready()` resolves with its base URL once the start banner names it.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { test: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (l) => {
    lines.push(l);
    for (const w of [...waiters]) {
      if (!w.test(l)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(l);
    }
  });
  child.stderr!.on('data', (d) => lines.push(String(d)));
  const waitFor = (test: (l: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find(test);
      if (seen) return resolve(seen);
      waiters.push({ test, resolve });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before the line came:\n${lines.join('\n')}`)));
    });
  /** resolves once `n` lines in all have passed `test` */
  const waitForCount = (test: (l: string) => boolean, n: number) =>
    waitFor((l) => test(l) && lines.filter(test).length >= n).then(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** the server's base URL (`http://127.0.0.1:<port>`), once it listens */
  const ready = async () => {
    const line = await waitFor((l) => /is running: http:\/\/\S+:\d+/.test(l));
    return /is running: (http:\/\/\S+:\d+)/.exec(line)![1];
  };
  return { child, waitFor, waitForCount, ready, exited, lines };
}
