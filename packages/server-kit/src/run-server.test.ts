import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProcessPort, runServer, type StartedServer } from './run-server.js';

class ConfigError extends Error {}

/** A process that records what the runner does to it instead of exiting. */
function fakeProcess() {
  const signals = new Map<string, () => void>();
  const lines: string[] = [];
  const errors: string[] = [];
  let resolveExit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => {
    resolveExit = resolve;
  });
  const exits: number[] = [];
  const port: ProcessPort = {
    onSignal: (signal, listener) => signals.set(signal, listener),
    exit: (code) => {
      exits.push(code);
      resolveExit(code);
    },
    log: (line) => lines.push(line),
    error: (line) => errors.push(line),
  };
  const signal = (name: 'SIGINT' | 'SIGTERM') => signals.get(name)!();
  return { port, signal, lines, errors, exits, exited };
}

function recordingLogger() {
  const entries: { level: string; obj: object; msg: string }[] = [];
  return {
    entries,
    info: (obj: object, msg: string) => entries.push({ level: 'info', obj, msg }),
    fatal: (obj: object, msg: string) => entries.push({ level: 'fatal', obj, msg }),
  };
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

interface Harness {
  proc: ReturnType<typeof fakeProcess>;
  logger: ReturnType<typeof recordingLogger>;
  server: Server;
  calls: string[];
  listening: Promise<number>;
  /** Resolves when `GET /slow` has reached the handler, which holds it open until `release()`. */
  slowArrived: Promise<void>;
  release: () => void;
}

/** Runs a real server through the runner with a fake process; `GET /slow` waits for `release()`. */
function run({ host = '127.0.0.1', port = 0, forceCloseAfterMs = 60_000 } = {}): Harness {
  const proc = fakeProcess();
  const logger = recordingLogger();
  const calls: string[] = [];
  let server!: Server;
  let release = () => {};
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  runServer({
    name: 'demo-api',
    loadConfig: () => ({ host, port, dataDir: '/data/demo' }),
    configError: ConfigError,
    process: proc.port,
    forceCloseAfterMs,
    start(config): StartedServer {
      server = createServer((req, res) => {
        if (req.url === '/slow') {
          release = () => res.end('slow done');
          arrived();
          return;
        }
        res.end('fast');
      }).listen(config.port, config.host);
      servers.push(server);
      return {
        server,
        logger,
        stop: () => calls.push('stop'),
        close: () => calls.push('close'),
      };
    },
  });
  const listening = new Promise<number>((resolve) =>
    server.once('listening', () => resolve((server.address() as AddressInfo).port)),
  );
  return { proc, logger, server, calls, listening, slowArrived, release: () => release() };
}

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve(text));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('runServer', () => {
  it('prints the configuration mistake on one line and exits 2 without starting', () => {
    const proc = fakeProcess();
    let started = false;
    runServer({
      name: 'demo-api',
      loadConfig: () => {
        throw new ConfigError('PORT must be an integer');
      },
      configError: ConfigError,
      process: proc.port,
      start() {
        started = true;
        throw new Error('unreachable');
      },
    });
    expect(proc.errors).toEqual(['demo-api: PORT must be an integer']);
    expect(proc.exits).toEqual([2]);
    expect(started).toBe(false);
  });

  it('lets an error that is not a configuration mistake propagate', () => {
    const proc = fakeProcess();
    expect(() =>
      runServer({
        name: 'demo-api',
        loadConfig: () => {
          throw new TypeError('bug');
        },
        configError: ConfigError,
        process: proc.port,
        start: () => {
          throw new Error('unreachable');
        },
      }),
    ).toThrow(TypeError);
    expect(proc.exits).toEqual([]);
  });

  it('prints where it listens, the API base and the data directory, with the bound port', async () => {
    const h = run();
    const port = await h.listening;
    expect(h.proc.lines).toEqual([
      `demo-api listening on http://127.0.0.1:${port} (API base http://127.0.0.1:${port}/v1, data /data/demo)`,
    ]);
    expect(h.server.keepAliveTimeout).toBe(65_000);
  });

  it('writes an IPv6 host in brackets', async () => {
    const h = run({ host: '::1' });
    const port = await Promise.race([h.listening, h.proc.exited.then(() => -1)]);
    // A machine without IPv6 loopback cannot bind ::1; the runner then exits 1 (tested below).
    if (port === -1) return;
    expect(h.proc.lines[0]).toBe(
      `demo-api listening on http://[::1]:${port} (API base http://[::1]:${port}/v1, data /data/demo)`,
    );
  });

  it('logs a port it cannot bind as fatal and exits 1', async () => {
    const first = run();
    const port = await first.listening;
    const second = run({ port });
    expect(await second.proc.exited).toBe(1);
    expect(second.logger.entries).toMatchObject([{ level: 'fatal', msg: 'could not listen' }]);
  });

  it('on SIGTERM stops background work, finishes the request in flight, then closes and exits 0', async () => {
    const h = run();
    const port = await h.listening;
    const slow = get(port, '/slow');
    await h.slowArrived;
    h.proc.signal('SIGTERM');
    expect(h.logger.entries).toEqual([{ level: 'info', obj: { signal: 'SIGTERM' }, msg: 'shutting down' }]);
    expect(h.calls).toEqual(['stop']);
    h.release();
    expect(await slow).toBe('slow done');
    expect(await h.proc.exited).toBe(0);
    expect(h.calls).toEqual(['stop', 'close']);
  });

  it('shuts down once when signalled twice', async () => {
    const h = run();
    await h.listening;
    h.proc.signal('SIGINT');
    h.proc.signal('SIGTERM');
    expect(await h.proc.exited).toBe(0);
    expect(h.calls).toEqual(['stop', 'close']);
    expect(h.logger.entries).toHaveLength(1);
  });

  it('closes connections still open after the grace period', async () => {
    const h = run({ forceCloseAfterMs: 50 });
    const port = await h.listening;
    const slow = get(port, '/slow');
    await h.slowArrived;
    h.proc.signal('SIGTERM');
    await expect(slow).rejects.toThrow();
    expect(await h.proc.exited).toBe(0);
    expect(h.calls).toEqual(['stop', 'close']);
  });
});
