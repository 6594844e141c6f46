import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, menuTree } from './index.js';

// its own file: the clashing description stays registered, and would break every other menu test after it
describe('a menu declared by a resource description', () => {
  it('refuses a declared screen whose route name another entry has (the seed keys menu rows by it)', () => {
    defineResource({
      name: 'testClash',
      module: 'testClash',
      table: 'test_clash',
      label: 'testClash.entity',
      fields: [],
      save: z.object({}),
      filters: [],
      endpoints: {},
      del: 'ids',
      order: [],
      menu: {
        url: '/testClash',
        routeName: 'TestClash',
        title: '冲突',
        icon: '',
        list: { url: '/testClash/news-list', routeName: 'NewsList', title: '冲突', icon: '' },
      },
    });
    expect(() => menuTree()).toThrow('menu of testClash: route name NewsList is taken');
  });
});
