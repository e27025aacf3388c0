import type { Response } from 'express';
import { HttpError } from './http-error.js';

export interface EventStream {
  send(data: unknown): void;
  /** In-band error frame (contract streaming rule 5): the envelope, then `[DONE]`, nothing else. */
  fail(err: unknown): void;
  done(): void;
  readonly closed: boolean;
  /** Aborted when the client goes away, so upstream work can stop. */
  readonly signal: AbortSignal;
}

/** Commits a 200 `text/event-stream` response; every later failure must be reported in-band. */
export function openEventStream(res: Response): EventStream {
  const controller = new AbortController();
  let closed = false;
  res.on('close', () => {
    closed = true;
    controller.abort();
  });
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  // Proxies such as nginx buffer responses unless told otherwise; a buffered stream is not a stream.
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const write = (payload: string) => {
    if (!closed && !res.writableEnded) res.write(`data: ${payload}\n\n`);
  };
  return {
    send: (data) => write(JSON.stringify(data)),
    fail(err) {
      const error =
        err instanceof HttpError
          ? err
          : new HttpError(500, 'Internal server error.', { type: 'server_error' });
      write(JSON.stringify(error.toEnvelope()));
      write('[DONE]');
      if (!res.writableEnded) res.end();
    },
    done() {
      write('[DONE]');
      if (!res.writableEnded) res.end();
    },
    get closed() {
      return closed;
    },
    signal: controller.signal,
  };
}

/** A few words per delta, like a model's output; concatenating the pieces gives the text back exactly. */
export function splitIntoDeltas(text: string, wordsPerDelta = 3): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? (text === '' ? [] : [text]);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerDelta)
    out.push(tokens.slice(i, i + wordsPerDelta).join(''));
  return out;
}
