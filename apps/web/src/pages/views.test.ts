import lists from 'virtual:gk-lists';
import { describe, expect, it } from 'vitest';
import { lazyView, listOf, registeredUrls } from './views';

/** The registry's `list` (what the entry requests on a cold load) is the resource the view's own preload lists. */
describe('view registry: list screens', () => {
  it('names, for every list view, the resource of its listPreload, and for no other view', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    for (const url of registeredUrls()) {
      const m = (await lazyView(url)!.preload()) as { preload?: { list?: { resource: { name: string }; baseQuery?: unknown } } };
      const own = m.preload?.list;
      // a list sent with a base query asks for another body than the entry would: it is not registered as a list
      const expected = own && !own.baseQuery ? own.resource.name : undefined;
      if (listOf(url) !== expected) mismatches.push(`${url}: registry ${listOf(url)}, view ${expected}`);
      if (expected && !lists.resources[expected]) mismatches.push(`${url}: ${expected} has no list endpoint in the contracts`);
    }
    expect(mismatches).toEqual([]);
    expect(listOf('/news/news-list')).toBe('news');
  });
});
