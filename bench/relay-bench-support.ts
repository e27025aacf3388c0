/** Helpers of bench/relay-ttft.ts: a relay in its own process, its memory, and stream timers. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ORIGIN = 'http://localhost:8080';
const PROBE = fileURLToPath(new URL('./relay-heap-probe.mjs', import.meta.url));

export interface HeapFigures {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

export interface RelayProcess {
  url: string;
  pid: number;
  /** The relay's memory after a full GC (heap, plus Buffers outside it). */
  heap(): Promise<HeapFigures>;
  stop(): Promise<void>;
}

/**
 * Runs the built relay as a separate process (as in production), so its memory is measured apart
 * from the load generator and the upstream, and limits are raised out of the way of the benchmark.
 */
export async function spawnRelay(
  upstream: { url: string; chatKey: string; ingestKey: string },
  extraEnv: Record<string, string> = {},
  /** Another server to run in the relay's place (the bare proxy); default the built relay. */
  main: string | undefined = process.env.RELAY_MAIN,
): Promise<RelayProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'relay-bench-'));
  const big = '100000000';
  // RELAY_NODE_ARGS adds node flags to the relay only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.RELAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', ...nodeArgs, PROBE], {
    env: {
      PATH: process.env.PATH,
      ...(main ? { RELAY_MAIN: main } : {}),
      PORT: '0',
      UPSTREAM_BASE_URL: upstream.url,
      UPSTREAM_CHAT_KEY: upstream.chatKey,
      UPSTREAM_INGEST_KEY: upstream.ingestKey,
      ALLOWED_ORIGINS: ORIGIN,
      EMBEDDED_DATA_DIR: dataDir,
      DATABASE_URL: 'memory:',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      UPSTREAM_RPM: big,
      LIMIT_IP_PER_MINUTE: big,
      LIMIT_SESSIONS_PER_IP_PER_MINUTE: big,
      LIMIT_VISITOR_PER_MINUTE: big,
      LIMIT_MESSAGES_PER_VISITOR_PER_MINUTE: big,
      LIMIT_MESSAGES_PER_SITE_PER_DAY: big,
      // The benchmark's many visitors all come from 127.0.0.1 and stream at once.
      LIMIT_IP_UPSTREAM_SHARE: '1',
      LIMIT_STREAMS_PER_IP: big,
      LIMIT_STREAMS_PER_VISITOR: big,
      ADMISSION_QUEUE_SIZE: '10000',
      MAX_STREAM_SECONDS: '3600',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    heap: () =>
      new Promise<HeapFigures>((resolve) => {
        child.once('message', (m) => resolve(m as HeapFigures));
        child.send('heap');
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process in bytes (Linux). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux). */
export function cpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in clock ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resolves when `marker` first appears in the response body; the body keeps streaming after. */
export async function firstMarker(
  response: Response,
  marker: string,
): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let seen = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${marker}`);
    seen += decoder.decode(value, { stream: true });
    if (seen.includes(marker)) return reader;
    seen = seen.slice(-marker.length);
  }
}

/** An upstream whose answers send one delta and then stay open, idle: for held-stream figures. */
export async function startIdleUpstream(): Promise<{
  url: string;
  open: () => number;
  close(): Promise<void>;
}> {
  let open = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/conversations') {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: crypto.randomUUID(),
            object: 'conversation',
            model: null,
            metadata: {},
            created: 1,
            updated: 1,
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ conversation_id: 'x', delta: { content: 'Hello' } })}\n\n`);
      open++;
      res.on('close', () => open--);
    });
  });
  server.keepAliveTimeout = 0;
  return { ...(await serve(server)), open: () => open };
}

/**
 * An upstream that answers like a model: `deltas` content frames `intervalMs` apart, then the done
 * frame and `[DONE]`, on keep-alive connections. For the concurrent-streams figures.
 */
export async function startAnsweringUpstream({
  deltas,
  intervalMs,
}: {
  deltas: number;
  intervalMs: number;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/conversations') {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: crypto.randomUUID(), object: 'conversation', created: 1, updated: 1 }));
        return;
      }
      const id = /\/conversations\/([^/]+)\/messages$/.exec(req.url ?? '')?.[1] ?? 'x';
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let sent = 0;
      const frame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
      const tick = () => {
        if (res.destroyed) return;
        if (sent < deltas) {
          sent++;
          res.write(frame({ conversation_id: id, delta: { content: `word${sent} ` } }));
          timer = setTimeout(tick, intervalMs);
          return;
        }
        // As the chatbot-api answers a question its documents cover: the text with its markers and
        // the citations they name (an answer without citations is a declined one, which the relay
        // records for staff: a minority of questions, not every one).
        const message = {
          role: 'assistant',
          content: 'The fine can be paid online or at the clerk’s window. [Source 1]',
          citations: [
            {
              source_index: 1,
              document_id: 'doc_bench_1',
              source_filename: 'https://court.example/traffic/',
              chunk_index: 0,
              text_preview: 'Pay a traffic ticket online, by mail or in person at the clerk’s window.',
              score: 0.92,
            },
          ],
        };
        res.end(`${frame({ conversation_id: id, message, done: true })}data: [DONE]\n\n`);
      };
      let timer = setTimeout(tick, 0);
      res.on('close', () => clearTimeout(timer));
    });
  });
  return serve(server);
}

/** Listens on loopback; the upstream's base URL, and a close that ends open streams too. */
async function serve(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Reads a response to its end; milliseconds from `started` until `marker` first appeared. */
export async function timeToMarker(response: Response, marker: string, started: number): Promise<number> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let at = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (Number.isNaN(at)) {
      seen += decoder.decode(value, { stream: true });
      if (seen.includes(marker)) at = performance.now() - started;
      else seen = seen.slice(-marker.length);
    }
  }
  if (Number.isNaN(at)) throw new Error(`the answer ended without ${marker}`);
  return at;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
