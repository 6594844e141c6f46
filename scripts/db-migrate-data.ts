// npm run db:migrate-data -- --to postgres://user:pass@host:5432/db [--schema NAME]
// Copies DATA_DIR/app.db (SQLite) into an empty PostgreSQL database and checks rows and indexes after.
import { configFromEnv } from '../apps/server/src/config.js';
import { migrateData } from '../apps/server/src/ops/backup.js';

const args = process.argv.slice(2);
const arg = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const to = arg('--to');
if (!to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error('usage: npm run db:migrate-data -- --to postgres://user:pass@host:5432/db [--schema NAME]');
  process.exit(2);
}
try {
  const r = await migrateData(configFromEnv(), to, arg('--schema') ?? null);
  for (const [t, c] of Object.entries(r.tables)) console.log(`${t}: ${c.source} → ${c.target}`);
  console.log(`done: ${Object.keys(r.tables).length} tables copied and counted, ${r.indexes} indexes present`);
} catch (e) {
  console.error(`db:migrate-data refused: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
