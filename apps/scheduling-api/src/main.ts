import { pino } from 'pino';
import { createApp } from './app.js';
import { ensureCredentials } from './auth/credentials.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDataDir } from './data-dir.js';
import type { AppDeps } from './deps.js';
import { startDispatcher } from './messages/dispatcher.js';
import { ensureAgency, seedDemoHearings } from './seed/seed.js';

function start(): void {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`scheduling-api: ${err.message}`);
    process.exit(2);
  }
  const logger = pino({ level: config.logLevel, base: { app: 'scheduling-api' } });
  const db = openDataDir(config.dataDir);
  const deps: AppDeps = { db, now: () => new Date(), tokenTtlSeconds: config.tokenTtlSeconds, logger };
  ensureAgency(db);
  const creds = ensureCredentials(db, config.dataDir, config.credentials, deps.now());
  if (creds.created) console.log(`scheduling-api: created API client credentials in ${creds.file}`);
  if (config.seedDemo) {
    const seeded = seedDemoHearings(db, deps.now().getTime());
    if (seeded.created + seeded.moved > 0) logger.info(seeded, 'demo hearings seeded');
  }
  const dispatcher = startDispatcher(deps);
  const server = createApp(deps).listen(config.port, config.host);
  server.keepAliveTimeout = 65_000;
  server.on('error', (err) => {
    logger.fatal({ err }, 'could not listen');
    process.exit(1);
  });
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    console.log(
      `scheduling-api listening on http://${host}:${port} (API base http://${host}:${port}/v1, data ${config.dataDir})`,
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    dispatcher.stop();
    server.close(() => {
      db.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

start();
