import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { buildApp, closeApp, LOG_REDACT } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import {
  codeSchemaVersion,
  type Database,
  DatabaseLockedError,
  databaseSchemaVersion,
  describeDatabaseError,
  openDatabase,
  schemaState,
} from './db/client.js';
import { APP_COMMIT, APP_VERSION } from './version.js';
import { batchedLogStream } from './lib/log-stream.js';

function webDistPath(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')]) {
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { webDist: process.env.WEB_DIST ?? webDistPath() });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.dbPoolMax,
      preparedStatements: config.dbPreparedStatements,
    });
    await database.ping();
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    console.error(`${dbLabel(config)}: ${describeDatabaseError(err, config.databaseUrl)}`);
    process.exit(3);
  }

  // `npm run migrate` (or `node dist/main.js --migrate-only`): apply migrations, say so, stop.
  if (process.argv.includes('--migrate-only')) {
    try {
      const code = codeSchemaVersion();
      const before = await schemaState(database.db);
      if (before.state === 'ahead') {
        console.error(
          `The database's schema (${before.database}) is newer than this release's (${code.version}, ${code.tag}): nothing to do with this release`,
        );
        process.exit(4);
      }
      await database.migrate();
      const after = await databaseSchemaVersion(database.db);
      console.log(
        `Migrations: the database is at schema ${after.version} (${code.tag}); ${after.version - before.database} applied now`,
      );
      await database.close();
      process.exit(0);
    } catch (err) {
      console.error(`${dbLabel(config)}: ${describeDatabaseError(err, config.databaseUrl)}`);
      process.exit(3);
    }
  }

  // Listen before migrating, so /api/health/ready answers 503 (and every other route 503
  // "starting") while migrations run; the app serves once they are applied.
  const readiness = { migrating: true };
  const app = await buildApp({
    config,
    database,
    readiness,
    // One stdout write per event-loop turn, not per line (lib/log-stream.ts).
    logger: { level: config.logLevel, redact: LOG_REDACT, stream: batchedLogStream() },
  });
  try {
    await app.ctx.storage.check();
  } catch (err) {
    console.error(`Storage error (STORAGE=${config.storage.kind}): ${(err as Error).message}`);
    process.exit(3);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const drainMs = app.ctx.readiness.migrating ? 0 : config.shutdownDrainMs;
    const force = setTimeout(() => {
      app.log.error({ signal, ms: Date.now() - started }, 'shutdown took too long: exiting');
      process.exit(1);
    }, drainMs + 15_000);
    force.unref();
    try {
      // Drain: readiness says 503 `draining` at once while the listener keeps serving, so a load
      // balancer stops sending before anything is refused. Each keep-alive connection closes after
      // its next answer (app.ts); one that looks idle is left alone until the end, since a request
      // may already be on its way on it.
      app.ctx.readiness.draining = true;
      app.log.info({ signal, drainSeconds: drainMs / 1000 }, 'draining: readiness 503, still serving');
      if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
      app.log.info({ signal }, 'shutting down: no new connections; finishing in-flight requests and tasks');
      await closeApp(app, database);
      app.log.info({ signal, ms: Date.now() - started }, 'shutdown complete');
      await new Promise((r) => setTimeout(r, 50)); // let the log line reach stdout
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(listenError(err, config));
    await closeApp(app, database).catch(() => {});
    process.exit(3);
  }
  // METRICS_PORT: GET /metrics without a token on a private listener of its own.
  if (config.metrics.port !== null) {
    try {
      await app.listenMetrics(config.metrics.port);
    } catch (err) {
      console.error(
        listenError(err, { ...config, port: config.metrics.port }).replaceAll('(PORT)', '(METRICS_PORT)'),
      );
      await closeApp(app, database).catch(() => {});
      process.exit(3);
    }
  }

  // The schema this code needs against the one the database has. An instance older than the
  // database (a newer release migrated it during a rolling upgrade) or newer with migrations left
  // to `npm run migrate` serves nothing but 503 rather than write rows in the wrong shape.
  const code = codeSchemaVersion();
  const checkSchema = async (): Promise<boolean> => {
    const s = await schemaState(database.db);
    const refusal =
      s.state === 'ahead'
        ? `the database's schema (${s.database}) is newer than this release's (${s.code}): this instance serves nothing; replace it with the new release`
        : s.state === 'behind'
          ? `the database's schema (${s.database}) is older than this release's (${s.code}, ${code.tag}): run npm run migrate (MIGRATE_ON_START=false)`
          : null;
    if (refusal && refusal !== app.ctx.readiness.refusal)
      app.log.error({ schema: s }, `schema mismatch: ${refusal}`);
    if (!refusal && app.ctx.readiness.refusal)
      app.log.info({ schema: s }, 'schema matches this release again');
    app.ctx.readiness.refusal = refusal;
    return refusal === null;
  };
  try {
    if (config.migrateOnStart && (await schemaState(database.db)).state !== 'ahead') {
      const started = Date.now();
      const before = await databaseSchemaVersion(database.db);
      await database.migrate();
      const after = await databaseSchemaVersion(database.db);
      if (after.version !== before.version) {
        app.log.info(
          { from: before.version, to: after.version, tag: code.tag, ms: Date.now() - started },
          `applied ${after.version - before.version} migration(s)`,
        );
      }
    }
    // completeStartup ensures the configured admin, then ends the `starting` state: readiness
    // must not say ready before the admin can sign in.
    if (await checkSchema()) await app.completeStartup();
    else app.ctx.readiness.migrating = false;
  } catch (err) {
    console.error(`${dbLabel(config)}: ${describeDatabaseError(err, config.databaseUrl)}`);
    process.exit(3);
  }
  // Another release may migrate the database while this one runs: look again every 15 s.
  const schemaWatch = setInterval(() => {
    const wasRefusing = Boolean(app.ctx.readiness.refusal);
    checkSchema()
      .then(async (matches) => {
        if (matches && wasRefusing && !closing) await app.completeStartup();
      })
      .catch(() => {
        // The database being unreachable is the readiness check's to report.
      });
  }, 15_000);
  schemaWatch.unref();
  // Stopped while migrating: shutdown() has the app closing already; start nothing more.
  if (closing) return;
  if (!app.ctx.readiness.refusal) await app.startTasks();
  app.log.info(
    { version: APP_VERSION, commit: APP_COMMIT, schema: code.version },
    `Agora ${APP_VERSION} is serving on http://localhost:${config.port} (database: ${database.kind})`,
  );
}

/** One line for why the server cannot listen: the port taken, a HOST not on this machine. */
function listenError(err: unknown, config: ReturnType<typeof loadConfig>): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return `Port ${config.port} is already in use (PORT): stop the other server or choose another port`;
  if (code === 'EACCES') return `Port ${config.port} needs privileges this user does not have (PORT)`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `HOST "${config.host}" is not an address of this machine (HOST)`;
  return `Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`;
}

function dbLabel(config: ReturnType<typeof loadConfig>): string {
  return `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : `embedded in ${config.dataDir}`})`;
}

main().catch((err) => {
  console.error('Fatal:', err);
  process.exit(1);
});
