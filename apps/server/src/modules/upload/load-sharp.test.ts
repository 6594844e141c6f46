import { describe, expect, it } from 'vitest';
import { loadSharp } from './image-meta.js';

describe('sharp as the product loads it', () => {
  it('keeps no libvips operation cache (an image is read and its renditions made once, then stored)', async () => {
    const sharp = await loadSharp();
    expect(await loadSharp()).toBe(sharp);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    for (const width of [16, 24, 32]) await sharp(png).resize({ width }).webp().toBuffer();
    const { memory, files, items } = sharp.cache();
    expect({ memory: memory.max, files: files.max, items: items.max }).toEqual({ memory: 0, files: 0, items: 0 });
    expect({ memory: memory.current, items: items.current }).toEqual({ memory: 0, items: 0 });
  });
});
