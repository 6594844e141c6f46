// npm run backup -- --out FILE      one archive: the database, every image, a manifest of checksums (0600;
//                                   encrypted with age when BACKUP_ENCRYPTION_KEY is set)
// npm run backup -- --new-key       prints a new age identity to use as BACKUP_ENCRYPTION_KEY
import { configFromEnv } from '../apps/server/src/config.js';
import { createBackup } from '../apps/server/src/ops/backup.js';

const args = process.argv.slice(2);
if (args.includes('--new-key')) {
  const { generateX25519Identity } = await import('age-encryption');
  console.log(await generateX25519Identity());
  process.exit(0);
}
const i = args.indexOf('--out');
const out = i >= 0 ? args[i + 1] : null;
if (!out) {
  console.error('usage: npm run backup -- --out FILE.tar.gz   (or --new-key)');
  process.exit(2);
}
const config = configFromEnv();
const m = await createBackup(config, out);
const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
const sealed = config.backupEncryptionKey ? ', encrypted' : '';
console.log(`${out}: ${m.dialect}, ${Object.keys(m.tables).length} tables, ${rows} rows, ${m.images} images${sealed}`);
