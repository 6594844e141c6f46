/**
 * Layer rules (issue 22), checked by `npm run lint:deps` (part of `npm test`). Each rule has one line in
 * docs/architecture.md ("Layer rules"); tools/depcruise.test.ts shows each one failing on a small violation.
 *
 * Type-only imports (`import type …`, or every specifier marked `type`) vanish at build: they do not count
 * for cycles, but they do count for every layer rule.
 */

const SERVER = '^apps/server/src/';
/** test files and the test helpers beside the code (harness, test-process, test-s3, test-scale) */
const TESTS = ['\\.test\\.tsx?$', '^apps/server/src/test/', '/test-[^/]+\\.ts$', '^apps/web/src/test/'];
/** the layers below the modules: crud, auth, ops; then db, http, storage, events; config.ts and context.ts */
const BELOW_MODULES = `${SERVER}(crud|auth|ops|db|http|storage|events)/|${SERVER}(config|context)\\.ts$`;
const INFRASTRUCTURE = `${SERVER}(db|http|storage|events)/|${SERVER}config\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle (web, server, contracts, tools); a cycle closed only by a type-only import is allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'contracts-import-no-app',
      comment: 'packages/contracts is the bottom layer: it imports nothing of the apps, e2e, bench, scripts or tools.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|e2e|bench|scripts|tools)/' },
    },
    {
      name: 'web-imports-no-server',
      comment: 'The web app talks to the server over HTTP only; shared shapes live in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-imports-no-web',
      comment: 'The server imports nothing of the web app (it serves its built files).',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'module-through-index',
      comment:
        "A server module reaches another module only through that module's index.ts (or its events.ts, the hooks it offers to listeners, and its test helpers test-*.ts).",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/(index|events|test-[^/]+)\\.ts$`],
      },
    },
    {
      name: 'no-import-up-to-modules',
      comment: 'Modules sit on top: crud, auth, ops, db, http, storage, events, config.ts and context.ts never import them.',
      severity: 'error',
      from: { path: BELOW_MODULES, pathNot: TESTS },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'no-import-up-to-the-root',
      comment: 'main.ts, prepare.ts and app.ts compose the server; no layer below imports them.',
      severity: 'error',
      from: { path: `${SERVER}modules/|${BELOW_MODULES}`, pathNot: TESTS },
      to: { path: `${SERVER}(main|prepare|app)\\.ts$` },
    },
    {
      name: 'infrastructure-imports-no-service',
      comment: 'db, http, storage, events and config.ts import no crud, auth or ops (they sit below them).',
      severity: 'error',
      from: { path: INFRASTRUCTURE, pathNot: TESTS },
      to: { path: `${SERVER}(crud|auth|ops)/` },
    },
    {
      name: 'ctx-is-a-type-below',
      comment: 'context.ts builds Ctx from db and storage; the layers below it (and crud) import it as a type only.',
      severity: 'error',
      from: { path: `${INFRASTRUCTURE}|${SERVER}crud/`, pathNot: TESTS },
      to: { path: `${SERVER}context\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-lib-is-the-bottom',
      comment: "The web's lib/ imports nothing of the app but lib/ and the stores' data (docs/architecture.md, web layers).",
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: TESTS },
      to: { path: '^apps/web/src/', pathNot: '^apps/web/src/(lib|stores)/' },
    },
    {
      name: 'web-stores-hold-data',
      comment: 'The web stores keep data only: no value import of api/, components/, pages/, layout/ or app/ (types are fine).',
      severity: 'error',
      from: { path: '^apps/web/src/stores/', pathNot: TESTS },
      to: { path: '^apps/web/src/(api|components|pages|layout|app)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-components-know-no-screens',
      comment: 'Shared web components import no screen (pages/), frame (layout/) or router (app/).',
      severity: 'error',
      from: { path: '^apps/web/src/components/', pathNot: TESTS },
      to: { path: '^apps/web/src/(pages|layout|app)/' },
    },
  ],
  options: {
    // swc parses .ts and .tsx and tells type-only imports apart; the `typescript` package here is 7 (tsgo), whose
    // compiler API dependency-cruiser cannot use
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test-results|playwright-report)/|^bench/results/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
