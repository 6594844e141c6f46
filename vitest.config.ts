import { defineConfig } from 'vitest/config';
import { gkActiveMenus, gkLists } from './apps/web/vite-plugin-contracts.ts';
import { gkMessages } from './apps/web/vite-plugin-messages.ts';
import { gkViews } from './apps/web/vite-plugin-views.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      // the layer rules of .dependency-cruiser.cjs fail on a violation (tools/depcruise.test.ts)
      { test: { name: 'imports', include: ['tools/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // virtual:gk-messages/* (the web's dictionaries), virtual:gk-lists and virtual:gk-active-menus, built at runtime from the contracts here;
        // virtual:gk-views, the menu's views found under apps/web/src/pages
        plugins: [gkMessages(), gkLists(), gkActiveMenus(), gkViews()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // a failure detector only (a passing test ends when it is done): the default 5 s is overrun on a busy machine
          testTimeout: 30_000,
        },
      },
    ],
  },
});
