import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes as received: signatures are computed over these. */
  raw: Buffer;
  receivedAt: number;
}

/** How the receiver answers a delivery: a status and headers (default 200). */
export type Responder = (d: Delivery) => { status: number; headers?: Record<string, string> };

/** A webhook receiver on loopback that records every request and answers 200 (or what `respond` says). */
export async function startWebhookReceiver(port = 0) {
  const deliveries: Delivery[] = [];
  let respond: Responder = () => ({ status: 200 });
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const d = {
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(parts),
        receivedAt: Date.now(),
      };
      deliveries.push(d);
      const { status, headers } = respond(d);
      res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/hooks/amicus`,
    deliveries,
    /** Resolves with the first delivery matching, polling until the deadline. */
    async waitFor(match: (d: Delivery) => boolean, timeoutMs = 20_000): Promise<Delivery> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching webhook within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    setResponder(next: Responder) {
      respond = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
