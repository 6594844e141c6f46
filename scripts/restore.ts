// npm run restore -- FILE      checks every checksum, then fills an empty data directory / database and the image store
import { configFromEnv } from '../apps/server/src/config.js';
import { restoreBackup } from '../apps/server/src/ops/backup.js';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: npm run restore -- FILE.tar.gz');
  process.exit(2);
}
try {
  const m = await restoreBackup(configFromEnv(), file);
  console.log(`restored ${file} (${m.dialect} backup of ${m.createdAt}): ${Object.keys(m.tables).length} tables, ${m.images} images`);
} catch (e) {
  console.error(`restore refused: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
