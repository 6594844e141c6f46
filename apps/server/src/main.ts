import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '127.0.0.1';

const { app, seed, db } = await buildApp(config);
await app.listen({ port, host });

const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const lines = [
  '',
  `  港口官网后台 is running: http://${shown}:${port}`,
  `  Database: ${db.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${config.sqliteFile})`}`,
];
if (seed.generatedPassword) {
  lines.push(
    `  Log in as admin with the generated password: ${seed.generatedPassword}`,
    `  (also written to ${config.dataDir}/initial-admin-password.txt — change it after the first login)`,
  );
} else if (seed.adminCreated) {
  lines.push('  Log in as admin with the password from ADMIN_PASSWORD.');
} else {
  lines.push(`  Log in as admin (the password set on first start; see ${config.dataDir}/initial-admin-password.txt if it was generated).`);
}
console.log(`${lines.join('\n')}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
