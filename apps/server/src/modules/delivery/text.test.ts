import { describe, expect, it } from 'vitest';
import { isoOf, localBound } from './iso-time.js';
import { readImages, writeImages } from './rich-text.js';
import { termsOf, textOfHtml } from './search-terms.js';

describe('delivery dates', () => {
  it('give local times their offset in the zone, daylight saving included', () => {
    expect(isoOf('2026-11-26 15:00:00', 'Asia/Shanghai')).toBe('2026-11-26T15:00:00+08:00');
    expect(isoOf('2026-07-01 12:00:00', 'Europe/Berlin')).toBe('2026-07-01T12:00:00+02:00');
    expect(isoOf('2026-01-01 12:00:00', 'Europe/Berlin')).toBe('2026-01-01T12:00:00+01:00');
    expect(isoOf('2026-07-01 12:00:00', 'America/New_York')).toBe('2026-07-01T12:00:00-04:00');
    expect(isoOf('2026-07-01 12:00:00', 'Asia/Kolkata')).toBe('2026-07-01T12:00:00+05:30');
    expect(isoOf('2026-07-01 12:00:00', 'UTC')).toBe('2026-07-01T12:00:00+00:00');
    // a time the clocks skip reads with the offset before the change
    expect(isoOf('2026-03-29 02:30:00', 'Europe/Berlin')).toBe('2026-03-29T02:30:00+01:00');
    expect(isoOf(null, 'Asia/Shanghai')).toBeNull();
  });

  it('read range bounds as stored local times: days whole, offsets converted', () => {
    const z = 'Asia/Shanghai';
    expect(localBound('2026-11-26', 'from', z)).toBe('2026-11-26 00:00:00');
    expect(localBound('2026-11-26', 'to', z)).toBe('2026-11-26 23:59:59');
    expect(localBound('2026-11-26T15:00', 'from', z)).toBe('2026-11-26 15:00:00');
    expect(localBound('2026-11-26T07:00:00Z', 'from', z)).toBe('2026-11-26 15:00:00');
    expect(localBound('2026-11-26T09:00:00+02:00', 'to', z)).toBe('2026-11-26 15:00:00');
    expect(localBound('2026-11-26T15:00:00 08:00', 'to', z)).toBe('2026-11-26 15:00:00');
    expect(localBound('2026-02-30', 'from', z)).toBeNull();
    expect(localBound('2026-11-26T24:00', 'from', z)).toBeNull();
  });
});

describe('search terms', () => {
  it('index Chinese by characters and pairs, other text by lower-cased stemmed words; a query by pairs', () => {
    expect(termsOf('跨境电商')).toEqual(['跨', '境', '跨境', '电', '境电', '商', '电商']);
    expect(termsOf('跨境电商', 'query')).toEqual(['跨境', '境电', '电商']);
    expect(termsOf('港', 'query')).toEqual(['港']);
    expect(termsOf('Customs-CLEARANCE ２０２６年', 'query')).toEqual(['custom', 'clearanc', '2026', '年']);
    expect(termsOf('Aduanas y Logística', 'query')).toEqual(['aduana', 'y', 'logística']);
    expect(termsOf('  ，。!?', 'query')).toEqual([]);
    expect(termsOf(`${'x'.repeat(100)}`, 'query')).toEqual(['x'.repeat(40)]);
  });

  it('give the forms of an English word one stem (plurals, -ing, -ed), for records and queries alike', () => {
    const same = (...words: string[]) => expect(new Set(words.map((w) => termsOf(w, 'query').join(' '))).size).toBe(1);
    same('declaration', 'declarations', 'Declarations');
    same('ship', 'ships', 'shipped', 'shipping');
    same('box', 'boxes');
    same('company', 'companies');
    same('clear', 'clears', 'cleared', 'clearing');
    same('process', 'processes', 'processing', 'processed');
    // words with digits and words of other scripts stay whole
    expect(termsOf('mp3s H2O москвы', 'query')).toEqual(['mp3s', 'h2o', 'москвы']);
    expect(termsOf('Shipping 冷链', 'index')).toEqual(termsOf('ships 冷链', 'index'));
  });

  it('read rich text without its tags: inline tags join, others separate', () => {
    const text = textOfHtml('<p>冷链<b>物</b>流 &amp; Co</p><ul><li>上海</li><li>深圳</li></ul>');
    expect(text.split(' ').filter(Boolean)).toEqual(['冷链物流', '&', 'Co', '上海', '深圳']);
    expect(termsOf(textOfHtml('<li>上海</li><li>深圳</li>'))).not.toContain('海深');
  });
});

describe('rich-text images', () => {
  const abs = (u: string) => `https://cms.example.com${u}`;
  const set = (u: string, w: number) => `${u}?w=320 320w, ${u} ${w}w`;
  const meta = new Map([['a1b2c3d4e5f60718.png', { name: 'a1b2c3d4e5f60718.png', width: 800, height: 600, alt: '港口 "夜景"' }]]);
  const write = (html: string) => writeImages(readImages(html), meta, abs, set);

  it('get an absolute src and width, height, srcset and alt from the meta row; other markup stays byte for byte', () => {
    const u = 'https://cms.example.com/img/a1b2c3d4e5f60718.png';
    expect(write('<p>a</p><img src="/img/a1b2c3d4e5f60718.png" /><p>b</p>')).toBe(
      `<p>a</p><img src="${u}" width="800" height="600" srcset="${u}?w=320 320w, ${u} 800w" alt="港口 &#34;夜景&#34;" /><p>b</p>`,
    );
    // the tag's own attributes win; an empty alt is filled
    expect(write('<img width="10" alt="" src="/img/a1b2c3d4e5f60718.png">')).toBe(
      `<img width="10" alt="港口 &#34;夜景&#34;" src="${u}" height="600" srcset="${u}?w=320 320w, ${u} 800w">`,
    );
    // unknown stored image: absolute only; another site's image, a link and text: untouched
    expect(
      write('<img src="/img/ffffffffffffffff.png"><img src="https://x.example/y.png"><a href="/img/a1b2c3d4e5f60718.png">/img/</a>'),
    ).toBe(
      '<img src="https://cms.example.com/img/ffffffffffffffff.png"><img src="https://x.example/y.png"><a href="/img/a1b2c3d4e5f60718.png">/img/</a>',
    );
  });

  it('read broken markup in one pass without failing', () => {
    const broken = `${'<img src="/img/a1b2c3d4e5f60718.png'.repeat(2000)}${'<'.repeat(5000)}"`;
    expect(typeof write(broken)).toBe('string');
    expect(write('')).toBe('');
    expect(write('plain text')).toBe('plain text');
  });
});
