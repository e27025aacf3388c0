import type { Server } from 'node:http';

/** The two calls the runner makes on the app's logger (pino's fit). */
export interface ServerLogger {
  info(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/** The settings every server's configuration has; the start-up line shows them. */
export interface ServerConfig {
  /** Where the server is told to listen, as configured (a name or an address, IPv6 unbracketed). */
  host: string;
  port: number;
  /** So an operator sees which data a process serves. */
  dataDir: string;
}

/** What an app's start-up hands the runner once its server has been told to listen. */
export interface StartedServer {
  server: Server;
  logger: ServerLogger;
  /** At the first signal: stop background work (workers, dispatchers) before requests drain. */
  stop(): void;
  /** Once the last in-flight request has finished: release what start-up opened (the database). */
  close(): void;
}

/** The parts of the process the runner touches; tests pass their own. */
export interface ProcessPort {
  onSignal(signal: 'SIGINT' | 'SIGTERM', listener: () => void): void;
  exit(code: number): void;
  log(line: string): void;
  error(line: string): void;
}

export const nodeProcess: ProcessPort = {
  onSignal: (signal, listener) => {
    process.on(signal, listener);
  },
  exit: (code) => process.exit(code),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};

export interface RunServerOptions<C extends ServerConfig> {
  /** The app's name: the prefix of what it prints. */
  name: string;
  /** Reads and validates the configuration; throws `configError` for an operator's mistake. */
  loadConfig(): C;
  /** The app's configuration error class (only `instanceof` is used). */
  configError: abstract new (
    ...args: never[]
  ) => Error;
  /** Builds the app's collaborators, starts its background work and calls `listen`. */
  start(config: C): StartedServer;
  process?: ProcessPort;
  /** How long shutdown waits for in-flight requests before closing their connections. */
  forceCloseAfterMs?: number;
}

/**
 * Runs a server process: a configuration mistake is one line and exit code 2; a port that cannot be bound
 * is logged as fatal with exit code 1; SIGINT or SIGTERM stops background work, lets in-flight requests
 * finish (closing idle keep-alive sockets, which would otherwise hold the process open, and any connection
 * still open after the grace period), then closes the app's resources and exits 0.
 */
export function runServer<C extends ServerConfig>({
  name,
  loadConfig,
  configError,
  start,
  process: proc = nodeProcess,
  forceCloseAfterMs = 5_000,
}: RunServerOptions<C>): void {
  let config: C;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof configError)) throw err;
    proc.error(`${name}: ${err.message}`);
    proc.exit(2);
    return;
  }
  const started = start(config);
  const { server, logger } = started;
  // Outlive the idle timeout of proxies and clients in front of us, so they close first (no reset races).
  server.keepAliveTimeout = 65_000;
  server.on('error', (err) => {
    logger.fatal({ err }, 'could not listen');
    proc.exit(1);
  });
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const origin = `http://${host}:${port}`;
    proc.log(`${name} listening on ${origin} (API base ${origin}/v1, data ${config.dataDir})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    started.stop();
    server.close(() => {
      started.close();
      proc.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), forceCloseAfterMs).unref();
  };
  proc.onSignal('SIGINT', () => stop('SIGINT'));
  proc.onSignal('SIGTERM', () => stop('SIGTERM'));
}
