// npm run restore -- FILE [--allow-unencrypted]
//   opens the archive (with BACKUP_ENCRYPTION_KEY when it is encrypted), checks every part against its manifest,
//   then fills an empty data directory / database and the image store. With a key set, a plain archive is
//   refused unless --allow-unencrypted (a backup made before encryption was turned on).
import { configFromEnv } from '../apps/server/src/config.js';
import { restoreBackup } from '../apps/server/src/ops/backup.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: npm run restore -- FILE.tar.gz [--allow-unencrypted]');
  process.exit(2);
}
try {
  const m = await restoreBackup(configFromEnv(), file, { allowUnencrypted: args.includes('--allow-unencrypted') });
  console.log(`restored ${file} (${m.dialect} backup of ${m.createdAt}): ${Object.keys(m.tables).length} tables, ${m.images} images`);
} catch (e) {
  console.error(`restore refused: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
