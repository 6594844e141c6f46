// The machine's own speed, recorded beside every bench run so tables from different days can be compared: a fresh
// process touching 64 MiB of new memory (µs per 4 KiB page fault: on a VM that hands freed memory back to its host,
// every first touch traps to the host and browser figures, which touch hundreds of MB per cold page, follow it),
// and a fixed loop of integer work (ms).
import { execFileSync } from 'node:child_process';

const PROBE = `
const b = Buffer.allocUnsafeSlow(64 * 1024 * 1024);
let t = process.hrtime.bigint();
for (let i = 0; i < b.length; i += 4096) b[i] = 1;
const fault = Number(process.hrtime.bigint() - t) / 1000 / (b.length / 4096);
t = process.hrtime.bigint();
let s = 0;
for (let i = 0; i < 1e8; i++) s += i % 7;
const loop = Number(process.hrtime.bigint() - t) / 1e6;
process.stdout.write(JSON.stringify({ fault, loop, s }));
`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** three fresh processes; medians */
export function probeMachine() {
  const runs = [0, 1, 2].map(() => JSON.parse(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' })));
  return {
    pageFaultUs: Math.round(median(runs.map((r) => r.fault)) * 100) / 100,
    loopMs: Math.round(median(runs.map((r) => r.loop))),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(probeMachine());
