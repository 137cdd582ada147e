import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { buildApp, closeApp, LOG_REDACT } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError, type Database, openDatabase } from './db/client.js';
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
    console.error(`${dbLabel(config)}: ${(err as Error).message}`);
    process.exit(3);
  }

  // Listen before migrating, so /api/health/ready answers 503 (and every other route 503
  // "starting") while migrations run; the app serves once they are applied.
  const readiness = { migrating: true };
  const app = await buildApp({
    config,
    database,
    readiness,
    // One stdout write per event-loop turn, not per line (lib/log-stream.ts, issue 18).
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
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await closeApp(app, database);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  try {
    await database.migrate();
    await app.completeStartup();
  } catch (err) {
    console.error(`${dbLabel(config)}: ${(err as Error).message}`);
    process.exit(3);
  }
  // Stopped while migrating: shutdown() has the app closing already; start nothing more.
  if (closing) return;
  await app.startTasks();
  app.log.info(`Agora is serving on http://localhost:${config.port} (database: ${database.kind})`);
}

function dbLabel(config: ReturnType<typeof loadConfig>): string {
  return `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : `embedded in ${config.dataDir}`})`;
}

main().catch((err) => {
  console.error('Fatal:', err);
  process.exit(1);
});
