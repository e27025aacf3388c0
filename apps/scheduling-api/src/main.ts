import { runServer } from '@amicus/server-kit';
import { pino } from 'pino';
import { createApp } from './app.js';
import { ensureCredentials } from './auth/credentials.js';
import { ConfigError, loadConfig } from './config.js';
import { openDataDir } from './data-dir.js';
import type { AppDeps } from './deps.js';
import { startDispatcher } from './messages/dispatcher.js';
import { ensureAgency, seedDemoHearings } from './seed/seed.js';

runServer({
  name: 'scheduling-api',
  loadConfig: () => loadConfig(process.env),
  configError: ConfigError,
  start(config) {
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
    return { server, logger, stop: () => dispatcher.stop(), close: () => db.close() };
  },
});
