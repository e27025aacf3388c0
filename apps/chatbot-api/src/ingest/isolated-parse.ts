import { Worker } from 'node:worker_threads';
import type { ParsedDocument } from '../knowledge/chunking.js';
import type { ParseReply, ParseRequest } from './parse-worker.js';
import { type Extension, ParseError } from './parsers/index.js';
import { checkZipDirectory } from './parsers/zip-guard.js';

/**
 * Limits of one parse in a worker thread (issue 10, item 1). The heap cap bounds what a file can
 * make a parser allocate (V8 heap only: Buffers live outside it, which is why zip-guard bounds
 * inflation separately); the wall-time limit bounds a parser stuck in a pathological input.
 */
export interface ParseLimits {
  /** The worker is terminated after this long and the document fails. */
  timeoutMs: number;
  /** `resourceLimits.maxOldGenerationSizeMb` of the worker. */
  maxHeapMb: number;
}

export const PARSE_LIMITS: ParseLimits = { timeoutMs: 120_000, maxHeapMb: 256 };

/**
 * Formats parsed off the API's thread: their parsers are libraries whose cost is not bounded by the
 * file's size (ZIP packages inflate, PDFs hold compressed streams, and an HTML parser builds a node
 * per stray "<" or entity: 2 MB of them held the thread for half a minute). Plain text formats are
 * parsed in place, cooperatively (see Pacer): their cost is linear in a size the upload limit bounds.
 */
export const ISOLATED_EXTENSIONS: ReadonlySet<Extension> = new Set([
  '.docx',
  '.pdf',
  '.xlsx',
  '.html',
  '.htm',
]);

/** An idle worker is kept this long for the next file (starting one loads the parsers again). */
const IDLE_MS = 10_000;

interface Slot {
  worker: Worker;
  heapMb: number;
  idleTimer: NodeJS.Timeout | null;
}

let idle: Slot | null = null;

/**
 * Parses a file in a worker thread under `limits`; throws ParseError with a message for the
 * uploader when the file is refused, crashes the worker, or runs out of heap or time. ZIP packages
 * are checked against zip-guard's limits here first, before any worker starts.
 */
export async function parseIsolated(
  bytes: Buffer,
  ext: Extension,
  filename: string,
  limits: Partial<ParseLimits> = {},
  /** What the messages call it: an uploaded file, or a crawled page. */
  noun: 'file' | 'page' = 'file',
): Promise<ParsedDocument> {
  const { timeoutMs, maxHeapMb } = { ...PARSE_LIMITS, ...limits };
  if (ext === '.docx' || ext === '.xlsx') checkZipDirectory(bytes);
  const slot = takeIdle(maxHeapMb) ?? spawn(maxHeapMb);
  const { worker } = slot;
  worker.ref();
  return new Promise<ParsedDocument>((resolve, reject) => {
    const settle = (keep: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep) release(slot);
      else void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(false);
      reject(
        new ParseError(
          `Reading the ${noun} took longer than ${formatSeconds(timeoutMs)}; it was stopped and not indexed.`,
        ),
      );
    }, timeoutMs);
    const onMessage = (reply: ParseReply) => {
      // Only a worker that finished cleanly is reused: a parser that threw may leave work behind.
      settle(reply.ok);
      if (reply.ok) resolve(reply.document);
      else reject(reply.message === null ? new Error('parse failed') : new ParseError(reply.message));
    };
    const onError = (err: Error & { code?: string }) => {
      settle(false);
      reject(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ParseError(
              `Reading the ${noun} needed more than the ${maxHeapMb} MB of memory allowed; it was stopped and not indexed.`,
            )
          : new ParseError(`The ${noun} could not be processed: reading it crashed.`),
      );
    };
    const onExit = () => {
      settle(false);
      reject(new ParseError(`The ${noun} could not be processed: reading it crashed.`));
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    // A copy of our own to transfer: a Buffer may share its memory with others.
    const copy = new Uint8Array(bytes);
    worker.postMessage({ bytes: copy, ext, filename } satisfies ParseRequest, [copy.buffer]);
  });
}

/** Ends the idle worker now (server shutdown; it would end by itself after IDLE_MS). */
export function stopParseWorkers(): void {
  if (!idle) return;
  if (idle.idleTimer) clearTimeout(idle.idleTimer);
  void idle.worker.terminate();
  idle = null;
}

function takeIdle(heapMb: number): Slot | null {
  const slot = idle;
  if (!slot || slot.heapMb !== heapMb) return null;
  idle = null;
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.idleTimer = null;
  return slot;
}

function release(slot: Slot): void {
  if (idle) {
    void slot.worker.terminate();
    return;
  }
  // Unreferenced: an idle worker never keeps the process (or a test run) alive.
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => {
    if (idle === slot) idle = null;
    void slot.worker.terminate();
  }, IDLE_MS);
  slot.idleTimer.unref();
  idle = slot;
}

function spawn(heapMb: number): Slot {
  const worker = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  // A worker that dies while idle is simply not reused. The permanent 'error' listener is there
  // because an 'error' event nobody listens to would be thrown in the API's own thread; a parse in
  // flight has its own listener and reports the error as its document's.
  worker.on('exit', () => {
    if (idle?.worker === worker) idle = null;
  });
  worker.on('error', () => {});
  return { worker, heapMb, idleTimer: null };
}

/**
 * The worker's script: built (tsc to dist/), the compiled parse-worker.js beside this file; run from
 * the TypeScript sources (vitest), parse-worker.dev.mjs, which loads parse-worker.ts through tsx.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './parse-worker.dev.mjs' : './parse-worker.js', here);
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`;
}
