import { runServer } from '@amicus/server-kit';
import { pino } from 'pino';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDataDir } from './data-dir.js';
import type { AppDeps } from './deps.js';
import { answerParserErrorsWithEnvelope } from './http/client-error.js';
import { startBackgroundWork } from './ingest/background.js';

runServer({
  name: 'chatbot-api',
  loadConfig: () => loadConfig(process.env),
  configError: ConfigError,
  start(config) {
    const logger = pino({ level: config.logLevel, base: { app: 'chatbot-api' } });
    const db = openDataDir(config.dataDir);
    const deps: AppDeps = {
      db,
      dataDir: config.dataDir,
      now: () => new Date(),
      fetch: globalThis.fetch,
      logger,
      crawlAllowHosts: config.crawlAllowHosts,
      generation: config.generation,
    };
    // Resumes or fails jobs interrupted by the last stop, then runs the ingest worker and webhook sender.
    const background = startBackgroundWork(deps);
    const server = createApp(deps).listen(config.port, config.host);
    answerParserErrorsWithEnvelope(server);
    return { server, logger, stop: () => background.stop(), close: () => db.close() };
  },
});
