// npm run images:migrate [-- --to s3|local]
// Copies the images of DATA_DIR/uploads into the S3-compatible bucket of the S3_* settings (default), or
// back from the bucket into DATA_DIR/uploads with `--to local`. Safe to run again: what is there is skipped.
import { configFromEnv } from '../apps/server/src/config.js';
import { LocalImageStore, S3ImageStore } from '../apps/server/src/storage/index.js';
import { copyImages } from '../apps/server/src/storage/migrate.js';

const args = process.argv.slice(2);
const toIndex = args.indexOf('--to');
const to = toIndex >= 0 ? args[toIndex + 1] : 's3';
if (to !== 's3' && to !== 'local') {
  console.error('usage: npm run images:migrate [-- --to s3|local]');
  process.exit(2);
}
const config = configFromEnv();
if (!config.s3) {
  console.error('S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) must be set');
  process.exit(2);
}
const local = new LocalImageStore(config.dataDir);
const bucket = new S3ImageStore(config.s3);
const [from, target] = to === 's3' ? [local, bucket] : [bucket, local];
console.log(to === 's3' ? `${local.root} → bucket ${config.s3.bucket}` : `bucket ${config.s3.bucket} → ${local.root}`);
const report = await copyImages(from, target, (done, total, name, action) => {
  console.log(`[${done}/${total}] ${name} ${action}`);
});
console.log(`done: ${report.copied} copied, ${report.skipped} already there, ${report.total} in all`);
await bucket.close();
