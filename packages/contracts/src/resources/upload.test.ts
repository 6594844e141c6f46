import { describe, expect, it } from 'vitest';
import { formatBytes, imageNameOf, imageUrl } from './upload.js';

const NAME = '0123456789abcdef0123456789abcdef.png';

describe('image references', () => {
  it('reads the stored name from a bare name, an /img/ URL or a full URL', () => {
    expect(imageNameOf(NAME)).toBe(NAME);
    expect(imageNameOf(imageUrl(NAME))).toBe(NAME);
    expect(imageNameOf(` /img/${NAME}?v=2 `)).toBe(NAME);
    expect(imageNameOf(`https://www.example.com/img/${NAME}#x`)).toBe(NAME);
    expect(imageNameOf(`http://cdn.example.com/site/img/${NAME}`)).toBe(NAME);
  });

  it('gives null for anything outside the store', () => {
    for (const ref of [
      null,
      '',
      '../app.db',
      `/img/../${NAME}`,
      `/img/a/${NAME}`,
      `/uploads/${NAME}`,
      `http://example.com/files/${NAME}`,
      `http://example.com/img/../${NAME}`,
      `file:///img/${NAME}`,
      '/etc/passwd',
      'abc.png',
      NAME.replace('.png', '.svg'),
      NAME.toUpperCase(),
    ]) {
      expect(imageNameOf(ref), String(ref)).toBeNull();
    }
  });

  it('formats byte limits as users read them', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(500)).toBe('500 B');
  });
});
