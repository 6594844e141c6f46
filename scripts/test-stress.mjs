// npm run test:stress — the suites as a busy CI machine runs them (issue 20): run it before every resolve.
//   1. the unit and integration suites (vitest) with files and tests in a shuffled order, from a seed it prints;
//      `STRESS_SEED=<n> npm run test:stress` repeats an order that failed
//   2. the browser suite (Playwright, built first) with two CPU-bound processes beside it the whole time
// Retries stay at 0: a test that passes only on a second try is a defect. `--unit` or `--e2e` runs one half.
import { spawn } from 'node:child_process';
import os from 'node:os';

const only = process.argv.slice(2);
const want = (part) => only.length === 0 || only.includes(`--${part}`);
const seed = Number(process.env.STRESS_SEED) || Math.floor(Math.random() * 2 ** 31);
const BUSY = 2;

/** runs a command with the terminal's output; resolves to its exit code */
const run = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/** a process that keeps one core busy until it is killed */
const busyLoop = () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

let failed = false;
if (want('unit')) {
  console.log(`== unit suites, shuffled: seed ${seed} (repeat with STRESS_SEED=${seed} npm run test:stress -- --unit)`);
  const code = await run('npx', ['vitest', 'run', '--sequence.shuffle', `--sequence.seed=${seed}`]);
  if (code !== 0) {
    console.log(`== unit suites FAILED with seed ${seed}`);
    failed = true;
  }
}
if (want('e2e')) {
  console.log('== build');
  if ((await run('npm', ['run', 'build'])) !== 0) process.exit(1);
  console.log(`== browser suite beside ${BUSY} CPU-bound processes (${os.cpus().length} cores)`);
  const busy = Array.from({ length: BUSY }, busyLoop);
  const stop = () => {
    for (const b of busy) b.kill('SIGKILL');
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));
  const code = await run('npm', ['run', 'test', '-w', 'e2e']);
  stop();
  if (code !== 0) {
    console.log('== browser suite FAILED under load');
    failed = true;
  }
}
console.log(failed ? '== test:stress failed' : `== test:stress passed (seed ${seed})`);
process.exit(failed ? 1 : 0);
