// npm run backup -- --out FILE      one archive: the database, every image, a manifest of checksums
import { configFromEnv } from '../apps/server/src/config.js';
import { createBackup } from '../apps/server/src/ops/backup.js';

const args = process.argv.slice(2);
const i = args.indexOf('--out');
const out = i >= 0 ? args[i + 1] : null;
if (!out) {
  console.error('usage: npm run backup -- --out FILE.tar.gz');
  process.exit(2);
}
const m = await createBackup(configFromEnv(), out);
const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
console.log(`${out}: ${m.dialect}, ${Object.keys(m.tables).length} tables, ${rows} rows, ${m.images} images`);
