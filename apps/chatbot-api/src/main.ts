import { pino } from 'pino';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDataDir } from './data-dir.js';
import type { AppDeps } from './deps.js';
import { answerParserErrorsWithEnvelope } from './http/client-error.js';
import { startBackgroundWork } from './ingest/background.js';

function start(): void {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`chatbot-api: ${err.message}`);
    process.exit(2);
  }
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
  // Outlive the idle timeout of proxies and clients in front of us, so they close first (no reset races).
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
      `chatbot-api listening on http://${host}:${port} (API base http://${host}:${port}/v1, data ${config.dataDir})`,
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    background.stop();
    // Let in-flight requests finish; idle keep-alive sockets would otherwise hold the process open.
    server.close(() => {
      db.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
    }, 5_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

start();
