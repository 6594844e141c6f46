import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../test/harness.js';
import { deleteUnreferenced, NAMES_LOOKED_UP_ONE_BY_ONE } from './references.js';

describe.each(DIALECTS)('images a write drops, on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('a text naming many images: the save keeps them (素材库); one listing and one pass decide which are unused', async () => {
    const token = await t.current.login();
    const post = (path: string, body: unknown) => t.current.post(path, body, { token });
    const { images } = t.current.ctx;
    // more names than are looked up one by one; three of them are stored files
    const names = Array.from(
      { length: NAMES_LOOKED_UP_ONE_BY_ONE * 3 },
      (_, i) => `${i.toString(16).padStart(4, '0')}${'ab'.repeat(14)}.png`,
    );
    for (const name of names.slice(0, 3)) await images.put(name, Buffer.from(`image ${name}`), 'image/png');
    const many = await post('/policy/savePolicy', {
      title: `many-images-${dialect}`,
      content: names.map((n) => `<p><img src="/img/${n}"></p>`).join(''),
    });
    expect(many.body.code).toBe(200);
    // another record still shows the first one
    const keeper = await post('/policy/savePolicy', { title: `keeps-one-${dialect}`, content: `<p><img src="/img/${names[0]}"></p>` });
    expect(keeper.body.code).toBe(200);

    const dropped = await post('/policy/savePolicy', {
      id: many.body.data.id,
      title: `many-images-${dialect}`,
      content: '<p>no images</p>',
    });
    expect(dropped.body.code).toBe(200);
    // the save deletes nothing (issue 26); asked, the unused files go and the used one stays
    for (const name of names.slice(0, 3)) expect(await images.exists(name)).toBe(true);
    expect((await deleteUnreferenced(t.current.ctx.db, images, names)).sort()).toEqual([names[1], names[2]].sort());
    expect(await images.exists(names[0])).toBe(true);
    expect(await images.exists(names[1])).toBe(false);
    expect(await images.exists(names[2])).toBe(false);
  });
});
