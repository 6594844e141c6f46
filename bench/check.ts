// The content-check step of `npm run bench` (issue 27): a 1 MB rich-text body checked against 10,000 words (the
// 敏感词库's matcher, as every save and publish runs it: text nodes read, NFKC and case folded, Aho–Corasick, hits mapped
// back to the HTML source). Reports the median of --rounds runs after a warm-up; the bar is under 50 ms.
//   node --import tsx bench/check.ts [--rounds 7]
import { readable, type WordEntry, WordMatcher } from '../apps/server/src/modules/contentCheck/index.js';

/** a fixed pseudo-random sequence (the same words and body every run) */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 48271) % 2147483647;
    return s / 2147483647;
  };
}

export function measureCheck(rounds = 7): {
  words: number;
  bodyKb: number;
  hits: number;
  oneMbTenThousandWordsMs: number;
  cpuMs: number;
  buildMs: number;
} {
  const rnd = seeded(27);
  const cjk = () => String.fromCharCode(0x4e00 + Math.floor(rnd() * 0x5000));
  const words = new Set<string>();
  while (words.size < 10_000) words.add(cjk() + cjk() + (rnd() < 0.5 ? cjk() : ''));
  const list: WordEntry[] = [...words].map((word) => ({ word, category: 'custom', level: 'warn', whitelist: false }));
  list.push({ word: '国家级', category: 'custom', level: 'block', whitelist: false });
  list.push({ word: '最新', category: 'custom', level: 'warn', whitelist: true });
  const built = performance.now();
  const matcher = new WordMatcher(list);
  const buildMs = Math.round(performance.now() - built);
  const para =
    '<p>我们是一家专注于国际物流与供应链服务的公司，为客户提供海运、空运、陆运及仓储一体化解决方案。本季度新开通了三条航线，' +
    '覆盖东南亚主要港口，<strong>运输时效</strong>提升明显。欢迎来电咨询 Service Hotline：４００-８８８-８８８８。最新动态见官网。</p>\n';
  const parts: string[] = [];
  let size = 0;
  for (let n = 0; size < 1_000_000; n++) {
    const p = n % 40 === 0 ? para.replace('国际', '国家级') : para;
    parts.push(p);
    size += p.length;
  }
  const body = parts.join('');
  const times: number[] = [];
  const cpu: number[] = [];
  let hits = 0;
  for (let i = 0; i < rounds + 2; i++) {
    const used = process.cpuUsage();
    const started = performance.now();
    hits = matcher.find(readable(body, true), 1_000_000).length;
    const spent = process.cpuUsage(used);
    if (i >= 2) {
      times.push(performance.now() - started);
      cpu.push((spent.user + spent.system) / 1000);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    words: list.length,
    bodyKb: Math.round(body.length / 1024),
    hits,
    oneMbTenThousandWordsMs: Math.round(times[Math.floor((times.length - 1) / 2)] * 10) / 10,
    /** the same rounds' CPU time (what the check costs the process, whatever else the machine runs) */
    cpuMs: Math.round(cpu[Math.floor((cpu.length - 1) / 2)] * 10) / 10,
    buildMs,
  };
}

if (process.argv[1]?.endsWith('check.ts')) {
  const i = process.argv.indexOf('--rounds');
  console.log(JSON.stringify(measureCheck(i > 0 ? Number(process.argv[i + 1]) : 7)));
}
