import { describe, expect, it } from 'vitest';
import { allMessages, translate } from '../messages.js';
import { defineMessages, LANGS, type MessageBundle } from './index.js';

/** Formats and connectors, not sentences; and SPEC point 8's literal 'getInfo: roles must be a non-null array!'. */
const NOT_SENTENCES = new Set(['home.dateFormat', 'ui.date.to', 'auth.rolesEmpty']);

describe('messages', () => {
  it.each(['en', 'es'] as const)('every %s message starts with an upper-case letter (or a number / placeholder)', (lang) => {
    const lower = Object.entries(allMessages(lang))
      .filter(([k, v]) => !NOT_SENTENCES.has(k) && /^\p{Ll}/u.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(lower).toEqual([]);
  });

  it('zh messages use Chinese punctuation: no ASCII ? , : ! next to a Chinese character', () => {
    const cjk = '[\\p{Script=Han}，。：；？！（）「」]';
    const ascii = new RegExp(`${cjk}[?,:!]|[?,:!]\\s*${cjk}`, 'u');
    const bad = Object.entries(allMessages('zh'))
      .filter(([, v]) => ascii.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(bad).toEqual([]);
  });

  it('every key exists in zh, en and es', () => {
    const zh = Object.keys(allMessages('zh')).sort();
    expect(Object.keys(allMessages('en')).sort()).toEqual(zh);
    expect(Object.keys(allMessages('es')).sort()).toEqual(zh);
  });
});

describe('bundles register themselves', () => {
  it('every bundle a resource file exports is in the dictionary, with no list of them anywhere', async () => {
    const resources: Record<string, unknown> = await import('../resources/index.js');
    const bundles = Object.entries(resources).filter(([name]) => name.endsWith('Messages')) as [string, MessageBundle<string>][];
    expect(bundles.length).toBeGreaterThan(20);
    const missing = bundles.flatMap(([name, b]) =>
      LANGS.flatMap((lang) =>
        Object.keys(b[lang])
          .filter((k) => allMessages(lang)[k] !== b[lang][k])
          .map((k) => `${name} ${lang} ${k}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('no key is declared by two bundles (the order modules load in never decides a text)', async () => {
    const areas = await Promise.all(
      [
        './core.js',
        './shell.js',
        './ui.js',
        './ops.js',
        './translation-ui.js',
        './import-ui.js',
        './media-ui.js',
        './release-ui.js',
        './permissions.js',
        '../translation.js',
        '../resources/index.js',
        './calendar-ui.js',
        './review-ui.js',
      ].map((m) => import(m)),
    );
    const bundles = areas.flatMap((a: Record<string, unknown>) => Object.entries(a).filter(([name]) => name.endsWith('Messages')));
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, b] of bundles as [string, MessageBundle<string>][])
      for (const k of Object.keys(b.zh)) {
        if (owner.has(k) && owner.get(k) !== name) twice.push(`${k}: ${owner.get(k)}, ${name}`);
        owner.set(k, name);
      }
    expect(bundles.length).toBeGreaterThan(24);
    expect(twice).toEqual([]);
  });

  it('a bundle defined after the start is translated at once', () => {
    defineMessages({
      zh: { 'test.selfRegistered': '自己登记' },
      en: { 'test.selfRegistered': 'Self' },
      es: { 'test.selfRegistered': 'Propio' },
    });
    expect(translate('en', 'test.selfRegistered')).toBe('Self');
    expect(allMessages('zh')['test.selfRegistered']).toBe('自己登记');
  });
});
