import { type BuildOptions, type BuiltApp, buildApp } from './app.js';
import { type SeedResult, seedCore } from './auth/seed.js';
import type { AppConfig } from './config.js';
import { type Ctx, makeCtx } from './context.js';
import { type Db, openDb } from './db/index.js';
import { migrate, withMigrationLock } from './db/migrate.js';
import { seedDemo } from './modules/demo/index.js';
import { seedModules } from './modules/index.js';
import { createImageStore, type ImageStore } from './storage/index.js';

/**
 * The steps before the app is built, in order: open the database, migrate it, seed the core (admin
 * account, menus, permissions) and the modules, and fill an empty database with the demo content. The
 * server (main.ts), the test harness and the benchmark all start through here, so they run the same steps.
 */

export interface PrepareOptions {
  /** a clock for tests (epoch ms) */
  clock?: () => number;
  /** where uploaded images live; default from the configuration (DATA_DIR/uploads) */
  images?: ImageStore;
  /** where the log lines go (tests) */
  logStream?: BuildOptions['logStream'];
}

/** A migrated, seeded database and the context every module gets: what `buildApp` needs. */
export interface Prepared {
  ctx: Ctx;
  db: Db;
  /** what the start banner reports (admin account created, generated password) */
  seed: SeedResult;
}

export async function prepare(config: AppConfig, options: PrepareOptions = {}): Promise<Prepared> {
  const db = await openDb(config);
  try {
    const ctx = makeCtx(config, db.db, db.dialect, options.clock, options.images ?? createImageStore(config));
    // several processes starting together on one PostgreSQL take turns (db/migrate.ts)
    const seed = await withMigrationLock(db.db, db.dialect, config.databaseSchema, async () => {
      await migrate(db.db, db.dialect, config.databaseSchema);
      const seeded = await seedCore(ctx);
      await seedModules(ctx);
      // demo content: only on the start that created the admin account (an empty database), and only once
      if (seeded.adminCreated && config.seedDemo) await seedDemo(ctx);
      return seeded;
    });
    return { ctx, db, seed };
  } catch (e) {
    await db.close();
    throw e;
  }
}

/** prepare, then build: a ready app (no listen) */
export async function prepareApp(config: AppConfig, options: PrepareOptions = {}): Promise<BuiltApp> {
  const prepared = await prepare(config, options);
  try {
    return await buildApp(prepared, { logStream: options.logStream });
  } catch (e) {
    await prepared.db.close();
    throw e;
  }
}
