// An esbuild plugin: the bundle's `src/db/migration-files.ts` imports every migration file of
// src/db/migrations/ statically (the bundle has no folder to read), in name order — the same list the
// sources read from the folder at run time. build.mjs uses it; src/db/migrate.test.ts checks it.
import fs from 'node:fs';
import path from 'node:path';

const FILE = /^(\d{3}_[a-z0-9_]+)\.ts$/;

/** the body that replaces migration-files.ts in the bundle */
export function migrationFilesSource(dir) {
  const ids = fs
    .readdirSync(dir)
    .map((f) => FILE.exec(f)?.[1])
    .filter(Boolean)
    .sort();
  return [
    "import { migrationOf } from './migration-file-of.js';",
    ...ids.map((id, i) => `import * as m${i} from './migrations/${id}.js';`),
    `const found = [${ids.map((id, i) => `[${JSON.stringify(id)}, migrationOf(${JSON.stringify(id)}, m${i})]`).join(', ')}];`,
    'export const MIGRATION_FILE = /^(\\d{3}_[a-z0-9_]+)\\.ts$/;',
    'export { migrationOf };',
    'export async function migrationFiles() { return found; }',
  ].join('\n');
}

export const migrationsPlugin = {
  name: 'gk-migrations',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]db[\\/]migration-files\.ts$/ }, (args) => ({
      contents: migrationFilesSource(path.join(path.dirname(args.path), 'migrations')),
      loader: 'ts',
      resolveDir: path.dirname(args.path),
      watchFiles: [args.path],
      watchDirs: [path.join(path.dirname(args.path), 'migrations')],
    }));
  },
};
