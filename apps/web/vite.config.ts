import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { gkAntdEdges } from './vite-plugin-antd-edges.ts';
import { gkActiveMenus, gkLists, gkPlainContracts } from './vite-plugin-contracts.ts';
import { gkMessages, messagesModuleId } from './vite-plugin-messages.ts';
import { gkPreload } from './vite-plugin-preload.ts';
import { gkViews } from './vite-plugin-views.ts';

/** antd's icon components and their SVG data */
const ICON = /[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    // two import edges inside antd that put the color picker and Collapse into every screen's antd chunk
    gkAntdEdges(),
    gkMessages(),
    gkLists(),
    gkActiveMenus(),
    // the contracts' data a list screen reads, without zod (the `*.contracts.ts` modules)
    gkPlainContracts(),
    // the menu's views, found under src/pages by route name (src/pages/menuViews.ts)
    gkViews(),
    // what the server names in the shell for a signed-in first screen (the modules Guard.tsx preloads, then the view's;
    // the screens' strings in zh, the default language: another language's load when the entry runs)
    gkPreload({ signedIn: ['src/app/antd.tsx', 'src/layout/Layout.tsx', messagesModuleId('zh', 'rest')] }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/img': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunks an entry or a lazy page loads (the size budget of /login is read from it)
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // the runtime every screen needs, login included: one chunk that survives app-only deployments in the cache.
            // Only packages the entry imports anyway, so the group never drags code onto /login (antd, react-query,
            // the editor and the contracts' schemas stay in the chunks of the screens that use them).
            {
              name: 'vendor',
              // and the contracts' language list, which the entry reads and the contracts chunk imports (left to itself,
              // rolldown splits it into a chunk of its own once a form loads the contracts on demand); so with clsx and the
              // icons' context, which the login page's icons import and antd's chunks share (else two more tiny chunks)
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|zustand|use-sync-external-store|js-cookie|clsx)[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/]i18n[\\/]index\.ts$|[\\/]@ant-design[\\/]icons[\\/]es[\\/]components[\\/]Context\.js$/,
            },
            // antd's icons: the entry's own (the login page's, with antd's icon component) in a chunk beside it, every other
            // icon two chunks or more use in one chunk (76 icons, 16.3 KB gzip, cached for the whole app; an icon of one
            // chunk stays in it). Left to themselves, each shared icon was a chunk of its own (an icon is used by its own
            // set of screens): 23 on the news list, 14.6 KB gzip; 30 on the detail page
            { name: 'entry-icons', tags: ['$initial'], test: ICON },
            { name: 'icons', test: ICON, minShareCount: 2 },
            // the data layer (api/queries.ts, with react-query's mutations) and what every signed-in screen reads of the
            // contracts without zod (`@gk/contracts/list`, the shared endpoint tables): one chunk, which the lists and the
            // forms load alike. Without their dependencies (the endpoint registry and the envelope are the entry's)
            {
              name: 'queries',
              includeDependenciesRecursively: false,
              test: /([\\/]packages[\\/]contracts[\\/]src[\\/](list|enums)\.ts|[\\/]src[\\/]api[\\/](queries|shared\.contracts)\.ts|[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](mutationObserver|useMutation)\.js)$/,
            },
          ],
        },
      },
    },
  },
});
