import { buildApp } from './app.js';
import { configFromEnv } from './config.js';
import { startMallocTrim } from './ops/malloc-trim.js';
import { installShutdown } from './ops/shutdown.js';
import { prepare } from './prepare.js';

const config = configFromEnv();
const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '127.0.0.1';

// migrate, seed, demo content; then build the app on the prepared database
const { app, seed, db } = await buildApp(await prepare(config));
installShutdown(app, Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000));
await app.listen({ port, host });
// what native code freed (hash buffers, image decoding, the start-up's statements) goes back to the system
startMallocTrim(config.mallocTrimMs);

const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
// PORT=0 takes a free port: the banner names the one the system gave
const address = app.server.address();
const listening = address && typeof address === 'object' ? address.port : port;
const lines = [
  '',
  `  网站后台管理系统 is running: http://${shown}:${listening}`,
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

// SIGTERM / SIGINT: stop taking connections, answer the requests received, close the connections, close the
// database, exit 0; a stop that takes longer than SHUTDOWN_TIMEOUT_MS exits 1 (ops/shutdown.ts)
