import { describe, expect, it } from 'vitest';
import { allMessages } from '../messages.js';

/** Formats and connectors, not sentences; and SPEC point 8's literal 'getInfo: roles must be a non-null array!'. */
const NOT_SENTENCES = new Set(['home.dateFormat', 'ui.date.to', 'auth.rolesEmpty']);

describe('messages', () => {
  it.each(['en', 'es'] as const)('every %s message starts with an upper-case letter (or a number / placeholder)', (lang) => {
    const lower = Object.entries(allMessages(lang))
      .filter(([k, v]) => !NOT_SENTENCES.has(k) && /^\p{Ll}/u.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(lower).toEqual([]);
  });

  it('every key exists in zh, en and es', () => {
    const zh = Object.keys(allMessages('zh')).sort();
    expect(Object.keys(allMessages('en')).sort()).toEqual(zh);
    expect(Object.keys(allMessages('es')).sort()).toEqual(zh);
  });
});
