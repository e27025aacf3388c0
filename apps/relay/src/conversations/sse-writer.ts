import type { StreamEventMap, StreamEventType } from '@amicus/protocol';
import type { Response } from 'express';

/**
 * Writes widget stream events with backpressure: when the socket buffer is full, the writer waits
 * for `drain` (or the visitor leaving) before taking more from the upstream.
 */
export class SseWriter {
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly res: Response) {}

  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  /** Sends the headers at once, so proxies and the browser see a live stream before any token. */
  open(heartbeatMs: number): void {
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.setHeader('Connection', 'keep-alive');
    // Corked for this tick, so the headers, the `start` event written right after them and
    // whatever else is written before the tick ends (a first delta already received, see
    // `proxyConversationStream`) leave in one packet (one syscall); the uncork still sends them at
    // once. (Uncorking at `setImmediate` instead was tried: at 50 streams some first deltas then
    // waited hundreds of ms, see BENCHMARKS.md.)
    this.res.cork();
    this.res.flushHeaders();
    process.nextTick(() => this.res.uncork());
    // Comment lines keep idle proxies and load balancers from cutting a slow answer.
    this.heartbeat = setInterval(() => void this.raw(': ping\n\n'), heartbeatMs);
  }

  send<T extends StreamEventType>(type: T, data: StreamEventMap[T]): Promise<void> {
    return this.raw(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.closed) this.res.end();
  }

  private async raw(text: string): Promise<void> {
    if (this.closed) return;
    if (this.res.write(text)) return;
    const res = this.res;
    // Not `Promise.race` of `once()`s: the loser's listeners stay on `res` until it closes, one
    // `close` and one `error` listener per stall, and a slow reader stalls a long answer often.
    await new Promise<void>((resolve) => {
      const go = () => {
        res.off('drain', go).off('close', go).off('error', go);
        resolve();
      };
      // On `error` the response is destroyed, so the next write sees `closed` and stops.
      res.on('drain', go).on('close', go).on('error', go);
    });
  }
}
